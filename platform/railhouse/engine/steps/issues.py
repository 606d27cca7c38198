"""A company issuing (selling) its own treasury shares to the market, and buying them back.

SOH EN "Sell or buy its own shares" (the 18xx.games engine's ``IssueShares`` step): in its
turn a company sells treasury shares to the market, at most as many as the players hold
together and keeping the market within its limit, at the current price; or buys its own
shares back from the market at the current price (no price change).  The limits between
rule sets are data (:class:`IssueRules`); the price move of an issue is the step's
override point :meth:`ShareIssueStep.price_drop`.  The turn remembers the shares issued and
the actions taken (``TurnState.issued``, ``issue_actions``, ``buy_backs``), so the limit is
cumulative over the turn (SOH FAQ) and an emergency issue (:mod:`railhouse.engine.emergency`)
counts too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from railhouse.engine.actions import Action, BuyBackShares, IssueShares, LegalAction, Pass, Range
from railhouse.engine.entities import POOL, TREASURY, Company
from railhouse.engine.rounds.base import G
from railhouse.engine.shares import buyback_limit, move_shares
from railhouse.engine.steps.base import T, TurnStep
from railhouse.engine.turnstate import TurnState

if TYPE_CHECKING:
    from railhouse.engine.game import Game


@dataclass(frozen=True, slots=True)
class IssueRules:
    """How often and how far a company may issue and buy back in one turn.

    ``per_turn``: issue and buy-back actions together per turn (None: any number within
    the cumulative limit; 18xx.games' SOH: one).  ``buy_back_after_issue``: a buy-back
    after an issue in the same turn.  ``emergency_after_issue``: an emergency issue
    (forced train purchase) after a voluntary issue that turn (a buy-back does not count).
    ``pool_share_cap``: an issue leaves at most this many shares in the market (None: the
    title's pool limit in percent)."""

    per_turn: int | None = None
    buy_back_after_issue: bool = True
    emergency_after_issue: bool = True
    pool_share_cap: int | None = None


def may_issue(rules: IssueRules, turn: TurnState, emergency: bool = False) -> bool:
    """Whether another issue action fits this turn."""
    if emergency:
        return rules.emergency_after_issue or turn.issue_actions == 0
    return rules.per_turn is None or share_deals(turn) < rules.per_turn


def may_buy_back(rules: IssueRules, turn: TurnState) -> bool:
    """Whether a buy-back fits this turn."""
    if rules.per_turn is not None and share_deals(turn) >= rules.per_turn:
        return False
    return rules.buy_back_after_issue or not turn.issued


def share_deals(turn: TurnState) -> int:
    """Issue and buy-back actions taken this turn."""
    return turn.issue_actions + turn.buy_backs


def issue_limit(game: Game, company: Company, rules: IssueRules, already: int) -> int:
    """Shares ``company`` may still issue this turn, ``already`` issued (the limit is
    cumulative): no more than the players hold together, the treasury's ordinary shares,
    and the room the market has (``pool_share_cap`` shares, else the pool limit)."""
    players, treasury = _issuable(game, company)
    if rules.pool_share_cap is not None:
        room = rules.pool_share_cap - company.shares_of(POOL)
    else:
        limit = game.config.pool_limit_percent or 100
        room = (limit - company.percent_of(POOL)) // 10
    return max(0, min(players - already, treasury, room))


#: the key of :func:`_issuable`'s answer in a ledger's derived memo
_ISSUABLE = ("issues.issuable",)


def _issuable(game: Game, company: Company) -> tuple[int, int]:
    """(the 10% shares all players hold together, the ordinary certificates in the
    treasury) of ``company``: facts of its certificates alone (the seats are fixed for
    the game), so remembered in its ledger's derived memo, which every change to the
    certificates empties (``ShareLedger.derived``)."""
    memo = company.ledger.derived()
    answer: tuple[int, int] | None = memo.get(_ISSUABLE)
    if answer is None:
        answer = memo[_ISSUABLE] = fresh_issuable(game, company)
    return answer


def fresh_issuable(game: Game, company: Company) -> tuple[int, int]:
    """What :func:`_issuable` remembers, counted now."""
    ledger = company.ledger
    held = ledger.held()
    players = 0
    for seat in game.seats:
        players += held.get(seat.id, 0) // 10
    owners, presidents = ledger.owners, ledger.presidents
    treasury = owners.count(TREASURY)  # less the president's certificate if it is there
    if treasury and True in presidents and owners[presidents.index(True)] == TREASURY:
        treasury -= 1
    return players, treasury


def issue_shares(game: Game, company: Company, count: int, turn: TurnState,
                 price_steps: int) -> None:
    """``company`` sells ``count`` treasury shares to the market at the current price; the
    price then moves ``price_steps`` down; the turn counts the shares and the action."""
    price = game.share_price(company)
    move_shares(company, TREASURY, POOL, count)
    game.pay(game.bank, company, price * count)
    game.market_of(company).move(company.id, "down", price_steps)
    turn.issued += count
    turn.issue_actions += 1
    game.event("issue", {"company": company.id, "count": count, "price": price})


def buy_back_shares(game: Game, company: Company, count: int) -> None:
    """``company`` buys ``count`` of its shares back from the market at the current price
    (no price change; SOH EN "Sell or buy its own shares", 1839 R-7.4.5)."""
    price = game.share_price(company)
    game.pay(company, game.bank, price * count)
    move_shares(company, POOL, TREASURY, count)
    game.event("buy_back", {"company": company.id, "count": count, "price": price})


class ShareIssueStep(TurnStep[G, T]):
    """Issue shares or buy them back, one of the two per step (SOH EN "Sell or buy its
    own shares": our reading of the heading), or pass.

    Override points: :meth:`issue_rules` (the limits, :class:`IssueRules`),
    :meth:`price_drop` (the price move of an issue), :meth:`open_now` (whether the step
    offers anything at this moment).  The choices are :meth:`limits`, listed by
    :meth:`legal_actions` and judged without the listing by :meth:`auto`."""

    rule = "sell or buy its own shares"
    #: settling that looks ahead leaves the question "is anything open?" to the listing
    #: that follows (``Step.open_if_chosen``): :meth:`auto` decides exactly what the
    #: listing shows and changes nothing while the step is open, so an open step's limits
    #: are worked out once, by the listing, not also by :meth:`auto` before it
    open_if_chosen = True

    def issue_rules(self) -> IssueRules:
        return IssueRules()

    def price_drop(self, already: int, count: int) -> int:
        """Steps down the price moves when ``count`` shares follow ``already`` issued this
        turn: one per share by default (as a sale)."""
        return count

    def open_now(self) -> bool:
        return True

    def issue(self, count: int) -> None:
        """Issue ``count`` shares (also the emergency issue of a forced purchase)."""
        turn = self.turn
        issue_shares(self.game, self.company, count, turn, self.price_drop(turn.issued, count))

    def limits(self) -> tuple[int, int]:
        """(the most shares the company may issue now, the most it may buy back now);
        0 where it may not."""
        if not self.open_now():
            return 0, 0
        rules, turn, company = self.issue_rules(), self.turn, self.company
        top = issue_limit(self.game, company, rules, turn.issued)
        if top > 0 and not may_issue(rules, turn):
            top = 0
        back = buyback_limit(self.game, company)
        if back > 0 and not may_buy_back(rules, turn):
            back = 0
        return top, back

    def open_choice(self, action: Action) -> Action | None:
        """Only an issue or a buy-back can prove the step open: any other action says
        nothing (``auto()`` is asked), judged without validating it here, which for
        another step's action (a lay, a token) would list this step's choices and fail."""
        if not isinstance(action, IssueShares | BuyBackShares):
            return None
        return super().open_choice(action)

    def auto(self) -> bool:
        """Done without a decision when the company may neither issue nor buy back,
        known from :meth:`limits` without listing the choices (the set is listed when it
        is asked for, not also here: ``Step.auto``)."""
        if (type(self).legal_actions is not ShareIssueStep.legal_actions
                or self.game.known_legal(self) is not None):
            return super().auto()  # (a listing at this position answers it: a deferred step's)
        if self.limits() == (0, 0):
            self.done = True
        return self.done

    def legal_actions(self) -> list[LegalAction]:
        top, back = self.limits()
        legal = []
        if top > 0:
            legal.append(LegalAction(IssueShares(entity=self.entity, count=1),
                                     {"count": Range(1, top)}))
        if back > 0:
            legal.append(LegalAction(BuyBackShares(entity=self.entity, count=1),
                                     {"count": Range(1, back)}))
        if legal:
            legal.append(LegalAction(Pass(entity=self.entity)))
        return legal

    def process_issue_shares(self, action: IssueShares) -> None:
        self.issue(action.count)
        self.done = True

    def process_buy_back_shares(self, action: BuyBackShares) -> None:
        buy_back_shares(self.game, self.company, action.count)
        self.turn.buy_backs += 1
        self.done = True
