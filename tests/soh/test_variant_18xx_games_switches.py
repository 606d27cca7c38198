"""The remaining 18xx-games switches (facts §11.2), each in a built position under both
rule sets: the test names the §11.2 row and the EN section it departs from."""

from __future__ import annotations

from dataclasses import replace

import pytest
from soh_scenario import (
    BREDA_ANTWERPEN,
    apply,
    ar_buying,
    depot_buys,
    fresh,
    give_private,
    give_trains,
    home_token,
    lay,
    legal_of,
    operate,
    set_cash,
    set_phase,
    start_company,
    to_step,
)

from railhouse.engine.actions import (
    Bankrupt,
    BuyTrain,
    IssueShares,
    LayTile,
    Par,
    Pass,
    SellShares,
)
from railhouse.engine.entities import POOL, TREASURY
from railhouse.engine.rounds.stock import StockRound
from railhouse.engine.shares import move_shares
from railhouse.engine.steps.issues import issue_limit
from railhouse.map.tokens import TokenOptions
from railhouse_soh.game import SteamOverHolland
from railhouse_soh.rounds import give_nrs_share
from railhouse_soh.steps import TokenStep
from railhouse_soh.track import TrackStep
from railhouse_soh.trainbuy import BuyTrainStep

RULES = ("printed", "18xx-games")


@pytest.mark.parametrize("rules, during", [("printed", "2"), ("18xx-games", "3")])
def test_11_2_phase_change_at_once_EN_phases(rules: str, during: str) -> None:
    """EN: the phase begins at the end of the buying company's turn; T: on purchase."""
    game = ar_buying("2", rules=rules)
    apply(game, BuyTrain(entity="AR", train="3-0", price=200))
    assert game.phase.name == during
    apply(game, Pass(entity="AR"))
    assert game.phase.name == "3"


@pytest.mark.parametrize("rules, rusted_at_once", [("printed", False), ("18xx-games", True)])
def test_11_2_rusting_at_once_EN_phases(rules: str, rusted_at_once: bool) -> None:
    game = ar_buying("3", ("2", "3"), rules=rules)
    start_company(game, "NCS", "p1", 100)
    give_trains(game, "NCS", ["2", "2"])
    apply(game, BuyTrain(entity="AR", train="4-0", price=300))
    assert (game.companies["NCS"].trains == []) is rusted_at_once
    apply(game, Pass(entity="AR"))
    assert game.companies["NCS"].trains == []


def track_turn(rules: str) -> SteamOverHolland:
    game: SteamOverHolland = fresh(rules=rules)
    set_phase(game, "3")
    start_company(game, "AR", "p0", 100, cash=500)
    home_token(game, "AR", "J7")
    operate(game, "AR")
    to_step(game, TrackStep)
    return game


@pytest.mark.parametrize("rules, may_upgrade", [("printed", True), ("18xx-games", False)])
def test_11_2_no_lay_and_upgrade_of_one_hex_EN_replacing_tiles(
        rules: str, may_upgrade: bool) -> None:
    """EN "Replacing tiles": a yellow tile may be upgraded in the turn it was placed;
    T: the second lay of a turn may not use a hex laid that turn."""
    game = track_turn(rules)
    apply(game, LayTile(entity="AR", hex="J7", tile="57", rotation=0))
    lays = {(a.hex, a.tile) for a in legal_of(game, LayTile)}
    assert (("J7", "14") in lays) is may_upgrade
    assert any(hex_id != "J7" for hex_id, _ in lays)  # other hexes stay open
    if not may_upgrade:
        with pytest.raises(ValueError, match="Laying track"):
            game.apply(LayTile(entity="AR", hex="J7", tile="14", rotation=0))


@pytest.mark.parametrize("rules, allowed", [("printed", True), ("18xx-games", False)])
def test_11_2_no_selling_in_the_first_stock_round_EN_selling_shares(
        rules: str, allowed: bool) -> None:
    game = fresh(rules=rules)
    company = start_company(game, "AR", "p0", 100, holdings={"p1": 2})
    assert game.set_number == 1
    assert isinstance(game.round, StockRound)
    assert game.round.allow_sell("p1", company) is allowed


