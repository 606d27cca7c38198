"""Emergency money raising (R-8.4), player bankruptcy and concession (R-9), nationalisation
(R-14.7.2).

Emergency money raising is the core mechanism (:mod:`railhouse.engine.emergency`) with
1839's rules in :class:`RaiseDecider`: ``raise_money`` makes a company able to pay
``amount``: it sells treasury shares to the Bank Pool first (automatic, one at a time at the
sale price of R-7.2.4, the price moving left per share, no more than needed, R-8.4.2/R-8.4.5),
then its director contributes; a director short of cash keeps it and sells shares one sale at
a time under the normal rules (R-8.4.4, a pending decision; the redemption offer of R-7.4.1
comes first), never more shares of a company than the rest needs at the sale price
(§8.4.1), and pays the whole difference once it is covered; they are bankrupt when
nothing sellable is left (R-8.4.6).  ``player_owes`` is the same for a player's own debt (the
RH charge, R-8.1.2): only their sales.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.emergency import EmergencyRaise, EmergencyRules, Later, start_raise
from railhouse.engine.entities import IPO, POOL, Company
from railhouse.engine.privates import update_private
from railhouse.engine.shares import president_cert
from railhouse.engine.windup import wind_up
from railhouse_m1839.mapdata import NS
from railhouse_m1839.shares import max_sellable, sale_price, sell

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839

#: R-8.4.3/R-8.4.5: the director pays once the whole difference is raised, and is offered
#: no more shares of a company than the rest needs at the R-7.2.4 sale price (§8.4.1
#: "cannot sell additional shares once enough money has been raised"); R-8.4.6: bankrupt
#: only after selling everything sellable; R-9.1: the seller may concede instead; R-8.4.2:
#: treasury shares are sold one at a time at the sale price, the price moving left
RULES = EmergencyRules(contribute_in_full=True, sell_until_exhausted=True,
                       sell_only_needed=True, concession=True, treasury_share_by_share=True)


def raise_money(game: M1839, company: Company, amount: int, pay: Later,
                on_bankrupt: Later | None = None) -> None:
    """Call ``pay`` once ``company`` holds ``amount`` (R-8.4.1-R-8.4.5).  ``pay`` and
    ``on_bankrupt`` are continuations (the core's ``Later``: never closures, clones copy
    them)."""
    start_raise(RaiseDecider(game, company, amount, pay, on_bankrupt))


def player_owes(game: M1839, player_id: str, need: int, then: Later) -> None:
    """Call ``then`` once ``player_id`` has ``need`` in cash (R-8.4.4)."""
    start_raise(RaiseDecider(game, None, need, then, debtor=player_id))


class RaiseDecider(EmergencyRaise):
    """R-8.4 on the core mechanism: ``company`` (or the ``debtor`` player) must hold
    ``amount``.  The selling player may not change the directorship of the company raising
    the money and sells no director's certificate (R-8.4.4); they may concede instead
    (R-9.1, the core's ``concession``: this bankruptcy); ``on_bankrupt`` runs before the
    bankruptcy (R-9.7)."""

    rule = "1839 R-8.4.4"

    def __init__(self, game: M1839, company: Company | None, amount: int, pay: Later,
                 on_bankrupt: Later | None = None, *, debtor: str | None = None) -> None:
        super().__init__(game, company, amount, RULES, debtor=debtor, then=pay)
        self.on_bankrupt = on_bankrupt

    game: M1839

    @property
    def need(self) -> int:
        """The cash that player must hold before paying (R-8.4.3 / R-8.4.4)."""
        return self.amount if self.debtor is not None else self.shortfall()

    # -- the core's knobs --------------------------------------------------------------
    def bankrupt(self) -> None:
        if self.on_bankrupt is not None:
            self.on_bankrupt()
        go_bankrupt(self.game, self.president)

    def sellable(self, company: Company) -> int:
        if company.closed or not company.started:
            return 0
        protect = self.debtor is None and company is self.company
        return max_sellable(self.game, self.president, company, keep_director=protect)

    def sale_price(self, company: Company) -> int:
        """R-7.2.4: the price a share sells for (left of the market price until the company
        has operated since it floated)."""
        return sale_price(self.game, company)

    def sell_shares(self, company: Company, count: int) -> None:
        """A normal sale (R-7.2.6): the redemption decision comes first (R-7.4.1)."""
        sell(self.game, self.president, company, count, self.resume)

    def resume(self) -> None:
        if self in self.game.pending:
            self.after_sale()


def go_bankrupt(game: M1839, player_id: str) -> None:
    """R-9.2-R-9.6, R-9.8, R-9.9 (bankruptcy and concession alike; R-9.7 is the caller's
    ``on_bankrupt``)."""
    player = game.player(player_id)
    if player.bankrupt:
        return
    player.bankrupt = True
    game.event("bankrupt", {"player": player_id})
    for private in game.privates.values():
        if private.owner == player_id and not private.closed:
            update_private(game, private.id, closed=True)  # discarded, no closure powers
            game.event("private_discarded", {"private": private.id})
    if game.dru_holder == player_id:
        game.dru_holder = None
        game.dru_train = None
    for company in list(game.companies.values()):
        if company.closed or not company.started:
            continue
        if company.president == player_id and company.floated:
            nationalise(game, company, voluntary=False)
        elif company.president == player_id:
            _hand_back_unfloated(game, company, player_id)
    _sell_everything(game, player_id)
    game.pay(player, game.bank, player.cash)
    game.cards.remove(player_id)
    if len(game.active_players()) <= 1:
        game.end_game("one_player_left")
        return
    from railhouse_m1839.trains import extra_discards

    extra_discards(game)


def _sell_everything(game: M1839, player_id: str) -> None:
    """R-9.4 / R-9.5: every remaining share is sold to the Bank Pool under the normal rules:
    sale price R-7.2.4, and each floated company's director is offered the redemption of the
    shares just sold (R-7.4.1) before the price moves.  When the bankruptcy ends the game
    (R-9.9) nobody is asked: the shares go to the pool with the price moves."""
    ending = len(game.active_players()) <= 1
    for company in game.companies.values():
        ledger = company.ledger
        if player_id not in ledger.owners:
            continue
        count = sum(1 for owner, president in zip(ledger.owners, ledger.presidents, strict=True)
                    if owner == player_id and not president)
        if count == 0:
            continue
        if ending or company.id not in game.market_of(company).positions:
            for cert in company.certs:
                if cert.owner == player_id:
                    cert.owner = POOL
            if company.id in game.market_of(company).positions:
                game.market_of(company).move(company.id, "left", count)
            continue
        sell(game, player_id, company, count)


def _hand_back_unfloated(game: M1839, company: Company, player_id: str) -> None:
    """R-9.4 (A-25): another player with >= 2 shares takes the director's certificate;
    otherwise it returns to the IPO for two IPO shares that go to the pool."""
    rivals = [p for p in game.cards.rotation_after(player_id) if company.shares_of(p) >= 2]
    if rivals:
        best = max(rivals, key=lambda p: (company.shares_of(p), -rivals.index(p)))
        from railhouse.engine.shares import exchange_presidency

        exchange_presidency(company, player_id, best)
        company.president = best
        game.event("president", {"company": company.id, "old": player_id, "new": best})
        return
    president_cert(company).owner = IPO
    swapped = [c for c in company.certs if c.owner == IPO and not c.president][:2]
    for cert in swapped:
        cert.owner = player_id  # then sold to the pool with the rest
    company.president = None


def nationalise(game: M1839, company: Company, *, voluntary: bool) -> None:
    """R-14.7.2: cash to the bank, certificates to the supply unpaid, NS markers for its
    markers, trains and privates discarded (the core's ``wind_up``); a Major is gone for
    good, a Local can be parred again (R-14.7.3).  A voluntary director may not par in the
    next SR (R-14.7.4)."""
    if voluntary and company.president is not None:
        game.barred_from_par.add(company.president)
    game.event("nationalised", {"company": company.id, "voluntary": voluntary})
    wind_up(game, company, certificates_to=IPO, reason="nationalised", tokens_to=NS)
    from railhouse_m1839.closures import on_company_nationalised

    on_company_nationalised(game, company, voluntary)
    game.reset_company(company)
