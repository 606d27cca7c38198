"""A match's worker thread (:mod:`railhouse_tournament.offload`): results, errors and the
caller's context come back; a cancelled caller abandons its computation; leaving stops it."""

from __future__ import annotations

import contextvars
import threading
import time

import pytest
import trio

from railhouse_tournament.offload import QUICK, Offload

KEY: contextvars.ContextVar[str] = contextvars.ContextVar("key", default="unset")


def slowly(answer: str | None) -> str:
    time.sleep(5 * QUICK)
    if answer is None:
        raise ZeroDivisionError("no answer")
    return answer


def test_results_errors_and_context_come_back_from_the_worker_thread() -> None:
    async def main() -> None:
        KEY.set("match g1")
        async with Offload("g1") as offload:
            assert await offload.run(lambda a, b: a + b, 2, 3) == 5
            name = await offload.run(lambda: threading.current_thread().name)
            assert name == "railhouse g1" and name != threading.current_thread().name
            assert await offload.run(KEY.get) == "match g1"
            with pytest.raises(ValueError, match="bad"):
                await offload.run(int, "bad")
            assert await offload.run(len, "still serving") == 13
            # past the wait in place (QUICK), the result comes back through trio
            assert await offload.run(slowly, "slow") == "slow"
            with pytest.raises(ZeroDivisionError):
                await offload.run(slowly, None)

    trio.run(main)


def test_a_cancelled_caller_abandons_the_computation_and_the_thread_stops() -> None:
    started, release, finished = threading.Event(), threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        release.wait(10)
        finished.set()
        return "late"

    async def main() -> Offload:
        async with Offload("g2") as offload:
            with trio.move_on_after(0.05) as scope:
                await offload.run(slow)
            assert scope.cancelled_caught and started.is_set()
            release.set()
            await trio.to_thread.run_sync(finished.wait, 10)
            assert await offload.run(lambda: "next") == "next"  # the late result was dropped
        return offload

    offload = trio.run(main)
    offload._thread.join(10)
    assert not offload._thread.is_alive()
