"""The dividend step: pay out or withhold the turn's revenue, then move the share price."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from railhouse.engine.actions import Dividend, LegalAction
from railhouse.engine.entities import POOL, TREASURY
from railhouse.engine.rounds.base import G
from railhouse.engine.steps.base import T, TurnStep


class DividendStep(TurnStep[G, T]):
    """Pay out or withhold the revenue the route step wrote to ``turn.revenue``; with no
    revenue the company withholds nothing without a decision.  Then the share price moves
    as the title's ``railhouse_price_moves_after_dividend`` says."""

    rule = "dividend"
    #: shares in the pool pay the company, like its treasury shares (1839 A-50); else
    #: nobody (SOH)
    pool_pays_company = False

    # -- override points ---------------------------------------------------------------
    def dividend_kinds(self) -> Sequence[str]:
        """The choices when there is revenue."""
        return ("payout", "withhold")

    def split(self, kind: str, revenue: int) -> tuple[int, int]:
        """(dividend per 10% share, amount to the treasury): a payout pays a tenth per
        share (any remainder is lost); a half payout keeps half the revenue, rounded down to
        a multiple of 10, and pays the rest out, a share's part rounded up (1839 R-8.3.C.3,
        A-12); a withhold keeps everything."""
        if kind == "payout":
            return revenue // 10, 0
        if kind == "half":
            return -(-revenue // 20), revenue // 20 * 10
        return 0, revenue

    def pay_holders(self, per_share: int) -> None:
        """The bank pays ``per_share`` per share to each player; shares in the company's
        treasury (and, with :attr:`pool_pays_company`, in the pool) pay the company; others
        (IPO, pool) pay nobody.  A holder of no share is paid nothing, not paid 0 (a
        payment of 0 changes nothing: only a payment moves the bank's cash, and each
        one notes a broken bank at once)."""
        game = self.game
        company = game.companies[self.entity]  # (self.company without the property call)
        bank, held = game.bank, company.ledger.held()  # percent by holder (shares_of)
        for player in game.seats:
            units = held.get(player.id, 0) // 10
            if units:
                game.pay(bank, player, per_share * units)
        own = held.get(TREASURY, 0) // 10
        if self.pool_pays_company:
            own += held.get(POOL, 0) // 10
        if own:
            game.pay(bank, company, per_share * own)

    def price_basis(self, kind: str, revenue: int, per_share: int) -> int:
        """The total the price-move hook judges (the revenue by default)."""
        return revenue

    def price_moved(self) -> None:
        """Called after the share price moved (e.g. to note a game end)."""

    # -- the step ------------------------------------------------------------------------
    def revenue(self) -> int:
        return self.turn.revenue

    def legal_actions(self) -> list[LegalAction]:
        if self.revenue() <= 0:
            return []
        return [LegalAction(Dividend(entity=self.entity, kind=kind))
                for kind in self.dividend_kinds()]

    def auto(self) -> bool:
        if self.revenue() <= 0:
            self.settle("withhold", 0)
            return True
        return False

    def process_dividend(self, action: Dividend) -> None:
        self.settle(action.kind, self.revenue())

    def settle(self, kind: str, revenue: int) -> None:
        game = self.game
        company = game.companies[self.entity]  # (self.company without the property call)
        per_share, to_treasury = self.split(kind, revenue)
        if to_treasury:
            game.pay(game.bank, company, to_treasury)
        if per_share:
            self.pay_holders(per_share)
        basis = self.price_basis(kind, revenue, per_share)
        moves = game.hooks.price_moves_after_dividend(game, company, kind, basis)  # its own
        move_after_operating(game.market_of(company), company.id, moves)
        self.price_moved()
        game.event("dividend", {"company": company.id, "kind": kind, "revenue": revenue,
                                "per_share": per_share, "moves": moves})
        self.done = True


def move_after_operating(market: Any, company: str, moves: Sequence[str]) -> None:
    """Make ``moves`` (directions, in order) as the move that ends the company's operating
    turn: runs of one direction move together, and the last run (or, with no move, a move
    of no cells) is the ``operated`` one (it re-stacks a face-down market's marker)."""
    if len(moves) < 2:  # (the usual one move or none: its run, without the runs' lists)
        market.move(company, moves[0] if moves else "up", len(moves), operated=True)
        return
    runs: list[list[Any]] = []
    for direction in moves:
        if runs and runs[-1][0] == direction:
            runs[-1][1] += 1
        else:
            runs.append([direction, 1])
    for index, (direction, steps) in enumerate(runs):
        market.move(company, direction, steps, operated=index == len(runs) - 1)
