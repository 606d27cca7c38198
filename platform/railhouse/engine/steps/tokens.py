"""The token steps: the home token(s) of a company's first operation, and one token placed
in a turn, through :mod:`railhouse.map.tokens`.

The map decides where a company may place a token (reached by a legal trace, a place
left after other companies' reservations, one per city or hex); the steps decide what a
token costs, which private powers place one (:class:`TokenPower`), and whether a token may
replace another's (:attr:`TokenStep.replaceable`, 1839's NS markers: the replaced marker
leaves the map).  Override points: :meth:`TokenStep.token_cost`, :meth:`TokenStep.one_per`,
:meth:`TokenStep.powers`, :meth:`TokenStep.may_place`, :meth:`TokenStep.other_actions`,
:meth:`TokenStep.finish`; :meth:`HomeTokenStep.homes`, :meth:`HomeTokenStep.home_places`,
:meth:`HomeTokenStep.placed`, :meth:`HomeTokenStep.finish`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import msgspec

from railhouse.engine.actions import Action, LegalAction, Pass, PlaceToken
from railhouse.engine.privates import close_private
from railhouse.engine.rounds.base import G
from railhouse.engine.steps.base import T
from railhouse.engine.steps.mapstep import MapStep
from railhouse.map.board import Board
from railhouse.map.mapdef import Reservation
from railhouse.map.tokens import TokenOptions, hex_reservations, legal_token_placements


@dataclass(frozen=True, slots=True)
class TokenPower:
    """A private company's power to place the turn's token, offered as placements whose
    action names the private (``PlaceToken.ability``); using it closes the private.
    ``cost``: the token's price with the power.  ``hexes``: None for wherever a token could
    go, else on these hexes whether reached or not (in a circle left free, after others'
    reservations)."""

    private: str
    cost: int = 0
    hexes: tuple[str, ...] | None = None


class Place(NamedTuple):
    """A legal placement: ``replaces`` names the owner of a token it replaces ("" for an
    empty place), ``ability`` the private whose power places it ("" for none)."""

    hex: str
    city: int
    cost: int
    ability: str = ""
    replaces: str = ""


def free_circles(board: Board, hexes: tuple[str, ...], company: str,
                 replaceable: frozenset[str] = frozenset()) -> list[tuple[str, int, str]]:
    """``(hex, city, replaces)`` for each way to take a circle of ``hexes`` where the
    company has no token: an empty place (``replaces`` "") or a ``replaceable`` token, both
    where a city has both."""
    out = []
    for coord in hexes:
        t, _ = board.tile_at(coord)
        for k, i in enumerate(t.city_indices()):
            owners = board.city_tokens(coord, k)
            if company in owners:
                continue
            if len(owners) < t.stops[i].slots:
                out.append((coord, k, ""))
            out.extend((coord, k, owner) for owner in sorted(replaceable & set(owners)))
    return out


def places_left(board: Board, coord: str, company: str,
                replaceable: frozenset[str] = frozenset()) -> int:
    """Circles of ``coord`` that ``company`` could take (empty or holding a replaceable
    token), after keeping one per other company's reservation there whose holder has no
    token on the hex; 0 where the company has a token on the hex.  Read from the hex's
    row (:func:`hex_places`), which holds all of the answer but the company."""
    return _left(hex_places(board, coord, replaceable), company)


def places_left_each(board: Board, coords: tuple[str, ...], company: str,
                     replaceable: frozenset[str] = frozenset()) -> list[int]:
    """:func:`places_left` of each of ``coords``, in order: the rows' table (the memo of
    :func:`hex_places`) looked up once for all of them."""
    table, reserved = _rows(board, replaceable), hex_reservations(board)
    return [_left(table.get(coord) or _row(board, table, coord, replaceable, reserved),
                  company)
            for coord in coords]


HexRow = tuple[int, frozenset[str], frozenset[str]]
NOBODY: frozenset[str] = frozenset()


def _left(row: HexRow, company: str) -> int:
    """The places of a :func:`hex_places` row left to ``company`` (:func:`places_left`)."""
    free, owners, holders = row
    if company in owners:
        return 0
    return free - len(holders) + (company in holders)


def hex_places(board: Board, coord: str, replaceable: frozenset[str]) -> HexRow:
    """``(places, owners, holders)`` of ``coord``: its circles that are empty or hold a
    ``replaceable`` token, the owners of its tokens, and the companies with a reservation
    on it and no token there (each keeps a place from every company but itself).
    Memoised per board revision (``Board.memo``: tiles, tokens and reservations are fixed
    there) and ``replaceable``, hex by hex as asked."""
    table = _rows(board, replaceable)
    return table.get(coord) or _row(board, table, coord, replaceable, hex_reservations(board))


def _rows(board: Board, replaceable: frozenset[str]) -> dict[str, HexRow]:
    """The memo of :func:`hex_places` for this board revision and ``replaceable``."""
    memo = board.memo()
    key = ("hex_places", replaceable)
    table: dict[str, HexRow] | None = memo.get(key)
    if table is None:
        table = memo[key] = {}
    return table


def _row(board: Board, table: dict[str, HexRow], coord: str, replaceable: frozenset[str],
         reserved_on: dict[str, tuple[Reservation, ...]]) -> HexRow:
    """Work out :func:`hex_places` of ``coord`` and keep it in ``table`` (``reserved_on``:
    the board's :func:`hex_reservations`)."""
    t, _ = board.tile_at(coord)
    stops, tokens = t.stops, board.tokens
    free, owners = 0, []
    for k, i in enumerate(t.city_indices()):
        free += stops[i].slots
        held = tokens.get((coord, k))
        if held:
            owners += held
    on_hex = frozenset(owners)
    if owners:
        free -= sum(1 for o in owners if o not in replaceable)
    reserved = reserved_on.get(coord)
    holders = frozenset(r.company for r in reserved) - on_hex if reserved else NOBODY
    row = table[coord] = (free, on_hex, holders)
    return row


def place_token(board: Board, coord: str, city: int, company: str, replaces: str = "") -> None:
    """Place a token in a free place, or over the ``replaces`` token (it leaves the map)."""
    if replaces:
        board.remove_token(coord, city, replaces)
    board.place_token(coord, city, company)


def listed_placement(action: Action, legal: list[LegalAction]) -> Action:
    """Records made before placements named what they replace (issue 17) have ``replaces``
    "" for a token put over another of a city without an empty place: that is the one
    placement listed there, the same but for ``replaces``."""
    if getattr(action, "replaces", None) != "":
        return action
    same = [c.action for c in legal if type(c.action) is type(action)
            and msgspec.structs.replace(c.action, replaces="") == action]
    return same[0] if len(same) == 1 else action


class HomeTokenStep(MapStep[G, T]):
    """On its first operation a company places its home token(s) free of charge: one per
    group of :meth:`homes`, where :meth:`home_places` offers several the director chooses,
    where it offers none the token is missing (event ``home_token_missing``)."""

    rule = "home token"
    #: owners of tokens a home token may replace
    replaceable: frozenset[str] = frozenset()

    def __init__(self, game: G, entity: str) -> None:
        super().__init__(game, entity)
        self.queue: list[tuple[str, ...]] | None = None

    # -- override points ---------------------------------------------------------------
    def homes(self) -> list[tuple[str, ...]]:
        """The hexes of each home token still to place (one token per group)."""
        company = self.company
        if company.operated_count > 0 or self.board.company_cities(company.id):
            return []
        return [(h,) for h in company.spec.home]

    def home_places(self, hexes: tuple[str, ...]) -> list[tuple[str, int, str]]:
        """``(hex, city, replaces)`` where a home token of ``hexes`` may go: the city
        reserved for the company if a reservation names one, else any free circle."""
        board = self.board
        reserved = [(r.hex, r.city, "") for r in board.reservations
                    if r.company == self.entity and r.hex in hexes and r.city is not None]
        return reserved or free_circles(board, hexes, self.entity, self.replaceable)

    def placed(self, coord: str, city: int) -> None:
        """Called after a home token is placed."""

    def finish(self) -> None:
        self.done = True

    # -- the step ------------------------------------------------------------------------
    def options(self) -> list[tuple[str, int, str]]:
        if self.queue is None:
            self.queue = self.homes()
        while self.queue:
            places = self.home_places(self.queue[0])
            if places:
                return places
            self.game.event("home_token_missing", {"company": self.entity,
                                                   "hexes": list(self.queue.pop(0))})
        return []

    def auto(self) -> bool:
        while True:
            places = self.options()
            if not places:
                self.finish()
                return True
            if len(places) > 1:
                return False
            self._place(*places[0])

    def legal_actions(self) -> list[LegalAction]:
        return [LegalAction(PlaceToken(entity=self.entity, hex=h, city=k, replaces=r))
                for h, k, r in self.options()]

    def normalise(self, action: Action) -> Action:
        if not self.replaceable:
            return action
        return listed_placement(action, self.game.legal_for(self))

    def process_place_token(self, action: PlaceToken) -> None:
        self._place(action.hex, action.city, action.replaces)

    def _place(self, coord: str, city: int, replaces: str) -> None:
        assert self.queue
        self.queue.pop(0)
        place_token(self.board, coord, city, self.entity, replaces)
        self.board.drop_reservations(self.entity, coord)  # the home takes its reservation
        self.company.tokens_placed += 1
        self.placed(coord, city)
        self.game.event("token", {"company": self.entity, "hex": coord, "city": city,
                                  "cost": 0, "home": True, "replaces": replaces})


class TokenStep(MapStep[G, T]):
    """Place one token in the turn: in a city the company reaches, at
    :meth:`token_cost`, or with a private's power; or pass."""

    rule = "token"
    #: owners of tokens a token may replace (the replaced token leaves the map)
    replaceable: frozenset[str] = frozenset()

    # -- override points ---------------------------------------------------------------
    def token_cost(self) -> int | None:
        """The price of the company's next token; None when it may place none now.  By
        default the charter's ``token_costs``, in order."""
        company = self.company
        costs = company.spec.token_costs
        return costs[company.tokens_placed] if company.tokens_placed < len(costs) else None

    def one_per(self) -> str:
        """``"city"`` or ``"hex"``: where a company may hold only one token."""
        return "city"

    def powers(self) -> list[TokenPower]:
        """The token powers the company may use now."""
        return []

    def may_place(self, coord: str, power: TokenPower | None) -> bool:
        """A title's further test of a placement on ``coord``."""
        return True

    def other_actions(self) -> list[LegalAction]:
        """Further choices of the step (e.g. offering a swap of tokens)."""
        return []

    def finish(self) -> None:
        """End the step."""
        self.done = True

    # -- what is legal -------------------------------------------------------------------
    def placements(self) -> list[Place]:
        """Every legal placement now: those reached (plain, then each power's, per
        place), then the unreached ones of powers with ``hexes``."""
        cost = self.token_cost()
        if cost is None:
            return []
        board, cash = self.board, self.company.cash
        powers = [p for p in self.powers() if p.cost <= cash]
        reached = [p for p in powers if p.hexes is None]
        out = []
        if cost <= cash or reached:
            opts = TokenOptions(cost=cost, one_per=self.one_per(), replaceable=self.replaceable)
            for p in legal_token_placements(board, self.operator(), opts):
                replaces = p.replaces or ""
                if cost <= cash and self.may_place(p.hex, None):
                    out.append(Place(p.hex, p.city, cost, "", replaces))
                out.extend(Place(p.hex, p.city, power.cost, power.private, replaces)
                           for power in reached if self.may_place(p.hex, power))
        for power in powers:
            for coord in power.hexes or ():
                if places_left(board, coord, self.entity, self.replaceable) <= 0:
                    continue
                out.extend(Place(h, k, power.cost, power.private, r)
                           for h, k, r in free_circles(board, (coord,), self.entity,
                                                       self.replaceable)
                           if self.may_place(h, power))
        return out

    def legal_actions(self) -> list[LegalAction]:
        me = self.entity
        legal = [LegalAction(PlaceToken(entity=me, hex=p.hex, city=p.city, ability=p.ability,
                                        replaces=p.replaces)) for p in self.placements()]
        legal += self.other_actions()
        if legal:
            legal.append(LegalAction(Pass(entity=me)))
        return legal

    def auto(self) -> bool:
        if not self.done and not self.game.legal_for(self):
            self.finish()
        return self.done

    def normalise(self, action: Action) -> Action:
        if not self.replaceable:
            return action
        return listed_placement(action, self.game.legal_for(self))

    def cost_of(self, ability: str) -> int:
        """The price of the next token, placed with the power of private ``ability``."""
        if ability:
            return next(p.cost for p in self.powers() if p.private == ability)
        cost = self.token_cost()
        assert cost is not None, "validated"
        return cost

    # -- doing it ------------------------------------------------------------------------
    def process_pass(self, action: Action) -> None:
        self.finish()

    def process_place_token(self, action: PlaceToken) -> None:
        cost = self.cost_of(action.ability)
        game, company = self.game, self.company
        game.pay(company, game.bank, cost)
        place_token(self.board, action.hex, action.city, self.entity, action.replaces)
        company.tokens_placed += 1
        if action.ability:
            close_private(game, action.ability, "power used")
        game.event("token", {"company": self.entity, "hex": action.hex, "city": action.city,
                             "cost": cost, "ability": action.ability,
                             "replaces": action.replaces})  # fmt: skip
        self.finish()
