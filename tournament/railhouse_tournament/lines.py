"""A bounded line reader over a trio ``ReceiveStream`` (trio has none built in).

A bot may send a line of any length; the reader never buffers more than ``max_bytes`` of
one line.  A longer line raises :class:`BotLineTooLong` and the rest of that line is skipped
on the next call, so the stream stays in sync and the failure policy may retry.

>>> import trio, trio.testing
>>> async def demo():
...     send, receive = trio.testing.memory_stream_one_way_pair()
...     reader = LineReader(receive, max_bytes=8)
...     await send.send_all(b'{"a":1}\\n0123456789\\nok\\n')
...     first = await reader.receive_line()
...     try:
...         await reader.receive_line()
...     except BotLineTooLong:
...         pass
...     return first, await reader.receive_line()
>>> trio.run(demo)
(b'{"a":1}', b'ok')
"""

from __future__ import annotations

import trio

from railhouse_tournament.errors import BotCrashed, BotLineTooLong

CHUNK = 65536


class LineReader:
    """Reads ``\\n``-terminated lines (returned without the newline, ``\\r`` stripped)."""

    def __init__(self, stream: trio.abc.ReceiveStream, max_bytes: int) -> None:
        self._stream = stream
        self._max = max_bytes
        self._buffer = bytearray()
        self._skipping = False  # inside the tail of a too-long line
        self._eof = False

    async def receive_line(self) -> bytes:
        """The next complete line; raises ``BotLineTooLong`` or ``BotCrashed`` (EOF)."""
        while True:
            newline = self._buffer.find(b"\n")
            if newline >= 0:
                line = bytes(self._buffer[:newline])
                del self._buffer[: newline + 1]
                if self._skipping:
                    self._skipping = False
                    continue
                if len(line) > self._max:
                    raise BotLineTooLong(f"line of {len(line)} bytes exceeds {self._max}")
                return line.removesuffix(b"\r")
            if self._skipping:
                self._buffer.clear()
            elif len(self._buffer) > self._max:
                self._buffer.clear()
                self._skipping = True
                raise BotLineTooLong(f"line longer than {self._max} bytes")
            await self._fill()

    async def _fill(self) -> None:
        if self._eof:
            raise BotCrashed("the bot closed its stdout")
        try:
            chunk = await self._stream.receive_some(CHUNK)
        except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
            raise BotCrashed(f"reading from the bot failed: {exc!r}") from None
        if not chunk:
            self._eof = True
            raise BotCrashed("the bot closed its stdout")
        self._buffer += chunk
