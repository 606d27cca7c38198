"""Station markers in 1839: first-run homes (R-8.3.1), placing (R-8.3.B.2), swapping by
agreement (R-8.3.B.3), KABINET-ROCHUSSEN's move (R-14.3.5, in :mod:`railhouse_m1839.kabinet`)
and the reservation rules behind them (R-7.5.5, R-8.3.B.1, A-13).

Reservations live on the board (``Board.reservations``, per hex) and are re-derived from
the companies by :func:`sync_reservations` before every question: an unoperated Major's
fixed homes (A-13; NRS only Utrecht, its Arnhem/Venlo home is the floating rule
:func:`nrs_keeps_a_place`), and a parred, unoperated Local's two chosen homes (R-7.5.5).
A company's markers on the map are counted from the board; its total is
``spec.extra["markers"]`` (R-14.5), else ``len(spec.token_costs)``.

Readings (RULINGS.md): a home or normal marker goes in an empty circle or over an NS marker
at the director's choice (§8.3 step 1, §8.3.2.2): where a city has both, both placements are
offered, ``PlaceToken.replaces`` (``"NS"`` or "") saying which; a declined swap offer cannot
be repeated in the same turn. A swap that gives a company two markers in one hex asks its
director which one returns to the charter (an NS marker takes its circle), the active
company's director first (R-8.3.B.3). Swaps and KR's move are core two-party agreements
(:mod:`railhouse.engine.agreements`, R-11.1): :class:`StationSwap` is the core's token swap
(:mod:`railhouse.engine.tokendeals`: its f80 fee and the NS marker that takes a returned
marker's circle as override points), :class:`~railhouse_m1839.kabinet.KRMove` a deal of its
own that queues the same return choice.
"""

from __future__ import annotations

from itertools import repeat
from operator import attrgetter, contains
from typing import TYPE_CHECKING

from railhouse.engine.actions import LegalAction
from railhouse.engine.agreements import propose
from railhouse.engine.config import CompanySpec
from railhouse.engine.entities import Company
from railhouse.engine.privates import close_private
from railhouse.engine.steps import HomeTokenStep as CoreHomeTokenStep
from railhouse.engine.steps import TokenPower, places_left, power_of
from railhouse.engine.steps import TokenStep as CoreTokenStep
from railhouse.engine.steps.tokens import places_left_each
from railhouse.engine.tokendeals import SwapStation, TokenSwap
from railhouse.map.board import Board
from railhouse.map.mapdef import Reservation
from railhouse_m1839.data import NRS_HEX_LAY
from railhouse_m1839.kabinet import KRMove, MoveStation, kr_move_choices
from railhouse_m1839.mapdata import NRS_CHOICE, NS
from railhouse_m1839.routing import MapStep
from railhouse_m1839.track import SRV, SRV_COST
from railhouse_m1839.turn import M1839Turn

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839

STATION_FEE = 80  # .B.2.4 (also a swap, R-8.3.B.3)
NRS = "NRS"
#: a marker may go over an NS marker, which leaves the map (§8.3.2.2, R-14.6)
REPLACEABLE = frozenset({NS})


# ----------------------------------------------------------------------- reservations
_ROW = attrgetter("company", "hex", "city")


def _wanting(game: M1839) -> tuple[CompanySpec, ...]:
    """The charters of the companies that want their homes reserved, in order: an
    unoperated Major, a parred unoperated Local (module docstring).  The reservations are a
    function of these charters alone (:func:`_rows`)."""
    # (one comprehension: fewer instructions than a loop appending; operated: a count > 0,
    # asked first: most companies have operated once the game is under way)
    return tuple([company.spec for company in game.companies.values()
                  if not (company.operated_count or company.closed)
                  and (company.spec.kind == "major"
                       or (company.started and company.spec.kind == "local"))])


def _rows(wanting: tuple[CompanySpec, ...]) -> list[tuple[str, str, None]]:
    """(company, hex, city) of every reservation of the ``wanting`` charters, in order:
    a charter's homes, NRS only its first (the second is :func:`nrs_keeps_a_place`)."""
    return [(spec.id, h, None) for spec in wanting
            for h in (spec.home[:1] if spec.id == NRS else spec.home)]


def sync_reservations(game: M1839) -> Board:
    """Make ``board.reservations`` match the companies (module docstring); the board.
    The board's ``cache`` keeps (:data:`MATCHED`) a copy of the reservations list it last
    found to match and the charters (:func:`_wanting`) it matched: the reservations wanted
    are a function of the charters alone, so the same charters and an equal list need no
    reservation made nor compared.  The list is compared by value (in C, its items mostly
    the very objects of the copy: the board keeps its ``Reservation`` objects when it drops
    others, and a change made here keeps those still wanted), so a drop that dropped nothing
    costs no more.  A clone's board shares the entry until it syncs a change: the entry is
    a pair of copies, never changed in place."""
    board = game.board
    wanting = _wanting(game)
    matched = board.cache.get(MATCHED)
    if matched is not None and matched[1] == wanting and matched[0] == board.reservations:
        return board
    wanted = _rows(wanting)
    rows = list(map(_ROW, board.reservations))
    if wanted != rows:  # the board's reservations are kept where still wanted
        kept = dict(zip(rows, board.reservations, strict=True)).get
        board.set_reservations([kept(row) or Reservation(*row) for row in wanted])
    board.cache[MATCHED] = (list(board.reservations), wanting)
    return board


