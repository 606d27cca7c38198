"""Every built-in command module registers, and the commands users are promised exist."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from railhouse import builtin
from railhouse.cli.main import main
from railhouse.plugins import Registry

PROMISED = ("titles", "play", "replay", "import", "tournament", "render", "view", "bench",
            "bot", "protocol")


@pytest.fixture(autouse=True)
def builtin_only(isolated_registry: Any) -> None:
    isolated_registry(Registry(only=()))


def test_every_command_module_has_register() -> None:
    for module_name in builtin.COMMAND_MODULES:
        module = importlib.import_module(module_name)
        assert callable(module.register), module_name


@pytest.mark.parametrize("name", PROMISED)
def test_promised_command_has_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main([name, "--help"])
    out, _err = capsys.readouterr()
    assert exited.value.code == 0
    assert "not available" not in out and "Usage" in out
