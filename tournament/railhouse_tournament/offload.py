"""A match's own worker thread: the engine's work off the event loop, at a small cost.

``trio.to_thread.run_sync`` takes a thread from trio's cache, names it, wraps the call for
the thread limiter and delivers the result back: about 0.2 ms of runner CPU per call on a
loaded 2-core machine, once per decision.  A match instead keeps one thread for its life
(started by the first computation) and hands it each computation through a queue.  The
loop waits for the result in place for at most :data:`QUICK` seconds; a computation that
takes longer comes back through the run's token, as trio's own threads deliver theirs.

    async with Offload("g7") as offload:
        result = await offload.run(work, arg)

The computation runs in a copy of the calling task's context (so its log lines carry the
match's bound keys).  If the caller is cancelled, the computation is abandoned: it runs to
its end in the thread and its result is dropped.  Leaving the ``async with`` stops the
thread after the computation it may be running (a daemon thread: it never holds up exit).
"""

from __future__ import annotations

import contextlib
import contextvars
import queue
import threading
from collections.abc import Callable
from types import TracebackType
from typing import Any, TypeVar

import outcome
import trio

T = TypeVar("T")

#: How long the loop waits in place for a computation before it turns to other work.  A
#: short step comes back without the wake-up round trip through trio (most steps take well
#: under a millisecond); a long one holds the loop, and with it the reading of another
#: game's bot, no longer than this (CPython hands its lock between threads every 5 ms).
QUICK = 0.002


class _Job:
    __slots__ = ("abandoned", "args", "context", "deferred", "done", "guard", "result",
                 "task", "token", "work")  # fmt: skip

    def __init__(self, work: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.work = work
        self.args = args
        self.context = contextvars.copy_context()
        self.task = trio.lowlevel.current_task()
        self.token = trio.lowlevel.current_trio_token()
        self.abandoned = False  # the caller was cancelled: drop the result
        self.result: outcome.Outcome[Any] | None = None
        self.deferred = False  # the caller stopped waiting in place: deliver through trio
        self.guard = threading.Lock()  # result and deferred change together
        self.done = threading.Lock()  # held until the result is there
        self.done.acquire()


class Offload:
    """One worker thread, started by the first :meth:`run`, stopped on leaving."""

    def __init__(self, name: str) -> None:
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name=f"railhouse {name}", daemon=True)

    async def __aenter__(self) -> Offload:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._jobs.put(None)

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in the worker thread; its result, or the exception it raised."""
        await trio.lowlevel.checkpoint_if_cancelled()
        job = _Job(work, args)
        if not self._thread.is_alive():
            self._thread.start()
        self._jobs.put(job)
        if not job.done.acquire(timeout=QUICK):
            with job.guard:
                job.deferred = job.result is None
            if job.deferred:

                def abort(_: Any) -> trio.lowlevel.Abort:
                    job.abandoned = True  # the loop's thread, as _deliver: no race
                    return trio.lowlevel.Abort.SUCCEEDED

                late: T = await trio.lowlevel.wait_task_rescheduled(abort)
                return late
        assert job.result is not None
        await trio.lowlevel.cancel_shielded_checkpoint()  # let the other tasks run
        result: T = job.result.unwrap()
        return result

    def _serve(self) -> None:
        while (job := self._jobs.get()) is not None:
            result = outcome.capture(job.context.run, job.work, *job.args)
            with job.guard:
                job.result, deferred = result, job.deferred
            job.done.release()
            if deferred:
                with contextlib.suppress(trio.RunFinishedError):  # over: nobody waits for it
                    job.token.run_sync_soon(_deliver, job)


def _deliver(job: _Job) -> None:
    if not job.abandoned and job.result is not None:
        trio.lowlevel.reschedule(job.task, job.result)
