"""Run any :class:`~railhouse_bots.base.BotLike` as a process speaking ``railhouse/1``.

Read a line, decode it, hand it to ``bot.handle``, write the reply (if any) as one line and
flush.  Exit cleanly, status 0, on ``bye`` or end of input.  A line that is not a JSON object
is reported on stderr and skipped: the runner's ``error`` message will follow anyway.
"""

from __future__ import annotations

import sys
from typing import Any, BinaryIO

import msgspec

from railhouse_bots.base import BotLike

_decoder: msgspec.json.Decoder[Any] = msgspec.json.Decoder()
_encoder = msgspec.json.Encoder()


def serve(bot: BotLike, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
    """The stdio loop; returns the exit status."""
    reader = stdin if stdin is not None else sys.stdin.buffer
    writer = stdout if stdout is not None else sys.stdout.buffer
    buffer = bytearray()
    while True:
        line = reader.readline()
        if not line:
            return 0  # EOF: the runner is gone or done
        try:
            message = _decoder.decode(line)
        except msgspec.DecodeError as exc:
            print(f"bot: ignoring a line that is not JSON: {exc}", file=sys.stderr)
            continue
        if not isinstance(message, dict):
            print("bot: ignoring a line that is not a JSON object", file=sys.stderr)
            continue
        reply = bot.handle(message)
        if reply is not None:
            buffer.clear()
            _encoder.encode_into(reply, buffer)
            buffer.extend(b"\n")
            writer.write(buffer)
            writer.flush()
        if message.get("type") == "bye":
            return 0
