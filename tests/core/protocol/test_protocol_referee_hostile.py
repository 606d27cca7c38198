"""The referee against a hostile seat: whatever it sends is charged to that seat alone, and
nothing it sends can make the referee raise or grow without bound."""

from __future__ import annotations

import json
from typing import Any, cast

from railhouse.engine.actions import Action
from railhouse.engine.api import GameAPI
from railhouse.engine.errors import IllegalAction
from railhouse.protocol.messages import Error, Request, TimeControl
from railhouse.protocol.referee import (
    ACTION_CAP,
    GameFinished,
    NeedsAction,
    Output,
    Referee,
    SeatFailed,
    Send,
)
from railhouse.testing.toy import Take, ToyGame

TIME = TimeControl(decision_ms=100, bank_ms=1000, hello_ms=500)


class Picky(ToyGame):
    """A toy game whose engine refuses, on apply, a choice its legal set admits (as
    1839's route validation refuses a route claim that matched a legal entry's shape)."""

    def apply(self, action: Action) -> None:
        if isinstance(action, Take) and action.count == 3:
            raise IllegalAction("three is refused on apply", "picky rule")
        super().apply(action)


def begin(game: ToyGame, **kwargs: Any) -> tuple[Referee, Request]:
    referee = Referee(cast(GameAPI, game), time=TIME, **kwargs)
    referee.start(0.0)
    referee.receive(0, b'{"type":"ready","name":"a"}', 0.0)
    out = referee.receive(1, b'{"type":"ready","name":"b"}', 0.0)
    request = out[-1].message  # type: ignore[union-attr]
    assert isinstance(request, Request)
    return referee, request


def errors(out: list[Output]) -> list[tuple[str, bool]]:
    return [
        (o.message.reason, o.retry) for o in out
        if isinstance(o, Send) and isinstance(o.message, Error)
    ]  # fmt: skip


def take(request: Request, count: int) -> bytes:
    action = {"type": "toy_take", "entity": request.entity, "count": count}
    return b'{"type":"action","seq":%d,"action":%s}' % (request.seq, json.dumps(action).encode())


def test_a_claim_the_engine_refuses_is_the_seats_illegal_action() -> None:
    referee, request = begin(Picky(["a", "b"], {"pile": 9}, seed=1), retries=1)
    out = referee.receive(request.seat, take(request, 3), 0.01)
    assert errors(out) == [("illegal_action", True)]
    assert "three is refused" in out[0].message.message  # type: ignore[union-attr]
    retry = out[-1].message  # type: ignore[union-attr]
    assert isinstance(retry, Request) and retry.seq > request.seq
    assert len(referee.game.actions) == 0  # nothing was applied
    out = referee.receive(request.seat, take(retry, 3), 0.02)
    assert [(o.seat, o.reason) for o in out if isinstance(o, SeatFailed)] == [
        (request.seat, "illegal_action")
    ]
    assert isinstance(out[-1], NeedsAction)


def test_a_substitute_the_engine_refuses_raises_and_leaves_the_seat_waiting() -> None:
    referee, request = begin(Picky(["a", "b"], {"pile": 9}, seed=1), retries=0)
    referee.receive(request.seat, b"junk", 0.01)
    try:
        referee.substitute(Take(entity=request.entity, count=3), 0.02)
    except IllegalAction:
        pass
    else:
        raise AssertionError("the refused substitute was accepted")
    out = referee.substitute(None, 0.03)  # the referee still waits for a substitute
    assert len(referee.game.actions) == 1 and out


def test_repeating_an_answer_already_accepted_costs_nothing() -> None:
    referee, request = begin(ToyGame(["a", "b"], {"pile": 9}, seed=1), retries=0)
    line = take(request, 1)
    referee.receive(request.seat, line, 0.01)
    for _ in range(3):  # the seat is asked again later, or not at all: both are free
        out = referee.receive(request.seat, line, 0.02)
        assert errors(out) == [("wrong_seq", False)]
    other = 1 - request.seat
    [pending] = referee.waiting_on()
    assert pending == other
    out = referee.receive(other, b'{"type":"action","seq":%d,"index":0}' % (request.seq + 1), 0.03)
    out = referee.receive(request.seat, line, 0.04)  # now owing an answer: still free
    assert errors(out) == [("wrong_seq", False)]
    assert not any(s.dead for s in referee.seats)


def test_a_notice_flood_fails_the_seat_after_max_notices() -> None:
    referee, request = begin(ToyGame(["a", "b"], {"pile": 9}, seed=1), max_notices=5)
    other = 1 - request.seat
    stale = b'{"type":"action","seq":99999,"index":0}'
    for _ in range(5):
        assert errors(referee.receive(other, stale, 0.01)) == [("unexpected", False)]
    out = referee.receive(other, stale, 0.01)
    assert [(o.seat, o.reason) for o in out if isinstance(o, SeatFailed)] == [(other, "flood")]
    assert referee.receive(other, stale, 0.01) == []  # a failed seat is not listened to


def test_a_handshake_error_costs_a_retry_and_says_so() -> None:
    referee = Referee(cast(GameAPI, ToyGame(["a", "b"], seed=1)), time=TIME, retries=1)
    referee.start(0.0)
    out = referee.receive(0, b'{"type":"ready","name":"a","protocol":"railhouse/0"}', 0.0)
    assert errors(out) == [("invalid_message", True)]


def test_a_game_still_going_at_max_actions_ends_with_reason_action_cap() -> None:
    """Seats that never end the game (an offer and its refusal forever, a title that never
    ends) cannot hang the referee: after ``max_actions`` actions every seat gets
    ``game_over`` with reason ``action_cap``, nobody winning."""
    game = ToyGame(["a", "b"], {"pile": 1000}, seed=1)
    referee, request = begin(game, max_actions=4)
    for _ in range(3):
        out = referee.receive(request.seat, take(request, 1), 0.01)
        sent = out[-1]
        assert isinstance(sent, Send) and isinstance(sent.message, Request)
        request = sent.message
    out = referee.receive(request.seat, take(request, 1), 0.01)
    overs = [o.message for o in out if isinstance(o, Send)]
    assert [(m.seat, m.reason, m.scores, m.ranks) for m in overs] == [  # type: ignore[union-attr]
        (0, "action_cap", [0, 0], [1, 1]), (1, "action_cap", [0, 0], [1, 1])]
    finished = out[-1]
    assert isinstance(finished, GameFinished) and finished.result.reason == ACTION_CAP
    assert referee.done and len(game.actions) == 4 and not game.over


def test_a_game_ending_on_the_capped_action_keeps_its_own_result() -> None:
    game = ToyGame(["a", "b"], {"pile": 3}, seed=1)
    referee, request = begin(game, max_actions=1)
    out = referee.receive(request.seat, take(request, 3), 0.01)
    finished = out[-1]
    assert isinstance(finished, GameFinished) and finished.result.reason == "pile_empty"
