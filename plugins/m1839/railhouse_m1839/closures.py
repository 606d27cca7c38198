"""Private closings and the Locals they create (R-14.3.1, R-14.3.11, R-8.3.9, A-30, A-51).

A yellow or brown private closes at once (its revenue stops, A-51); its owner's "new Local"
power is queued and resolved after the buying company's turn, in descending face value
(R-8.3.9): the owner chooses an unparred Local, takes its director's certificate and two
shares free, pars it at f25 regardless of other markers and reserves two homes; if no Local
or no two homes are available the owner receives f80 instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import LegalAction, Par
from railhouse.engine.entities import IPO, Company
from railhouse.engine.privates import close_private
from railhouse.engine.rounds.base import Decider
from railhouse.engine.shares import move_shares, start_company
from railhouse_m1839.actions import ReserveHome
from railhouse_m1839.data import LOCAL_IDS, NEW_LOCAL_FALLBACK
from railhouse_m1839.homes import can_reserve_two, candidate_hexes, set_homes
from railhouse_m1839.markets import PRIVATE_LOCAL_PAR
from railhouse_m1839.stations import sync_reservations

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839


def on_company_nationalised(game: M1839, company: Company, voluntary: bool) -> None:
    """A-30: a brown private closes when its company is nationalised after its director's
    bankruptcy or concession (its owner gets the new-Local power)."""
    for private_id, assigned in game.brown_assignment.items():
        if assigned == company.id and not voluntary:
            close_private(game, private_id, "nationalised")


def close_browns_after_turn(game: M1839, company: Company) -> None:
    """R-14.3.11: the brown private closes once its company has bought a train and finished
    that OR turn."""
    for private_id, assigned in game.brown_assignment.items():
        if assigned == company.id and company.trains:
            close_private(game, private_id, "train bought")


def resolve_new_locals(game: M1839) -> None:
    """Resolve the queued privates one at a time, the highest face value first; each owner
    decides only once the previous Local is complete (par and both homes), so every
    decision sees the Locals and home hexes still available."""
    if not game.new_local_queue:  # asked after every operating turn, usually with none
        return
    queue = sorted(game.new_local_queue, key=lambda p: -game.privates[p].spec.value)
    game.new_local_queue.clear()
    resolve_queue(game, queue)


def resolve_queue(game: M1839, queue: list[str]) -> None:
    """Ask the owner of ``queue[0]`` (or pay the f80 fallback and go on); ``queue`` is
    consumed as the decisions are made."""
    while queue:
        private_id = queue.pop(0)
        owner = game.privates[private_id].owner
        if owner is None or game.player(owner).bankrupt:
            continue
        decider = NewLocalDecider(game, owner, private_id, queue)
        if decider.legal_actions():
            game.pending.append(decider)
            return
        decider.fallback()


def parrable_locals(game: M1839) -> list[Company]:
    return [game.companies[c] for c in LOCAL_IDS
            if not game.companies[c].started and not game.companies[c].closed
            and can_reserve_two(game, c)]


class NewLocalDecider(Decider["M1839"]):
    rule = "1839 R-14.3.1"

    def __init__(self, game: M1839, owner: str, private_id: str,
                 rest: list[str] | None = None) -> None:
        super().__init__(game)
        self.owner = owner
        self.private_id = private_id
        self.rest = rest if rest is not None else []


    def acting_entity(self) -> str | None:
        return self.owner

    def legal_actions(self) -> list[LegalAction]:
        if self.game.player(self.owner).bankrupt:
            return []
        return [LegalAction(Par(entity=self.owner, company=c.id, price=PRIVATE_LOCAL_PAR))
                for c in parrable_locals(self.game)]

    def fallback(self) -> None:
        game = self.game
        if not game.player(self.owner).bankrupt:
            game.pay(game.bank, game.player(self.owner), NEW_LOCAL_FALLBACK)
            game.event("new_local_fallback", {"player": self.owner, "private": self.private_id})

    def process_par(self, action: Par) -> None:
        game = self.game
        game.pending.remove(self)
        company = game.company(action.company)
        start_company(game, company, self.owner, PRIVATE_LOCAL_PAR)
        move_shares(company, IPO, self.owner, 2)
        game.event("new_local", {"player": self.owner, "company": company.id,
                                 "private": self.private_id})
        game.pending.append(HomeDecider(game, company, self.rest))


class HomeDecider(Decider["M1839"]):
    """R-7.5.5: the director reserves two different home hexes, one at a time; a Local made
    by a private's power then lets the next queued private's owner decide (``rest``)."""

    rule = "1839 R-7.5.5"

    def __init__(self, game: M1839, company: Company, rest: list[str] | None = None) -> None:
        super().__init__(game)
        self.company = company
        self.chosen: tuple[str, ...] = ()
        self.rest = rest

    def acting_entity(self) -> str | None:
        return self.company.president

    def legal_actions(self) -> list[LegalAction]:
        me = self.company.president
        assert me is not None
        hexes = candidate_hexes(self.game, self.company.id, self.chosen)
        return [LegalAction(ReserveHome(entity=me, company=self.company.id, hex=h))
                for h in hexes]

    def process_reserve_home(self, action: ReserveHome) -> None:
        self.chosen += (action.hex,)
        if len(self.chosen) < 2:
            return
        game = self.game
        set_homes(game, self.company.id, self.chosen)
        sync_reservations(game)  # the board now holds the two reservations
        game.event("homes", {"company": self.company.id, "hexes": list(self.chosen)})
        game.pending.remove(self)
        if self.rest is not None:
            resolve_queue(game, self.rest)
