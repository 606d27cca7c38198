"""Containment and resource limits of one bot process and everything it starts.

Every bot is started through :mod:`railhouse_tournament.launch`, which puts it into its own
cgroups and sets its rlimits before ``exec``.  What is used depends on what the machine
offers (see :func:`Host.probe`; ``railhouse tournament check`` prints it):

* **cgroup v2** (the unified hierarchy, writable): a group per bot.  It contains every
  process the bot starts, whatever they do (``setsid``, double fork, ``env -i``): closing
  the bot kills the whole group (``cgroup.kill``).  Where the ``memory`` and ``pids``
  controllers can be enabled for it, ``memory.max`` and ``pids.max`` are the limits.
* **cgroup v1** ``memory`` and ``pids`` hierarchies (hybrid hosts): a group per bot in each
  for the limits not available in v2, and for containment when v2 is not writable.
* **rlimits** otherwise: ``RLIMIT_DATA`` for memory, ``RLIMIT_NPROC`` for processes (per
  user: ignored for root).  They cannot tell afterwards that a limit was hit, so a bot
  that dies of one is reported as a crash.  ``RLIMIT_CPU`` is always the CPU limit (a
  process's lifetime, which for a pooled bot spans several games).

A limit that was hit is reported by :meth:`Jail.hit` (``"limits.memory_mb (2048 MiB)"``):
the kernel killed the bot (out of memory, SIGXCPU) or refused it a process.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from railhouse_tournament.config import Limits

LAUNCHER = Path(__file__).with_name("launch.py")
PREFIX = "railhouse-"


def _read(path: Path) -> str:
    """The text of a small kernel file ("" if it cannot be read).  Plain ``os`` calls:
    ``Path.read_text`` costs several times as much."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return ""
    chunks: list[bytes] = []
    try:
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
    except OSError:
        return ""
    finally:
        os.close(fd)
    return b"".join(chunks).decode(errors="replace")


def _pread(fd: int) -> bytes:
    """The whole content of an open kernel file, read from its start (b"" on error): a
    cgroup file generates its contents afresh on every read at offset 0.  Counter files
    are a few dozen bytes: one read, and a second that finds the end."""
    chunks: list[bytes] = []
    size = 0
    try:
        while chunk := os.pread(fd, 1 << 16, size):
            chunks.append(chunk)
            size += len(chunk)
    except OSError:
        return b""
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def _counter(data: bytes, key: str) -> int:
    """``key N`` in a flat-keyed cgroup file such as ``memory.events`` (its bytes); 0 when
    the key is not there or its value is not a number.  Read after every line a bot
    sends, so it looks for the one line without splitting the others."""
    text = b"\n" + data
    start = text.find(b"\n" + key.encode() + b" ")
    if start < 0:
        return 0
    start += len(key) + 2
    end = text.find(b"\n", start)
    value = (text[start:] if end < 0 else text[start:end]).strip()
    return int(value) if value.isdigit() else 0


def _mounts() -> list[tuple[str, str, set[str]]]:
    """(mount point, filesystem type, super options) of every cgroup mount."""
    found = []
    for line in _read(Path("/proc/self/mountinfo")).splitlines():
        left, _, right = line.partition(" - ")
        fields, rest = left.split(), right.split()
        if len(fields) > 4 and len(rest) > 2 and rest[0] in ("cgroup", "cgroup2"):
            found.append((fields[4], rest[0], set(rest[2].split(","))))
    return found


def _own_groups() -> dict[str, str]:
    """Controller (``""`` for v2) -> our cgroup path, from /proc/self/cgroup."""
    groups = {}
    for line in _read(Path("/proc/self/cgroup")).splitlines():
        _, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if controllers else [""]:
            groups[controller] = path
    return groups


def _make_run_dir(base: Path) -> Path | None:
    """Our per-run directory under ``base`` (a cgroup we belong to), or None if refused."""
    run = base / f"{PREFIX}{os.getpid()}"
    try:
        run.mkdir(exist_ok=True)
    except OSError:
        return None
    return run


