"""Scenarios for the EN stock round: "Maximum number of certificates", the 60% cap of
"Buying shares", "Adjusting share price" (ledges) and "Change of presidency"."""

from __future__ import annotations

from soh_scenario import apply, fresh, give_private, legal, legal_of, move_price, start_company

from railhouse.engine.actions import BuyShares, Pass, SellShares
from railhouse.engine.entities import TREASURY
from railhouse.engine.shares import move_shares
from railhouse_soh.game import SteamOverHolland


def at_turn_of(game: SteamOverHolland, player: str) -> None:
    while game.acting_entity() != player:
        apply(game, Pass(entity=game.acting_entity() or ""))


def certificates(game: SteamOverHolland, player: str, count: int) -> None:
    """Give ``player`` ``count`` certificates: presidencies of AR and NCS and shares."""
    start_company(game, "AR", player, 65)
    start_company(game, "NCS", player, 65)
    rest = count - 2
    for company_id in ("AR", "NCS", "OSM"):
        company = game.companies[company_id]
        if not company.started:
            start_company(game, company_id, "p3", 65)
        take = min(rest, 4)
        move_shares(company, TREASURY, player, take)
        rest -= take


def test_certificate_limit_blocks_buying_en_maximum_number_of_certificates() -> None:
    game = fresh(players=4)  # limit 14
    certificates(game, "p1", 14)
    start_company(game, "NSM", "p2", 65)
    at_turn_of(game, "p1")
    assert legal(game, BuyShares) == []


def test_private_counts_toward_the_limit_en_maximum_number_of_certificates() -> None:
    game = fresh(players=4)
    certificates(game, "p1", 13)
    start_company(game, "NSM", "p2", 65)
    at_turn_of(game, "p1")
    assert legal(game, BuyShares)
    game = fresh(players=4)
    certificates(game, "p1", 13)
    start_company(game, "NSM", "p2", 65)
    give_private(game, "VES", "p1")
    at_turn_of(game, "p1")
    assert legal(game, BuyShares) == []


def test_over_the_limit_must_sell_down_en_maximum_number_of_certificates() -> None:
    """More certificates than the maximum: only sales are offered until back at it."""
    game = fresh(players=4)
    certificates(game, "p1", 14)
    give_private(game, "VES", "p1")
    at_turn_of(game, "p1")
    choices = game.legal_actions()
    assert choices and all(isinstance(c.action, SellShares) for c in choices)


def test_sixty_percent_cap_en_buying_shares() -> None:
    """"A player may not buy any more shares of a company if he already owns 5 of its
    certificates (60%)"."""
    game = fresh(players=4)
    start_company(game, "AR", "p2", 65, holdings={"p1": 6})  # 60%
    at_turn_of(game, "p1")
    assert not any(a.company == "AR" for a in legal_of(game, BuyShares))
    game = fresh(players=4)
    start_company(game, "AR", "p2", 65, holdings={"p1": 5})  # 50%: one more allowed
    at_turn_of(game, "p1")
    assert any(a.company == "AR" for a in legal_of(game, BuyShares))


def test_non_president_sale_stops_at_ledge_en_adjusting_share_price() -> None:
    """The EN example: OSM at 180 (non-president sale of 3) stops at 160."""
    game = fresh(players=4)
    osm = start_company(game, "OSM", "p2", 65, holdings={"p1": 3})
    move_price(game, "OSM", 180)
    game.round.started_this_round.discard("OSM")  # type: ignore[union-attr]
    at_turn_of(game, "p1")
    apply(game, SellShares(entity="p1", company="OSM", count=3))
    assert game.share_price(osm) == 160
    assert game.player("p1").cash == 300 + 3 * 180  # sold together at the old price


def test_president_sale_ignores_ledges_en_adjusting_share_price() -> None:
    """The EN example: Pete, president of AR at 160 holding 6, sells 3 -> 125."""
    game = fresh(players=4)
    ar = start_company(game, "AR", "p1", 65, holdings={"p1": 4})
    move_price(game, "AR", 160)
    at_turn_of(game, "p1")
    apply(game, SellShares(entity="p1", company="AR", count=3))
    assert game.share_price(ar) == 110  # 160 -> 140 -> 125 -> 110
    assert ar.president == "p1"


def test_president_selling_out_of_presidency_ignores_ledges_en_adjusting_share_price() -> None:
    """"If the selling player is not the president of the company whose shares are sold":
    the seller's standing before the sale decides.  p1, president of AR at 125 with 5
    shares, sells 3 and p2 (3 shares) takes over; the sale was the president's, so the
    price passes the ledge below 110: 125 -> 110 -> 100 -> 90."""
    game = fresh(players=4)
    ar = start_company(game, "AR", "p1", 65, holdings={"p1": 3, "p2": 3})
    move_price(game, "AR", 125)
    game.round.started_this_round.discard("AR")  # type: ignore[union-attr]
    at_turn_of(game, "p1")
    apply(game, SellShares(entity="p1", company="AR", count=3))
    assert ar.president == "p2" and ar.shares_of("p1") == 2
    assert game.share_price(ar) == 90
    assert game.player("p1").cash == 300 + 3 * 125


def test_presidency_passes_to_the_left_on_a_tie_en_change_of_presidency() -> None:
    """Selling below two tied players: the first to the president's left takes over."""
    game = fresh(players=4)
    ar = start_company(game, "AR", "p1", 65, holdings={"p1": 1, "p3": 2, "p0": 2})
    at_turn_of(game, "p1")
    apply(game, SellShares(entity="p1", company="AR", count=2))
    assert ar.president == "p3"  # p2 holds none; p3 comes before p0 going left of p1
    assert ar.percent_of("p3") == 20 and ar.percent_of("p1") == 10
