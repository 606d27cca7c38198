"""A sans-I/O referee session: one game, its seats, and the protocol between them.

Like h11, it never reads, writes, sleeps or looks at a clock.  The caller (the tournament
runner, the compliance checker, a test) feeds it what happened -- a line from a seat, a
deadline that passed, a process that died -- together with the current time ``now`` in
seconds on any monotonic clock, and gets back a list of outputs to act on, in order:

* :class:`Send` -- write ``output.line()`` to that seat's bot (or hand
  ``output.to_builtins()`` to an in-process bot);
* :class:`SeatFailed` -- that seat broke the protocol beyond its retries (or died); it
  gets no more messages.  Apply the failure policy: :meth:`Referee.finish` to end the
  game, or keep going and answer the :class:`NeedsAction` outputs that follow;
* :class:`NeedsAction` -- a failed seat must decide: call :meth:`Referee.substitute`;
* :class:`GameFinished` -- the game is over, every live seat got ``game_over``.

Between calls, :meth:`Referee.deadline` says until when a seat may take to answer; when it
passes without an answer call :meth:`Referee.timeout`.
"""

from __future__ import annotations

from typing import Any

from railhouse.engine.actions import Action, find_admitting
from railhouse.engine.api import GameResult
from railhouse.engine.errors import IllegalAction
from railhouse.protocol.codec import (
    ProtocolError,
    bot_message_from_builtins,
    decode_bot_line,
)
from railhouse.protocol.messages import (
    PROTOCOL,
    ActionReply,
    BotMessage,
    Error,
    Ready,
    Simulate,
    Simulation,
)
from railhouse.protocol.outputs import (
    GameFinished,
    NeedsAction,
    Output,
    SeatFailed,
    SeatSetup,
    Send,
)
from railhouse.protocol.referee_flow import ACTION_CAP, GameFlow
from railhouse.protocol.replies import choice_of, comment_of
from railhouse.protocol.seat import SeatState
from railhouse.protocol.simulate import simulate, simulation_parts

__all__ = [
    "ACTION_CAP",
    "GameFinished",
    "NeedsAction",
    "Output",
    "Referee",
    "SeatFailed",
    "SeatSetup",
    "Send",
]