@dataclass(frozen=True)
class Host:
    """Where this runner can make per-bot cgroups: ``unified`` (v2) and v1 ``memory`` /
    ``pids`` run directories, and which limits v2 enforces."""

    unified: Path | None = None
    v2_controllers: frozenset[str] = frozenset()
    memory: Path | None = None
    pids: Path | None = None

    @staticmethod
    @cache
    def probe() -> Host:
        if not sys.platform.startswith("linux"):
            return Host()
        own = _own_groups()
        unified = memory = pids = None
        controllers: set[str] = set()
        for point, kind, options in _mounts():
            if kind == "cgroup2" and "" in own and unified is None:
                unified = _make_run_dir(Path(point + own[""]))
                if unified is not None:
                    available = set(_read(unified / "cgroup.controllers").split())
                    for name in available & {"memory", "pids"}:
                        with contextlib.suppress(OSError):
                            (unified / "cgroup.subtree_control").write_text(f"+{name}")
                    controllers = set(_read(unified / "cgroup.subtree_control").split())
            elif kind == "cgroup" and "memory" in options and "memory" in own:
                memory = _make_run_dir(Path(point + own["memory"]))
            elif kind == "cgroup" and "pids" in options and "pids" in own:
                pids = _make_run_dir(Path(point + own["pids"]))
        host = Host(unified, frozenset(controllers), memory, pids)
        atexit.register(host.cleanup)
        return host

    def describe(self) -> str:
        """One line: how bots are contained and limited on this machine."""
        parts = [
            f"cgroup v2 groups in {self.unified.parent}" if self.unified else "no cgroup v2",
            f"memory by {self._memory_kind()}",
            f"processes by {self._pids_kind()}",
            "cpu by RLIMIT_CPU",
        ]
        return "; ".join(parts)

    def _memory_kind(self) -> str:
        if "memory" in self.v2_controllers:
            return "cgroup v2 memory.max"
        return "cgroup v1 memory" if self.memory else "RLIMIT_DATA (a hit looks like a crash)"

    def _pids_kind(self) -> str:
        if "pids" in self.v2_controllers:
            return "cgroup v2 pids.max"
        return "cgroup v1 pids" if self.pids else "RLIMIT_NPROC (per user; not for root)"

    def cleanup(self) -> None:
        """Remove our run directories (at exit, when every jail was closed)."""
        for run in (self.unified, self.memory, self.pids):
            if run is not None:
                with contextlib.suppress(OSError):
                    run.rmdir()


