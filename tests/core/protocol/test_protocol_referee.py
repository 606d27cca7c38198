"""The sans-I/O referee, driven by a scripted fake peer: every output checked by hand."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from protocol_helpers import toy as new_game

from railhouse.engine.api import GameResult
from railhouse.engine.errors import IllegalAction
from railhouse.protocol.messages import (
    Error,
    GameOver,
    GameStart,
    Hello,
    Request,
    TimeControl,
)
from railhouse.protocol.referee import (
    GameFinished,
    NeedsAction,
    Output,
    Referee,
    SeatFailed,
    SeatSetup,
    Send,
)
from railhouse.testing.toy import Take

TIME = TimeControl(decision_ms=100, bank_ms=1000, hello_ms=500)


def make(retries: int = 1, **kwargs: Any) -> Referee:
    return Referee(new_game(["ann", "bob"], {"pile": 5}, seed=1), time=TIME, retries=retries,
                   **kwargs)  # fmt: skip


def messages(outputs: list[Output]) -> list[tuple[int, str]]:
    return [(o.seat, o.message.__struct_config__.tag) for o in outputs if isinstance(o, Send)]  # type: ignore[misc]


def started(referee: Referee) -> Request:
    """Handshake both seats; return the first request."""
    out = referee.start(0.0)
    assert messages(out) == [(0, "hello"), (1, "hello")]
    hello = out[0].message  # type: ignore[union-attr]
    assert isinstance(hello, Hello) and hello.seats == 2 and hello.title == "toy"
    assert hello.title_version == "1"
    assert referee.receive(0, b'{"type":"ready","name":"a"}', 0.1) == []
    assert referee.waiting_on() == [1]
    out = referee.receive(1, b'{"type":"ready","name":"b","observation":"delta"}\n', 0.1)
    assert messages(out)[:2] == [(0, "game_start"), (1, "game_start")]
    start = out[0].message  # type: ignore[union-attr]
    assert isinstance(start, GameStart) and start.observation["pile"] == 5
    request = out[-1].message  # type: ignore[union-attr]
    assert isinstance(request, Request)
    return request


def action_line(seq: int, **fields: Any) -> bytes:
    return msgspec.json.encode({"type": "action", "seq": seq, **fields})


def test_a_full_game_by_index_and_by_object() -> None:
    referee = make()
    request = started(referee)
    seat, legal = request.seat, request.legal
    assert legal[0]["ranges"] == {"count": {"min": 1, "max": 3, "step": 1}}
    take3 = {**legal[0], "count": 3}
    del take3["ranges"]
    out = referee.receive(seat, action_line(request.seq, action=take3), 0.2)
    nxt = out[0].message  # type: ignore[union-attr]
    assert isinstance(nxt, Request) and nxt.seat == 1 - seat and nxt.seq == request.seq + 1
    # the other seat sees the first action and the patch since game_start
    assert [a.action for a in nxt.delta.actions] == [take3]
    assert nxt.delta.actions[0].seat == seat
    assert {"op": "set", "path": ["pile"], "value": 2} in msgspec.to_builtins(nxt.delta.patch)
    out = referee.receive(nxt.seat, action_line(nxt.seq, index=0, comment="x" * 500), 0.3)
    last = out[0].message  # type: ignore[union-attr]
    assert isinstance(last, Request)
    out = referee.receive(seat, action_line(last.seq, index=0), 0.4)
    assert referee.done and isinstance(out[-1], GameFinished)
    overs = [o.message for o in out if isinstance(o, Send)]
    assert [type(m) for m in overs] == [GameOver, GameOver]
    assert all(isinstance(m, GameOver) and m.scores == list(out[-1].result.scores) for m in overs)
    assert referee.comments == [(1, 1 - seat, "x" * 200)]  # truncated


def test_wrong_seq_costs_a_retry_and_brings_a_fresh_request() -> None:
    referee = make(retries=1)
    request = started(referee)
    out = referee.receive(request.seat, action_line(request.seq + 7, index=0), 0.2)
    error, again = (o.message for o in out)  # type: ignore[union-attr]
    assert isinstance(error, Error) and error.reason == "wrong_seq" and error.retries_left == 0
    assert error.seq == request.seq
    assert isinstance(again, Request) and again.seq == request.seq + 1
    assert again.delta.actions == [] and again.delta.patch == []
    # a late answer to the closed seq is refused without costing anything
    out = referee.receive(request.seat, action_line(request.seq, index=0), 0.3)
    assert len(out) == 1 and isinstance(out[0], Send)
    late = out[0].message
    assert isinstance(late, Error) and late.reason == "wrong_seq" and late.seq is None
    assert referee.waiting_on() == [request.seat]
    out = referee.receive(request.seat, action_line(again.seq, index=1), 0.3)
    assert isinstance(out[0], Send) and isinstance(out[0].message, Request)


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        (b"nonsense", "invalid_json"),
        (b'{"type":"move","seq":1}', "unknown_type"),
        (b'{"type":"action","seq":SEQ}', "invalid_message"),
        (b'{"type":"action","seq":SEQ,"index":0,"action":{}}', "invalid_message"),
        (b'{"type":"action","seq":SEQ,"index":9}', "illegal_action"),
        (b'{"type":"action","seq":SEQ,"action":{"type":"toy_take","entity":"pX","count":1}}',
         "illegal_action"),
        (b'{"type":"action","seq":SEQ,"action":{"type":"toy_take","entity":"ENT","count":4}}',
         "illegal_action"),
        (b'{"type":"action","seq":SEQ,"action":{"type":"warp","entity":"ENT"}}',
         "illegal_action"),
        (b'{"type":"ready","name":"again"}', "unexpected"),
        (b"x" * 2000, "too_long"),
    ],
)
def test_bad_replies_get_reason_codes_then_the_seat_fails(reply: bytes, reason: str) -> None:
    referee = make(retries=1, max_line_bytes=1000)
    request = started(referee)
    line = reply.replace(b"SEQ", str(request.seq).encode()).replace(b"ENT", request.entity.encode())
    out = referee.receive(request.seat, line, 0.2)
    assert isinstance(out[0], Send) and isinstance(out[0].message, Error)
    assert out[0].message.reason == reason and out[0].message.retries_left == 0
    retry = out[1].message  # type: ignore[union-attr]
    assert isinstance(retry, Request)
    line = reply.replace(b"SEQ", str(retry.seq).encode()).replace(b"ENT", request.entity.encode())
    out = referee.receive(request.seat, line, 0.3)
    assert isinstance(out[0], SeatFailed) and (out[0].seat, out[0].reason) == (request.seat, reason)
    assert isinstance(out[1], NeedsAction) and out[1].seat == request.seat
    assert referee.phase == "substitute" and referee.waiting_on() == []
    # the failed seat gets nothing more; the runner plays for it
    assert referee.receive(request.seat, action_line(retry.seq, index=0), 0.4) == []
    out = referee.substitute(None, 0.5)
    assert referee.game.actions[-1] == Take(entity=request.entity, count=1)
    assert isinstance(out[0], Send) and out[0].seat == 1 - request.seat


def test_timeouts_charge_the_bank_and_the_deadline_includes_it() -> None:
    referee = make(retries=1)
    request = started(referee)
    seat = request.seat
    assert request.time.decision_ms == 100 and request.time.bank_ms == 1000
    assert referee.deadline(seat) == pytest.approx(0.1 + 1.1)
    out = referee.timeout(seat, 1.3)
    error, retry = (o.message for o in out)  # type: ignore[union-attr]
    assert isinstance(error, Error) and error.reason == "timeout"
    assert isinstance(retry, Request) and retry.time.bank_ms == 0  # 1.2 s used, 0.1 free
    assert referee.deadline(seat) == pytest.approx(1.3 + 0.1)
    # an answer after the deadline is a timeout even if the caller did not notice first
    out = referee.receive(seat, action_line(retry.seq, index=0), 2.0)
    assert isinstance(out[0], SeatFailed) and out[0].reason == "timeout"


def test_time_within_the_decision_allowance_keeps_the_bank() -> None:
    referee = make()
    request = started(referee)
    out = referee.receive(request.seat, action_line(request.seq, index=0), 0.15)
    nxt = out[0].message  # type: ignore[union-attr]
    assert isinstance(nxt, Request)
    out = referee.receive(nxt.seat, action_line(nxt.seq, index=0), 0.55)
    again = out[0].message  # type: ignore[union-attr]
    assert isinstance(again, Request) and again.time.bank_ms == 1000
    third = referee.receive(again.seat, action_line(again.seq, index=0), 0.9)
    assert referee.done or isinstance(third[0].message, Request)  # type: ignore[union-attr]
    assert referee.seats[1 - request.seat].bank_ms == pytest.approx(700)  # 400 ms - 100 free


def test_handshake_failure_and_disconnect() -> None:
    referee = make(retries=0)
    referee.start(0.0)
    out = referee.receive(0, b'{"type":"ready","name":"a","protocol":"railhouse/0"}', 0.1)
    assert len(out) == 1 and isinstance(out[0], SeatFailed)
    assert (out[0].seat, out[0].reason) == (0, "invalid_message")
    out = referee.receive(1, b'{"type":"ready","name":"b"}', 0.2)
    # the game starts without the failed seat
    assert (0, "game_start") not in messages(out) and (1, "game_start") in messages(out)
    out = referee.disconnected(1, 0.3)
    assert isinstance(out[0], SeatFailed) and out[0].reason == "disconnected"
    while not referee.done:
        out = referee.substitute(None, 1.0)  # the first legal choice: take one
    assert isinstance(out[-1], GameFinished) and messages(out) == []


def test_substitute_must_be_legal_and_finish_ends_early() -> None:
    referee = make(retries=0)
    request = started(referee)
    with pytest.raises(RuntimeError):
        referee.substitute(None, 0.2)
    referee.timeout(request.seat, 5.0)
    with pytest.raises(IllegalAction):
        referee.substitute(Take(entity=request.entity, count=9), 5.0)
    result = GameResult((0, 0), (1, 1), "forfeit", forfeits=(request.seat,))
    out = referee.finish(result)
    overs = [o.message for o in out if isinstance(o, Send)]
    assert len(overs) == 1 and isinstance(overs[0], GameOver)
    assert overs[0].forfeits == [request.seat] and overs[0].reason == "forfeit"
    assert referee.result == result and referee.finish(result) == []


def test_no_handshake_for_a_reused_process_and_full_observation_mode() -> None:
    referee = make(seats=[SeatSetup(handshake=False, observation="full"), SeatSetup(False)])
    out = referee.start(0.0)
    assert messages(out)[:2] == [(0, "game_start"), (1, "game_start")]
    request = out[-1].message  # type: ignore[union-attr]
    assert isinstance(request, Request)
    full = request.observation is not None
    assert full == (request.seat == 0)
    assert request.delta.patch == []


def test_start_twice_and_bad_seat_setups() -> None:
    referee = make()
    referee.start(0.0)
    with pytest.raises(RuntimeError):
        referee.start(0.0)
    with pytest.raises(ValueError, match="seat setups"):
        make(seats=[SeatSetup()])


def test_unsolicited_lines_are_answered_without_cost() -> None:
    referee = make(retries=1)
    request = started(referee)
    idle = 1 - request.seat
    out = referee.receive(idle, action_line(99, index=0), 0.2)
    assert len(out) == 1 and isinstance(out[0], Send)
    assert isinstance(out[0].message, Error) and out[0].message.reason == "unexpected"
    out = referee.receive(idle, b"garbage", 0.2)
    assert isinstance(out[0].message, Error) and out[0].message.reason == "invalid_json"  # type: ignore[union-attr]
    assert referee.waiting_on() == [request.seat]


def test_mark_sent_starts_the_clock_when_the_request_is_written() -> None:
    referee = make()
    request = started(referee)  # created at 0.1
    seat = request.seat
    referee.mark_sent(seat, 0.4)  # the transport wrote it only at 0.4
    assert referee.deadline(seat) == pytest.approx(0.4 + 1.1)
    referee.mark_sent(seat, 0.2)  # an earlier report never moves the clock back
    assert referee.deadline(seat) == pytest.approx(0.4 + 1.1)
    out = referee.receive(seat, action_line(request.seq, index=0), 0.5)
    assert isinstance(out[0].message, Request)  # type: ignore[union-attr]
    # 0.1 s since it was written: within the allowance, the bank is untouched
    assert referee.seats[seat].bank_ms == 1000
    referee.mark_sent(seat, 9.0)  # owes nothing now: no effect
    assert referee.deadline(seat) is None


def test_forfeits_decided_by_the_runner_reach_every_game_over() -> None:
    referee = make(retries=0)
    request = started(referee)
    failed = referee.timeout(request.seat, 5.0)
    assert isinstance(failed[0], SeatFailed)
    referee.forfeit(request.seat)  # the runner's policy: forfeit and play on
    out: list[Output] = failed
    while not referee.done:
        out = referee.substitute(None, 5.0) if referee.phase == "substitute" else [
            *referee.receive(1 - request.seat, action_line(_pending_seq(referee), index=0), 5.0)]
    overs = [o.message for o in out if isinstance(o, Send) and isinstance(o.message, GameOver)]
    assert overs and all(m.forfeits == [request.seat] for m in overs)
    finished = [o for o in out if isinstance(o, GameFinished)]
    assert finished[0].result.forfeits == (request.seat,)


def _pending_seq(referee: Referee) -> int:
    seq = referee.seats[referee.waiting_on()[0]].seq
    assert seq is not None
    return seq


def test_the_referee_reuses_the_engines_cached_legal_sets_and_they_are_never_stale() -> None:
    """After its own first ``apply`` the referee takes the legal set from the engine's
    per-position cache; with checking on, the engine compares every reuse with a fresh
    computation (``StaleLegalActions`` otherwise) and checks the invariants."""
    pytest.importorskip("railhouse_soh")
    from railhouse.engine.invariants import checking, set_checking
    from railhouse.engine.record import new_game as new_title_game
    from railhouse.protocol.drive import InProcess, play
    from railhouse_bots.random_bot import RandomBot

    before = checking()
    set_checking(True)
    try:
        for seed in range(2):
            game = new_title_game("soh", ["a", "b", "c", "d"], None, seed)
            counter = CallCounter(game.legal_actions)
            game.legal_actions = counter
            transcript = play(Referee(game), [InProcess(RandomBot(i)) for i in range(4)])
            assert transcript.result is not None
            assert counter.calls == 1  # the first decision; every later set came from the cache
    finally:
        set_checking(before)


class CallCounter:
    """Wraps a function and counts its calls."""

    def __init__(self, function: Any) -> None:
        self.function, self.calls = function, 0

    def __call__(self) -> Any:
        self.calls += 1
        return self.function()
