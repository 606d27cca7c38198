"""Fixtures for the tournament runner tests: no external title plugins, config writers,
and process scans that prove no bot outlives its tournament."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing

from railhouse.plugins import Registry, reset_registry

BOTS = Path(__file__).parent / "bots"


def trio_test(fn: Callable[..., Awaitable[Any]]) -> Callable[..., Any]:
    """Run an async test under trio with a hard 60 s limit (no pytest-trio needed)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        async def limited() -> Any:
            with trio.fail_after(60):
                return await fn(*args, **kwargs)

        return trio.run(limited)

    return wrapper


def autojump_test(fn: Callable[..., Awaitable[Any]]) -> Callable[..., Any]:
    """Run an async test under trio's autojump clock (sleeps and timeouts are instant)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return trio.run(
            functools.partial(fn, *args, **kwargs),
            clock=trio.testing.MockClock(autojump_threshold=0),
        )

    return wrapper


@pytest.fixture(autouse=True)
def builtin_registry() -> Iterator[None]:
    """Only railhouse's built-in plugin (its bots); the toy title is always available."""
    previous = reset_registry(Registry(only=()))
    yield
    reset_registry(previous)


def bot_command(script: str, *args: str) -> list[str]:
    return [sys.executable, str(BOTS / script), *args]


def toml_value(value: Any) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):  # an inline table
        return "{" + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + "}"
    return str(value)


def write_config(path: Path, top: dict[str, Any], entrants: list[dict[str, Any]]) -> Path:
    """A TOML file from plain dicts (tables as nested dicts, entrants as a list)."""
    lines = [f"{k} = {toml_value(v)}" for k, v in top.items() if not isinstance(v, dict)]
    for key, table in top.items():
        if isinstance(table, dict):
            lines.append(f"[{key}]")
            lines += [f"{k} = {toml_value(v)}" for k, v in table.items()]
    for entrant in entrants:
        lines.append("[[entrants]]")
        lines += [f"{k} = {toml_value(v)}" for k, v in entrant.items()]
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture
def config_file(tmp_path: Path) -> Callable[..., Path]:
    def make(top: dict[str, Any], entrants: list[dict[str, Any]], name: str = "t.toml") -> Path:
        return write_config(tmp_path / name, top, entrants)

    return make


def processes_with_marker(token: str) -> list[int]:
    from railhouse_tournament.reaper import find_marked

    return find_marked(token)


def zombie_children() -> list[int]:
    """Our children that exited but were never reaped."""
    zombies = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[-1].split()
        if fields[0] == "Z" and int(fields[1]) == os.getpid():
            zombies.append(int(entry.name))
    return zombies


def finished_before_resume(directory: Path) -> set[str]:
    """The games a killed run finished: the journal's complete lines, and the records it
    wrote durably before it was killed, ahead of their lines (resume restores those lines,
    so they count as finished, never as played again)."""
    from railhouse_tournament.journal import TournamentDir

    records = {path.stem for path in (directory / "games").glob("*.json")}
    return TournamentDir.open(directory).finished_ids() | records