@dataclass
class Jail:
    """The cgroups and rlimits of one bot process: :meth:`argv` wraps its command."""

    limits: Limits
    host: Host = field(default_factory=Host.probe)
    groups: list[Path] = field(default_factory=list)
    rlimits: list[str] = field(default_factory=list)
    pid: int = 0
    _watched: list[tuple[Path, str, str]] | None = field(default=None, init=False, repr=False)
    #: the counter files :meth:`hit` reads, kept open (opening a cgroup file costs ten
    #: times the read: the runner checks after every line a bot writes); closed by remove
    _open: dict[Path, int] = field(default_factory=dict, init=False, repr=False)
    _closed: bool = field(default=False, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def __post_init__(self) -> None:
        name = f"bot-{uuid.uuid4().hex[:12]}"
        host, limits = self.host, self.limits
        mem = limits.memory_mb * 1024 * 1024
        if host.unified is not None:
            group = self._group(host.unified / name)
            if group is not None and "memory" in host.v2_controllers and mem:
                _write(group / "memory.max", str(mem))
                _write(group / "memory.swap.max", "0")
            if group is not None and "pids" in host.v2_controllers and limits.processes:
                _write(group / "pids.max", str(limits.processes))
        if "memory" not in host.v2_controllers and host.memory is not None and mem:
            group = self._group(host.memory / name)
            if group is not None:  # memory and swap together: swapping is no way out
                _write(group / "memory.limit_in_bytes", str(mem))
                _write(group / "memory.memsw.limit_in_bytes", str(mem))
        if "pids" not in host.v2_controllers and host.pids is not None and limits.processes:
            group = self._group(host.pids / name)
            if group is not None:
                _write(group / "pids.max", str(limits.processes))
        if mem and self._by_rlimit("memory"):
            self.rlimits.append(f"data={mem}")
        if limits.processes and self._by_rlimit("pids"):
            self.rlimits.append(f"nproc={limits.processes}")
        if limits.cpu_seconds:
            self.rlimits.append(f"cpu={limits.cpu_seconds}:{limits.cpu_seconds + 1}")

    def _group(self, path: Path) -> Path | None:
        try:
            path.mkdir()
        except OSError:
            return None
        self.groups.append(path)
        return path

    def _by_rlimit(self, controller: str) -> bool:
        return not any(controller in self._kinds(group) for group in self.groups)

    def _kinds(self, group: Path) -> set[str]:
        host = self.host
        if host.unified is not None and group.parent == host.unified:
            return set(host.v2_controllers) | {"contain"}
        return {"memory"} if group.parent == host.memory else {"pids"}

    def argv(self, command: list[str]) -> list[str]:
        args = [sys.executable, "-I", "-S", str(LAUNCHER)]
        for group in self.groups:
            args += ["--cgroup", str(group)]
        for rlimit in self.rlimits:
            args += ["--rlimit", rlimit]
        return [*args, "--", *command]

    @property
    def contains(self) -> bool:
        """Whether a cgroup holds every descendant (else only process groups and the
        environment marker find them)."""
        return bool(self.groups)

    def hit(self, returncode: int | None) -> str | None:
        """The limit the kernel enforced on this bot, if any."""
        limits = self.limits
        for path, key, limit in self._counters():
            if _counter(self._text(path), key):
                return limit
        if limits.cpu_seconds and returncode in (-signal.SIGXCPU, -signal.SIGKILL):
            return f"limits.cpu_seconds ({limits.cpu_seconds} s)"
        return None

    def _counters(self) -> list[tuple[Path, str, str]]:
        """(file, key, the limit it reports) of every counter :meth:`hit` reads, in order:
        per group its OOM kills (``memory.events`` in cgroup v2, ``memory.oom_control``
        in v1) and its refused forks (``pids.events``).  Worked out once per jail."""
        if self._watched is None:
            limits = self.limits
            memory = f"limits.memory_mb ({limits.memory_mb} MiB)"
            pids = f"limits.processes ({limits.processes})"
            watched = []
            for group in self.groups:
                kinds = self._kinds(group)
                if "memory" in kinds:
                    events = "memory.events" if "contain" in kinds else "memory.oom_control"
                    watched.append((group / events, "oom_kill", memory))
                if "pids" in kinds:
                    watched.append((group / "pids.events", "max", pids))
            self._watched = watched
        return self._watched

    def _text(self, path: Path) -> bytes:
        """The current content of counter file ``path`` (through a descriptor kept open)."""
        with self._lock:
            if self._closed:
                return _read(path).encode()
            fd = self._open.get(path)
            if fd is None:
                try:
                    fd = self._open[path] = os.open(path, os.O_RDONLY)
                except OSError:
                    return b""  # not there (yet): nothing counted
            return _pread(fd)

    def close(self) -> None:
        """Close the counter files (:meth:`hit` then opens them per read)."""
        with self._lock:
            self._closed = True
            for fd in self._open.values():
                os.close(fd)
            self._open.clear()

    def kill_all(self) -> list[int]:
        """SIGKILL every process in the bot's groups; returns the pids found."""
        killed: set[int] = set()
        for group in self.groups:
            for _ in range(50):
                pids = [int(p) for p in _read(group / "cgroup.procs").split()]
                if not pids:
                    break
                killed.update(pids)
                if (group / "cgroup.kill").exists():
                    _write(group / "cgroup.kill", "1")
                else:
                    for pid in pids:
                        with contextlib.suppress(OSError):
                            os.kill(pid, signal.SIGKILL)
                time.sleep(0.002)
        killed.discard(self.pid)
        _reap_children(killed)
        return sorted(killed)

    def remove(self) -> None:
        """Remove the (empty) groups; a group still busy is left for the next sweep."""
        self.close()
        for group in self.groups:
            for _ in range(50):
                try:
                    group.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.002)


def _write(path: Path, text: str) -> None:
    with contextlib.suppress(OSError):
        path.write_text(text)


def _reap_children(pids: set[int]) -> None:
    """Collect killed processes re-parented to us (the runner is a child subreaper), but
    never a bot process trio waits for itself."""
    from railhouse_tournament.reaper import OWN_BOTS, reap

    reap(sorted(pids - OWN_BOTS))


def sweep_dead_runs(host: Host | None = None) -> list[int]:
    """Kill what is left in the cgroups of runners that no longer exist (a SIGKILLed
    runner's bots, however they hid), and remove those groups; returns the pids killed."""
    host = host or Host.probe()
    killed: list[int] = []
    for run in (host.unified, host.memory, host.pids):
        if run is None:
            continue
        for old in run.parent.glob(f"{PREFIX}*"):
            pid = old.name.removeprefix(PREFIX)
            if not pid.isdigit() or _alive(int(pid)) or not old.is_dir():
                continue
            for group in old.glob("bot-*"):
                jail = Jail(Limits(0, 0, 0), host=Host(), groups=[group])
                killed += jail.kill_all()
                jail.remove()
            with contextlib.suppress(OSError):
                old.rmdir()
    return killed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
