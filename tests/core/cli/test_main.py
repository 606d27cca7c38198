"""The ``railhouse`` CLI: global options, the titles command, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import typer

from railhouse.cli.main import main
from railhouse.engine.errors import RailhouseError
from railhouse.plugins import Registry, hookimpl
from railhouse.titles import OptionSpec, TitleInfo

SOH_LIKE = TitleInfo(
    id="demo",
    name="Demo Railways",
    designer="Someone",
    min_players=3,
    max_players=5,
    version="2.1",
    rules_source="tests",
    game_factory="nowhere:create",
    options=(OptionSpec("short", False, "short game"),),
    distribution="railhouse-demo",
)


class TitlesPlugin:
    @hookimpl
    def railhouse_register_titles(self, register: Any) -> None:
        register(SOH_LIKE)


class FailingCommands:
    """Commands that raise, to see the shared error policy."""

    @hookimpl
    def railhouse_register_commands(self, app: typer.Typer) -> None:
        @app.command("boom")
        def boom(kind: str) -> None:
            errors: dict[str, Exception] = {
                "railhouse": RailhouseError("the record\nis broken"),
                "value": ValueError("bad seat 9"),
                "os": FileNotFoundError(2, "No such file or directory", "x.json"),
                "bug": ZeroDivisionError("division by zero"),
            }
            raise errors[kind]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(args))
    out, err = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 1), out, err


@pytest.fixture
def cli(isolated_registry: Any) -> None:
    isolated_registry(
        Registry(only=(), extra_plugins=[("demo", TitlesPlugin()), ("fail", FailingCommands())])
    )


def test_version(cli: None, capsys: pytest.CaptureFixture[str]) -> None:
    from railhouse import __version__

    assert run(capsys, "--version") == (0, f"railhouse {__version__}\n", "")


def test_help_lists_builtin_and_stub_commands(
    cli: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("titles", "play", "tournament", "protocol", "boom"):
        assert command in out
    assert "--log-json" in out and "--debug" in out


def test_titles_table(cli: None, capsys: pytest.CaptureFixture[str], monkeypatch: Any) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code, out, err = run(capsys, "titles")
    assert (code, err) == (0, "")
    row = next(line for line in out.splitlines() if "Demo Railways" in line)
    cells = [cell.strip() for cell in row.strip("│┃| ").split("│")]
    assert cells == ["demo", "Demo Railways", "2.1", "3-5", "railhouse-demo", "short"]
    code, out, err = run(capsys, "titles", "demo")
    assert (code, err) == (0, "")
    row = next(line for line in out.splitlines() if "short game" in line)
    assert [cell.strip() for cell in row.strip("│┃| ").split("│")] == [
        "short", "false", "true | false", "short game"]


def test_titles_json(cli: None, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "titles", "--json")
    assert code == 0
    [entry] = json.loads(out)
    assert entry["id"] == "demo" and entry["max_players"] == 5
    assert entry["options"] == [
        {"name": "short", "default": False, "choices": [], "help": "short game"}
    ]


def test_titles_with_nothing_installed(isolated_registry: Any, capsys: Any) -> None:
    isolated_registry(Registry(only=()))
    assert run(capsys, "titles", "--json")[:2] == (0, "[]\n")
    code, out, _ = run(capsys, "titles")
    assert code == 0 and out.startswith("No titles installed")


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("railhouse", "railhouse: error: the record is broken"),
        ("value", "railhouse: error: bad seat 9"),
        ("os", "railhouse: error: [Errno 2] No such file or directory: 'x.json'"),
        (
            "bug",
            "railhouse: internal error: ZeroDivisionError: division by zero "
            "(rerun with --debug for the traceback)",
        ),
    ],
)
def test_errors_are_one_line(cli: None, capsys: Any, kind: str, message: str) -> None:
    code, out, err = run(capsys, "boom", kind)
    assert (code, out, err) == (1, "", message + "\n")


def test_debug_shows_the_traceback(cli: None, capsys: Any) -> None:
    code, _, err = run(capsys, "--debug", "boom", "value")
    assert code == 1
    assert err.startswith("Traceback (most recent call last):")
    assert err.rstrip().endswith("ValueError: bad seat 9")


def test_usage_errors_keep_typers_output(cli: None, capsys: Any) -> None:
    code, _, err = run(capsys, "no-such-command")
    assert code == 2 and "No such command 'no-such-command'" in err and "Usage:" in err
    code, _, err = run(capsys, "boom")
    assert code == 2 and "Missing argument" in err


def test_broken_plugin_fails_commands_but_not_help(isolated_registry: Any, capsys: Any) -> None:
    typo = type("Typo", (), {"railhouse_register_tittles": staticmethod(lambda register: None)})
    isolated_registry(Registry(only=(), extra_plugins=[("typo", typo())]))
    code, out, err = run(capsys, "titles")
    assert (code, out) == (1, "")
    assert err == (
        "railhouse: error: plugin 'typo' implements unknown hook 'railhouse_register_tittles' "
        "(did you mean 'railhouse_register_titles'?)\n"
    )
    assert run(capsys, "--help")[0] == 0


def test_misspelt_hook_in_an_installed_plugin_fails_titles_with_one_line(
    tmp_path: Path,
) -> None:
    """End to end through a real entry point, in a child process as a user would run it."""
    site = tmp_path / "site"
    package = site / "typo_pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "plugin.py").write_text(
        textwrap.dedent(
            """\
            from railhouse.plugins import hookimpl

            @hookimpl
            def railhouse_register_tittles(register):
                pass
            """
        )
    )
    info = site / "railhouse_typo-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: railhouse-typo\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[railhouse.titles]\ntypo = typo_pkg.plugin\n")
    env = {**os.environ, "PYTHONPATH": str(site), "RAILHOUSE_PLUGINS": "typo"}
    done = subprocess.run(
        [sys.executable, "-c", "from railhouse.cli.main import main; main()", "titles"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "railhouse: error: plugin 'typo' implements unknown hook 'railhouse_register_tittles' "
        "(did you mean 'railhouse_register_titles'?)"
    ]
