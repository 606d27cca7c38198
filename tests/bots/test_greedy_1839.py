"""The greedy bot in 1839: its solvency policies on hand-made requests, full games against
random bots and against itself.

"Beats random" means as in test_greedy.py: greedy in one seat (rotating with the seed)
ranks first, alone, against three ``random`` bots.  Random bots concede at random (conceding
is legal at almost every decision, R-9.1), so those games are short; the games between four
greedy bots are the real test of solvency: they must end by the game's own ends (R-10.1.3,
R-10.1.4) with few bankruptcies.
"""

from __future__ import annotations

import copy
from typing import Any

import msgspec
import pytest

from railhouse.protocol.drive import InProcess, Seat, play
from railhouse.protocol.referee import Referee
from railhouse_bots import greedy_1839 as m1839
from railhouse_bots.greedy import GreedyBot, fallback
from railhouse_bots.greedy_facts import TitleFacts, facts_for
from railhouse_bots.greedy_view import Memory, View
from railhouse_bots.random_bot import UniformRandomBot

game_module = pytest.importorskip("railhouse_m1839.game")


def facts() -> TitleFacts:
    found = facts_for("1839")
    assert found is not None
    return found


def company(president: str | None = "p0", cash: int = 0, trains: tuple[str, ...] = (),
            price: int = 50, market: str = "local", floated: bool = True,
            shares: dict[str, int] | None = None) -> dict[str, Any]:
    return {"president": president, "cash": cash, "trains": list(trains), "price": price,
            "market": [market, 0, 3], "floated": floated, "started": True, "closed": False,
            "shares": shares or {"p0": 60, "ipo": 40}}


def state(phase: str = "LY", available: tuple[str, ...] = ("2",), remaining: int = 3,
          cash: int = 300, shares: dict[str, int] | None = None,
          companies: dict[str, dict[str, Any]] | None = None,
          round_kind: str = "operating") -> dict[str, Any]:
    return {
        "phase": phase,
        "round": {"kind": round_kind},
        "players": [{"id": "p0", "cash": cash, "shares": shares or {}},
                    {"id": "p1", "cash": 300, "shares": {}}],
        "companies": companies or {},
        "privates": {},
        "depot": {"available": list(available),
                  "remaining": {name: remaining for name in available}},
    }


def view(legal: list[dict[str, Any]], st: dict[str, Any], entity: str = "p0",
         events: list[dict[str, Any]] | None = None) -> View:
    request = {"type": "request", "seq": 1, "player": "p0", "entity": entity, "legal": legal}
    return View(st, request, [], Memory(), events or [])


def routes(cid: str, revenue: int) -> list[dict[str, Any]]:
    return [{"index": 1, "kind": "routes", "data": {"company": cid, "revenue": revenue}}]


def decide(v: View) -> dict[str, Any]:
    bot = GreedyBot(0)
    bot.facts = facts()
    return bot.decide(v)


def test_facts_follow_the_1839_train_table() -> None:
    f = facts()
    assert f.phases[:3] == ("LY", "DY", "LG") and f.starts[:3] == ("2", "2+1", "3")
    assert f.price["3+"] == 180 and f.price["7"] == 640
    assert not f.survives("2-0", f.phases.index("DG")) and f.survives("2", 2)
    assert f.survives("4", 11) and f.limits[-1] == 2
    st = state(phase="LY", available=("2",), remaining=2)
    assert f.purchases_to_change(st) == 3 and f.next_price(st) == 120
    assert f.triggers("2+1-0", st) == 1 and f.triggers("2-4", st) is None


def test_need_is_the_next_train_once_no_train_survives_the_next_phase() -> None:
    f = facts()
    # light green: a 2 rusts when dark green starts (the 3+ on sale then costs 180)
    st = state(phase="LG", available=("3",), companies={
        "L1": company(cash=50, trains=("2-0",)), "L2": company(cash=50, trains=("3-0",)),
        "L3": company(cash=50)})
    v = view([], st)
    assert m1839.need(f, v, "L1") == 180 and m1839.shortfall(f, v, "L1") == 130
    assert m1839.need(f, v, "L2") == 0
    assert m1839.need(f, v, "L3") == 140  # trainless now: the train on sale
    assert m1839.exposure(f, v) == 130 + 90


def test_dividend_withholds_to_fund_the_coming_train_else_pays() -> None:
    kinds = [{"type": "dividend", "kind": k, "entity": "L1"} for k in ("half", "withhold")]
    short = state(phase="LG", available=("3",), companies={
        "L1": company(cash=100, trains=("2-0",))})
    assert decide(view(kinds, short, "L1", routes("L1", 60)))["kind"] == "withhold"
    # half a 160 run (80) tops the treasury up to the 180 it needs: pay half
    assert decide(view(kinds, short, "L1", routes("L1", 160)))["kind"] == "half"
    safe = state(phase="LG", available=("3",), companies={
        "L1": company(cash=0, trains=("3-0",))})
    assert decide(view(kinds, safe, "L1", routes("L1", 60)))["kind"] == "half"
    full = [{"type": "dividend", "kind": k, "entity": "L1"} for k in ("payout", "withhold")]
    blue = state(phase="BL", available=("4+",), companies={
        "L1": company(cash=0, trains=("4+-0",))})
    assert decide(view(full, blue, "L1", routes("L1", 90)))["kind"] == "payout"