#: the ``Board.cache`` key of :func:`sync_reservations`'s last match
MATCHED = "1839 reservations matched"


def drop_own_reservations(board: Board, company: str) -> None:
    """Forget ``company``'s reservations (a Local's homes once it has operated, R-7.5.5),
    touching the board only if it holds one: a drop moves the board to a new revision
    (``token_version``), which throws away all derived from the old one (``Board.memo``,
    reach, route graphs), and a Local's later turns have nothing to drop."""
    for reservation in board.reservations:
        if reservation.company == company:
            board.drop_reservations(company)
            return


def places_for(board: Board, coord: str, company: str) -> int:
    """Circles of ``coord`` that ``company`` could take (empty or NS), after keeping one per
    other company's reservation there whose holder has no marker on the hex."""
    return places_left(board, coord, company, REPLACEABLE)


def nrs_keeps_a_place(game: M1839, board: Board, company: str, coord: str,
                      *also: str) -> bool:
    """R-8.3.B.1 / R-14.5.1 special case: before NRS first operates, a marker placed (or a
    home reserved) by another company in I16/K16 must leave a place for NRS in at least one
    of them.  ``also``: hexes the company takes at the same time and not yet on the board
    (a new Local's first home while it chooses the second, R-7.5.5)."""
    if not also and coord not in NRS_CHOICE:  # the usual question: nothing to keep
        return True
    taken = [h for h in (coord, *also) if h in NRS_CHOICE]
    if not taken or company == NRS:
        return True
    nrs = game.companies.get(NRS)
    if nrs is None or nrs.closed or nrs.operated_count > 0:
        return True
    return any(n - taken.count(h) > 0
               for h, n in zip(NRS_CHOICE, _nrs_places(board), strict=True))


def _nrs_places(board: Board) -> list[int]:
    """:func:`places_for` NRS in each hex of its choice, memoised in the board revision's
    ``memo`` (``Board.memo``: places read only the tiles, tokens and reservations)."""
    memo = board.memo()
    hit: list[int] | None = memo.get("NRS places")
    if hit is None:
        hit = memo["NRS places"] = places_left_each(board, NRS_CHOICE, NRS, REPLACEABLE)
    return hit


def markers_left(board: Board, company: Company) -> int:
    """The company's markers not on the map: its total less the cities holding one
    (counted in C: ``len(board.company_cities(...))`` without the list)."""
    spec = company.spec
    total = int(spec.extra.get("markers", len(spec.token_costs)))
    return total - sum(map(contains, board.tokens.values(), repeat(company.id)))


# ---------------------------------------------------------------------------- homes
class HomeStationStep(CoreHomeTokenStep["M1839", M1839Turn], MapStep):
    """R-8.3.1: on its first operation a company places its two home markers, each in an
    empty circle or over an NS marker; the director picks the circle where several fit,
    and whether to replace an NS marker where its city also has an empty circle, and NRS
    picks Arnhem I16 or Venlo K16 where both fit."""

    rule = "1839 R-8.3.1"
    replaceable = REPLACEABLE

    def homes(self) -> list[tuple[str, ...]]:
        homes = super().homes()
        return [homes[0], NRS_CHOICE] if homes and self.entity == NRS else homes

    def finish(self) -> None:
        self.done = True
        sync_reservations(self.game)


