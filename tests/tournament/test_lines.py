from __future__ import annotations

import pytest
import trio
import trio.testing

from railhouse_tournament.errors import BotCrashed, BotLineTooLong
from railhouse_tournament.lines import LineReader

from .conftest import trio_test


async def reader_with(data: bytes, max_bytes: int, chunks: int = 1) -> LineReader:
    send, receive = trio.testing.memory_stream_one_way_pair()
    step = max(1, len(data) // chunks)
    for start in range(0, len(data), step):
        await send.send_all(data[start : start + step])
    await send.aclose()
    return LineReader(receive, max_bytes)


@pytest.mark.parametrize("chunks", [1, 3, 50])
@trio_test
async def test_lines_split_across_chunks_and_crlf(chunks: int) -> None:
    with trio.fail_after(5):
        reader = await reader_with(b'{"a":1}\r\n\n{"b":2}\n', 64, chunks)
        assert await reader.receive_line() == b'{"a":1}'
        assert await reader.receive_line() == b""
        assert await reader.receive_line() == b'{"b":2}'
        with pytest.raises(BotCrashed):
            await reader.receive_line()


@pytest.mark.parametrize("chunks", [1, 7, 400])
@trio_test
async def test_too_long_line_is_skipped_and_stream_stays_in_sync(chunks: int) -> None:
    with trio.fail_after(5):
        data = b"x" * 10_000 + b"\nok\n" + b"y" * 17 + b"\nend\n"
        reader = await reader_with(data, 16, chunks)
        with pytest.raises(BotLineTooLong):
            await reader.receive_line()
        assert await reader.receive_line() == b"ok"
        with pytest.raises(BotLineTooLong):
            await reader.receive_line()
        assert await reader.receive_line() == b"end"


@trio_test
async def test_exactly_max_bytes_is_allowed() -> None:
    with trio.fail_after(5):
        reader = await reader_with(b"1234567890\n", 10)
        assert await reader.receive_line() == b"1234567890"


@trio_test
async def test_partial_line_at_eof_is_a_crash() -> None:
    with trio.fail_after(5):
        reader = await reader_with(b"no newline", 64)
        with pytest.raises(BotCrashed):
            await reader.receive_line()