def depot(train: str, price: int, entity: str = "L1") -> dict[str, Any]:
    return {"type": "buy_train", "train": train, "price": price, "entity": entity}


def test_a_company_without_a_lasting_train_buys_one_and_the_compulsory_train_is_taken() -> None:
    st = state(phase="LG", available=("3",), companies={
        "L1": company(cash=300, trains=("2-0",))})
    passing = {"type": "pass", "entity": "L1"}
    assert decide(view([depot("3-1", 140), passing], st, "L1"))["train"] == "3-1"
    lone = state(phase="LG", available=("3",), companies={"L1": company(cash=10)})
    assert decide(view([depot("3-1", 140)], lone, "L1"))["train"] == "3-1"


def test_no_train_starts_a_phase_that_strands_another_own_company() -> None:
    # the last 3 is gone: the 3+ on sale starts dark green, which rusts L2's only 2
    companies = {"L1": company(cash=400, trains=("3-0",)),
                 "L2": company(cash=20, trains=("2-0",))}
    st = state(phase="LG", available=("3+",), remaining=3, companies=companies)
    legal = [depot("3+-0", 180), {"type": "pass", "entity": "L1"}]
    assert decide(view(legal, st, "L1"))["type"] == "pass"
    rich = copy.deepcopy(companies)
    rich["L2"]["cash"] = 200  # L2 can pay for its next train itself
    st = state(phase="LG", available=("3+",), remaining=3, companies=rich)
    assert decide(view(legal, st, "L1"))["train"] == "3+-0"


def test_a_short_company_takes_a_lasting_train_from_its_directors_other_company() -> None:
    companies = {"L1": company(cash=20, trains=("2-0",)),
                 "L2": company(cash=0, trains=("3-0", "3-1"))}
    st = state(phase="LG", available=("3",), companies=companies)
    own = {"type": "buy_train", "train": "3-1", "price": 1, "source": "L2", "entity": "L1",
           "ranges": {"price": {"min": 1, "max": 20, "step": 1}}}
    chosen = decide(view([own, {"type": "pass", "entity": "L1"}], st, "L1"))
    assert chosen == {"type": "buy_train", "train": "3-1", "price": 1, "source": "L2",
                      "entity": "L1"}


def test_no_station_or_costly_tile_eats_into_the_need() -> None:
    st = state(phase="LG", available=("3",), companies={
        "L1": company(cash=150, trains=("2-0",))})
    token = {"type": "place_token", "hex": "G18", "entity": "L1"}
    assert decide(view([token, {"type": "pass", "entity": "L1"}], st, "L1"))["type"] == "pass"
    st["board"] = {"tiles": {}, "tokens": {}, "laid_this_turn": []}
    water = {"type": "lay_tile", "hex": "H7", "tile": "5", "rotation": 0, "entity": "L1"}
    free = {"type": "lay_tile", "hex": "H5", "tile": "5", "rotation": 0, "entity": "L1"}
    assert "H7" in facts().water and "H5" not in facts().water
    assert decide(view([water, free, {"type": "pass", "entity": "L1"}], st, "L1")) == free


def test_a_station_keeps_the_NS_marker_where_an_empty_circle_is_offered_too() -> None:
    """§8.3.2.2 offers both placements in a city with an NS marker and an empty circle;
    greedy takes the empty circle (the NS marker keeps blocking other Majors)."""
    st = state(phase="LG", available=("3",), companies={
        "L1": company(cash=1000, trains=("2-0",))})
    over = {"type": "place_token", "hex": "K10", "replaces": "NS", "entity": "L1"}
    empty = {"type": "place_token", "hex": "K10", "entity": "L1"}
    later = {"type": "place_token", "hex": "L11", "entity": "L1"}
    chosen = decide(view([over, empty, later, {"type": "pass", "entity": "L1"}], st, "L1"))
    assert chosen == empty


def sell(cid: str, top: int) -> dict[str, Any]:
    return {"type": "sell_shares", "company": cid, "count": 1, "entity": "p0",
            "ranges": {"count": {"min": 1, "max": top, "step": 1}}}


