"""Train-purchase switches of the 18xx-games rule set (facts §11.2).

"Number of 6 / 3E trains": EN's 27 train cards imply a stack of six 6-trains and a stack of
six 3E-trains; 18xx.games has one stack of six cards, each bought either as a 6 or as a
3E (21 trains in all).  We keep the two stacks of the printed data and, under the shared
stack, take the next card of the twin stack out of the game with every purchase, so that
six purchases of either kind empty both.

"Private #6": EN gives 10% off every train the owner buys from the bank; 18xx.games only
off 3-, 4- and 5-trains (``Ruleset.discount_trains``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse_soh.variants.ruleset import Ruleset

if TYPE_CHECKING:
    from railhouse.engine.trains import Depot

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
