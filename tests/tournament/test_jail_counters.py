"""Which kernel counters tell a bot hit a limit (cgroup v2 ``memory.events`` and
``pids.events``, v1 ``memory.oom_control``), read on directories shaped like cgroups."""

from __future__ import annotations

from pathlib import Path

import pytest

from railhouse_tournament.config import Limits
from railhouse_tournament.jail import Host, Jail, _counter, _read

LIMITS = Limits(memory_mb=200, processes=16)


def test_v2_counters_name_the_memory_and_the_process_limit(tmp_path: Path) -> None:
    (tmp_path / "v2").mkdir()
    jail = Jail(LIMITS, Host(unified=tmp_path / "v2", v2_controllers=frozenset({"memory", "pids"})))
    (group,) = jail.groups
    assert jail.hit(None) is None  # no counter file yet: nothing hit
    (group / "memory.events").write_text("low 0\nhigh 0\nmax 3\noom 1\noom_kill 0\n")
    (group / "pids.events").write_text("max 0\n")
    assert jail.hit(None) is None
    (group / "pids.events").write_text("max 2\n")
    assert jail.hit(None) == "limits.processes (16)"
    (group / "memory.events").write_text("oom 1\noom_kill 1\n")
    assert jail.hit(None) == "limits.memory_mb (200 MiB)"  # memory is checked first


def test_v1_groups_are_read_by_their_own_files(tmp_path: Path) -> None:
    for name in ("memory", "pids"):
        (tmp_path / name).mkdir()
    jail = Jail(LIMITS, Host(memory=tmp_path / "memory", pids=tmp_path / "pids"))
    memory, pids = jail.groups
    (memory / "memory.events").write_text("oom_kill 1\n")  # not a v1 file: not read
    assert jail.hit(None) is None
    (memory / "memory.oom_control").write_text("oom_kill_disable 0\nunder_oom 0\noom_kill 1\n")
    assert jail.hit(None) == "limits.memory_mb (200 MiB)"
    (memory / "memory.oom_control").write_text("oom_kill 0\n")
    (pids / "pids.events").write_text("max 5\n")
    assert jail.hit(None) == "limits.processes (16)"


def test_read_gives_the_text_or_nothing(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_text("a 1\n" * 30000)  # longer than one read
    assert _read(path) == "a 1\n" * 30000
    assert _read(tmp_path / "missing") == ""
    assert _read(tmp_path) == ""  # a directory


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc/self/fd")
def test_counters_are_read_afresh_through_descriptors_that_remove_closes(tmp_path: Path) -> None:
    (tmp_path / "v2").mkdir()
    host = Host(unified=tmp_path / "v2", v2_controllers=frozenset({"memory", "pids"}))
    before = len(list(Path("/proc/self/fd").iterdir()))
    jail = Jail(LIMITS, host)
    (group,) = jail.groups
    (group / "memory.events").write_text("oom_kill 0\n")
    (group / "pids.events").write_text("max 0\n")
    assert jail.hit(None) is None
    assert len(list(Path("/proc/self/fd").iterdir())) == before + 2  # kept open
    (group / "pids.events").write_text("max 1\n" + " " * 70000)  # in place, past one read
    assert jail.hit(None) == "limits.processes (16)"
    for name in ("memory.events", "pids.events"):
        (group / name).unlink()
    jail.remove()
    assert len(list(Path("/proc/self/fd").iterdir())) == before
    assert jail.hit(None) is None  # after remove: read by path (the group is gone)


def test_a_counter_is_found_by_its_whole_name() -> None:
    """``_counter`` reads one key of a flat-keyed file's bytes: not a longer key sharing
    its start, nor one ending with it; the last line may lack its newline."""
    v2 = b"low 0\nhigh 0\nmax 0\noom 0\noom_kill 3\noom_group_kill 7\n"
    v1 = b"oom_kill_disable 1\nunder_oom 0\noom_kill 2"
    assert _counter(v2, "oom_kill") == 3 and _counter(v2, "max") == 0
    assert _counter(v1, "oom_kill") == 2 and _counter(v1, "oom_kill_disable") == 1
    assert _counter(b"group_oom_kill 5\n", "oom_kill") == 0
    assert _counter(b"", "max") == 0 and _counter(b"max  x\n", "max") == 0
    assert _counter(b"max 12 \n", "max") == 12
