"""Train-purchase switches of the 18xx-games rule set (facts §11.2).

"Number of 6 / 3E trains": EN's 27 train cards imply a stack of six 6-trains and a stack of
six 3E-trains; 18xx.games has one stack of six cards, each bought either as a 6 or as a
3E (21 trains in all).  We keep the two stacks of the printed data and, under the shared
stack, take the next card of the twin stack out of the game with every purchase, so that
six purchases of either kind empty both.

"Private #6": EN gives 10% off every train the owner buys from the bank; 18xx.games only
off 3-, 4- and 5-trains (``Ruleset.discount_trains``).

"Discarded trains" (facts §11.2 "More T deviations"): EN removes a train discarded over the
limit from the game; 18xx.games puts it back in the depot, for sale again at its price
(``DISCARDED_TRAINS = :discard``) until its type rusts (``Ruleset.discards_to_depot``: the
game keeps their ids in ``reclaimed``; the trains stay in ``depot.discarded``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import DiscardTrain
from railhouse.engine.phases import DiscardDecider
from railhouse_soh.variants.ruleset import Ruleset

if TYPE_CHECKING:
    from railhouse.engine.entities import Train
    from railhouse.engine.trains import Depot
    from railhouse_soh.game import SteamOverHolland

TWINS = {"6": "3E", "3E": "6"}


def take_twin(ruleset: Ruleset, depot: Depot, bought: str) -> str | None:
    """After a depot purchase of ``bought``: under the shared stack, remove the next
    unsold train of the twin type from the game and return its id (else None)."""
    twin = TWINS.get(bought)
    if not ruleset.shared_6_3e_stack or twin is None:
        return None
    for train in depot.trains:
        if train.name == twin:
            depot.trains.remove(train)
            return train.id
    return None


def discounted(ruleset: Ruleset, train_name: str) -> bool:
    """Whether private #6 discounts a bank train named ``train_name``."""
    return ruleset.discount_trains is None or train_name in ruleset.discount_trains


def on_sale(game: SteamOverHolland) -> list[Train]:
    """The trains a company may buy from the bank: the next of each type on sale, and
    (18xx.games) every discarded train put back."""
    back = [t for t in game.depot.discarded if t.id in game.reclaimed]
    return game.depot.available() + back


def take(game: SteamOverHolland, train_id: str) -> Train:
    """Take a train bought from the bank out of the depot (or the discards put back)."""
    if train_id in game.reclaimed:
        game.reclaimed.remove(train_id)
        train = next(t for t in game.depot.discarded if t.id == train_id)
        game.depot.discarded.remove(train)
        return train
    return game.depot.take(train_id)


def put_back(game: SteamOverHolland, train_id: str) -> None:
    """A train discarded over the limit: for sale again under 18xx.games' rules."""
    if game.ruleset.discards_to_depot:
        game.reclaimed.append(train_id)


def rusted(game: SteamOverHolland, phase_name: str) -> None:
    """Discards put back rust with their type."""
    game.reclaimed = [i for i in game.reclaimed
                      if next(t for t in game.depot.discarded if t.id == i).spec.rusts_on
                      != phase_name]


class DiscardBackToDepot(DiscardDecider["SteamOverHolland"]):
    """The core's discard over the train limit, then ``put_back``: under the 18xx-games rule
    set the discarded train is on sale again (EN: it leaves the game)."""

    rule = "SOH EN 'Number of trains per company'"

    def process_discard_train(self, action: DiscardTrain) -> None:
        super().process_discard_train(action)
        put_back(self.game, action.train)
