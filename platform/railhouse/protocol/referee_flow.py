"""The referee's side of the game (see :mod:`railhouse.protocol.referee` for the contract):
the game, its seats and the observation feed, and what the referee sends as play moves on --
``game_start`` to every live seat, a ``request`` to the acting seat (or
:class:`NeedsAction` when that seat has failed), ``game_over`` at the end (and the
``hello`` of the handshake).

:class:`GameFlow` holds that state and those steps; :class:`~railhouse.protocol.referee.Referee`
adds the inputs and judges what the seats send (errors, retries, failures, substitutes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from railhouse.engine.actions import Action, LegalAction
from railhouse.engine.actions import to_builtins as action_to_builtins
from railhouse.engine.api import GameAPI, GameResult
from railhouse.protocol.feed import ObservationFeed
from railhouse.protocol.messages import (
    Applied,
    Clock,
    GameOver,
    GameStart,
    Hello,
    Request,
    SimulateLimits,
    TimeControl,
)
from railhouse.protocol.outputs import (
    GameFinished,
    NeedsAction,
    Output,
    SeatSetup,
    Send,
    seat_seed,
)
from railhouse.protocol.seat import SeatState

__all__ = ["ACTION_CAP", "GameFlow", "capped_result"]

#: ``game_over.reason`` of a game the referee stopped at its action cap (``max_actions``)
ACTION_CAP = "action_cap"


def capped_result(seats: int) -> GameResult:
    """The result of a game stopped at the action cap: it never ended, so nobody won (no
    scores, every seat shares rank 1); a runner leaves it unrated."""
    return GameResult((0,) * seats, (1,) * seats, ACTION_CAP)


class GameFlow:
    """One game's seats, feed and flow of play; the base of
    :class:`~railhouse.protocol.referee.Referee`, which takes the same arguments."""

    def __init__(
        self,
        game: GameAPI,
        *,
        game_id: str = "g1",
        title_version: str = "",
        time: TimeControl | None = None,
        retries: int = 2,
        max_line_bytes: int = 1 << 20,
        seats: Sequence[SeatSetup] | None = None,
        simulate: SimulateLimits | None = None,
        max_notices: int = 100,
        max_actions: int = 0,
    ) -> None:
        self.game = game
        self.game_id = game_id
        # The record names the title version; asked once, only if the caller did not say.
        self.title_version = title_version or str(game.to_record().get("title_version", ""))
        self.time = time or TimeControl()
        self.retries = retries
        self.max_line_bytes = max_line_bytes
        self.simulate_limits = simulate or SimulateLimits()
        #: errors that cost nothing (late answers, unasked messages) one seat may cause
        #: in one game before it fails as ``flood``
        self.max_notices = max_notices
        #: the most actions the game may take (0: no cap); a game still going then ends
        #: with reason :data:`ACTION_CAP`, so a runaway game (bots that offer and decline
        #: forever, a title that never ends) cannot hang its runner
        self.max_actions = max_actions
        count = len(game.players)
        setups = list(seats) if seats is not None else [SeatSetup()] * count
        if len(setups) != count:
            raise ValueError(f"{len(setups)} seat setups for {count} seats")
        self._handshake = [s.handshake for s in setups]
        self._seeds = [
            s.seed if s.seed is not None else seat_seed(game.seed, game_id, i)
            for i, s in enumerate(setups)
        ]
        self.seats = [
            SeatState(i, f"p{i}", s.observation, float(self.time.bank_ms), s.patch)
            for i, s in enumerate(setups)
        ]
        self.phase: Literal["new", "handshake", "playing", "substitute", "over"] = "new"
        self.result: GameResult | None = None
        self._seq = 0
        self._legal: list[LegalAction] = []
        self._legal_dicts: list[dict[str, Any]] = []
        self._applied = [
            Applied(i, None, action_to_builtins(a)) for i, a in enumerate(game.actions)
        ]
        self.feed = ObservationFeed(game, self._applied)
        self.feed.rfc6902 = any(seat.patch == "rfc6902" for seat in self.seats)
        self._own_apply = False  # see _legal_now
        self._forfeits: set[int] = set()
        #: (action index, seat, comment) for every answer that carried a comment.
        self.comments: list[tuple[int, int, str]] = []

    # --- game flow ---------------------------------------------------------------------
    def _begin(self, now: float) -> list[Output]:
        self.phase = "playing"
        obs = self.feed.current()
        out: list[Output] = []
        for seat in self.seats:
            if seat.dead:
                continue
            seat.seen.version = self.feed.version
            out.append(Send(seat.index, self._game_start(seat, obs)))
        out.extend(self._next(now))
        return out

    def _apply(self, seat: int | None, action: Action, now: float) -> list[Output]:
        index = self.game.action_count
        self.game.apply(action)
        return self._after_apply(seat, index, action, now)

    def _after_apply(
        self, seat: int | None, index: int, action: Action, now: float
    ) -> list[Output]:
        """The game just applied ``action`` (the ``index``-th): record it, move on."""
        self._own_apply = True
        self._applied.append(Applied(index, seat, action_to_builtins(action)))
        return self._next(now)

    def _next(self, now: float) -> list[Output]:
        if self.game.over:
            return self._game_over(self.game.result())
        if self.max_actions and self.game.action_count >= self.max_actions:
            return self._game_over(capped_result(len(self.seats)))
        seat = self.game.acting_seat()
        if seat is None:
            raise RuntimeError("the game is not over but no seat is acting")
        self._legal = self._legal_now()
        self._legal_dicts = [choice.to_builtins() for choice in self._legal]
        state = self.seats[seat]
        if state.dead:
            self.phase = "substitute"
            entity = self.game.acting_entity() or state.player
            return [NeedsAction(seat, entity, list(self._legal))]
        state.retries_left = self.retries
        return [self._request(state, now)]

    def _legal_now(self) -> list[LegalAction]:
        """The acting seat's legal set.  Once the referee has applied an action, the game
        changes through ``apply`` alone, so the engine's per-position cache may serve it
        (``cached_legal_actions``, when the game has one: ``Step.auto`` often computed it
        while settling); the first set is always computed afresh."""
        cached = getattr(self.game, "cached_legal_actions", None)
        if self._own_apply and cached is not None:
            legal: list[LegalAction] = cached()
            return legal
        return self.game.legal_actions()

    def _request(self, state: SeatState, now: float) -> Send:
        self._seq += 1
        state.seq = self._seq
        state.ask("action", now, self.time)
        full = state.mode == "full"
        delta = self.feed.delta(state.seen, patch=not full, rfc=state.patch == "rfc6902")
        message = Request(
            game=self.game_id,
            seq=self._seq,
            seat=state.index,
            player=state.player,
            entity=self.game.acting_entity() or state.player,
            legal=self._legal_dicts,
            time=Clock(self.time.decision_ms, int(state.bank_ms)),
            delta=delta,
            observation=self.feed.current() if full else None,
        )
        return Send(state.index, message)

    def _game_over(self, result: GameResult) -> list[Output]:
        forfeits = tuple(sorted(self._forfeits | set(result.forfeits)))
        result = GameResult(result.scores, result.ranks, result.reason, forfeits)
        self.phase, self.result = "over", result
        out: list[Output] = []
        for seat in self.seats:
            seat.settle()
            if seat.dead:
                continue
            message = GameOver(
                game=self.game_id,
                seat=seat.index,
                scores=list(result.scores),
                ranks=list(result.ranks),
                reason=result.reason,
                forfeits=list(result.forfeits),
                # always patched, even for "full" bots: game_over has no observation
                delta=self.feed.delta(seat.seen, patch=True, rfc=seat.patch == "rfc6902"),
            )
            out.append(Send(seat.index, message))
        out.append(GameFinished(result))
        return out

    # --- messages ---------------------------------------------------------------------
    def _hello(self, state: SeatState) -> Hello:
        return Hello(
            title=self.game.title_id,
            title_version=self.title_version,
            options=dict(self.game.options),
            seats=len(self.seats),
            seat=state.index,
            player=state.player,
            time=self.time,
            retries=self.retries,
            max_line_bytes=self.max_line_bytes,
            simulate=self.simulate_limits,
        )

    def _game_start(self, state: SeatState, obs: dict[str, Any]) -> GameStart:
        return GameStart(
            game=self.game_id,
            title=self.game.title_id,
            title_version=self.title_version,
            options=dict(self.game.options),
            seats=len(self.seats),
            seat=state.index,
            player=state.player,
            players=list(self.game.players),
            observation=obs,
            game_seed=public_seed(self.game),
            seed=self._seeds[state.index],
        )



def public_seed(game: GameAPI) -> int | None:
    """The game's seed if knowing it reveals nothing: every title's randomness is spent at
    setup (dealt privates, drawn cards), which the opening observation shows anyway.  A title
    that draws later sets ``random_after_setup = True`` on its game class."""
    if getattr(game, "random_after_setup", False):
        return None
    return int(game.seed)
