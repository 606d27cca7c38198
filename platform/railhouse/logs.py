"""Logging: structlog configured once per process, plus context helpers.

Log lines go to stderr (stdout belongs to command output and the bot protocol): readable
console lines of warnings and errors, or, with ``json=True`` (``railhouse --log-json``, or
``RAILHOUSE_LOG_JSON=1``), one JSON object per line from ``info`` up.  Context such as
``match_id``, ``game_id`` and ``seat`` is bound through a context variable, so every line
logged inside :func:`bound` carries it, across trio tasks too (each task starts with a copy
of its parent's context).

    configure(json=False, debug=False)
    log = get_logger("railhouse.tournament")
    with bound(match_id="m7", seat=2):
        log.info("bot answered", ms=12)

structlog (which imports ``rich`` and ``asyncio``: about a quarter of a second) is imported
only when a line at an enabled level is logged: a command or a bot process that logs
nothing never pays for it.  Until then :func:`configure` only records the setup, and a
logger below the configured level returns at once.  A process that logs without calling
:func:`configure` gets its defaults.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, TextIO, cast

__all__ = ["bind", "bound", "configure", "get_logger", "unbind"]

CONTEXT_KEYS = ("match_id", "game_id", "seat")

#: the bound context of the current task (never mutated: each change sets a new mapping)
_CONTEXT: ContextVar[Mapping[str, Any]] = ContextVar(
    "railhouse_log_context", default=MappingProxyType({})
)

#: the numeric level of each logger method
LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING,
          "warn": logging.WARNING, "error": logging.ERROR, "exception": logging.ERROR,
          "critical": logging.CRITICAL, "fatal": logging.CRITICAL}  # fmt: skip


@dataclass
class _Setup:
    """What :func:`configure` asked for; ``applied`` once structlog is configured so."""

    json: bool = False
    level: int = logging.WARNING
    stream: TextIO | None = None
    configured: bool = False
    applied: bool = False


_SETUP = _Setup()


#: Set (to anything but "" or "0") to log JSON lines, as ``--log-json`` does.
JSON_ENV = "RAILHOUSE_LOG_JSON"


def configure(*, json: bool = False, debug: bool = False, stream: TextIO | None = None) -> None:
    """Configure structlog for the whole process (calling again replaces the setup).

    Lines are readable console lines (coloured on a TTY) of warnings and errors; JSON lines
    (one object per line, from ``info`` up) with ``json`` or ``$RAILHOUSE_LOG_JSON``;
    ``debug`` adds every level.  ``$RAILHOUSE_TRACE_HOOKS`` (the rule-hook trace, at
    ``info``) shows ``info`` lines too.

    :param json: JSON lines.
    :param debug: include debug-level lines.
    :param stream: where lines go (default: ``sys.stderr`` at the time of each write).
    """
    _record(json, debug, stream)
    if "structlog" in sys.modules:  # already paid for (or in use by tests): apply now
        _structlog()


def _record(json: bool, debug: bool, stream: TextIO | None) -> None:
    out = stream if stream is not None else cast(TextIO, _Stderr())
    as_json = json or os.environ.get(JSON_ENV, "") not in ("", "0")
    # info lines are for JSON logs, or for a hook trace someone asked for explicitly
    traced = os.environ.get("RAILHOUSE_TRACE_HOOKS", "") not in ("", "0")
    level = logging.DEBUG if debug else logging.INFO if as_json or traced else logging.WARNING
    _SETUP.json, _SETUP.level, _SETUP.stream = as_json, level, out
    _SETUP.configured, _SETUP.applied = True, False


def _implicit_setup() -> None:
    """The first line of a process that never called :func:`configure`: its defaults,
    unless structlog was configured directly (e.g. ``structlog.testing.capture_logs``)."""
    structlog = sys.modules.get("structlog")
    _record(False, False, None)
    _SETUP.applied = structlog is not None and structlog.is_configured()


def _structlog() -> Any:
    """structlog, imported and configured as :func:`configure` asked (its defaults if it
    was never called)."""
    import structlog

    if not _SETUP.configured:
        _implicit_setup()
    if _SETUP.applied:
        return structlog
    processors: list[Any] = [
        _merge_context,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        structlog.processors.StackInfoRenderer(),
    ]
    out = cast(TextIO, _SETUP.stream)
    if _SETUP.json:
        processors += [structlog.processors.dict_tracebacks, structlog.processors.JSONRenderer()]
    else:
        processors.append(structlog.dev.ConsoleRenderer(colors=out.isatty()))
    structlog.configure(
        processors=processors,
        wrapper_class=structlog.make_filtering_bound_logger(_SETUP.level),
        logger_factory=structlog.PrintLoggerFactory(file=out),
        cache_logger_on_first_use=False,
    )
    _SETUP.applied = True
    return structlog


def _merge_context(logger: Any, method: str, event: dict[str, Any]) -> dict[str, Any]:
    """The structlog processor that adds the bound context (a key given in the call wins)."""
    for key, value in _CONTEXT.get().items():
        event.setdefault(key, value)
    return event


class _Stderr:
    """Resolves ``sys.stderr`` on every write, so tests that swap it still see the lines."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()

    def isatty(self) -> bool:
        return sys.stderr.isatty()


