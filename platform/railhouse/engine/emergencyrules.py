"""The options of the core's emergency money raise, as data (:mod:`railhouse.engine.emergency`),
and the continuation a pending raise keeps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from railhouse.engine.game import Game

SOURCES = ("treasury_shares", "president_cash", "president_shares")


class Later(Protocol):
    """What to do once the money is raised: a continuation a pending raise keeps.  An
    object holding the game as an attribute (a dataclass), never a closure:
    ``Game.clone()`` deep-copies pending decisions, and a closure would keep acting on the
    original game."""

    def __call__(self) -> None: ...


@dataclass
class Payment:
    """A continuation: ``source`` pays ``amount`` to ``target`` (entity ids; ``bank``)."""

    game: Game
    source: str
    target: str
    amount: int

    def __call__(self) -> None:
        self.game.pay(self.game.payer(self.source), self.game.payer(self.target), self.amount)


@dataclass(frozen=True)
class EmergencyRules:
    """A title's emergency-money options, as data."""

    order: tuple[str, ...] = SOURCES
    treasury_choice: bool = False
    keep_operating_presidency: bool = True
    #: the president's cash goes to the company only once it covers the whole shortfall
    #: (1839: the director raises the money, then pays it; until then the treasury is
    #: untouched, e.g. for a redemption decided during the sales); default: as it comes
    contribute_in_full: bool = False
    #: the president may sell even when all they can sell cannot cover the shortfall, and
    #: is bankrupt only once nothing is left to sell (1839 R-8.4.6 "after selling every
    #: legally sellable share"); default: bankruptcy is then the only choice (SOH EN)
    sell_until_exhausted: bool = False
    #: with ``treasury_choice``: after an issue the company is asked again while money is
    #: short and :meth:`EmergencyRaise.treasury_units` allows more (SOH EN/FAQ: any number
    #: of issues within the cumulative limit); default: one issue ends that source
    repeat_issue: bool = False
    #: the president's cash counts towards ``amount`` once ``president_cash`` is reached
    #: but stays with them: :meth:`EmergencyRaise.raised` (the title's spend) takes the rest
    #: from the president, and sales pay the president, not the company (SOH: the president
    #: pays the balance of the train at its purchase); default: contributed at once
    contribute_at_spend: bool = False
    #: the units of a president's certificate are never sold, in any company (SOH EN "The
    #: president's certificate can never be sold"): no exchange before a sale; a sale that
    #: leaves another player ahead passes the presidency after it (``update_president``)
    #: and moves the price as the president's sale; default: a president may sell into
    #: their certificate where another holder can take it over (exchanged before the sale)
    keep_president_certificates: bool = False
    #: each company's sale range stops at the shares the rest of the shortfall needs at the
    #: :meth:`EmergencyRaise.sale_price` (SOH EN "he may sell the necessary shares"; 1839
    #: §8.4.1 "cannot sell additional shares once enough money has been raised"); default:
    #: up to all sellable shares
    sell_only_needed: bool = False
    #: ``bankrupt`` is offered beside the sales (SOH EN: the president may decline to sell,
    #: and the company goes bankrupt); default: only when the sales cannot cover the rest
    bankrupt_by_choice: bool = False
    #: ``concede`` is offered beside the sales, and is this bankruptcy (1839 R-9.1: a player
    #: may concede at any time); default: not offered
    concession: bool = False
    #: treasury shares go to the pool one at a time, each at the :meth:`EmergencyRaise.
    #: sale_price` of the moment, the price moving one space left after each (1839 R-8.4.2;
    #: event ``emergency_sale`` per share); default: all at one price, then the sale's moves
    treasury_share_by_share: bool = False
    #: each company's shares are sold in one block, whose size keeps the rest of the
    #: shortfall within the other companies' sales (SOH rules=18xx-games: T's
    #: ``BuyTrain#can_sell?``, not again once sold in this purchase; EN "Forced train
    #: purchases": "if the sale of those shares would not raise enough money to buy the
    #: train, no sale takes place"); default: any number of sales of a company
    one_block_per_company: bool = False
    #: once the president has sold shares, ``bankrupt`` is offered only when nothing else
    #: is (SOH rules=18xx-games, T: "Player sold shares, a train must be purchased");
    #: default: as the sales leave it
    no_bankrupt_after_sale: bool = False

    def __post_init__(self) -> None:
        unknown = set(self.order) - set(SOURCES)
        if unknown:
            raise ValueError(f"unknown emergency money sources {sorted(unknown)}")
