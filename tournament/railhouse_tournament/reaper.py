"""Orphans and zombies: subreaping, group reaping, and a sweep by tournament token.

A bot's grandchild outlives its parent when the bot dies first; it is then re-parented to
the nearest *subreaper*, or to init, which in containers may not reap it for a long time.
The runner makes itself a subreaper (Linux), so such orphans become its children and
:func:`reap_group` can collect them once the group is killed.

Each bot is started with ``RAILHOUSE_TOURNAMENT_TOKEN=<token>`` in its environment, which its
children inherit.  Normal shutdown kills each bot's process group; this sweep catches what a
group kill cannot: a child that left the group (``setsid``) or bots orphaned because the
runner itself was killed with SIGKILL (``resume`` sweeps the old token first).  It reads
``/proc`` and therefore does nothing on systems without it.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import time
from pathlib import Path

#: environment variable that marks every process of one tournament
MARKER_ENV = "RAILHOUSE_TOURNAMENT_TOKEN"
#: environment variable that marks one bot process and everything it starts
BOT_ENV = "RAILHOUSE_BOT_ID"


_PR_SET_CHILD_SUBREAPER = 36
_subreaper = False
#: pids of the bot processes we started and still wait for (trio reaps those itself)
OWN_BOTS: set[int] = set()


def become_subreaper() -> None:
    """Adopt orphaned descendants (Linux only; a no-op elsewhere or if refused)."""
    global _subreaper
    if _subreaper or not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        _subreaper = libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        pass


def _stat(pid_dir: Path) -> tuple[str, int, int] | None:
    """(state, ppid, pgid) of one /proc entry, or None if it vanished."""
    try:
        fields = (pid_dir / "stat").read_text().rsplit(")", 1)[-1].split()
    except OSError:
        return None
    return fields[0], int(fields[1]), int(fields[2])


def reap_group(pgid: int) -> None:
    """Collect exited members of group ``pgid`` that were re-parented to us."""
    me = os.getpid()
    proc = Path("/proc")
    if not proc.is_dir():
        return
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        stat = _stat(entry)
        if stat is not None and stat[0] == "Z" and stat[1] == me and stat[2] == pgid:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(int(entry.name), os.WNOHANG)


def _children() -> dict[int, list[int]]:
    """ppid -> pids of every live-or-zombie process (from /proc)."""
    tree: dict[int, list[int]] = {}
    proc = Path("/proc")
    for entry in proc.iterdir() if proc.is_dir() else ():
        if entry.name.isdigit() and (stat := _stat(entry)) is not None:
            tree.setdefault(stat[1], []).append(int(entry.name))
    return tree


def kill_adopted() -> list[int]:
    """SIGKILL every process we adopted as subreaper (a child of ours that is not one of
    our bots: an orphan of some bot, whatever its session or environment) and everything
    below it; returns the pids killed.  The fallback where no cgroup contains the bots."""
    me = os.getpid()
    tree = _children()
    stack = [pid for pid in tree.get(me, []) if pid not in OWN_BOTS]
    killed = []
    while stack:
        pid = stack.pop()
        stat = _stat(Path(f"/proc/{pid}"))
        if stat is None or stat[0] == "Z":
            continue
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        stack += tree.get(pid, [])
    reap([p for p in killed if p in tree.get(me, [])])
    return killed


def find_marked(token: str, variable: str = MARKER_ENV) -> list[int]:
    """Pids (other than ours) of live, non-zombie processes whose environment has
    ``variable=token``."""
    needle = f"{variable}={token}".encode()
    found = []
    proc = Path("/proc")
    if not proc.is_dir():
        return []
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        stat = _stat(entry)
        if stat is not None and stat[0] != "Z" and needle in environ.split(b"\0"):
            found.append(int(entry.name))
    return found


def kill_marked(token: str, variable: str = MARKER_ENV) -> list[int]:
    """SIGKILL every process carrying ``variable=token`` (and its group), reap those that
    are our children; returns the pids found."""
    pids = find_marked(token, variable)
    own_group = os.getpgrp()
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            group = os.getpgid(pid)
            if group != own_group:
                os.killpg(group, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    reap(pids)
    return pids


def reap(pids: list[int], timeout: float = 1.0) -> None:
    """Wait (bounded) for killed pids that are our children (adopted as subreaper)."""
    deadline = time.monotonic() + timeout
    waiting = set(pids)
    while waiting and time.monotonic() < deadline:
        for pid in list(waiting):
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:  # not ours: init reaps it
                done = pid
            if done == pid:
                waiting.discard(pid)
        if waiting:
            time.sleep(0.005)
