"""structlog setup: console lines of warnings and errors by default (on a TTY or not), JSON
lines from info up only with --log-json or RAILHOUSE_LOG_JSON, context binding."""

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
    logs.configure(json=True, stream=out)
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
    log.info("quiet")
    log.warning("shown", seat=1)
    text = tty.getvalue()
    assert "hidden" not in text and "quiet" not in text and "shown" in text and "seat" in text
    with pytest.raises(json.JSONDecodeError):
        json.loads(text.splitlines()[0])
    logs.configure(stream=tty, debug=True, json=True)
    log.debug("now visible")
    assert json.loads(tty.getvalue().splitlines()[-1])["event"] == "now visible"


def test_off_a_tty_lines_stay_readable_unless_json_is_asked(monkeypatch: Any) -> None:
    pipe = io.StringIO()
    logs.configure(stream=pipe)
    logs.get_logger().warning("careful", seat=3)
    assert "careful" in pipe.getvalue() and not pipe.getvalue().startswith("{")
    monkeypatch.setenv(logs.JSON_ENV, "1")
    logs.configure(stream=pipe)
    logs.get_logger().info("as json")
    assert json.loads(pipe.getvalue().splitlines()[-1])["event"] == "as json"


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
        main(["chat"])
    assert capsys.readouterr().err == ""  # info is for --log-json or --debug
    with pytest.raises(SystemExit):
        main(["--log-json", "chat"])
    lines = capsys.readouterr().err.splitlines()
    assert [json.loads(line)["event"] for line in lines] == ["hello"]
    with pytest.raises(SystemExit):
        main(["--log-json", "--debug", "chat"])
    lines = capsys.readouterr().err.splitlines()
    assert [json.loads(line)["event"] for line in lines] == ["detail", "hello"]


def test_structlog_is_imported_only_for_a_line_that_is_logged() -> None:
    # structlog imports rich and asyncio (a quarter of a second): a command or a bot
    # process that logs nothing must not pay for it (issue 21: startup time)
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from railhouse import logs\n"
        "import railhouse.cli.main, railhouse.gamehooks\n"
        "logs.configure()\n"
        "log = logs.get_logger('t')\n"
        "with logs.bound(seat=1):\n"
        "    log.info('below the level')\n"
        "    assert 'structlog' not in sys.modules, 'imported before any line'\n"
        "    log.warning('shown')\n"
        "assert 'structlog' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "shown" in done.stderr and "seat" in done.stderr and "below" not in done.stderr
