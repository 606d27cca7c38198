"""Buying trains, forced purchases, bankruptcy (SOH EN).

Agreements between two parties (a company buying a private from another player, a train
from a company with another president) are the core's two-party agreements
(:mod:`railhouse.engine.agreements`): an offer by the buying company and a ``respond`` by the
other party; with one player on both sides (``BuyPrivate``, ``BuyTrain`` from a company of the
same president) no consent is asked.  Trains are bought in the core's buy-train step
(:mod:`railhouse.engine.steps.trains`) with SOH's prices, depot and forced-purchase rules; a
forced purchase raises its money with the core's emergency raise
(:mod:`railhouse.engine.emergency`), hosted by the step.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from railhouse.engine.emergency import EmergencyRaise, EmergencyRules
from railhouse.engine.entities import Company, Train
from railhouse.engine.privates import close_all_privates
from railhouse.engine.steps import BuyTrainStep as CoreBuyTrainStep
from railhouse.engine.steps.issues import issue_limit, issue_shares, may_issue
from railhouse.engine.trains import phase_for_train
from railhouse.engine.windup import wind_up
from railhouse_soh import routing
from railhouse_soh.stepbase import SohTurn
from railhouse_soh.variants.issues import issue_price_drop

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland


class BuyTrainStep(CoreBuyTrainStep["SteamOverHolland", SohTurn]):
    """EN "Purchasing trains", "Train costs", "Forced train purchases": the core's step.  A
    company without a train must buy one only when it has a route (EN "Forced train
    purchases"); the money is raised before the purchase (``hosts_raise``: the issue,
    then the president's cash and sales, :class:`ForcedPurchaseRaise`).  EN "Train costs"
    ("The presidents of both companies must agree on the price") says nothing of repeated
    offers; our reading, the core's default: a refused train, and its identical twins, is
    not offered again in the buyer's turn (as 1839 R-11.1 says), so a game always ends."""

    rule = "SOH EN 'Purchasing trains'"
    hosts_raise = True

    train_discount_percent = 10  # EN private #6 Werkspoor, the core's train_discount

    def discounted(self, train: Train) -> bool:
        """EN private #6: 10% off every train the owning company buys from the bank
        (18xx-games rule set: only 3-, 4- and 5-trains; facts §11.2 "Private #6")."""
        only = self.game.ruleset.discount_trains
        return only is None or train.name in only

    def bought_from_depot(self, train: Train) -> None:
        close_privates_on_purchase(self.game, train.name)

    def must_buy_without_train(self, cheapest: Train) -> bool:
        """EN "Forced train purchases": "... and has a valid route"."""
        return routing.has_route(self.game, self.company, cheapest)

    def emergency_raise(self, train_id: str, price: int) -> ForcedPurchaseRaise:
        return ForcedPurchaseRaise(self, price)


#: EN "Forced train purchases" as the core's emergency options: (a) the company issues
#: shares up to the normal limit (any number of issues, FAQ; ``may_issue`` limits T's), (b)
#: the president's cash, paid at the purchase, (c) the president may sell "the necessary
#: shares", never a president's certificate (EN "Selling shares"), or let the company go
#: bankrupt; when the sales cannot cover the rest, "no sale takes place" (bankruptcy only).
FORCED_PURCHASE = EmergencyRules(treasury_choice=True, repeat_issue=True,
                                 contribute_at_spend=True, keep_president_certificates=True,
                                 sell_only_needed=True, bankrupt_by_choice=True)
#: 18xx-games rule set: once the president has sold shares the train must be bought (T:
#: "Player sold shares, a train must be purchased") unless nothing else is left, and each
#: company's shares are sold in one block that keeps the train payable (T's
#: ``BuyTrain#can_sell?``; EN "if the sale of those shares would not raise enough money to
#: buy the train, no sale takes place")
FORCED_PURCHASE_T = replace(FORCED_PURCHASE, one_block_per_company=True,
                            no_bankrupt_after_sale=True)


class ForcedPurchaseRaise(EmergencyRaise):
    """The core emergency raise for the cheapest train, hosted by :class:`BuyTrainStep`;
    the step's ``BuyTrain`` spends the money (the president paying the balance)."""

    rule = "SOH EN 'Forced train purchases'"

    def __init__(self, step: BuyTrainStep, amount: int) -> None:
        rules = FORCED_PURCHASE_T if step.game.ruleset.no_close_after_sale else FORCED_PURCHASE
        super().__init__(step.game, step.company, amount, rules, sold=step.turn.emergency_sales)
        self.step = step

    def treasury_units(self) -> int:
        """The issue limit of EN "Sell or buy its own shares" (FAQ: cumulative in the turn,
        emergency issues count); the 18xx-games rule set allows no emergency issue after a
        voluntary one (``may_issue``) and no more shares than the shortfall needs (facts
        §11.2 "Emergency issue")."""
        step = self.step
        rules = step.game.ruleset.issues
        if not may_issue(rules, step.turn, emergency=True):
            return 0
        limit = issue_limit(step.game, self.company, rules, step.turn.issued)
        if step.game.ruleset.emergency_issue_capped:  # T: no more shares than needed
            limit = min(limit, self.units_needed(self.company, self.shortfall()))
        return limit

    def sell_treasury(self, count: int) -> None:
        game, turn = self.step.game, self.step.turn
        price_steps = issue_price_drop(game, self.company, turn.issued, count)
        issue_shares(game, self.company, count, turn, price_steps)

    def raised(self) -> None:
        """Nothing to do: the step now offers the ``BuyTrain``."""

    def bankrupt(self) -> None:
        bankrupt_company(self.step.game, self.company)
        self.step.done = True


def close_privates_on_purchase(game: SteamOverHolland, train_name: str) -> None:
    """Online edition (SUM "Private Companies", option ``privates_close``): "When the first
    5 train is bought, all private companies close" at once, not when phase 5 begins at
    the end of the turn (EN).  The purchase itself still gets private #6's discount."""
    index = phase_for_train(game.config, train_name)
    if (not game.online.privates_close_on_purchase or index is None
            or index <= game.phase_index
            or "close_privates" not in game.config.phases[index].events):
        return
    close_all_privates(game, "first 5 train")


def bankrupt_company(game: SteamOverHolland, company: Company) -> None:
    """EN "Bankruptcy": tokens removed (the home spot is freed), shares worthless and
    removed, treasury to the bank, the president's own cash untouched (the core's
    ``wind_up``)."""
    wind_up(game, company, certificates_to="removed", reason="bankruptcy")
    company.closed = True
    game.event("company_bankrupt", {"company": company.id})
