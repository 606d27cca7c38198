"""``[cluster]`` and ``--backend ray`` without Ray: config keys, the one-line error, and how
a worker finds entrant commands inside a shipped working_dir (no Ray needed here)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from railhouse.cli.main import main
from railhouse_tournament import config
from railhouse_tournament.cluster import ClusterSettings
from railhouse_tournament.config import Entrant
from railhouse_tournament.errors import ConfigError
from railhouse_tournament.ray_worker import relocate

ENTRANTS: list[dict[str, Any]] = [{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}]


def test_cluster_keys(config_file: Callable[..., Path], tmp_path: Path) -> None:
    (tmp_path / "bots").mkdir()
    cluster = {"backend": "ray", "address": "auto", "actors": 4, "working_dir": "bots",
               "runtime_env": {"env_vars": {"X": "1"}}}  # fmt: skip
    loaded = config.load(config_file({"title": "toy", "cluster": cluster}, ENTRANTS))
    assert loaded.cluster == ClusterSettings(
        "ray", "auto", 4, str((tmp_path / "bots").resolve()), {"env_vars": {"X": "1"}})
    assert config.TournamentConfig.from_dict(loaded.to_dict()) == loaded
    assert config.load(config_file({"title": "toy"}, ENTRANTS)).cluster.backend == "local"
    for bad, message in (
        ({"backend": "spark"}, "cluster.backend: must be one of local, ray"),
        ({"working_dir": "nowhere"}, "cluster.working_dir: "),
        ({"runtime_env": {"working_dir": "."}}, "cluster.runtime_env.working_dir: use"),
        ({"nodes": 3}, "cluster.nodes: unknown key"),
    ):
        with pytest.raises(ConfigError) as caught:
            config.load(config_file({"title": "toy", "cluster": bad}, ENTRANTS))
        assert str(caught.value).startswith(message)


def test_backend_ray_without_ray_is_one_line_and_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as caught:
        main(["tournament", "run", "--title", "toy", "--entrant", "random", "--entrant",
              "greedy", "--backend", "ray", "--out", str(out)])  # fmt: skip
    assert caught.value.code == 1
    err = capsys.readouterr().err
    assert err == ("railhouse: error: cluster.backend: 'ray' needs Ray: "
                   "pip install 'railhouse[ray]'\n")  # fmt: skip
    assert not out.exists()


def test_worker_finds_commands_inside_the_shipped_working_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = tmp_path / "driver" / "bots"
    unpacked = tmp_path / "worker" / "pkg"
    unpacked.mkdir(parents=True)
    monkeypatch.chdir(unpacked)  # Ray starts a worker in its copy of working_dir
    gone = str(tmp_path / "driver-venv" / "python")
    entrant = Entrant("x", command=(gone, f"{shipped}/mine/bot.py", "--fast"),
                      cwd=f"{shipped}/mine", env={})  # fmt: skip
    moved = relocate(entrant, gone, str(shipped))
    here = os.getcwd()
    assert moved.command == (sys.executable, f"{here}/mine/bot.py", "--fast")
    assert moved.cwd == f"{here}/mine"
    # outside the working_dir (a shared file system) nothing changes
    other = Entrant("y", command=(sys.executable, "/srv/bots/y.py"), cwd="/srv/bots")
    assert relocate(other, sys.executable, str(shipped)) == other
    assert relocate(Entrant("z", bot="random"), gone, None) == Entrant("z", bot="random")
