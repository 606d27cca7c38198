"""The Ray backend on a real local Ray cluster (a head node on 127.0.0.1 with 2 CPUs, started
and stopped by the fixture): the same records and standings as the local runner, and a
worker killed mid-run loses and doubles no game.  ``tox -e ray`` installs Ray and requires
these tests; elsewhere they are skipped when Ray is not installed."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import trio

from railhouse_tournament import config, report, runner
from railhouse_tournament.journal import JOURNAL

from .conftest import bot_command, finished_before_resume, write_config

if os.environ.get("RAILHOUSE_RAY_REQUIRED") != "1":
    pytest.importorskip("ray")

pytestmark = [pytest.mark.ray, pytest.mark.timeout(600)]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Cluster(str):
    """The head node's ``HOST:PORT`` (a str), and ``pid``: its ``ray start`` process."""

    pid: int


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """``HOST:PORT`` of a Ray head node this fixture starts (its own process group, its own
    temp dir) and stops again by that group."""
    ray_cli = Path(sys.executable).with_name("ray")
    temp = tempfile.mkdtemp(prefix="rh-ray-", dir="/tmp")  # short: Ray's socket paths
    port = free_port()
    argv = [str(ray_cli), "start", "--head", "--block", "--node-ip-address", "127.0.0.1",
            "--port", str(port), "--num-cpus", "2", "--include-dashboard", "false",
            "--disable-usage-stats", "--temp-dir", temp, "--object-store-memory", "80000000"]
    log = Path(temp) / "head.log"
    # a cluster on 127.0.0.1 for this test alone: no token (nor a token file in $HOME)
    previous = os.environ.get("RAY_AUTH_MODE")
    os.environ["RAY_AUTH_MODE"] = "disabled"
    with log.open("wb") as out:
        head = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while b"Ray runtime started" not in log.read_bytes():
            if head.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"ray start failed: {log.read_text()[-2000:]}")
            time.sleep(0.3)
        address = Cluster(f"127.0.0.1:{port}")
        address.pid = head.pid
        yield address
    finally:
        with_group(head.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            head.wait(timeout=10)
        with_group(head.pid, signal.SIGKILL)
        time.sleep(1)
        shutil.rmtree(temp, ignore_errors=True)
        if previous is None:
            os.environ.pop("RAY_AUTH_MODE", None)
        else:
            os.environ["RAY_AUTH_MODE"] = previous


def with_group(pgid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, signum)


def make_config(tmp_path: Path, address: str | None, pause: str = "0",
                blocks: int = 2) -> config.TournamentConfig:  # fmt: skip
    top: dict[str, Any] = {"title": "toy", "players": 3, "seed_blocks": blocks, "seed": 7,
                           "concurrency": 2, "failure": {"retries": 0},
                           "time": {"per_decision": 5.0, "bank": 10.0, "grace": 0.3}}
    if address:
        top["cluster"] = {"backend": "ray", "address": address, "actors": 2}
    entrants: list[dict[str, Any]] = [
        {"name": "random", "bot": "random"}, {"name": "greedy", "bot": "greedy"},
        {"name": "paced", "command": bot_command("paced.py", pause)},
        {"name": "chatty", "command": bot_command("chatty.py")},
    ]
    return config.load(write_config(tmp_path / f"{bool(address)}.toml", top, entrants))


def entries(directory: Path) -> list[dict[str, Any]]:
    lines = (directory / JOURNAL).read_bytes().splitlines()
    return [json.loads(line) for line in lines]


def finished(directory: Path) -> int:
    """Complete journal lines so far (the run may be writing the next one)."""
    path = directory / JOURNAL
    return path.read_bytes().count(b"\n") if path.exists() else 0


def comparable(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in entry.items() if k not in ("duration", "worker")}


def record(path: Path) -> dict[str, Any]:
    """A game record without what differs between two plays of the same game (the time it
    took and the worker, in the journal entry the record carries)."""
    data: dict[str, Any] = json.loads(path.read_bytes())
    data["tournament"]["entry"] = comparable(data["tournament"]["entry"])
    return data


def test_same_records_and_standings_as_the_local_runner(tmp_path: Path, cluster: str) -> None:
    local, remote = tmp_path / "local", tmp_path / "ray"
    runner.create(make_config(tmp_path, None), local)
    runner.create(make_config(tmp_path, cluster), remote)
    assert trio.run(runner.run_directory, local).played == 24
    summary = trio.run(runner.run_directory, remote)
    assert summary.played == summary.total == 24 and summary.leftovers == []
    by_id = {e["game"]: e for e in entries(local)}
    got = entries(remote)
    assert sorted(e["game"] for e in got) == sorted(by_id)
    for entry in got:
        assert comparable(entry) == comparable(by_id[entry["game"]])
        assert entry["worker"]["pid"] != os.getpid()  # played on a Ray worker
        name = f"games/{entry['game']}.json"
        assert record(remote / name) == record(local / name)
    assert report.summary(remote)["standings"] == report.summary(local)["standings"]
    assert len({e["worker"]["pid"] for e in got}) == 2  # both workers played
    # the workers' bot logs reach the directory (the driver writes them): every game's line
    for directory in (local, remote):
        lines = b"".join(p.read_bytes() for p in (directory / "logs").glob("chatty-*.log"))
        games = sorted(e["game"] for e in entries(directory) if "chatty" in e["seats"])
        assert sorted(lines.decode().split()[1::2]) == games


def descends_from(pid: int, root: int) -> bool:
    """Whether process ``pid`` is ``root`` or below it (read from /proc)."""
    while pid > 1:
        if pid == root:
            return True
        try:
            pid = int((Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[-1].split()[1])
        except OSError:
            return False
    return False


def test_a_worker_killed_mid_run_loses_and_doubles_no_game(
    tmp_path: Path, cluster: Cluster
) -> None:
    out = tmp_path / "ray"
    runner.create(make_config(tmp_path, cluster, pause="0.01", blocks=4), out)
    results: list[Any] = []
    thread = threading.Thread(
        target=lambda: results.append(trio.run(runner.run_directory, out)), daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while finished(out) < 3:
        assert time.monotonic() < deadline and thread.is_alive(), "no games finished"
        time.sleep(0.05)
    # a worker of this run, playing its next game now: the one that finished the last game
    lines = (out / JOURNAL).read_bytes().split(b"\n")[:-1]
    victim = json.loads(lines[-1])["worker"]["pid"]
    assert descends_from(victim, cluster.pid)  # a process of the fixture's cluster
    os.kill(victim, signal.SIGKILL)
    thread.join(timeout=300)
    assert results, "the run did not finish"
    summary = results[0]
    played = entries(out)
    ids = [e["game"] for e in played]
    assert len(ids) == len(set(ids)) == summary.total == 48  # none lost, none doubled
    assert all(e["status"] == "ok" for e in played), [e["failures"] for e in played]
    pids = {e["worker"]["pid"] for e in played}
    assert victim in pids and len(pids) >= 3  # the killed worker's successor played on


def test_driver_killed_and_resumed_loses_and_doubles_no_game(
    tmp_path: Path, cluster: Cluster
) -> None:
    loaded = make_config(tmp_path, cluster, pause="0.01", blocks=3)
    out = tmp_path / "ray"
    runner.create(loaded, out)
    cli = Path(sys.executable).with_name("railhouse")
    with (tmp_path / "driver.log").open("wb") as log:
        driver = subprocess.Popen([str(cli), "tournament", "resume", str(out), "--quiet"],
                                  stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while finished(out) < 4:
            assert time.monotonic() < deadline and driver.poll() is None, "no games finished"
            time.sleep(0.05)
    finally:
        driver.kill()  # SIGKILL: no cleanup at all
        driver.wait()
    # a torn last line does not count; a record written before the kill does (resume
    # restores its line from it)
    before = finished_before_resume(out)
    assert 4 <= len(before) < 36
    summary = trio.run(runner.run_directory, out)
    ids = [e["game"] for e in entries(out)]
    assert len(ids) == len(set(ids)) == summary.total == 36
    assert summary.skipped == len(before) and summary.played == 36 - len(before)


def test_workers_that_cannot_play_stop_the_run_with_one_line(
    tmp_path: Path, cluster: Cluster
) -> None:
    # the workers see no Steam Over Holland plugin (RAILHOUSE_PLUGINS names only 1839)
    pytest.importorskip("railhouse_soh")
    from railhouse.plugins import Registry, reset_registry
    from railhouse_tournament.errors import ConfigError

    top: dict[str, Any] = {
        "title": "soh", "players": 2, "seed_blocks": 1,
        "cluster": {"backend": "ray", "address": cluster, "actors": 1,
                    "runtime_env": {"env_vars": {"RAILHOUSE_PLUGINS": "m1839"}}},
    }  # fmt: skip
    entrants = [{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}]
    previous = reset_registry(Registry(only=("soh",)))
    try:
        out = tmp_path / "out"
        runner.create(config.load(write_config(tmp_path / "s.toml", top, entrants)), out)
        with pytest.raises(ConfigError) as caught:
            trio.run(runner.run_directory, out)
    finally:
        reset_registry(previous)
    message = str(caught.value)
    # the first two games are queued together, so either may reach 3 losses first
    assert re.match(r"cluster: game g00000[01] was lost by 3 Ray workers", message), message
    assert message.endswith("NotRegistered: unknown title 'soh' (known: 1839)"), message
    assert "\n" not in message and finished(out) == 0
