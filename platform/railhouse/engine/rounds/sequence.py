"""The usual order of rounds, as the core's ``railhouse_next_round``.

An optional first round (the privates' auction), then sets of one stock round followed by
the set's operating rounds, until the title says the game ends after a set (SOH EN "Game
play": an auction, then 5 sets of a stock round and two operating rounds; 1839 R-5.1,
R-5.2: the auction, then a stock round and the operating rounds the phase says).  A game
end scheduled in ``Game.pending_end`` ends the game after the round that just finished.

A title's rules plugin subclasses :class:`RoundSequence` (pluggy finds the inherited
hook implementation) and overrides the factories: :meth:`first_round`,
:meth:`stock_round`, :meth:`operating_round`, and where it differs
:meth:`operating_rounds` (how many in a set) and :meth:`end_after_set`.  A round's
``kind`` ``"stock"`` and the :class:`OperatingRound` class say where the sequence stands;
any other finished round (the auction) is followed by a stock round.  Variant plugins may
still wrap the hook.

The usual ends are data too (18xx.games' ``GAME_END_CHECK``): :meth:`game_end_checks` names
the ends the title has (:data:`MARKET_TOP`: a share price on an end-game cell,
``MarketCell.end_game``; :data:`BANK_BROKEN`: the bank broke) and when each ends the game
(:data:`CURRENT_OR`: after the operating round in which it happened; :data:`FULL_OR`: after
that set of operating rounds); the sequence answers ``railhouse_check_game_end`` with the
first that applies, in the mapping's order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Generic

from railhouse.engine.rounds.base import G, GameEnd, Round
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.hookspecs import hookimpl

if TYPE_CHECKING:
    from railhouse.engine.game import Game

MARKET_TOP = "market_top"
BANK_BROKEN = "bank_broken"
CURRENT_OR = "current_or"
FULL_OR = "full_or"
#: the check moment (``railhouse_check_game_end``) of each timing
_MOMENT = {CURRENT_OR: "end_of_or", FULL_OR: "end_of_or_set"}
#: the moments some timing checks at (no end is checked at any other)
_TIMED_MOMENTS = frozenset(_MOMENT.values())


def market_top(game: Game) -> bool:
    """A share price stands on an end-game cell of a market."""
    return any(market.cell(pos).end_game
               for market in game.markets.values() for pos in market.positions.values())


def bank_broken(game: Game) -> bool:
    return game.bank.broken


#: what each end looks at
_REACHED: Mapping[str, Callable[[Game], bool]] = {MARKET_TOP: market_top,
                                                  BANK_BROKEN: bank_broken}


class RoundSequence(Generic[G]):
    """The core's round order; a title's rules plugin overrides the factories."""

    @hookimpl
    def railhouse_next_round(self, game: G, finished: Round[Any] | None) -> Round[Any]:
        if finished is None:
            return self.first_round(game) or self.stock_round(game)
        if game.pending_end:
            return GameEnd(game, game.pending_end)
        if isinstance(finished, OperatingRound):
            if finished.number < finished.of:
                return self.operating_round(game, finished.number + 1, finished.of)
            reason = self.end_after_set(game)
            if reason:
                return GameEnd(game, reason)
        elif finished.kind == "stock":
            return self.operating_round(game, 1, self.operating_rounds(game))
        return self.stock_round(game)

    def first_round(self, game: G) -> Round[Any] | None:
        """The round before the first stock round (an auction), or None."""
        return None

    def stock_round(self, game: G) -> Round[Any]:
        raise NotImplementedError("a title's RoundSequence makes its stock rounds")

    def operating_round(self, game: G, number: int, of: int) -> Round[Any]:
        """Operating round ``number`` of the ``of`` in the current set."""
        raise NotImplementedError("a title's RoundSequence makes its operating rounds")

    def operating_rounds(self, game: G) -> int:
        """Operating rounds in the set about to start: the phase's (``PhaseSpec``)."""
        return game.phase.operating_rounds

    def game_end_checks(self, game: G) -> Mapping[str, str]:
        """The ends the core checks, reason -> timing (the module doc); none by default."""
        return {}

    @hookimpl
    def railhouse_check_game_end(self, game: G, moment: str) -> str | None:
        if moment not in _TIMED_MOMENTS:  # e.g. the end of every operating turn
            return None
        for reason, timing in self.game_end_checks(game).items():
            if _MOMENT[timing] == moment and _REACHED[reason](game):
                return reason
        return None

    def end_after_set(self, game: G) -> str | None:
        """The reason the game ends after the set of operating rounds just finished, or
        None to go on with another stock round."""
        return None