def test_the_stock_round_keeps_cash_for_the_exposure() -> None:
    companies = {"L1": company(cash=0, trains=("2-0",), price=40),
                 "NRS": company(president="p1", price=70, market="major",
                                shares={"p1": 60, "p0": 30})}
    st = state(phase="LG", available=("3",), cash=50, shares={"L1": 60, "NRS": 30},
               companies=companies, round_kind="stock")
    buy = {"type": "buy_shares", "company": "L1", "source": "ipo", "entity": "p0"}
    legal = [sell("L1", 4), sell("NRS", 3), buy, {"type": "pass", "entity": "p0"}]
    # L1 needs 180 for the 3+ when its 2 rusts: short 130, so sell NRS (not own) shares
    assert decide(view(legal, st)) == {"type": "sell_shares", "company": "NRS", "count": 2,
                                       "entity": "p0"}
    st["players"][0]["cash"] = 400
    assert decide(view(legal, st))["type"] == "buy_shares"


def test_a_stalled_game_saves_for_and_buys_trains_up_to_the_limit() -> None:
    """Locals at the top of their market, their trains never rusting: only train purchases
    reach the last phase and so the game's end (R-10.1.4)."""
    st = state(phase="GR", available=("4",), companies={"L1": company(cash=100, trains=("4-0",))})
    kinds = [{"type": "dividend", "kind": k, "entity": "L1"} for k in ("payout", "withhold")]
    sets = [{"index": i, "kind": "round", "data": {"round": {"kind": "operating", "set": i}}}
            for i in (7, 8, 9)]
    assert decide(view(kinds, st, "L1", routes("L1", 200)))["kind"] == "payout"
    phase = {"index": 0, "kind": "phase", "data": {"phase": "GR"}}
    stalled: list[dict[str, Any]] = [phase, *sets, *routes("L1", 200)]
    assert decide(view(kinds, st, "L1", stalled))["kind"] == "withhold"
    st["companies"]["L1"].update(cash=500, trains=["4-0", "4-1"])
    legal = [depot("4-2", 460), {"type": "pass", "entity": "L1"}]
    assert decide(view(legal, st, "L1", stalled))["type"] == "pass"  # at the limit (2)
    st["companies"]["L1"]["trains"] = ["4-0"]
    assert decide(view(legal, st, "L1", stalled))["train"] == "4-2"


def test_a_company_is_parred_only_if_it_can_float_and_fund_its_trains() -> None:
    pars: list[dict[str, Any]] = [{"type": "par", "company": "L1", "price": p, "entity": "p0"}
                                  for p in (20, 31, 46)]
    legal = [*pars, {"type": "pass", "entity": "p0"}]
    early = state(phase="LY", available=("2",), cash=200, round_kind="stock")
    assert decide(view(legal, early))["price"] == 31  # 6 x 46 > 200
    # gray: no free first train, a 460 train to buy: no Local capital covers it
    late = state(phase="GR", available=("4",), cash=2000, round_kind="stock")
    assert decide(view(legal, late))["type"] == "pass"


def test_nationalise_only_what_would_ruin_the_director() -> None:
    nat = {"type": "nationalise", "company": "L1", "entity": "L1"}
    legal = [nat, {"type": "pass", "entity": "L1"}]
    doomed = {"L1": company(cash=0, trains=("R4-0",), price=20)}
    poor = state(phase="DR", available=("PR3+1",), cash=50, shares={"L1": 60},
                 companies=doomed)
    assert decide(view(legal, poor, "L1", routes("L1", 50))) == nat  # 460 - 50 > 50 + 48
    rich = state(phase="DR", available=("PR3+1",), cash=900, shares={"L1": 60},
                 companies=doomed)
    assert decide(view(legal, rich, "L1", routes("L1", 50)))["type"] == "pass"


def test_a_company_never_sells_its_last_lasting_train() -> None:
    companies = {"L1": company(cash=0, trains=("3-0", "2-0")),
                 "NRS": company(president="p1", cash=500, market="major")}
    st = state(phase="LG", available=("3",), companies=companies)
    answers = [{"type": "respond", "accept": a, "entity": "L1"} for a in (True, False)]
    offer = {"seat": 1, "action": {"type": "offer_train", "train": "3-0", "price": 300,
                                   "entity": "NRS"}}
    request = {"type": "request", "seq": 1, "player": "p0", "entity": "L1", "legal": answers}
    assert decide(View(st, request, [offer], Memory(), []))["accept"] is False
    st["companies"]["L1"]["trains"].append("3-1")  # a second 3 stays: a fair price is taken
    assert decide(View(st, request, [offer], Memory(), []))["accept"] is True


def test_dru_train_goes_to_the_own_company_that_needs_a_train() -> None:
    companies = {"L1": company(cash=0, trains=("R5-0",)), "L2": company(cash=0)}
    st = state(phase="DBr", available=("R4",), companies=companies)
    give = {"type": "give_dru_train", "company": "L1", "entity": "L1"}
    assert decide(view([give, {"type": "pass", "entity": "L1"}], st, "L1")) == give
    st["phase"] = "MBr"  # an R5 survives dark brown: no need
    assert decide(view([give, {"type": "pass", "entity": "L1"}], st, "L1"))["type"] == "pass"


