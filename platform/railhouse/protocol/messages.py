"""The message types of protocol ``railhouse/1``: one JSON object per line, both directions.

Every message is a ``msgspec.Struct`` tagged by its ``type`` field.  The runner (referee)
sends :data:`RunnerMessage` values; a bot answers with :data:`BotMessage` values.  The
JSON Schema shipped with the package (``railhouse protocol schema``) is generated from
these classes, so this module *is* the specification; ``docs/protocol.md`` explains it.

Flow of one bot process::

    hello -> ready                      once per process
    game_start                          once per game (full observation)
    request -> action  (x N)            one per decision; errors may come in between
    game_over                           final scores and ranks
    ... game_start again for the next game, or
    bye                                 the process should exit
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

PROTOCOL = "railhouse/1"

#: Reason codes of :class:`Error`.
REASONS = (
    "invalid_json",  # the line is not one UTF-8 JSON object
    "invalid_message",  # a known type with missing or wrongly typed fields
    "unknown_type",  # "type" is not a message a bot may send
    "unexpected",  # a well-formed message nobody asked for (e.g. "ready" mid-game)
    "wrong_seq",  # "seq" does not echo the request being answered
    "illegal_action",  # not one of the legal actions (or an index out of range)
    "timeout",  # no answer before the deadline
    "too_long",  # the line exceeds max_line_bytes
    "illegal_simulation",  # a simulate's actions are not legal in turn (costs no retry)
    "simulate_limit",  # more simulations, or longer ones, than the limits in hello allow
)
Reason = Literal[
    "invalid_json",
    "invalid_message",
    "unknown_type",
    "unexpected",
    "wrong_seq",
    "illegal_action",
    "timeout",
    "too_long",
    "illegal_simulation",
    "simulate_limit",
]
ObservationMode = Literal["delta", "full"]
#: The patch format a bot reads: ours (``set``/``del`` with key lists) or RFC 6902.
PatchFormat = Literal["railhouse", "rfc6902"]
PathKey = int | str

NonNegative = Annotated[int, msgspec.Meta(ge=0)]

_RANGE_SCHEMA = {
    "type": "object",
    "properties": {
        "min": {"type": "integer"},
        "max": {"type": "integer"},
        "step": {"type": "integer", "minimum": 1},
    },
    "required": ["min", "max", "step"],
}
#: An action object: ``type`` names it, ``entity`` is who acts, other fields by type.
ActionObject = Annotated[
    dict[str, Any],
    msgspec.Meta(
        extra_json_schema={
            "properties": {"type": {"type": "string"}, "entity": {"type": "string"}},
            "required": ["type", "entity"],
        }
    ),
]
#: A legal choice: an action object plus optional ``ranges`` of its integer fields and
#: ``free``: the fields an answer may set to any value (the engine judges it).
LegalChoice = Annotated[
    dict[str, Any],
    msgspec.Meta(
        extra_json_schema={
            "properties": {
                "type": {"type": "string"},
                "entity": {"type": "string"},
                "ranges": {"type": "object", "additionalProperties": _RANGE_SCHEMA},
                "free": {"type": "array", "items": {"type": "string"}},
            },
            "required": ["type", "entity"],
        }
    ),
]
#: An event: ``index`` of the action that caused it (-1 for setup), ``kind``, ``data``.
EventObject = Annotated[
    dict[str, Any],
    msgspec.Meta(
        extra_json_schema={
            "properties": {
                "index": {"type": "integer"},
                "kind": {"type": "string"},
                "data": {"type": "object"},
            },
            "required": ["index", "kind", "data"],
        }
    ),
]


class _Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=False):
    """Base of every message."""


# --- shared pieces ------------------------------------------------------------------------
class TimeControl(msgspec.Struct, frozen=True):
    """The clock, in milliseconds.

    Each decision may take ``decision_ms``; time beyond that is taken from the seat's
    ``bank_ms`` for the whole game, which never refills.  ``hello_ms`` bounds the handshake.
    """

    decision_ms: NonNegative = 1000
    bank_ms: NonNegative = 30000
    hello_ms: NonNegative = 10000


class SimulateLimits(msgspec.Struct, frozen=True):
    """What a seat may ask of the forward model while one decision is pending:
    ``max_per_decision`` ``simulate`` messages of at most ``max_actions`` actions each
    (0 simulations: the runner offers no forward model)."""

    max_per_decision: NonNegative = 200
    max_actions: NonNegative = 400


class Clock(msgspec.Struct, frozen=True):
    """Time left for the decision at hand: ``decision_ms`` of its own plus ``bank_ms``."""

    decision_ms: NonNegative
    bank_ms: NonNegative


class SetOp(msgspec.Struct, frozen=True, tag_field="op", tag="set"):
    """Set ``path`` to ``value``.  On a list, an index equal to its length appends."""

    path: list[PathKey]
    value: Any


class DelOp(msgspec.Struct, frozen=True, tag_field="op", tag="del"):
    """Delete the key (dict) or the element (list) at ``path``."""

    path: list[PathKey]


PatchOp = SetOp | DelOp


class AddOp(msgspec.Struct, frozen=True, tag_field="op", tag="add"):
    """RFC 6902 ``add``: ``path`` is a JSON Pointer; ``/-`` is never used (an append
    names the index equal to the array's length)."""

    path: str
    value: Any


class ReplaceOp(msgspec.Struct, frozen=True, tag_field="op", tag="replace"):
    """RFC 6902 ``replace`` of an existing member or array element."""

    path: str
    value: Any


class RemoveOp(msgspec.Struct, frozen=True, tag_field="op", tag="remove"):
    """RFC 6902 ``remove`` of a member or array element."""

    path: str


#: An RFC 6902 JSON Patch operation, for bots that chose ``"patch": "rfc6902"``.
Rfc6902Op = AddOp | ReplaceOp | RemoveOp


class Applied(msgspec.Struct, frozen=True):
    """An action from the log: its ``index``, the ``seat`` that chose it, the action."""

    index: int
    seat: int | None
    action: ActionObject


class Delta(msgspec.Struct, frozen=True):
    """What changed since the last message this seat received (see docs/protocol.md):
    ``actions`` applied since, the engine's ``events`` since (without its ``action``
    events, which ``actions`` carries), and the ``patch`` from this seat's previous
    observation to the current one, to apply in order: ``set``/``del`` operations, or
    RFC 6902 ones for a bot that chose ``"patch": "rfc6902"`` in ``ready``."""

    actions: list[Applied]
    events: list[EventObject]
    patch: list[PatchOp | Rfc6902Op]


# --- runner -> bot ------------------------------------------------------------------------
class Hello(_Message, tag="hello"):
    """First message to a new bot process.  The bot answers ``ready``."""

    title: str
    title_version: str
    options: dict[str, Any]
    seats: int
    seat: int
    player: str
    time: TimeControl
    retries: int
    max_line_bytes: int
    protocol: str = PROTOCOL
    simulate: SimulateLimits = SimulateLimits()


class GameStart(_Message, tag="game_start"):
    """A game begins; ``observation`` is the full public state.  No answer is expected.

    ``seat``/``player``/``options`` here are authoritative for this game (a process that
    plays many games may sit in different seats).  ``seed`` is this seat's seed for this
    game, derived from the tournament's (or ``play``'s) seed: a bot that seeds its random
    generator with it plays the same game the same way every time.
    """

    game: str
    title: str
    title_version: str
    options: dict[str, Any]
    seats: int
    seat: int
    player: str
    players: list[str]
    observation: dict[str, Any]
    seed: NonNegative = 0
    protocol: str = PROTOCOL
    #: the engine's seed, so that a bot can rebuild the game with the same engine and search
    #: it (docs/writing-a-bot.md, "Looking ahead"); null for a title that draws randomness
    #: after setup, where the seed would reveal the future
    game_seed: int | None = None


class Request(_Message, tag="request"):
    """A decision.  Answer ``action`` with the same ``seq``.

    ``entity`` decides (a player id or a company id) on behalf of ``player`` (this seat).
    ``legal`` lists the choices: each is an action object, plus ``ranges`` mapping an
    integer field to ``{"min", "max", "step"}`` when that field may take any such value,
    and ``free`` naming the fields an answer may set to any value (the engine judges it).
    ``delta`` says what changed since this seat's previous message; ``observation`` is
    the full state, sent only to bots that chose ``"observation": "full"`` in ``ready``.
    """

    game: str
    seq: int
    seat: int
    player: str
    entity: str
    legal: list[LegalChoice]
    time: Clock
    delta: Delta
    observation: dict[str, Any] | None = None


class Error(_Message, tag="error"):
    """The previous bot message was rejected.  If a decision is pending and retries are
    left, a fresh ``request`` (new ``seq``) follows."""

    reason: Reason
    message: str
    seq: int | None
    retries_left: int
    #: the ``simulate`` this error answers (its ``id``), else null
    id: int | None = None


class Simulation(_Message, tag="simulation"):
    """The answer to ``simulate`` ``id`` (for the request ``seq``): the position after its
    actions, on a copy of the game (the real game is untouched).  ``observation`` is the full
    state; ``legal``, ``acting`` (seat) and ``entity`` describe the next decision (empty and
    null when ``over``); ``scores`` are the title's scores of that position by seat (the
    final scores when ``over``)."""

    game: str
    seq: int
    id: int
    observation: dict[str, Any]
    legal: list[LegalChoice]
    acting: int | None
    entity: str | None
    over: bool
    scores: list[int]


class GameOver(_Message, tag="game_over"):
    """The game ended.  ``scores``/``ranks`` are by seat (rank 1 is best; ties share)."""

    game: str
    seat: int
    scores: list[int]
    ranks: list[int]
    reason: str
    forfeits: list[int]
    delta: Delta


class Bye(_Message, tag="bye"):
    """No more games: the bot should exit with status 0."""

    reason: str = ""


# --- bot -> runner ------------------------------------------------------------------------
class Ready(_Message, tag="ready"):
    """The answer to ``hello``.  ``observation`` picks delta (default) or full states;
    ``patch`` the format of the deltas' patches: ``railhouse`` (default) or ``rfc6902``
    (JSON Patch, which every language has a library for)."""

    name: str
    version: str = ""
    observation: ObservationMode = "delta"
    patch: PatchFormat = "railhouse"
    protocol: str = PROTOCOL


class ActionReply(_Message, tag="action"):
    """The answer to ``request``: exactly one of ``action`` (an action object whose
    ranged fields may take any value in range) or ``index`` (into ``legal``; every
    ranged field then takes its minimum).  ``comment`` is kept short (truncated)."""

    seq: int
    action: ActionObject | None = None
    index: int | None = None
    comment: str = ""


class Simulate(_Message, tag="simulate"):
    """While a request is pending: apply ``actions`` (each legal in turn, ranged fields
    anywhere in range) to a copy of the current position and answer ``simulation`` with the
    same ``id``.  The decision's clock keeps running; see :class:`SimulateLimits`."""

    seq: int
    id: int
    actions: list[ActionObject]


RunnerMessage = Hello | GameStart | Request | Simulation | Error | GameOver | Bye
BotMessage = Ready | ActionReply | Simulate

RUNNER_TYPES: dict[str, type[_Message]] = {
    "hello": Hello,
    "game_start": GameStart,
    "request": Request,
    "simulation": Simulation,
    "error": Error,
    "game_over": GameOver,
    "bye": Bye,
}
BOT_TYPES: dict[str, type[_Message]] = {"ready": Ready, "action": ActionReply,
                                         "simulate": Simulate}
COMMENT_MAX = 200
