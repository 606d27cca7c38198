"""1839 operating rounds (R-8): start-of-OR payments, the order over two markets, and the
company turn assembled from the map steps (stations.py, track.py, routing.py) and the
title's own steps (turnsteps.py).

Turn (R-8.3): home stations (map) -> compulsory first train -> track (map) -> station (map)
-> routes (map; R trains due to rust leave after their run, R-16.5.2) -> dividend -> buy
trains.  After the turn: a brown private whose company now owns a train closes (R-14.3.11),
the nationalisation window opens after a rusting purchase (R-8.3.8), then new Locals are
created (R-8.3.9).
At every decision of the turn the company may also take the any-moment choices of
anytime.py (green privates R-8.3.10, DRU's train R-14.3.7, its director's concession R-9.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from railhouse.engine.actions import Action, LegalAction, Pass
from railhouse.engine.emergency import Payment
from railhouse.engine.entities import Company, Private
from railhouse.engine.rounds.base import Step
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.engine.rounds.turnplan import StepFactory
from railhouse.engine.rounds.window import CompanyWindow
from railhouse_m1839.actions import GiveDruTrain, Nationalise
from railhouse_m1839.anytime import (
    ANYTIME,
    anytime_choices,
    dru_choices,
    give_dru_train,
    offer_dru_train,
    process_anytime,
)
from railhouse_m1839.closures import close_browns_after_turn, resolve_new_locals
from railhouse_m1839.data import KF_STEP, RH_CHARGE
from railhouse_m1839.money import nationalise, player_owes
from railhouse_m1839.routing import RouteStep
from railhouse_m1839.stations import HomeStationStep, StationStep, drop_own_reservations
from railhouse_m1839.track import TrackStep
from railhouse_m1839.turn import M1839Turn
from railhouse_m1839.turnsteps import DividendStep, FirstTrainStep, TrainBuyStep

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839


class M1839OperatingRound(OperatingRound["M1839"]):
    rule = "1839 R-8"

    def start(self) -> None:
        self.game.ors_played += 1
        self.pay_private_income()
        self.charge_rh()

    def private_revenue(self, private: Private) -> int:
        """R-8.1.1; KF earns f20 x (ORs already played) (R-14.3.6, A-29); RH's charge is
        not income (:meth:`charge_rh`)."""
        if private.id == "KF":
            return KF_STEP * (self.game.ors_played - 1)
        return max(private.spec.revenue, 0)

    def charge_rh(self) -> None:
        """R-8.1.2: RH's owner pays f100 (emergency rules apply)."""
        game = self.game
        rh = game.privates["RH"]
        if rh.closed or rh.owner is None or game.player(rh.owner).bankrupt:
            return
        player_owes(game, rh.owner, RH_CHARGE, Payment(game, rh.owner, "bank", RH_CHARGE))

    def current_step(self) -> Step[M1839] | None:
        """A company nationalised during its own turn (its director went bankrupt) stops."""
        company = self.company
        if company is not None and (company.closed or not company.floated):
            return None
        return OperatingRound.current_step(self)  # the core's search (no super() object)

    def on_turn_start(self, company: Company) -> None:
        self.game.nationalisation_due = False

    # -- any-moment choices of the operating company (anytime.py, the core's mechanism) --
    anytime_kinds = ANYTIME

    def anytime_choices(self, company: Company) -> list[LegalAction]:
        """R-8.3.10 / R-14.3.7 / R-9.1: offered at every step that waits for the company."""
        return anytime_choices(self.game, company, cast(M1839Turn, self.turn).declined)

    def process_anytime(self, company: Company, action: Action) -> None:
        process_anytime(self.game, company, action, cast(M1839Turn, self.turn).declined)

    def on_turn_end(self, company: Company) -> None:
        game = self.game
        if company.floated and not company.closed:
            game.operated_since_float.add(company.id)
            if company.spec.kind == "local":
                drop_own_reservations(game.board, company.id)
            close_browns_after_turn(game, company)
        if game.nationalisation_due:
            game.nationalisation_due = False
            resolve_new_locals(game)  # resolved after the window (pending is a stack)
            window = NationalisationWindow(game, self.order())
            if window.current() is not None:
                game.pending.append(window)
        else:
            resolve_new_locals(game)


class NationalisationWindow(CompanyWindow["M1839"]):
    """R-8.3.8 / R-14.7.1 (A-21, A-23): in operating order every company owning a train may
    nationalise; its director answers once (the core's window).  R-14.3.7: a floated
    company may first receive DRU's held train "to qualify" (``give_dru_train``, the holder
    answering when it is not the director); a trainless company is asked only while that is
    possible."""

    rule = "1839 R-14.7.1"

    def __init__(self, game: M1839, order: list[str]) -> None:
        super().__init__(game, order)
        self.declined: set[str] = set()

    def eligible(self, company: Company) -> bool:
        return company.floated and not company.closed and bool(
            company.trains or dru_choices(self.game, company, self.declined))

    def legal_actions(self) -> list[LegalAction]:
        company = self.current()
        if company is None:
            return []
        legal = dru_choices(self.game, company, self.declined)
        if company.trains:
            legal.append(LegalAction(Nationalise(entity=company.id, company=company.id)))
        return [*legal, LegalAction(Pass(entity=company.id))]

    def process_give_dru_train(self, action: GiveDruTrain) -> None:
        company = self.game.companies[action.company]
        if self.game.dru_holder == company.president:
            give_dru_train(self.game, company)
        else:  # a refusal may leave a trainless company nothing to decide: move on then
            offer_dru_train(self.game, company, self.declined, after=self.close_if_done)

    def process_nationalise(self, action: Nationalise) -> None:
        self.queue.pop(0)
        nationalise(self.game, self.game.companies[action.company], voluntary=True)
        self.close_if_done()


def operating_steps(game: M1839, company: Company) -> list[StepFactory]:
    """The company's turn in the order of R-8.3 (module docstring): each step's class, made
    when the turn reaches it (:mod:`railhouse.engine.rounds.turnplan`)."""
    return [HomeStationStep, FirstTrainStep, TrackStep, StationStep, RouteStep, DividendStep,
            TrainBuyStep]