def test_emergency_sales_go_one_share_at_a_time_others_first() -> None:
    companies = {"L1": company(cash=0, price=40),
                 "NRS": company(president="p1", price=30, market="major"),
                 "NCS": company(president="p1", price=70, market="major")}
    st = state(phase="LG", available=("3",), companies=companies)
    legal = [sell("L1", 2), sell("NRS", 2), sell("NCS", 3), {"type": "concede", "entity": "p0"}]
    assert decide(view(legal, st)) == {"type": "sell_shares", "company": "NCS", "count": 1,
                                       "entity": "p0"}


def test_auction_buys_a_bargain_keeping_a_reserve_else_discounts() -> None:
    st = state(round_kind="auction", cash=420)
    st["privates"] = {"KF": {"owner": None, "value": 120, "revenue": 0},
                      "CM": {"owner": None, "value": 140, "revenue": 0}}
    st["round"]["discounts"] = {"KF": 0, "CM": 0}
    buys = [{"type": "buy_private", "target": t, "price": p, "entity": "p0"}
            for t, p in (("KF", 120), ("CM", 140))]
    discounts = [{"type": "discount", "target": t, "entity": "p0"} for t in ("KF", "CM")]
    assert decide(view([*buys, *discounts], st))["target"] == "KF"
    st["players"][0]["cash"] = 200  # KF would leave too little to start a company
    assert decide(view([*buys, *discounts], st)) == discounts[0]
    assert decide(view(buys, st))["target"] == "KF"  # a forced buy: the best bargain


def test_fallback_never_concedes_or_nationalises_while_anything_else_is_legal() -> None:
    st = state()
    odd = {"type": "swap_station", "entity": "p0"}
    concede = {"type": "concede", "entity": "p0"}
    nat = {"type": "nationalise", "company": "L1", "entity": "p0"}
    assert fallback(view([concede, nat, odd], st)) == odd


def _result(seed: int, bots: list[Any]) -> tuple[tuple[int, ...], tuple[int, ...], list[bool], str]:
    game = game_module.new_game([f"P{i}" for i in range(4)], None, seed)
    seats: list[Seat] = [InProcess(bot, wire=isinstance(bot, GreedyBot)) for bot in bots]
    transcript = play(Referee(game, game_id=f"g{seed}"), seats)
    assert transcript.result is not None and transcript.failures() == []
    for seat, bot in enumerate(bots):
        if isinstance(bot, GreedyBot):
            assert not [s for s in transcript.sent(seat) if type(s.message).__name__ == "Error"]
    players = msgspec.to_builtins(game.observation())["players"]
    bankrupt = [bool(p["bankrupt"]) for p in players]
    result = transcript.result
    return result.scores, result.ranks, bankrupt, result.reason


def _against_random(seed: int) -> tuple[bool, bool]:
    """(greedy ranked first alone, greedy went bankrupt) in one game against uniformly
    random bots (``random-any``: the built-in ``random`` no longer gives up while anything
    else is legal, issue 19, so these games measure what they measured before)."""
    seat = seed % 4
    bots: list[Any] = [UniformRandomBot(seed * 4 + i) for i in range(4)]
    bots[seat] = GreedyBot(seed)
    _, ranks, bankrupt, _ = _result(seed, bots)
    return ranks[seat] == 1 and list(ranks).count(1) == 1, bankrupt[seat]


def test_greedy_plays_a_full_1839_game_against_random_bots() -> None:
    first, ruined = _against_random(3)
    assert first and not ruined


RANDOM_GAMES = 12
GREEDY_GAMES = 3


@pytest.mark.slow
def test_greedy_beats_random_and_stays_solvent_in_1839() -> None:
    """In at least 11 of 12 seeded games greedy ranks first alone and it is never bankrupt
    against random bots; four greedy bots play to the game's own ends (f300 in an OR or
    the purple set, never "one player left") with at most a quarter of the seats bankrupt
    (measured: about one seat in ten)."""
    outcomes = [_against_random(seed) for seed in range(RANDOM_GAMES)]
    assert sum(first for first, _ in outcomes) >= RANDOM_GAMES - 1, outcomes
    assert not any(ruined for _, ruined in outcomes), outcomes
    ruined_seats = 0
    for seed in range(GREEDY_GAMES):
        _, _, bankrupt, reason = _result(seed, [GreedyBot(seed * 4 + i) for i in range(4)])
        assert reason in {"price_300_in_or", "price_300_in_sr", "purple_set_complete"}, reason
        ruined_seats += sum(bankrupt)
    assert ruined_seats <= GREEDY_GAMES, ruined_seats