def get_logger(name: str | None = None, **initial: Any) -> Any:
    """A logger; ``name`` is added to every line as ``logger_name``.  It follows a later
    :func:`configure`, and imports structlog only for a line at an enabled level."""
    if name is not None:
        initial["logger_name"] = name
    return _Logger(initial)


class _Logger:
    """structlog's logger methods, with the level check first and structlog behind it."""

    __slots__ = ("_initial",)

    def __init__(self, initial: dict[str, Any]) -> None:
        self._initial = initial

    def bind(self, **values: Any) -> _Logger:
        return _Logger({**self._initial, **values})

    def _log(self, method: str, event: str | None, values: dict[str, Any]) -> Any:
        if not _SETUP.configured:
            _implicit_setup()
        if LEVELS[method] < _SETUP.level:
            return None
        # "logger" would clash with wrap_logger()'s own parameter: initial values go
        # through get_logger, a lazy proxy that follows structlog's configuration
        logger = _structlog().get_logger(**self._initial)
        return getattr(logger, method)(event, **values)

    def debug(self, event: str | None = None, **values: Any) -> Any:
        return self._log("debug", event, values)

    def info(self, event: str | None = None, **values: Any) -> Any:
        return self._log("info", event, values)

    def warning(self, event: str | None = None, **values: Any) -> Any:
        return self._log("warning", event, values)

    warn = warning

    def error(self, event: str | None = None, **values: Any) -> Any:
        return self._log("error", event, values)

    def exception(self, event: str | None = None, **values: Any) -> Any:
        return self._log("exception", event, values)

    def critical(self, event: str | None = None, **values: Any) -> Any:
        return self._log("critical", event, values)


def bind(
    *, match_id: str | None = None, game_id: str | None = None, seat: int | None = None
) -> None:
    """Bind the given context keys for the current context (task); None values are skipped."""
    values = {"match_id": match_id, "game_id": game_id, "seat": seat}
    _CONTEXT.set({**_CONTEXT.get(), **{k: v for k, v in values.items() if v is not None}})


def unbind(*keys: str) -> None:
    """Remove context keys (default: all of ``match_id``, ``game_id``, ``seat``)."""
    dropped = set(keys or CONTEXT_KEYS)
    _CONTEXT.set({k: v for k, v in _CONTEXT.get().items() if k not in dropped})


@contextmanager
def bound(**context: Any) -> Iterator[None]:
    """Bind ``context`` (e.g. ``match_id=``, ``seat=``) for the duration of a ``with`` block."""
    token = _CONTEXT.set({**_CONTEXT.get(), **context})
    try:
        yield
    finally:
        _CONTEXT.reset(token)
