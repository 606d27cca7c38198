"""KABINET-ROCHUSSEN's marker move (R-14.3.5, A-17), offered inside the StationStep.

From the blue phase on, the player owning KR may, during a company's station step and with
that company's director agreeing, move one of the company's placed markers for free to a
place where the company could legally place a marker (connectivity and reservations as
R-8.3.B.1/2, cost and markers left ignored), judged before the move: an empty circle or an
NS marker, the director's choice where a city has both (``MoveStation.replaces``). An NS
marker takes the old place. The moved marker counts for routes this OR (unlike a swap,
A-18). Moving into a hex that already holds one of the company's markers is allowed: the
director then returns one of the two to the charter and an NS marker takes its circle. Using
the power closes KR.

Readings (RULINGS.md):

* Consent as an offer and a response (like swaps): the director offers the move (the
  company's ``move_station`` action, which is its agreement); the KR owner accepts or
  declines with ``respond``.  When the KR owner is the director no response is asked.
  This is a core two-party agreement (:mod:`railhouse.engine.agreements`), the deal
  :class:`KRMove`.
* A-17: the move is in addition to the company's placement or swap; the step stays open.
* "A different location" is a different hex: a move to the other circle of the same hex
  would be a no-op for the game (same hex, same connections) bar an NS marker.
* A declined move cannot be offered again in the same turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import Action, LegalAction, register_action
from railhouse.engine.agreements import Deal
from railhouse.engine.errors import IllegalAction
from railhouse.engine.privates import close_private
from railhouse.engine.steps.tokens import place_token
from railhouse.engine.tokendeals import queue_returns
from railhouse.map.tokens import TokenOptions, legal_token_placements
from railhouse_m1839.mapdata import NS
from railhouse_m1839.routing import operator
from railhouse_m1839.turn import M1839Turn

if TYPE_CHECKING:
    from railhouse.map.board import Board
    from railhouse.map.graph import Operator
    from railhouse_m1839.game import M1839

KR = "KR"
KR_FROM_PHASE = "BL"  # "starting in blue phase"


class MoveStation(Action, frozen=True, tag="move_station"):
    """The company (its director) offers to move its marker in ``hex``/``city`` to
    ``to_hex``/``to_city`` with KR's power (R-14.3.5); KR's owner answers.  ``replaces``:
    ``"NS"`` when it goes over the NS marker there, "" for an empty circle."""

    hex: str
    city: int
    to_hex: str
    to_city: int
    replaces: str = ""


register_action(MoveStation)


def kr_owner(game: M1839) -> str | None:
    """The player owning an open KR, or None (a company-owned KR has no player power)."""
    private = game.privates.get(KR)
    if private is None or private.closed or private.owner is None:
        return None
    return None if private.owner in game.companies else private.owner


def kr_active(game: M1839) -> bool:
    """KR's power is open to its owning player (the owner asked first: the cheaper test,
    and false all game long once KR is used or bought by a company)."""
    return bool(kr_owner(game)) and game.phase_reached(KR_FROM_PHASE)


def kr_moves(game: M1839, company_id: str, declined: tuple[Action, ...] = ()) -> list[MoveStation]:
    """Every legal KR move of ``company_id``'s markers now (module docstring)."""
    if not kr_active(game):
        return []
    return [move for move in _offers(game, company_id)[0] if move not in declined]


def kr_move_choices(game: M1839, company_id: str,
                    declined: tuple[Action, ...] = ()) -> list[LegalAction]:
    """:func:`kr_moves` as legal choices (shared ones: do not change them)."""
    if not kr_active(game):
        return []
    choices = _offers(game, company_id)[1]
    if not declined:
        return list(choices)
    return [c for c in choices if c.action not in declined]


Target = tuple[str, int, str]
Offers = tuple[tuple[MoveStation, ...], tuple[LegalAction, ...]]


def _offers(game: M1839, company_id: str) -> Offers:
    """Each of the company's markers to each place a KR move may take it to (another hex;
    reservations synced first), as moves and as the same moves' choices.  Memoised in the
    board revision's ``memo`` (``Board.memo``) per operator (the company and the phase's
    map state) and NRS's state: all that ``legal_token_placements`` and
    ``nrs_keeps_a_place`` read besides the board.  The tuples are shared."""
    from railhouse_m1839.stations import NRS, sync_reservations

    board = sync_reservations(game)
    company = game.companies[company_id]
    op = operator(game, company)
    nrs = game.companies.get(NRS)
    key = ("kr offers", op, None if nrs is None else (nrs.closed, nrs.operated_count > 0))
    memo = board.memo()
    hit: Offers | None = memo.get(key)
    if hit is None:
        targets = _targets(game, board, op)
        moves = tuple(MoveStation(entity=company_id, hex=coord, city=city, to_hex=to_hex,
                                  to_city=to_city, replaces=replaces)
                      for coord, city in board.company_cities(company_id)
                      for to_hex, to_city, replaces in targets if to_hex != coord)
        hit = memo[key] = (moves, tuple(LegalAction(move) for move in moves))
    return hit


def _targets(game: M1839, board: Board, op: Operator) -> list[Target]:
    """The ``(hex, city, replaces)`` places a KR move may take a marker of ``op``'s
    company to (R-14.3.5: where it could legally place one, cost and markers left aside)."""
    from railhouse_m1839.stations import nrs_keeps_a_place

    opts = TokenOptions(cost=0, one_per="city", replaceable=frozenset({NS}))
    return [(p.hex, p.city, p.replaces or "")
            for p in legal_token_placements(board, op, opts)
            if nrs_keeps_a_place(game, board, op.company, p.hex)]


def apply_move(game: M1839, move: MoveStation) -> None:
    """Move the marker (NS marker left behind), close KR; if the company now has two
    markers in the target hex, queue the director's choice of the one to return."""
    board, company = game.board, move.entity
    board.replace_token(move.hex, move.city, company, NS)
    place_token(board, move.to_hex, move.to_city, company, move.replaces)
    game.event("kr_move", {"company": company, "hex": move.hex, "city": move.city,
                           "to_hex": move.to_hex, "to_city": move.to_city,
                           "replaces": move.replaces})  # fmt: skip
    close_private(game, KR, "power used")
    queue_returns(game, NS, (company, move.to_hex))


class KRMove(Deal):
    """The director's move offer (``move``), KR's owning player agreeing: the power is
    used (:func:`apply_move`); a declined move is remembered in ``turn.declined_moves``."""

    rule = "1839 R-14.3.5"

    def __init__(self, game: M1839, move: MoveStation, turn: M1839Turn) -> None:
        super().__init__(game, move.entity, kr_owner(game) or "")
        self.move = move
        self.turn = turn

    game: M1839

    def check(self) -> None:
        if not kr_active(self.game) or kr_owner(self.game) != self.respondent:
            raise IllegalAction("KR's power is not available", self.rule)

    def execute(self) -> None:
        apply_move(self.game, self.move)

    def describe(self) -> dict[str, object]:
        move = self.move
        return {**super().describe(), "hex": move.hex, "city": move.city,
                "to_hex": move.to_hex, "to_city": move.to_city,
                "replaces": move.replaces}  # fmt: skip

    def answered(self, accepted: bool) -> None:
        if not accepted:
            self.turn.declined_moves = (*self.turn.declined_moves, self.move)
