"""The ``search`` bot: which decisions it searches, its candidates, its budget (read from the
request, measured on a fake clock), the rollout model, its determinism, and full games."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from railhouse.engine.privates import update_private
from railhouse.engine.record import new_game
from railhouse.protocol.drive import InProcess, play
from railhouse.protocol.messages import TimeControl
from railhouse.protocol.referee import Referee
from railhouse_bots.greedy import GreedyBot
from railhouse_bots.search import (
    BUDGET_SHARE,
    SearchBot,
    collector_paused,
    stages_for,
    variants,
    worth_searching,
)
from railhouse_bots.search_rollout import (
    INCOME_RUNS,
    KEEP,
    MARGIN,
    Lookahead,
    Model,
    OutOfTime,
    Rollout,
    incomes,
    narrowed,
)

PASS = {"type": "pass", "entity": "p0"}


class FakeClock:
    """Seconds that advance by ``tick`` at every reading."""

    def __init__(self, tick: float = 0.001) -> None:
        self.now, self.tick, self.reads = 0.0, tick, 0

    def __call__(self) -> float:
        self.now += self.tick
        self.reads += 1
        return self.now


def test_variants_take_min_max_and_greedys_value() -> None:
    choice = {"type": "bid", "target": "X", "price": 20, "entity": "p0",
              "ranges": {"price": {"min": 20, "max": 300, "step": 5}}}
    greedy = {"type": "bid", "target": "X", "price": 45, "entity": "p0"}
    assert [a["price"] for a in variants(choice, greedy)] == [20, 45, 300]
    other = {"type": "bid", "target": "Y", "price": 45, "entity": "p0"}
    assert [a["price"] for a in variants(choice, other)] == [20, 300]
    assert list(variants(PASS, greedy)) == [PASS]


def test_candidates_put_greedys_choice_first_then_pass_within_the_width() -> None:
    bot = SearchBot(1, ms=10, width=3)
    legal = [PASS] + [{"type": "par", "company": c, "price": 70, "entity": "p0"}
                      for c in "ABCDE"]
    base = legal[3]
    candidates = bot._candidates({"legal": legal}, base)
    assert candidates[0] == base and candidates[1] == PASS and len(candidates) == 3
    assert all(c in legal for c in candidates) and len({str(c) for c in candidates}) == 3


def test_the_garbage_collector_waits_until_the_search_is_over() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # a caller's own setting is kept
    finally:
        gc.enable()


def test_only_money_decisions_are_searched() -> None:
    buy = {"type": "buy_shares", "company": "A", "source": "treasury", "entity": "p0"}
    lay = {"type": "lay_tile", "hex": "B2", "tile": "7", "rotation": 0, "entity": "A"}
    train = {"type": "buy_train", "train": "2-1", "price": 80, "entity": "A"}
    assert worth_searching([buy, PASS], PASS)
    assert not worth_searching([buy], buy)  # no choice
    assert not worth_searching([lay, PASS], PASS)
    assert worth_searching([train, PASS], train)  # greedy would buy: searched
    assert not worth_searching([train, PASS], PASS)  # the routine train step


def soh_start(players: int = 3) -> Any:
    return new_game("soh", [f"P{i}" for i in range(players)], None, 2)


def model(title: str = "soh") -> Model:
    bot = GreedyBot(1)
    bot.on_game_start({"title": title})
    return Model(bot)


def test_the_lookahead_keeps_greedys_choice_when_out_of_time() -> None:
    game = soh_start()
    seat = game.acting_seat()
    lookahead = Lookahead(game, seat, model(), deadline=-1.0, clock=FakeClock())
    first = {"type": "pass", "entity": game.acting_entity()}
    chosen, info = lookahead.best([first, {"type": "other"}])
    assert chosen == first and info["stage"] == "" and info["steps"] == 0


def test_the_lookahead_reads_the_clock_before_every_rollout_action() -> None:
    """A fake clock advancing 1 ms per reading and a 25 ms deadline: at most 25 actions."""
    game = soh_start()
    seat = game.acting_seat()
    legal = [c.to_builtins() for c in game.legal_actions()]
    candidates = [{k: v for k, v in c.items() if k != "ranges"} for c in legal[:2]]
    clock = FakeClock()
    lookahead = Lookahead(game, seat, model(), deadline=0.025, clock=clock)
    lookahead.best(candidates)
    assert 0 < lookahead.steps <= 25 and clock.now <= 0.025 + clock.tick


@pytest.mark.slow
def test_the_bot_takes_its_budget_from_request_time() -> None:
    """``--ms`` caps each search, and so does 80% of the request's own ``decision_ms``: on a
    clock advancing 1 ms per reading, no search takes more rollout actions than that."""
    def most_steps(ms: int, decision_ms: int) -> int:
        sent, _ = play_seeded("soh", 5, ms=ms, decision_ms=decision_ms, tick=0.001)
        return max(int(info["steps"]) for _, info in sent if info.get("searched"))

    by_request = most_steps(1000, 40)
    by_ms = most_steps(60, 10_000)
    assert by_request <= 0.8 * 40 * BUDGET_SHARE
    assert by_ms <= 60 * BUDGET_SHARE
    assert by_request < by_ms


def test_value_counts_net_worth_and_one_run_of_income() -> None:
    game = soh_start()
    lookahead = Lookahead(game, 0, model(), deadline=1.0, clock=FakeClock())
    scores = list(game.hooks.final_scores(game))
    assert lookahead.value(game) == scores[0] - max(scores[1:])
    assert incomes(game, {}) == [0, 0, 0]


def test_income_counts_the_privates_a_player_holds_and_the_stage_scales_it() -> None:
    game = soh_start()
    private = next(p for p in game.privates.values() if not p.closed)
    private = update_private(game, private.id, owner=game.seats[1].id)
    revenue = int(private.spec.revenue)
    assert incomes(game, {}) == [0, revenue, 0]
    lookahead = Lookahead(game, 1, model(), deadline=1.0, clock=FakeClock())
    scores = list(game.hooks.final_scores(game))
    alone = scores[1] - max(scores[0], scores[2])
    assert lookahead.value(game, {}, runs=2) == alone + 2 * revenue
    assert INCOME_RUNS["round"] > INCOME_RUNS["set"] >= 1


def test_a_stock_round_decision_is_judged_first_at_the_end_of_its_round() -> None:
    game = soh_start()  # the opening auction
    assert stages_for(game)[0] == "round"
    lookahead = Lookahead(game, 0, model(), deadline=1.0, clock=FakeClock(0.0))
    rollout = Rollout(lookahead, game.clone())
    while getattr(rollout.game.round, "kind", "") != "operating":
        kind = getattr(rollout.game.round, "kind", "")
        assert stages_for(rollout.game)[0] == "round", kind
        rollout.apply(rollout.greedy_action())
    assert "round" not in stages_for(rollout.game)  # its round is long: no cheap stage


def test_the_model_plays_greedy_with_one_memory_for_every_seat() -> None:
    game = soh_start()
    rollout_model = model()
    legal = [{"type": "buy_train", "train": "3-1", "price": 180, "entity": "A"},
             {"type": "pass", "entity": "A"}]
    request = {"legal": legal, "entity": "A", "player": "p0"}
    rollout_model.decide(game.observation(), request, [], [])
    assert rollout_model.memory.train_prices == {"3": 180}


def test_the_model_answers_a_repeated_tile_lay_from_its_cache() -> None:
    calls: list[int] = []

    class Counting(GreedyBot):
        def decide(self, view: Any) -> dict[str, Any]:
            calls.append(1)
            return super().decide(view)

    bot = Counting(1)
    bot.on_game_start({"title": "soh"})
    rollout_model = Model(bot)
    state = soh_start().observation()
    company = next(iter(state["companies"]))
    lay = {"type": "lay_tile", "hex": "B2", "tile": "7", "rotation": 0, "entity": company}
    request = {"legal": [lay, {"type": "pass", "entity": company}], "entity": company,
               "player": "p0"}
    first = rollout_model.decide(state, request, [], [])
    again = rollout_model.decide(state, request, [], [])
    assert first == again and len(calls) == 1
    moved = {**state, "phase": "3"}
    rollout_model.decide(moved, request, [], [])
    assert len(calls) == 2


def test_a_short_stage_needs_a_margin_to_overrule_greedy() -> None:
    game = soh_start()
    lookahead = Lookahead(game, 0, model(), deadline=1.0, clock=FakeClock(0.0),
                          stages=("round",))
    values = iter([100, 100 + MARGIN, 100, 101 + MARGIN])
    lookahead.judge = lambda action, stage: next(values)  # type: ignore[method-assign]
    greedy, other = {"type": "a"}, {"type": "b"}
    assert lookahead.best([greedy, other])[0] == greedy
    assert lookahead.best([greedy, other])[0] == other


def test_a_first_stage_cut_by_the_deadline_decides_among_the_candidates_it_judged() -> None:
    game = soh_start()
    lookahead = Lookahead(game, 0, model(), deadline=1.0, clock=FakeClock(0.0),
                          stages=("round", "set"))
    calls: list[str] = []

    def judge(action: dict[str, Any], stage: str) -> int:
        calls.append(stage)
        if len(calls) == 3:
            raise OutOfTime
        return {"a": 100, "b": 101 + MARGIN}[action["type"]]

    lookahead.judge = judge  # type: ignore[method-assign]
    greedy, other, third = {"type": "a"}, {"type": "b"}, {"type": "c"}
    chosen, info = lookahead.best([greedy, other, third])
    assert chosen == other and info["stage"] == "~round" and calls == ["round"] * 3


def test_a_deeper_stage_cut_by_the_deadline_leaves_the_last_complete_answer() -> None:
    game = soh_start()
    lookahead = Lookahead(game, 0, model(), deadline=1.0, clock=FakeClock(0.0),
                          stages=("round", "set"))
    # "round": a three-way tie; "set": the other looks better, the third is cut off
    values = iter([100, 100, 100, 100, 200])

    def judge(action: dict[str, Any], stage: str) -> int:
        value = next(values, None)
        if value is None or (stage == "set" and action["type"] == "c"):
            raise OutOfTime
        return value

    lookahead.judge = judge  # type: ignore[method-assign]
    greedy, other, third = {"type": "a"}, {"type": "b"}, {"type": "c"}
    chosen, info = lookahead.best([greedy, other, third])
    assert chosen == greedy and info["stage"] == "round"


def test_a_deeper_stage_judges_greedys_choice_and_the_best_others_only() -> None:
    candidates = [{"type": t} for t in "abcde"]
    kept = narrowed(candidates, [0, 5, -9, 7, 6])
    assert kept[0] == candidates[0] and len(kept) == 1 + KEEP
    assert kept == [candidates[0], candidates[3], candidates[4]][:1 + KEEP]
    game = soh_start()
    lookahead = Lookahead(game, 0, model(), deadline=1.0, clock=FakeClock(0.0),
                          stages=("round", "set"))
    calls: list[tuple[str, str]] = []

    def judge(action: dict[str, Any], stage: str) -> int:
        calls.append((stage, action["type"]))
        return {"a": 0, "b": 5, "c": -9, "d": 7, "e": 6}[action["type"]]

    lookahead.judge = judge  # type: ignore[method-assign]
    lookahead.best(candidates)
    assert [t for stage, t in calls if stage == "set"] == ["a", "d", "e"][:1 + KEEP]


def test_a_deeper_stage_continues_each_candidates_rollout() -> None:
    """One rollout per candidate for all stages: ``set`` goes on from where ``round`` ended."""
    game = soh_start()
    seat = game.acting_seat()
    legal = [c.to_builtins() for c in game.legal_actions()]
    candidates = [{k: v for k, v in c.items() if k != "ranges"} for c in legal[:2]]
    lookahead = Lookahead(game, seat, model(), deadline=1e9, clock=FakeClock(0.0),
                          stages=("round", "set"))
    _, info = lookahead.best(candidates)
    assert info["stage"] == "set" and info["rollouts"] == len(candidates)
    assert game.actions == soh_start().actions  # the real game is untouched


def play_seeded(title: str, seed: int, players: int = 3, *, ms: int = 40,
                decision_ms: int = 5000, tick: float = 0.0005,
                ) -> tuple[list[Any], SearchBot]:
    """A full game, the search bot in seat 0 on a fake clock: its replies, each with what
    its search did."""
    game = new_game(title, [f"P{i}" for i in range(players)], None, seed)
    search = SearchBot(seed, ms=ms, clock=FakeClock(tick))
    sent: list[Any] = []

    class Watch(InProcess):
        def answer(self, deadline: float) -> Any:
            reply = super().answer(deadline)
            sent.append((reply, dict(search.last)))
            return reply

    seats = [Watch(search)] + [InProcess(GreedyBot(seed + i)) for i in range(1, players)]
    clock = TimeControl(decision_ms=decision_ms, bank_ms=10**7, hello_ms=10_000)
    transcript = play(Referee(game, time=clock), seats)
    assert transcript.result is not None and not transcript.failures()
    return sent, search


@pytest.mark.slow
def test_a_seeded_game_on_a_fake_clock_is_played_the_same_twice() -> None:
    first, _ = play_seeded("soh", 7, ms=400, tick=0.002)
    again, _ = play_seeded("soh", 7, ms=400, tick=0.002)
    assert first == again
    assert any(info.get("searched") and info.get("stage") for _, info in first)


@pytest.mark.slow
@pytest.mark.parametrize("title", ["soh", "1839"])
def test_search_plays_a_full_game_on_its_replica(title: str) -> None:
    """Seated with greedy: no failure, the replica follows the whole game, and money
    decisions are searched."""
    sent, search = play_seeded(title, 4, tick=0.004)
    assert search.replica is not None
    assert len(search.replica.actions) == search.applied  # in step until the last request
    assert any(info.get("searched") for _, info in sent)
