"""The phase events of 1839, rusting, train limits and discards (R-16.4, R-16.5, R-17.2,
R-17.3); trains are bought in the core's step (turnsteps.py ``TrainBuyStep``, R-8.3.D).

A phase starts the moment the first train of its rank is acquired (R-5.3), including a
Local's free first train: the core's phase mechanism (:mod:`railhouse.engine.phases`).
Effects apply in the order of R-17.3: the train moves, the new phase's effects (rust,
privates close -- ``PrivateSpec.closes_on_phase`` -- or convert, limits, conversions) apply
at once, then every company over the new limit discards (a pending decision per company);
the nationalisation window and new Locals come after the buyer's turn (operating.py).  The
title's phase events (:data:`PHASE_EVENTS`, listed in the phase table of data.py) are the
held DRU train's rusting, the nationalisation window and the dark red conversion.  A rank
emptied without a purchase (R-9.8) fires its phase just before the next bought rank (A-26).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING

from railhouse.engine.config import PhaseSpec
from railhouse.engine.entities import Private, Train
from railhouse.engine.phases import PhaseEvent, train_bought
from railhouse.engine.privates import update_private
from railhouse_m1839.data import CM_PAYOUT, NEW_LOCAL_PRIVATES
from railhouse_m1839.markets import CONVERSION, MAJOR

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839


def train_limit(game: M1839) -> int:
    """R-16.4.1; light red per the ``light_red_train_limit`` option (A-02)."""
    if game.phase.name == "LR":
        return int(game.options["light_red_train_limit"])
    return game.phase.train_limit


def _held_train_rusts(game: M1839, phase: PhaseSpec) -> None:
    """A-28: a held DRU R4 whose rusting phase begins has not run; it goes after its first
    run."""
    held = game.dru_train
    if held is not None and held.spec.rusts_on == phase.name:
        game.dru_train = held.marked_rusted()


def _nationalisation_window(game: M1839, phase: PhaseSpec) -> None:
    """R-8.3.8: a phase that rusts trains opens the nationalisation window after the
    buyer's turn (operating.py)."""
    game.nationalisation_due = True


def private_closed(game: M1839, private: Private, owner: str | None) -> None:
    """After a private closed (any cause): R-14.3.1 / R-14.3.11 queue the owner's new-Local
    power; at their phase, R-14.3.7 hands DRU's train to its owner and R-14.3.8 pays CM's
    owner f800 and gives him the RH."""
    if owner is None or not owner.startswith("p"):
        return
    if private.id in NEW_LOCAL_PRIVATES and not game.player(owner).bankrupt:
        game.new_local_queue.append(private.id)
    if private.id == "DRU" and game.dru_train is not None:
        game.dru_holder = owner
    if private.id == "CM":
        game.pay(game.bank, game.player(owner), CM_PAYOUT)
        update_private(game, "RH", owner=owner, closed=False)
        game.event("rh_received", {"player": owner})


def convert_locals(game: M1839, phase: PhaseSpec | None = None) -> None:
    """R-13.5: Locals at f46/f55/f65 become Majors at f43/f51/f61 (bottom of the stack)."""
    local_market = game.markets["local"]
    for company_id in list(local_market.order()):
        price = local_market.price(company_id)
        if price not in CONVERSION:
            continue
        company = game.companies[company_id]
        local_market.remove(company_id)
        company.spec = dataclasses.replace(company.spec, market=MAJOR, kind="major")
        game.markets[MAJOR].place_at_price(company_id, CONVERSION[price])
        game.event("converted", {"company": company_id, "price": CONVERSION[price]})


#: 1839's phase events (data.py lists them in the phase table)
PHASE_EVENTS: Mapping[str, PhaseEvent] = {
    "held_train_rusts": _held_train_rusts,
    "nationalisation_window": _nationalisation_window,
    "convert_locals": convert_locals,
}


def failed_train_counts_as_bought(game: M1839, failed: Train) -> None:
    """R-9.7: the compulsory train a bankrupt director's company failed to buy counts as
    bought and is discarded (a phase may start)."""
    game.depot.discarded.append(failed)
    train_bought(game, failed.name)


def extra_discards(game: M1839) -> None:
    """R-9.8, after every bankruptcy or concession (v2 §9 lists it among the effects of
    both, not only of a failed train purchase): one supply train of the current rank and of
    every second rank after it; a purple one is replaced by a gray one.  These discards
    change no phase (A-26)."""
    group = game.depot.current_group()
    if group is None:
        return
    last = max(t.spec.group for t in game.depot.trains) if game.depot.trains else group
    for rank in range(group, max(last, 12) + 1, 2):
        _discard_one_of_rank(game, rank)


def _discard_one_of_rank(game: M1839, rank: int) -> None:
    candidates = [t for t in game.depot.trains if t.spec.group == rank]
    if not candidates and rank == 12:
        candidates = [t for t in game.depot.trains if t.spec.group == 11]
    if candidates:
        game.depot.trains.remove(candidates[0])
        game.depot.discarded.append(candidates[0])
        game.event("train_removed", {"train": candidates[0].id})
