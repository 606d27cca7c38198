"""Steam Over Holland's auction and stock round (EN "Phase 1", "Stock round")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.entities import TREASURY, Company
from railhouse.engine.rounds.auction import SequentialBidAuction
from railhouse.engine.rounds.stock import StockRound
from railhouse.engine.shares import move_shares

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland

NRS_SHARE_PRIVATE = "KO"


def richest_seat(game: SteamOverHolland, holder: int) -> int:
    """EN Phase 1: the start card goes to the player with the most cash; on a tie that
    includes the holder, the holder keeps it; otherwise the first tied player to the
    holder's left gets it."""
    n = len(game.seats)
    best = max(p.cash for p in game.seats)
    for step in range(n):
        seat = (holder + step) % n
        if game.seats[seat].cash == best:
            return seat
    return holder


class SohAuction(SequentialBidAuction["SteamOverHolland"]):
    """EN "Phase 1": ascending order, minimum raise 5, start card moves left after each
    private, then goes to the richest player.

    18xx-games rule set (facts §11.2 "More T deviations"): the next private is opened by
    the player after the last opener, skipping for good a player who cannot afford any
    private left (``opener_skips_broke``); everybody passing on a private that is not the
    last ends the auction, the rest removed unsold (``all_pass_ends_auction``; T crashes
    when all pass on the last one, so that one is simply removed, as in EN); a tie for most
    cash goes to the first tied player counting from the first opener."""

    min_raise = 5
    opener_moves = True

    def __init__(self, game: SteamOverHolland, items: list[str], opener: int) -> None:
        self.first_opener = opener
        self.skip_broke_openers = game.ruleset.opener_skips_broke
        self.all_pass_ends = game.ruleset.all_pass_ends_auction
        super().__init__(game, items, opener)

    def on_sold(self, item: str, player: str, price: int) -> None:
        super().on_sold(item, player, price)
        if item == NRS_SHARE_PRIVATE:
            give_nrs_share(self.game, player)

    def on_unsold(self, item: str) -> None:
        """18xx-games rule set (``Ruleset.nrs_subsidy_unsold``): #7 dealt but never sold
        still makes NRS's start subsidised (its share stays in NRS's treasury)."""
        super().on_unsold(item)
        if item == NRS_SHARE_PRIVATE and self.game.ruleset.nrs_subsidy_unsold:
            self.game.nrs_subsidy_due = True

    def on_end(self) -> None:
        game = self.game
        # facts §11.2: 18xx.games gives a tie to the first tied player in its seating
        # order, which starts with the first opener
        holder = self.opener if game.ruleset.auction_tie_to_holder_left else self.first_opener
        game.priority = richest_seat(game, holder)


def give_nrs_share(game: SteamOverHolland, player: str) -> None:
    """EN "Notes on private companies": the buyer of private #7 also takes an NRS share."""
    move_shares(game.companies["NRS"], TREASURY, player, 1)
    game.nrs_subsidy_due = True
    game.event("nrs_share", {"player": player})


class SohStockRound(StockRound["SteamOverHolland"]):
    """EN "Stock round".  The sale's price move (EN "Adjusting share price": a sale not by
    the president stops at a ledge, the president being the seller's standing before the
    sale) is the core's ``sale_price_drop`` over the market's ledges."""

    rule = "SOH EN 'Stock round'"
    #: EN "End of the round": the start card goes to the player to the left of its holder
    #: (the optional rule is the variant plugin in ``priority_deal.py``)
    priority_deal = "to_left"

    def allow_sell(self, me: str, company: Company) -> bool:
        """EN "Selling shares": not a company started in this stock round.  Online edition
        (SUM "Selling", option ``sell_restriction``): not before the company operated.
        18xx-games rule set (facts §11.2 "Selling shares"): no sales at all in the first
        stock round, and after it no restriction on companies started this round."""
        game = self.game
        if self.game.online.sell_until_operated and company.operated_count == 0:
            return False
        if not game.ruleset.first_sr_sales and game.set_number <= 1:
            return False
        return (game.ruleset.sell_started_this_round
                or company.id not in self.started_this_round)

    def par_units(self) -> int:
        """EN "Starting a company": as many shares as the phase number."""
        return int(self.game.phase.name)

    def on_par(self, company: Company, price: int) -> None:
        """EN "Starting a company": the company floats at once (it holds the money)."""
        company.floated = True
        if company.id == "NRS":
            pay_nrs_subsidy(self.game, price)


def pay_nrs_subsidy(game: SteamOverHolland, par: int) -> None:
    """EN "Notes on private companies": when NRS starts, the bank pays its treasury the
    starting price for the share that came with private #7 (FAQ 5 example: 2 x 75 + 75).
    18xx.games pays it too (facts §11.2 "Private #7 subsidy to NRS", corrected
    2026-11-27); ``Ruleset.nrs_subsidy`` keeps the switch."""
    if game.nrs_subsidy_due and game.ruleset.nrs_subsidy:
        game.nrs_subsidy_due = False
        game.pay(game.bank, game.companies["NRS"], par)
        game.event("nrs_subsidy", {"amount": par})
