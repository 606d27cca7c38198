"""``simulate``: the forward model over the protocol (docs/protocol.md, "Looking ahead")."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from protocol_helpers import toy as new_game
from test_protocol_referee import TIME, messages, started

from railhouse.protocol.messages import Error, Request, SimulateLimits, Simulation
from railhouse.protocol.referee import Referee, SeatFailed, Send


def make(**kwargs: Any) -> Referee:
    return Referee(new_game(["ann", "bob"], {"pile": 5}, seed=1), time=TIME, retries=1,
                   **kwargs)  # fmt: skip


def simulate_line(seq: int, ident: int, actions: list[dict[str, Any]]) -> bytes:
    return msgspec.json.encode({"type": "simulate", "seq": seq, "id": ident, "actions": actions})


def take(legal: list[dict[str, Any]], count: int) -> dict[str, Any]:
    action = {k: v for k, v in legal[0].items() if k != "ranges"}
    return {**action, "count": count}


def test_hello_states_the_limits_and_game_start_the_seed() -> None:
    referee = make(simulate=SimulateLimits(max_per_decision=3, max_actions=2))
    out = referee.start(0.0)
    hello = out[0].message  # type: ignore[union-attr]
    assert msgspec.to_builtins(hello)["simulate"] == {"max_per_decision": 3, "max_actions": 2}
    referee.receive(0, b'{"type":"ready","name":"a"}', 0.1)
    out = referee.receive(1, b'{"type":"ready","name":"b"}', 0.1)
    assert out[0].message.game_seed == 1  # type: ignore[union-attr]


def test_a_simulation_answers_with_the_position_and_leaves_the_game_alone() -> None:
    referee = make()
    request = started(referee)
    before = msgspec.to_builtins(referee.game.observation())
    out = referee.receive(request.seat, simulate_line(request.seq, 7, [take(request.legal, 2)]),
                          0.2)
    assert messages(out) == [(request.seat, "simulation")]
    answer = out[0].message  # type: ignore[union-attr]
    assert isinstance(answer, Simulation) and answer.id == 7 and answer.seq == request.seq
    assert answer.observation["pile"] == 3 and answer.acting == 1 - request.seat
    assert not answer.over and answer.legal
    assert answer.scores == []  # the toy cannot score a position before its end
    assert msgspec.to_builtins(referee.game.observation()) == before
    assert referee.waiting_on() == [request.seat]  # the request is still pending
    # then the real answer is taken as usual
    out = referee.receive(request.seat, msgspec.json.encode(
        {"type": "action", "seq": request.seq, "index": 0}), 0.3)
    assert isinstance(out[0].message, Request)  # type: ignore[union-attr]


def test_a_simulation_to_the_end_gives_the_final_scores() -> None:
    referee = make()
    request = started(referee)
    line = [take(request.legal, 3)]
    out = referee.receive(request.seat, simulate_line(request.seq, 1, line), 0.2)
    after = out[0].message  # type: ignore[union-attr]
    assert isinstance(after, Simulation)
    line.append(take(after.legal, 2))  # the other seat takes the last two
    out = referee.receive(request.seat, simulate_line(request.seq, 2, line), 0.3)
    end = out[0].message  # type: ignore[union-attr]
    assert isinstance(end, Simulation) and end.over and end.legal == [] and end.acting is None
    # ann or bob took 3 then 2; the last taker gets 5 more
    assert sorted(end.scores) == [3, 7]


def test_an_illegal_simulated_action_is_named_and_costs_no_retry() -> None:
    referee = make()
    request = started(referee)
    bad = take(request.legal, 9)
    out = referee.receive(request.seat, simulate_line(request.seq, 4, [take(request.legal, 1),
                                                                       bad]), 0.2)
    (send,) = out
    assert isinstance(send, Send) and isinstance(send.message, Error)
    assert send.message.reason == "illegal_simulation" and send.message.id == 4
    assert send.message.message.startswith("action 1: ")
    assert send.message.seq is None and send.message.retries_left == 1
    assert referee.seats[request.seat].errors == 0  # exploring is not a fault
    assert referee.waiting_on() == [request.seat]


def test_limits_are_errors_like_any_other() -> None:
    referee = make(simulate=SimulateLimits(max_per_decision=1, max_actions=1))
    request = started(referee)
    seat = request.seat
    out = referee.receive(seat, simulate_line(request.seq, 1, [take(request.legal, 1)] * 2), 0.2)
    error = out[0].message  # type: ignore[union-attr]
    assert isinstance(error, Error) and error.reason == "simulate_limit"
    fresh = out[1].message  # type: ignore[union-attr]
    assert isinstance(fresh, Request) and fresh.seq != request.seq  # a retry was spent
    assert referee.receive(seat, simulate_line(fresh.seq, 2, []), 0.3)[0].message.id == 2  # type: ignore[union-attr]
    out = referee.receive(seat, simulate_line(fresh.seq, 3, []), 0.4)
    assert any(isinstance(o, SeatFailed) and o.reason == "simulate_limit" for o in out)


def test_a_simulate_without_a_pending_request_is_unexpected() -> None:
    referee = make()
    request = started(referee)
    other = 1 - request.seat
    out = referee.receive(other, simulate_line(request.seq, 1, []), 0.2)
    error = out[0].message  # type: ignore[union-attr]
    assert isinstance(error, Error) and error.reason in ("unexpected", "wrong_seq")


def test_a_title_scores_the_simulated_position() -> None:
    """A real title (SOH) scores any position with its own final scoring."""
    from railhouse.engine.record import new_game as title_game
    from railhouse.protocol.simulate import simulate, simulation_parts

    game = title_game("soh", ["a", "b", "c"], None, 3)
    first = game.legal_actions()[-1].to_builtins()  # a pass in the auction
    after = simulate(game, [first])
    assert not isinstance(after, str) and len(after.actions) == 1 and not game.actions
    parts = simulation_parts(after)
    assert parts["acting"] == ((game.acting_seat() or 0) + 1) % 3
    assert len(parts["scores"]) == 3 and parts["legal"]
    assert simulate(game, [first, first]).startswith("action 1: ")  # type: ignore[union-attr]



def test_simulate_uses_the_legal_sets_the_engine_already_computed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the position's set (which the clone inherits) checks the first action, and the set
    # the engine computed while settling after it serves the answer's ``legal``: no full
    # recomputation (``Game.legal_actions``) on the copy
    from railhouse.engine.actions import to_builtins
    from railhouse.engine.game import Game
    from railhouse.engine.record import new_game as title_game
    from railhouse.protocol.simulate import simulate, simulation_parts

    game = title_game("soh", ["a", "b", "c", "d"], None, 3)
    action = game.legal_actions()[0].action
    expected = game.clone()
    expected.apply(action)
    legal = [choice.to_builtins() for choice in expected.legal_actions()]

    def refused(self: Game) -> Any:
        raise AssertionError("legal set recomputed")

    monkeypatch.setattr(Game, "legal_actions", refused)
    outcome = simulate(game, [to_builtins(action)])
    assert not isinstance(outcome, str)
    assert simulation_parts(outcome)["legal"] == legal