@pytest.mark.parametrize("rules, allowed", [("printed", False), ("18xx-games", True)])
def test_11_2_selling_a_company_started_this_round_EN_selling_shares(
        rules: str, allowed: bool) -> None:
    game = fresh(rules=rules)
    game.set_number = 2
    company = start_company(game, "AR", "p0", 100, holdings={"p1": 2})
    stock_round = game.round
    assert isinstance(stock_round, StockRound)
    stock_round.started_this_round.add("AR")
    assert stock_round.allow_sell("p1", company) is allowed
    stock_round.started_this_round.discard("AR")
    assert stock_round.allow_sell("p1", company)


@pytest.mark.parametrize("rules, left_after_six", [("printed", 6), ("18xx-games", 0)])
def test_11_2_one_shared_6_3e_stack_EN_available_trains(rules: str, left_after_six: int) -> None:
    """EN: six 6-trains and six 3E-trains; T: one stack of six, each a 6 or a 3E."""
    game = ar_buying("5", ("5",), cash=5000, rules=rules)
    apply(game, BuyTrain(entity="AR", train="6-0", price=500))
    names = [t.name for t in game.depot.trains]
    assert names.count("6") == 5
    assert names.count("3E") == (6 if rules == "printed" else 5)
    for train in [t for t in game.depot.trains if t.name == "6"]:
        taken = game.depot.take(train.id)
        game.depot.take_twin(taken.name)
    assert [t.name for t in game.depot.trains].count("3E") == left_after_six


@pytest.mark.parametrize("rules", RULES)
def test_11_2_nrs_subsidy_paid_EN_notes_on_private_companies_7(rules: str) -> None:
    """EN: when NRS starts, the bank pays it the price of private #7's share.  18xx.games
    pays it too (its generic after_par; the differential of issue 16 showed NRS at par 75
    with 2 shares holding 225, and facts §11.2 was corrected)."""
    game = fresh(rules=rules)
    me = game.acting_entity() or ""
    give_private(game, "KO", me)
    give_nrs_share(game, me)
    apply(game, Par(entity=me, company="NRS", price=100))
    assert game.companies["NRS"].cash == 300


@pytest.mark.parametrize("rules, two_price", [("printed", 90), ("18xx-games", 100)])
def test_11_2_werkspoor_discount_only_on_3_4_5_EN_private_6(rules: str, two_price: int) -> None:
    game = ar_buying("2", sold_out=False, rules=rules)
    give_private(game, "W", "AR")
    assert depot_buys(game) == {"2": two_price}
    game = ar_buying("2", rules=rules)
    give_private(game, "W", "AR")
    assert depot_buys(game) == {"3": 180}  # 10% off 200 under both


@pytest.mark.parametrize("rules, free_here", [("printed", True), ("18xx-games", False)])
def test_11_2_rw_free_token_not_in_amsterdam_EN_notes_on_private_companies_5(
        rules: str, free_here: bool) -> None:
    """EN: private #5's free token goes in any city; T: only in the ten large cities
    outside Amsterdam (F9).  The step offers the free token only where this allows."""
    game = fresh(rules=rules)
    step = TokenStep(game, "AR")
    assert step.free_token_allowed("F9") is free_here
    assert step.free_token_allowed("I6")  # the ten other large cities: both


@pytest.mark.parametrize("rules, room", [("printed", 3), ("18xx-games", 5)])
def test_11_2_issue_limit_counts_pool_shares_EN_sell_or_buy_its_own_shares(
        rules: str, room: int) -> None:
    """EN: the market may hold at most the pool limit after an issue; T: ``5 - pool
    shares``.  They agree at the printed 50%; a title with a 30% pool shows the switch."""
    game = fresh(rules=rules)
    company = start_company(game, "AR", "p0", 100, holdings={"p1": 3})
    # 5 held by players, 5 in the treasury
    assert issue_limit(game, company, game.ruleset.issues, 0) == 5
    game.config = replace(game.config, pool_limit_percent=30)
    assert issue_limit(game, company, game.ruleset.issues, 0) == room


