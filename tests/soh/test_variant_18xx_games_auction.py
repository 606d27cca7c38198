"""The private auction under the 18xx-games rule set (EN "Phase 1"; facts §11.2 "More T
deviations", checked against the 18xx.games engine by the differential of issue 16)."""

from __future__ import annotations

import pytest

from railhouse.engine.actions import Bid, Par, Pass
from railhouse_soh.game import SteamOverHolland, new_game
from railhouse_soh.rounds import SohAuction

PRIVATES = ("KKI", "VES", "W", "RW", "KO")


def auction(rules: str, players: int = 3, start: int = 1) -> SteamOverHolland:
    return new_game([f"P{i}" for i in range(players)],
                    {"rules": rules, "privates": ",".join(PRIVATES[:players]),
                     "start_seat": start}, 1)


def act(game: SteamOverHolland, *moves: int | None) -> None:
    """Each move: a bid at the minimum (an int: extra over it) or a pass (None)."""
    for move in moves:
        me = game.acting_entity() or ""
        if move is None:
            game.apply(Pass(entity=me))
        else:
            bid = next(c for c in game.legal_actions() if isinstance(c.action, Bid))
            assert isinstance(bid.action, Bid)
            game.apply(Bid(entity=me, target=bid.action.target,
                           price=bid.ranges["price"].min + move))


@pytest.mark.parametrize("rules, closed", [("printed", ["KKI"]), ("18xx-games",
                                                                  ["KKI", "VES", "W"])])
def test_11_2_all_pass_on_a_private_EN_phase_1(rules: str, closed: list[str]) -> None:
    """EN: a private nobody bids on is removed and the next is auctioned; T: the auction
    ends there, the rest unsold (T crashes on the last private: that one is just removed)."""
    game = auction(rules)
    act(game, None, None, None)
    assert [p for p in ("KKI", "VES", "W") if game.privates[p].closed] == closed
    assert (game.round.kind == "auction") is (rules == "printed")  # type: ignore[union-attr]


@pytest.mark.parametrize("rules, richest", [("printed", 3), ("18xx-games", 0)])
def test_11_2_start_card_tie_after_the_auction_EN_phase_1(rules: str, richest: int) -> None:
    """Seats 0 and 3 tie for most cash; the start card is at seat 2 after the last
    private, the first auction was opened by seat 0.  EN: the first tied player to the
    holder's left (seat 3); T: the first tied player counting from the first opener."""
    game = auction(rules, players=4, start=0)
    round_ = game.round
    assert isinstance(round_, SohAuction)
    for player, cash in zip(game.seats, (300, 100, 100, 300), strict=True):
        player.cash = cash
    round_.opener = 2
    round_.on_end()
    assert game.priority == richest


def test_11_2_next_opener_skips_a_player_who_cannot_afford_any_EN_phase_1() -> None:
    """T: the next private is opened after the last opener, skipping for good a player who
    cannot pay any private left; EN: the start card moves one seat left after each."""
    for rules, expected in (("printed", 2), ("18xx-games", 0)):
        game = auction(rules, players=3, start=1)
        round_ = game.round
        assert isinstance(round_, SohAuction)
        game.seats[2].cash = 10  # seat 2 cannot afford any private
        act(game, 0, None, None)  # seat 1 opens and buys the first
        assert round_.opener == expected


@pytest.mark.parametrize("rules, nrs_cash", [("printed", 200), ("18xx-games", 300)])
def test_11_2_nrs_subsidy_for_an_unsold_ko_EN_notes_on_private_companies_7(
        rules: str, nrs_cash: int) -> None:
    """Nobody buys KO (#7).  EN: the subsidy pays for the NRS share that came with #7, so
    there is none.  T: its ``after_par`` pays for every dealt private with the share
    ability, sold or not (the differential, seed 5: NRS at par 80 held 240)."""
    game = new_game(["P0", "P1", "P2"], {"rules": rules, "privates": "KKI,VES,KO",
                                          "start_seat": 0}, 1)
    while game.round.kind == "auction":  # type: ignore[union-attr]
        act(game, None)
    assert game.privates["KO"].closed
    me = game.acting_entity() or ""
    game.apply(Par(entity=me, company="NRS", price=100))
    assert game.companies["NRS"].cash == nrs_cash
