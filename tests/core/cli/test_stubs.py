"""Skeleton commands: one table, clear message, non-zero exit, never shadowing a real command."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

import pytest
import typer

from railhouse import builtin
from railhouse.cli import stubs
from railhouse.cli.main import main
from railhouse.plugins import Registry


@pytest.fixture(autouse=True)
def builtin_only(isolated_registry: Any) -> None:
    isolated_registry(Registry(only=()))


@pytest.mark.parametrize("name", sorted(stubs.NOT_YET))
def test_stub_says_not_available_and_fails(name: str, capsys: Any) -> None:
    with pytest.raises(SystemExit) as exited:
        main([name, "some-arg", "--some-option", "1"])
    out, err = capsys.readouterr()
    assert exited.value.code == 1 and out == ""
    assert err == stubs.message(name) + "\n"
    assert err.startswith(f"railhouse {name}: not available yet")


@pytest.mark.parametrize("name", sorted(stubs.NOT_YET))
def test_no_stub_row_for_a_command_module_that_landed(name: str) -> None:
    module = "railhouse.cli." + ("import_" if name == "import" else name)
    landed = importlib.util.find_spec(module) is not None
    if landed:
        assert module in builtin.COMMAND_MODULES, f"{module} exists: add it to COMMAND_MODULES"
    assert not landed, f"{module} landed: delete the {name!r} row from railhouse/cli/stubs.py"


def test_a_registered_command_wins_over_its_stub() -> None:
    app = typer.Typer()

    @app.command("play")
    def play() -> None:
        pass

    sub = typer.Typer(name="tournament")
    app.add_typer(sub)
    stubs.register(app)
    names = [c.name for c in app.registered_commands]
    assert names.count("play") == 1 and "tournament" not in names
    assert stubs.command_names(app) >= set(stubs.NOT_YET)


def test_every_command_module_has_register() -> None:
    for module_name in builtin.COMMAND_MODULES:
        module = importlib.import_module(module_name)
        assert callable(module.register), module_name
    assert builtin.COMMAND_MODULES[-1] == "railhouse.cli.stubs"
