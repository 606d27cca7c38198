"""structlog setup: JSON lines off a TTY or with --log-json, console on a TTY, context binding."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
import typer

from railhouse import logs
from railhouse.cli.main import main
from railhouse.plugins import Registry, hookimpl


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def _restore_structlog() -> Any:
    yield
    logs.configure()
    logs.unbind()


def test_json_lines_carry_bound_context() -> None:
    out = io.StringIO()
    logs.configure(json=False, stream=out)  # not a TTY: JSON anyway
    log = logs.get_logger("railhouse.test")
    logs.bind(match_id="m1", seat=None)
    with logs.bound(game_id="g7", seat=2):
        log.info("bot answered", ms=12)
    log.info("after")
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["event"] == "bot answered" and first["ms"] == 12
    assert (first["match_id"], first["game_id"], first["seat"]) == ("m1", "g7", 2)
    assert first["level"] == "info" and first["logger_name"] == "railhouse.test"
    assert "timestamp" in first
    assert second["match_id"] == "m1" and "seat" not in second and "game_id" not in second


def test_console_on_a_tty_and_debug_filtering() -> None:
    tty = FakeTTY()
    logs.configure(stream=tty)
    log = logs.get_logger()
    log.debug("hidden")
    log.info("shown", seat=1)
    text = tty.getvalue()
    assert "hidden" not in text and "shown" in text and "seat" in text
    with pytest.raises(json.JSONDecodeError):
        json.loads(text.splitlines()[0])
    logs.configure(stream=tty, debug=True, json=True)
    log.debug("now visible")
    assert json.loads(tty.getvalue().splitlines()[-1])["event"] == "now visible"


class Chatty:
    @hookimpl
    def railhouse_register_commands(self, app: typer.Typer) -> None:
        @app.command("chat")
        def chat() -> None:
            logs.get_logger("chat").debug("detail")
            logs.get_logger("chat").info("hello", game_id="g1")


def test_cli_log_json_and_debug(isolated_registry: Any, capsys: Any) -> None:
    isolated_registry(Registry(only=(), extra_plugins=[("chatty", Chatty())]))
    with pytest.raises(SystemExit):
        main(["--log-json", "chat"])
    lines = capsys.readouterr().err.splitlines()
    assert [json.loads(line)["event"] for line in lines] == ["hello"]
    with pytest.raises(SystemExit):
        main(["--log-json", "--debug", "chat"])
    lines = capsys.readouterr().err.splitlines()
    assert [json.loads(line)["event"] for line in lines] == ["detail", "hello"]
