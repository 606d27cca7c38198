"""The greedy bot: its policies on hand-made requests, full games in-process and as a process
(``railhouse bot greedy``, ``python -m railhouse_bots greedy``), and its strength.

"Beats random" means: greedy in one seat (rotating over the four seats with the seed)
against three ``random`` bots ranks first, alone (a shared first place does not count),
in a 4-player Steam Over Holland game.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, cast

import pytest

from railhouse.engine.api import GameAPI
from railhouse.protocol.drive import BotProcess, InProcess, Seat, play
from railhouse.protocol.referee import Referee
from railhouse.testing.toy import new_game as toy_game
from railhouse_bots import greedy_operate as operate
from railhouse_bots.greedy import GreedyBot, fallback
from railhouse_bots.greedy_view import Memory, View
from railhouse_bots.random_bot import RandomBot

soh = pytest.importorskip("railhouse_soh.game")


def view(legal: list[dict[str, Any]], state: dict[str, Any] | None = None,
         entity: str = "p0", actions: list[dict[str, Any]] | None = None) -> View:
    request = {"type": "request", "seq": 1, "player": "p0", "entity": entity, "legal": legal}
    return View(state or STATE, request, actions or [], Memory())


STATE: dict[str, Any] = {
    "phase": "2",
    "players": [{"id": "p0", "cash": 300}, {"id": "p1", "cash": 300}],
    "companies": {
        "NBD": {"president": "p0", "cash": 40, "price": 70, "trains": ["2-0"],
                "closed": False},
        "OSM": {"president": "p1", "cash": 500, "price": 90, "trains": [], "closed": False},
    },
    "privates": {"SMAS": {"owner": "p0", "value": 20, "revenue": 5, "closed": False},
                 "W": {"owner": None, "value": 100, "revenue": 20, "closed": False}},
    "depot": {"available": ["2"]},
}


def bid(target: str, low: int) -> dict[str, Any]:
    return {"type": "bid", "target": target, "price": low, "entity": "p0",
            "ranges": {"price": {"min": low, "max": 300, "step": 1}}}


PASS = {"type": "pass", "entity": "p0"}


def test_auction_bids_the_minimum_up_to_the_printed_value_else_passes() -> None:
    bot = GreedyBot(0)
    assert bot.decide(view([bid("W", 95), PASS])) == {
        "type": "bid", "target": "W", "price": 95, "entity": "p0"}
    assert bot.decide(view([bid("W", 105), PASS])) == PASS  # above the value
    poor = {**STATE, "players": [{"id": "p0", "cash": 150}]}
    assert bot.decide(view([bid("W", 95), PASS], poor)) == PASS  # would leave no reserve


def test_stock_round_pars_high_within_budget_then_buys_own_shares_never_sells() -> None:
    bot = GreedyBot(0)
    free = {**STATE, "companies": {"OSM": STATE["companies"]["OSM"]}}
    pars = [{"type": "par", "company": "NBD", "price": p, "entity": "p0"} for p in (65, 100, 120)]
    assert bot.decide(view([*pars, PASS], free))["price"] == 100  # 2 x 120 > 75% of 300
    buys = [{"type": "buy_shares", "company": c, "source": "treasury", "entity": "p0"}
            for c in ("OSM", "NBD")]
    sell = {"type": "sell_shares", "company": "NBD", "count": 1, "entity": "p0"}
    assert bot.decide(view([*buys, sell, PASS]))["company"] == "NBD"  # own company only
    assert bot.decide(view([buys[0], sell, PASS])) == PASS


def test_dividend_pays_out_unless_short_of_an_affordable_train() -> None:
    bot = GreedyBot(0)
    kinds = [{"type": "dividend", "kind": k, "entity": "NBD"} for k in ("payout", "withhold")]
    assert bot.decide(view(kinds, entity="NBD"))["kind"] == "withhold"  # cash 40 < 100
    rich = {**STATE, "companies": {**STATE["companies"],
                                   "NBD": {**STATE["companies"]["NBD"], "cash": 150}}}
    assert bot.decide(view(kinds, rich, entity="NBD"))["kind"] == "payout"


def test_offers_are_accepted_only_at_a_fair_price() -> None:
    bot = GreedyBot(0)
    answers = [{"type": "respond", "accept": a, "entity": "p0"} for a in (True, False)]
    low = [{"seat": 1, "action": {"type": "offer_private", "target": "SMAS", "price": 5}}]
    high = [{"seat": 1, "action": {"type": "offer_private", "target": "SMAS", "price": 20}}]
    assert bot.decide(view(answers, actions=low))["accept"] is False
    assert bot.decide(view(answers, actions=high))["accept"] is True


def test_company_buys_its_presidents_private_at_the_top_price() -> None:
    buy = {"type": "buy_private", "target": "SMAS", "price": 1, "entity": "NBD",
           "ranges": {"price": {"min": 1, "max": 20, "step": 1}}}
    chosen = GreedyBot(0).decide(view([buy, {"type": "pass", "entity": "NBD"}], entity="NBD"))
    assert chosen == {"type": "buy_private", "target": "SMAS", "price": 20, "entity": "NBD"}


def test_fallback_passes_and_avoids_bankruptcy_and_sales() -> None:
    odd = {"type": "swap_station", "entity": "p0"}
    ruin = {"type": "bankrupt", "entity": "p0"}
    assert fallback(view([ruin, odd, PASS])) == PASS
    assert fallback(view([ruin, odd])) == odd
    sale = {"type": "sell_shares", "company": "OSM", "count": 1, "entity": "p0",
            "ranges": {"count": {"min": 1, "max": 3, "step": 1}}}
    assert fallback(view([ruin, sale]))["count"] == 3  # forced: raise the most at once


def test_hex_distance_on_the_doubled_grid() -> None:
    assert operate.hex_distance("H9", "H9") == 0
    assert operate.hex_distance("H9", "J13") == 3


def _soh_game(seed: int) -> GameAPI:
    return cast(GameAPI, soh.new_game(["a", "b", "c", "d"], seed=seed))


def _greedy_first(seed: int, greedy: Seat | None = None) -> bool:
    """Play one SOH game, greedy in seat ``seed % 4``; True if it ranks first alone."""
    game = _soh_game(seed)
    seat = seed % 4
    seats: list[Seat] = [InProcess(RandomBot(seed * 4 + i)) for i in range(4)]
    seats[seat] = greedy or InProcess(GreedyBot(seed), wire=True)
    transcript = play(Referee(game, game_id=f"g{seed}"), seats)
    assert transcript.result is not None and transcript.failures() == []
    assert not [s for s in transcript.sent(seat) if type(s.message).__name__ == "Error"]
    ranks = transcript.result.ranks
    return ranks[seat] == 1 and list(ranks).count(1) == 1


def test_greedy_plays_a_full_soh_game_in_process() -> None:
    assert isinstance(_greedy_first(1), bool)


def test_greedy_plays_the_toy_title_through_its_fallback() -> None:
    for seed in range(5):
        game = cast(GameAPI, toy_game(["a", "b", "c"], {"pile": 30}, seed))
        seats: list[Seat] = [InProcess(GreedyBot(seed)), InProcess(RandomBot(seed)),
                             InProcess(RandomBot(seed + 1))]
        transcript = play(Referee(game), seats)
        assert transcript.result is not None and transcript.failures() == []


@pytest.mark.parametrize("argv", [
    [sys.executable, "-m", "railhouse_bots", "greedy", "7"],
    [str(Path(sys.executable).with_name("railhouse")), "bot", "greedy", "--seed", "7"],
], ids=["python-m", "railhouse-bot"])
def test_greedy_plays_a_full_soh_game_as_a_process(argv: list[str]) -> None:
    process = BotProcess(argv)
    try:
        assert isinstance(_greedy_first(2, process), bool)
        process.write(b'{"type":"bye"}\n')
    finally:
        assert process.close() == 0


WIN_GAMES = 50


@pytest.mark.slow
def test_greedy_beats_random_in_at_least_90_percent_of_4_player_soh_games() -> None:
    wins = sum(_greedy_first(seed) for seed in range(WIN_GAMES))
    assert wins / WIN_GAMES >= 0.9, f"greedy ranked first alone in {wins}/{WIN_GAMES}"
