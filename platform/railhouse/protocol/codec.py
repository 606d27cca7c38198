"""Encode and decode protocol lines.  Pure functions, no I/O.

A line is one UTF-8 JSON object followed by ``\\n``.  Decoding errors raise
:class:`ProtocolError` carrying the reason code the referee sends back to the bot; that is
the only exception a line can raise, whatever its bytes (a bot must never be able to turn
its own bad line into a runner error that voids the game).  Nesting deeper than
:data:`MAX_DEPTH` is refused before parsing, so no line can exhaust the decoder's stack.
The fast path decodes straight into the typed structs; only a failing line is decoded
a second time, generically, to tell an unknown ``type`` from a malformed message.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from railhouse.protocol.messages import (
    BOT_TYPES,
    RUNNER_TYPES,
    BotMessage,
    Reason,
    RunnerMessage,
)


class ProtocolError(ValueError):
    """A line or message that breaks the protocol; ``reason`` is an :class:`Error` code."""

    def __init__(self, reason: Reason, message: str) -> None:
        self.reason: Reason = reason
        super().__init__(message)


_encoder = msgspec.json.Encoder()
_bot_decoder: msgspec.json.Decoder[BotMessage] = msgspec.json.Decoder(BotMessage)
_runner_decoder: msgspec.json.Decoder[RunnerMessage] = msgspec.json.Decoder(RunnerMessage)
_any_decoder: msgspec.json.Decoder[Any] = msgspec.json.Decoder()

#: deepest nesting of arrays and objects a line may have (real messages need fewer than 10)
MAX_DEPTH = 64
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(rb"[\[\]{}]")


def too_deep(line: bytes | str, limit: int = MAX_DEPTH) -> bool:
    """Whether arrays and objects nest deeper than ``limit`` in ``line`` (brackets inside
    strings do not count).  Cheap for ordinary lines: few brackets cannot nest deeply.

    >>> too_deep(b'{"a": [1, {"b": "[[[["}]}', limit=3), too_deep(b'[[[[]]]]', limit=3)
    (False, True)
    """
    data = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line
    if data.count(b"[") + data.count(b"{") <= limit:
        return False
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub(b'""', data)):
        depth += 1 if match.group() in (b"[", b"{") else -1
        if depth > limit:
            return True
    return False


def _check_depth(line: bytes | str) -> None:
    if too_deep(line):
        raise ProtocolError("invalid_json", f"nested deeper than {MAX_DEPTH} levels")


def encode(message: msgspec.Struct | dict[str, Any]) -> bytes:
    """One protocol line: compact JSON plus ``\\n``."""
    buffer = bytearray()
    _encoder.encode_into(message, buffer)
    buffer.extend(b"\n")
    return bytes(buffer)


def _classify(line: bytes | str, exc: Exception, known: dict[str, type[Any]]) -> ProtocolError:
    try:
        data = _any_decoder.decode(line)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError) as err:
        return ProtocolError("invalid_json", f"not valid JSON: {err}")
    if not isinstance(data, dict):
        return ProtocolError("invalid_json", "a message must be a JSON object")
    kind = data.get("type")
    if kind not in known:
        expected = ", ".join(sorted(known))
        return ProtocolError("unknown_type", f"unknown message type {kind!r} (expected {expected})")
    return ProtocolError("invalid_message", f"bad {kind!r} message: {exc}")


def decode_bot_line(line: bytes | str) -> BotMessage:
    """Decode one line a bot sent; raises :class:`ProtocolError` (and nothing else)."""
    _check_depth(line)
    try:
        return _bot_decoder.decode(line)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as exc:
        raise _classify(line, exc, BOT_TYPES) from None


def decode_runner_line(line: bytes | str) -> RunnerMessage:
    """Decode one line the runner sent (for Python bots and the compliance checker)."""
    _check_depth(line)
    try:
        return _runner_decoder.decode(line)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as exc:
        raise _classify(line, exc, RUNNER_TYPES) from None


def bot_message_from_builtins(data: Any) -> BotMessage:
    """Convert a dict (an in-process bot's reply) to a typed message, no JSON involved."""
    if not isinstance(data, dict):
        raise ProtocolError("invalid_json", "a message must be a JSON object")
    kind = data.get("type")
    if kind not in BOT_TYPES:
        expected = ", ".join(sorted(BOT_TYPES))
        raise ProtocolError("unknown_type", f"unknown message type {kind!r} (expected {expected})")
    try:
        message: BotMessage = msgspec.convert(data, BOT_TYPES[kind])  # type: ignore[assignment]
    except msgspec.ValidationError as exc:
        raise ProtocolError("invalid_message", f"bad {kind!r} message: {exc}") from None
    return message


def to_builtins(message: msgspec.Struct) -> dict[str, Any]:
    """The dict form of a message, as an in-process bot receives it."""
    data: dict[str, Any] = msgspec.to_builtins(message)
    return data