@pytest.mark.parametrize("rules, one_per", [("printed", "city"), ("18xx-games", "hex")])
def test_11_2_one_token_per_company_per_hex_EN_placing_a_company_token(
        rules: str, one_per: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """EN forbids two tokens of a company in one city; 18xx.games in one hex (facts §11.2
    "Tokens on one hex": no second token on Amsterdam's other station).  The core's
    token search applies the limit (``TokenOptions.one_per``, tested with 1839's hexes)."""
    import railhouse.engine.steps.tokens as tokens

    seen: list[str] = []

    def spy(board: object, op: object, opts: TokenOptions) -> list[object]:
        seen.append(opts.one_per)
        return []

    monkeypatch.setattr(tokens, "legal_token_placements", spy)
    game = fresh(rules=rules)
    start_company(game, "AR", "p0", 100)
    home_token(game, "AR", "J7")
    game.companies["AR"].operated_count = 1
    operate(game, "AR")
    TokenStep(game, "AR").legal_actions()
    assert seen == [one_per]


def test_11_2_semi_restrictive_upgrades_EN_laying_track() -> None:
    """EN: an upgrade must connect to the company's route.  18xx.games (facts §11.2 "More
    T deviations", "Upgrades"): it must also add track the company's network walks, or
    change a stop's value.  AR runs Breda J7 - K6 (straight #9) - Antwerpen L5: on K6 a
    crossing (#20) or a branch off the Antwerpen end (rotation 0) adds only track AR could
    reach by reversing at a hex side or through the off-board; a branch off the Breda end
    (rotation 3) adds usable track; J7's city upgrades change its value."""
    found = {}
    for rules in RULES:
        game = fresh(rules=rules)
        set_phase(game, "3")
        start_company(game, "AR", "p0", 100)
        home_token(game, "AR", "J7")
        lay(game, BREDA_ANTWERPEN)
        game.companies["AR"].operated_count = 1
        operate(game, "AR")
        to_step(game, TrackStep)
        found[rules] = {(a.hex, a.tile, a.rotation) for a in legal_of(game, LayTile)
                        if a.hex in ("J7", "K6")}
    rejected = {("K6", "20", 0), ("K6", "23", 0), ("K6", "24", 0), ("K6", "27", 0)}
    assert found["18xx-games"] == found["printed"] - rejected
    assert {("K6", "23", 3), ("K6", "27", 3), ("J7", "14", 0)} <= found["18xx-games"]


@pytest.mark.parametrize("rules, must_buy", [("printed", False), ("18xx-games", True)])
def test_11_2_town_makes_a_route_for_the_forced_purchase_EN_forced_train_purchases(
        rules: str, must_buy: bool) -> None:
    """AR's track runs from Breda (J7) to the town Tilburg (J9) only.  EN: a route cannot
    end in a town, so AR has no valid route and need not buy a train; 18xx.games counts
    the town as a stop (facts §11.2 "Towns as stops for the forced purchase")."""
    game = fresh(rules=rules)
    start_company(game, "AR", "p0", 100, cash=150)
    home_token(game, "AR", "J7")
    lay(game, (("J7", "57", 1), ("J9", "3", 0)))
    operate(game, "AR")
    to_step(game, BuyTrainStep)
    assert (not legal_of(game, Pass)) is must_buy


@pytest.mark.parametrize("rules, most", [("printed", 3), ("18xx-games", 1)])
def test_11_2_emergency_issue_capped_at_the_shortfall_EN_forced_train_purchases(
        rules: str, most: int) -> None:
    """AR (90 in the treasury, price 100 after its first-OR drop: 90) needs 10 more for a
    2-train.  EN: it may issue up to the normal limit (3 shares held by players); 18xx.games:
    no more shares than the shortfall needs (one)."""
    game = fresh(rules=rules)
    start_company(game, "AR", "p0", 100, holdings={"p1": 1}, cash=90)
    home_token(game, "AR", "J7")
    lay(game, BREDA_ANTWERPEN)
    operate(game, "AR")
    to_step(game, BuyTrainStep)
    (issue,) = [c for c in game.legal_actions() if isinstance(c.action, IssueShares)]
    assert issue.ranges["count"].max == most


@pytest.mark.parametrize("rules, bonus", [("printed", 0), ("18xx-games", 100)])
def test_11_2_private_face_value_in_the_final_score_EN_end_of_the_game(
        rules: str, bonus: int) -> None:
    """18xx.games adds the face value of privates still held to a player's worth (facts
    §11.2 "Player value at the end"); EN counts cash and shares."""
    game = fresh(rules=rules)
    before = list(game.hooks.final_scores(game))
    give_private(game, "W", "p0")  # #6, face value 100
    after = list(game.hooks.final_scores(game))
    assert after[0] - before[0] == bonus


@pytest.mark.parametrize("rules, may_close", [("printed", True), ("18xx-games", False)])
def test_11_2_no_bankruptcy_after_the_presidents_sale_EN_forced_train_purchases(
        rules: str, may_close: bool) -> None:
    """AR needs 200 for a 3-train; p0 (20 in cash) sells one of three NSM shares.  EN: he
    may still let AR go bankrupt instead of selling on; 18xx.games: "Player sold shares, a
    train must be purchased" (facts §11.2 "Forced train purchase"), and the shares of one
    company are sold in one block."""
    game = fresh(rules=rules)
    set_phase(game, "3")
    start_company(game, "AR", "p0", 100, cash=0)
    move_shares(game.companies["AR"], TREASURY, POOL, 5)
    home_token(game, "AR", "J7")
    lay(game, BREDA_ANTWERPEN)
    start_company(game, "NSM", "p1", 100, {"p0": 3})
    start_company(game, "OSM", "p1", 100, {"p0": 2})
    set_cash(game, game.player("p0"), 20)
    operate(game, "AR")
    to_step(game, BuyTrainStep)
    assert legal_of(game, Bankrupt)
    apply(game, SellShares(entity="p0", company="NSM", count=1))
    assert bool(legal_of(game, Bankrupt)) is may_close
    sellable = {a.company for a in legal_of(game, SellShares)}
    assert sellable == ({"NSM", "OSM"} if may_close else {"OSM"})  # T: one block each


@pytest.mark.parametrize("rules, for_sale", [("printed", False), ("18xx-games", True)])
def test_11_2_discarded_trains_back_in_the_depot_EN_number_of_trains(
        rules: str, for_sale: bool) -> None:
    """A 3-train discarded over the limit: EN removes it from the game; 18xx.games puts
    it back in the depot, for sale at its price (facts §11.2 "Discarded trains")."""
    from railhouse.engine.actions import DiscardTrain

    game = ar_buying("3", rules=rules)  # 3-trains sold out: 4-trains on sale
    nsm = start_company(game, "NSM", "p1", 100)
    (three,) = give_trains(game, "NSM", ["3"])
    decider = game.discard_decider(nsm)
    game.pending.append(decider)
    decider.process_discard_train(DiscardTrain(entity="NSM", train=three.id))  # type: ignore[attr-defined]
    assert decider not in game.pending
    step = game.round.current_step()  # type: ignore[union-attr]
    assert isinstance(step, BuyTrainStep)
    offered = {c.action.train for c in step.legal_actions()
               if isinstance(c.action, BuyTrain)}
    assert (three.id in offered) is for_sale
    if for_sale:
        step.process_buy_train(BuyTrain(entity="AR", train=three.id, price=200))
        assert three.id in {t.id for t in game.companies["AR"].trains}
        assert three not in game.depot.returned
