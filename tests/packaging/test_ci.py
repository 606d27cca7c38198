"""CI runs exactly the README's test command, and the README keeps its promised shape."""

from __future__ import annotations

import configparser
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def quickstart_commands() -> list[str]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_readme_quickstart_has_exactly_two_commands() -> None:
    demo, tests = quickstart_commands()
    assert demo == "python3 -m pip install tox && python3 -m tox -e demo"
    assert tests == "python3 -m pip install tox && python3 -m tox"


def test_ci_runs_the_readme_test_command_last() -> None:
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line for line in script.splitlines() if line.strip() and not line.startswith("#")]
    assert lines[0] == "set -euo pipefail"
    assert lines[-1] == quickstart_commands()[1]
    assert (REPO / ".ci" / "run").stat().st_mode & 0o111, ".ci/run must be executable"


def test_readme_sections() -> None:
    headings = re.findall(r"^## (.+)$", (REPO / "README.md").read_text(), re.MULTILINE)
    for wanted in ("Quickstart", "Usage", "Protocol", "Writing a bot", "Writing a title plugin"):
        assert wanted in headings


def test_tox_default_run_is_every_ci_check_with_both_plugins() -> None:
    tox = configparser.ConfigParser(interpolation=None)
    tox.read(REPO / "tox.ini")
    envs = [env.strip() for env in tox["tox"]["env_list"].split(",")]
    assert envs == ["py", "lint", "type", "bench-quick", "browser", "ray"]
    assert "railhouse bench --quick --json" in tox["testenv:bench-quick"]["commands"]
    deps = tox["testenv"]["deps"].split("\n")
    for dep in ("-e .[test]", "-e plugins/soh", "-e plugins/m1839"):
        assert dep in deps
    assert "pytest" in tox["testenv"]["commands"] and "{posargs}" in tox["testenv"]["commands"]
    for env in ("lint", "type", "demo", "bench", "bench-quick", "browser", "ray"):
        assert f"testenv:{env}" in tox
    # Ray is installed only where its tests run, and there they must not be skipped
    assert "[test,ray]" in tox["testenv:ray"]["deps"] and "[ray]" not in tox["testenv"]["deps"]
    assert "RAILHOUSE_RAY_REQUIRED = 1" in tox["testenv:ray"]["set_env"]