# ------------------------------------------------------------------ place or swap
class StationStep(CoreTokenStep["M1839", M1839Turn], MapStep):
    """R-8.3.4 / R-8.3.B: place one marker (f80, connected, one per hex, an empty circle or
    an NS marker at the director's choice, not the last places of a hex reserved by others,
    R-8.3.B.1/2) or offer one swap (R-8.3.B.3), or use SRV's placement on I16/K16 (R-14.3.4,
    A-19)."""

    rule = "1839 R-8.3.B"
    replaceable = REPLACEABLE

    def token_cost(self) -> int | None:
        board = sync_reservations(self.game)
        return STATION_FEE if markers_left(board, self.company) > 0 else None

    def one_per(self) -> str:
        return "hex"

    def powers(self) -> list[TokenPower]:
        """SRV (R-14.3.4, A-19): on I16 or K16, reached or not, for f80, or free on the hex
        where SRV laid this turn (the lay paid for it)."""
        if not power_of(self.game, self.company, NRS_HEX_LAY):
            return []
        srv_hex = self.turn.srv_hex
        if srv_hex:
            return [TokenPower(SRV, 0, (srv_hex,))]
        return [TokenPower(SRV, SRV_COST, NRS_CHOICE)]

    def may_place(self, coord: str, power: TokenPower | None) -> bool:
        return nrs_keeps_a_place(self.game, self.board, self.entity, coord)

    def other_actions(self) -> list[LegalAction]:
        return [*self.swap_choices(), *self.move_choices()]

    def swap_choices(self) -> list[LegalAction]:
        """R-8.3.B.3: both companies have operated; the initiator pays f80; it is not left
        with every map marker in one hex (:func:`swap_offers`); an offer the other
        director declined is not made again this turn."""
        company = self.company
        if company.operated_count < 1 or company.cash < STATION_FEE:
            return []
        offers = swap_offers(self.game, self.board, self.entity)
        declined = self.turn.declined_swaps
        if not declined:
            return list(offers)
        return [c for c in offers if c.action not in declined]

    def move_choices(self) -> list[LegalAction]:
        """R-14.3.5 KR moves, once per game, besides a placement or swap (A-17); a move
        KR's owner declined is not offered again this turn."""
        return kr_move_choices(self.game, self.entity, self.turn.declined_moves)

    def process_swap_station(self, action: SwapStation) -> None:
        """R-11.1: the other director's agreement is asked only when it is another player."""
        deal = StationSwap(self.game, action, self)
        propose(self.game, deal, then=deal.answered)

    def process_move_station(self, action: MoveStation) -> None:
        """The director's offer is its agreement; KR's owner answers unless it is the
        director (kabinet.py)."""
        deal = KRMove(self.game, action, self.turn)
        propose(self.game, deal, then=deal.answered)

    def finish(self) -> None:
        """End the step; an SRV lay made this turn uses up the private (R-14.3.4)."""
        self.done = True
        if self.turn.srv_hex and power_of(self.game, self.company, NRS_HEX_LAY):
            close_private(self.game, SRV, "power used")


def swap_offers(game: M1839, board: Board, me: str) -> tuple[LegalAction, ...]:
    """Every swap ``me`` could offer (R-8.3.B.3), the fee and declined offers aside: one of
    its markers for a marker of a partner (another company that has operated) in another
    hex, unless every map marker of ``me`` would then be in one hex; ordered by the
    partner's city, the partner, then ``me``'s marker in board order.  The offers read the
    board's markers, ``me`` and the partners alone: memoised in the board revision's
    ``memo`` (``Board.memo``) per company and partners.  The tuple is shared."""
    partners = frozenset([cid for cid, c in game.companies.items()
                          if c.operated_count >= 1 and cid != me])
    memo = board.memo()
    key = ("1839 swaps", me, partners)
    hit: tuple[LegalAction, ...] | None = memo.get(key)
    if hit is None:
        hit = memo[key] = _swap_offers(board, me, partners)
    return hit


def _swap_offers(board: Board, me: str, partners: frozenset[str]) -> tuple[LegalAction, ...]:
    """:func:`swap_offers` found anew."""
    mine = board.company_cities(me)
    # per marker of mine, the only hex its other markers are in (None: none or several):
    # swapping it into that hex would leave every map marker in one hex
    alone_in: dict[tuple[str, int], str | None] = {}
    if len(mine) > 1:
        for h1, c1 in mine:
            rest = {h for h, c in mine if (h, c) != (h1, c1)}
            alone_in[h1, c1] = rest.pop() if len(rest) == 1 else None
    theirs = sorted({(key, other) for key, owners in board.tokens.items()
                     for other in owners if other in partners})
    out = []
    for (h2, c2), other in theirs:
        for h1, c1 in mine:
            if h1 == h2 or alone_in.get((h1, c1)) == h2:
                continue
            out.append(LegalAction(SwapStation(entity=me, hex=h1, city=c1, other=other,
                                               other_hex=h2, other_city=c2)))
    return tuple(out)


class StationSwap(TokenSwap):
    """R-8.3.B.3: the active company's swap offer for f80, the other company's director
    agreeing (an NS marker takes a returned marker's circle); on acceptance the station step
    ends, a refusal is remembered in ``turn.declined_swaps``."""

    rule = "1839 R-8.3.B.3"
    fee = STATION_FEE
    vacated = NS

    def __init__(self, game: M1839, offer: SwapStation, step: StationStep) -> None:
        super().__init__(game, offer)
        self.step = step

    def answered(self, accepted: bool) -> None:
        offer, step = self.offer, self.step
        if not accepted:
            step.turn.declined_swaps = (*step.turn.declined_swaps, offer)
            return
        step.turn.swapped_token = f"{offer.other_hex}.c{offer.other_city}"
        step.finish()
