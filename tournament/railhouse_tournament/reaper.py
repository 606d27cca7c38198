"""Safety net against orphans: find and kill every process carrying a tournament's token.

Each bot is started with ``RAILHOUSE_TOURNAMENT_TOKEN=<token>`` in its environment, which its
children inherit.  Normal shutdown kills each bot's process group; this sweep catches what a
group kill cannot: a child that left the group (``setsid``) or bots orphaned because the
runner itself was killed with SIGKILL (``resume`` sweeps the old token first).  It reads
``/proc`` and therefore does nothing on systems without it.
"""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path

from railhouse_tournament.process import MARKER_ENV


def find_marked(token: str) -> list[int]:
    """Pids (other than ours) of live, non-zombie processes whose environment has ``token``."""
    needle = f"{MARKER_ENV}={token}".encode()
    found = []
    proc = Path("/proc")
    if not proc.is_dir():
        return []
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state = stat.rsplit(")", 1)[-1].split()[0] if ")" in stat else "?"
        if state != "Z" and needle in environ.split(b"\0"):
            found.append(int(entry.name))
    return found


def kill_marked(token: str) -> list[int]:
    """SIGKILL every process carrying ``token`` (and its group); returns the pids found."""
    pids = find_marked(token)
    own_group = os.getpgrp()
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            group = os.getpgid(pid)
            if group != own_group:
                os.killpg(group, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    return pids
