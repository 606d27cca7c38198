"""The command line's promises: every config key has a flag, and Ctrl-C stops a run with
one line and status 130 (the games in progress are replayed by ``resume``)."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from .test_cli import cli
from .test_resume import stopped_run


def test_limits_grace_and_line_caps_have_flags(tmp_path: Path) -> None:
    out = tmp_path / "flags"
    code = cli("tournament", "run", "--title", "toy", "--entrant", "random", "--entrant",
               "r2=python -c pass", "--games", "1", "--out", str(out), "--quiet",
               "--grace", "0.2", "--max-line-bytes", "4096", "--stderr-bytes", "100",
               "--max-notices", "7", "--memory-mb", "300", "--processes", "20",
               "--cpu-seconds", "9")  # fmt: skip
    assert code in (0, 1)
    config = json.loads((out / "tournament.json").read_text())["config"]
    assert config["time"]["grace"] == 0.2
    assert config["failure"] == {"retries": 2, "on_failure": "forfeit", "max_line_bytes": 4096,
                                 "stderr_bytes": 100, "max_notices": 7}  # fmt: skip
    assert config["limits"] == {"memory_mb": 300, "processes": 20, "cpu_seconds": 9}


@pytest.mark.slow
def test_ctrl_c_is_one_line_and_status_130(tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, err = stopped_run(tmp_path, out, signal.SIGINT)
    assert status == 130
    text = [line for line in err.splitlines() if not line.startswith("{")]  # logs
    assert text == [f"railhouse: interrupted; continue with: railhouse tournament resume {out}"]