class Referee(GameFlow):
    """Runs the protocol for one game.  See the module docstring for the contract; the
    constructor and the flow of play are :class:`~railhouse.protocol.referee_flow.GameFlow`'s."""

    # --- queries -----------------------------------------------------------------------
    def deadline(self, seat: int) -> float | None:
        """Absolute time by which ``seat`` must answer, or None if it owes nothing."""
        state = self.seats[seat]
        return state.deadline if state.waiting else None

    def waiting_on(self) -> list[int]:
        """Seats that owe an answer now."""
        return [s.index for s in self.seats if s.waiting]

    @property
    def done(self) -> bool:
        return self.phase == "over"

    # --- inputs ------------------------------------------------------------------------
    def start(self, now: float) -> list[Output]:
        """Begin: ``hello`` to every seat that needs a handshake, else straight to play."""
        if self.phase != "new":
            raise RuntimeError("the referee has already started")
        self.phase = "handshake"
        out: list[Output] = []
        for seat in self.seats:
            if self._handshake[seat.index]:
                seat.ask("ready", now, self.time)
                seat.retries_left = self.retries
                out.append(Send(seat.index, self._hello(seat)))
        if not out:
            out.extend(self._begin(now))
        return out

    def receive(self, seat: int, line: bytes | str, now: float) -> list[Output]:
        """One line (without or with its ``\\n``) that ``seat`` wrote."""
        state = self.seats[seat]
        if state.dead or self.phase == "over":
            return []
        if len(line) > self.max_line_bytes:
            return self._reject(state, "too_long", f"line exceeds {self.max_line_bytes} bytes", now)
        try:
            message = decode_bot_line(line)
        except ProtocolError as exc:
            return self._reject(state, exc.reason, str(exc), now)
        return self._handle(state, message, now)

    def receive_message(self, seat: int, message: BotMessage | Any, now: float) -> list[Output]:
        """A message from an in-process bot: a typed message or its dict form."""
        state = self.seats[seat]
        if state.dead or self.phase == "over":
            return []
        if not isinstance(message, Ready | ActionReply | Simulate):
            try:
                message = bot_message_from_builtins(message)
            except ProtocolError as exc:
                return self._reject(state, exc.reason, str(exc), now)
        return self._handle(state, message, now)

    def timeout(self, seat: int, now: float) -> list[Output]:
        """The caller saw ``seat``'s deadline pass without an answer."""
        state = self.seats[seat]
        if not state.waiting or state.dead:
            return []
        state.timeouts += 1
        return self._reject(state, "timeout", "no answer before the deadline", now)

    def disconnected(self, seat: int, now: float) -> list[Output]:
        """``seat``'s process is gone (EOF, crash, killed)."""
        state = self.seats[seat]
        if state.dead or self.phase == "over":
            return []
        return self._kill(state, "disconnected", "the bot process is gone", now)

    def mark_sent(self, seat: int, now: float) -> None:
        """The caller just finished writing ``seat``'s latest line: restart the clock of
        the question it owes at ``now``, so that the time between the referee creating a
        request and the transport delivering it (a busy runner, a full pipe) is never
        charged to the bot.  Without this call the clock runs from the request's
        creation.  Does nothing if the seat owes nothing or ``now`` is earlier."""
        state = self.seats[seat]
        if state.waiting and not state.dead and now > state.sent_at:
            state.start_clock(now, self.time)

    def forfeit(self, seat: int) -> None:
        """The runner's failure policy: ``seat`` forfeits this game.  Every ``game_over``
        (and the result in :class:`GameFinished`) lists it in ``forfeits``."""
        self._forfeits.add(seat)

    def substitute(self, action: Action | None, now: float) -> list[Output]:
        """Decide for a failed seat after :class:`NeedsAction`; None takes the first legal
        choice (at the minimum of its ranges).  Raises ``IllegalAction`` if not legal."""
        if self.phase != "substitute":
            raise RuntimeError("no failed seat is waiting for a substitute action")
        chosen = action if action is not None else self._legal[0].action
        if find_admitting(self._legal, chosen) is None:
            raise IllegalAction(f"substitute {chosen!r} is not legal now", "protocol")
        seat, index = self.game.acting_seat(), self.game.action_count
        self.game.apply(chosen)  # raises IllegalAction if the engine refuses it
        self.phase = "playing"
        return self._after_apply(seat, index, chosen, now)

    def finish(self, result: GameResult) -> list[Output]:
        """End the game now with ``result`` (the runner's failure policy, e.g. forfeit)."""
        if self.phase == "over":
            return []
        return self._game_over(result)

    # --- handling ----------------------------------------------------------------------
    def _handle(self, state: SeatState, message: BotMessage, now: float) -> list[Output]:
        if isinstance(message, Ready):
            if state.waiting != "ready":
                return self._reject(state, "unexpected", "'ready' answers 'hello' only", now)
            return self._on_ready(state, message, now)
        if state.waiting != "action":
            if message.seq in state.stale:
                text = f"seq {message.seq} was already closed"
                return self._notice(state, "wrong_seq", text, now)
            return self._notice(state, "unexpected", "no request is pending for this seat", now)
        if message.seq != state.seq:
            if message.seq in state.stale:
                text = f"seq {message.seq} was already closed"
                return self._notice(state, "wrong_seq", text, now)
            return self._reject(state, "wrong_seq", f"expected seq {state.seq}", now)
        if now > state.deadline:
            return self._reject(state, "timeout", "the answer came after the deadline", now)
        if isinstance(message, Simulate):
            return self._simulate(state, message, now)
        try:
            action = choice_of(message, self._legal, self._judge,
                               normalise=getattr(self.game, "normalise", None))
        except ProtocolError as exc:
            return self._reject(state, exc.reason, str(exc), now)
        index = self.game.action_count
        try:  # a choice that matched a legal entry's shape may still break a rule the
            self.game.apply(action)  # engine checks only on apply (e.g. a route claim)
        except IllegalAction as exc:
            return self._reject(state, "illegal_action", f"the engine refused it: {exc}", now)
        state.charge(now, self.time)
        state.stale.add(message.seq)  # a repeat of this answer is late, and costs nothing
        state.waiting, state.seq = None, None
        if message.comment:
            self.comments.append((index, state.index, comment_of(message)))
        return self._after_apply(state.index, index, action, now)

    def _simulate(self, state: SeatState, message: Simulate, now: float) -> list[Output]:
        """The forward model (docs/protocol.md, "Looking ahead"): the clock keeps running,
        the real game is never touched; over the limits is an error like any other, an
        illegal simulated action only an answer (it costs no retry)."""
        limits = self.simulate_limits
        if state.simulations >= limits.max_per_decision:
            text = f"at most {limits.max_per_decision} simulations per decision"
            return self._reject(state, "simulate_limit", text, now)
        if len(message.actions) > limits.max_actions:
            text = f"at most {limits.max_actions} actions per simulation"
            return self._reject(state, "simulate_limit", text, now)
        state.simulations += 1
        outcome = simulate(self.game, message.actions)
        if isinstance(outcome, str):  # an answer, not a fault: no seq, no retry, no error
            error = Error("illegal_simulation", outcome, None, state.retries_left,
                          id=message.id)
            return [Send(state.index, error)]
        parts = simulation_parts(outcome)
        reply = Simulation(game=self.game_id, seq=message.seq, id=message.id, **parts)
        return [Send(state.index, reply)]

    def _judge(self, action: Action) -> None:
        """The engine's verdict on an answer that sets a free field: applied to a copy
        (``apply`` raises ``IllegalAction`` on an illegal value), so this game changes
        only once the answer is known to be legal."""
        self.game.clone().apply(action)

    def _on_ready(self, state: SeatState, message: Ready, now: float) -> list[Output]:
        if message.protocol != PROTOCOL:
            text = f"this referee speaks {PROTOCOL}, not {message.protocol!r}"
            return self._reject(state, "invalid_message", text, now)
        state.ready, state.mode, state.patch = message, message.observation, message.patch
        if message.patch == "rfc6902":
            self.feed.rfc6902 = True  # every later step is translated as well
        state.settle()
        if self.phase == "handshake" and not self.waiting_on():
            return self._begin(now)
        return []

    def _notice(self, state: SeatState, reason: Any, text: str, now: float) -> list[Output]:
        """An error that costs no retry and changes nothing (e.g. a late stale answer);
        beyond ``max_notices`` in one game the seat fails (``flood``)."""
        state.errors += 1
        state.notices += 1
        if state.notices > self.max_notices:
            text = f"more than {self.max_notices} messages nobody asked for in one game"
            return self._kill(state, "flood", text, now)
        return [Send(state.index, Error(reason, text, None, state.retries_left), retry=False)]

    def _reject(self, state: SeatState, reason: Any, text: str, now: float) -> list[Output]:
        """Answer a bad message with ``error``; retry the pending question or fail."""
        if not state.waiting:
            return self._notice(state, reason, text, now)
        state.errors += 1
        if state.retries_left <= 0:
            return self._kill(state, reason, text, now)
        state.retries_left -= 1
        error = Error(reason, text, state.seq, state.retries_left)
        out: list[Output] = [Send(state.index, error, retry=True)]
        if state.waiting == "action":
            state.charge(now, self.time)
            if state.seq is not None:
                state.stale.add(state.seq)
            out.append(self._request(state, now))
        else:
            state.start_clock(now, self.time)
        return out

    def _kill(self, state: SeatState, reason: str, text: str, now: float) -> list[Output]:
        was_waiting = state.waiting
        state.dead = True
        state.settle()
        out: list[Output] = [SeatFailed(state.index, reason, text)]
        if was_waiting == "ready" and self.phase == "handshake" and not self.waiting_on():
            out.extend(self._begin(now))
        elif was_waiting == "action":
            self.phase = "substitute"
            entity = self.game.acting_entity() or state.player
            out.append(NeedsAction(state.index, entity, list(self._legal)))
        return out
