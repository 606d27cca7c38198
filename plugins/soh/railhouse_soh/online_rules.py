"""The online edition's round structure, endings and scoring as a variant plugin.

Registered in a game's plugin manager only when some knob differs from the printed rules
(see :mod:`railhouse_soh.online` for the options and the readings chosen).  It wraps the
title's hooks (``wrapper=True``), so the printed rules stay the single source of the
normal sequence and the variant only adjusts their answers:

- ``railhouse_next_round``: a set of ORs has as many ORs as the phase says when it
  starts (SUM "Operating Rounds"); with ``round_limit=no`` another set follows the fifth;
- ``railhouse_check_game_end``: with ``bank_break_end``, the end of the last OR of a set
  with a broken bank ends the game (SUM "End of Game"; the market top wins a tie);
- ``railhouse_final_scores``: with ``score_privates``, the face value of the privates a
  player still holds counts (SUM "End of Game").

The other knobs are read where the rule lives: the stock round's selling restriction
(``rounds.py``), the token limit per city or hex (``steps.py``), private closing on the
first 5 train (``trainbuy.py``) and the bank size (``game.py``).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from railhouse.engine.rounds.base import GameEnd, Round
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.hookspecs import hookimpl
from railhouse_soh.online import PRINTED_SETTINGS, OnlineSettings
from railhouse_soh.rounds import SohStockRound

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland

BANK_BROKEN = "bank_broken"


class OnlineEdition:
    """Variant plugin for the online-edition knobs (stateless: state lives in the game)."""

    @hookimpl(wrapper=True)
    def railhouse_next_round(
        self, game: SteamOverHolland, finished: Round[Any] | None
    ) -> Generator[None, Any, Any]:
        result = yield
        settings = game.online
        if isinstance(finished, SohStockRound) and isinstance(result, OperatingRound):
            count = settings.ors_per_set(game.phase.name)
            return OperatingRound(game, 1, count, game.set_number)
        if (not settings.round_limit and isinstance(result, GameEnd)
                and result.reason == "fixed_round"):
            game.set_number += 1
            return SohStockRound(game)
        return result

    @hookimpl(wrapper=True)
    def railhouse_check_game_end(
        self, game: SteamOverHolland, moment: str
    ) -> Generator[None, Any, Any]:
        reason = yield
        if reason is None and moment == "end_of_or" and bank_break_ends_now(game):
            game.pending_end = BANK_BROKEN
            return BANK_BROKEN
        return reason

    @hookimpl(wrapper=True)
    def railhouse_final_scores(self, game: SteamOverHolland) -> Generator[None, Any, Any]:
        scores: list[int] = yield
        if not game.online.score_privates:
            return scores
        return [score + private_value(game, player.id)
                for score, player in zip(scores, game.seats, strict=True)]


def bank_break_ends_now(game: SteamOverHolland) -> bool:
    """True at the end of the last OR of a set when the bank has broken (in that set's
    stock round or ORs: see :mod:`railhouse_soh.online` note [c])."""
    round_ = game.round
    return (game.online.bank_break_end and game.bank.broken
            and isinstance(round_, OperatingRound) and round_.number >= round_.of)


def private_value(game: SteamOverHolland, player_id: str) -> int:
    return sum(p.spec.value for p in game.privates.values()
               if p.owner == player_id and not p.closed)


def needs_variant(settings: OnlineSettings) -> bool:
    """Whether any hook-level knob differs from the printed rules."""
    return (settings.ors_by_phase != PRINTED_SETTINGS.ors_by_phase
            or settings.bank_break_end or not settings.round_limit or settings.score_privates)
