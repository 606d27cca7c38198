"""What to do once money has been raised: continuations kept by pending decisions.

Emergency money raising (money.py) may wait for a player's decisions before a payment can
be made, so the payment is stored in the pending decision.  It is stored as one of these
small objects, never as a closure: ``Game.clone()`` deep-copies pending decisions, and a
closure would keep acting on the original game, while these objects hold the game as an
attribute and are copied with it (their ``game`` becomes the clone).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from railhouse_m1839.trains import failed_train_counts_as_bought

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839


class Later(Protocol):
    def __call__(self) -> None: ...


@dataclass
class Payment:
    """``source`` pays ``amount`` to ``target`` (entity ids; ``bank`` for the bank)."""

    game: M1839
    source: str
    target: str
    amount: int

    def __call__(self) -> None:
        self.game.pay(self.game.payer(self.source), self.game.payer(self.target), self.amount)


@dataclass
class FailedPurchase:
    """R-9.7: the compulsory train that could not be paid counts as bought (the R-9.8
    discards follow in money.go_bankrupt)."""

    game: M1839
    train: str

    def __call__(self) -> None:
        failed_train_counts_as_bought(self.game, self.game.depot.take(self.train))
