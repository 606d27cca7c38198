"""Logging: structlog configured once per process, plus context helpers.

Log lines go to stderr (stdout belongs to command output and the bot protocol): readable
console lines of warnings and errors, or, with ``json=True`` (``railhouse --log-json``, or
``RAILHOUSE_LOG_JSON=1``), one JSON object per line from ``info`` up.  Context such as
``match_id``, ``game_id`` and ``seat`` is bound through contextvars, so every line logged
inside :func:`bound` carries it, across trio tasks too (each task starts with a copy of its
parent's context).

    configure(json=False, debug=False)
    log = get_logger("railhouse.tournament")
    with bound(match_id="m7", seat=2):
        log.info("bot answered", ms=12)
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO, cast

import structlog

__all__ = ["bind", "bound", "configure", "get_logger", "unbind"]

CONTEXT_KEYS = ("match_id", "game_id", "seat")


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
    out = stream if stream is not None else cast(TextIO, _Stderr())
    as_json = json or os.environ.get(JSON_ENV, "") not in ("", "0")
    # info lines are for JSON logs, or for a hook trace someone asked for explicitly
    traced = os.environ.get("RAILHOUSE_TRACE_HOOKS", "") not in ("", "0")
    level = logging.DEBUG if debug else logging.INFO if as_json or traced else logging.WARNING
    processors: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        structlog.processors.StackInfoRenderer(),
    ]
    if as_json:
        processors += [structlog.processors.dict_tracebacks, structlog.processors.JSONRenderer()]
    else:
        processors.append(structlog.dev.ConsoleRenderer(colors=out.isatty()))
    structlog.configure(
        processors=processors,
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=structlog.PrintLoggerFactory(file=out),
        cache_logger_on_first_use=False,
    )


class _Stderr:
    """Resolves ``sys.stderr`` on every write, so tests that swap it still see the lines."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()

    def isatty(self) -> bool:
        return sys.stderr.isatty()


def get_logger(name: str | None = None, **initial: Any) -> Any:
    """A structlog logger; ``name`` is added to every line as ``logger_name``."""
    if name is not None:
        # "logger" would clash with wrap_logger()'s own parameter; stay a lazy proxy so a
        # module-level logger follows a later configure().
        initial["logger_name"] = name
    return structlog.get_logger(**initial)


def bind(
    *, match_id: str | None = None, game_id: str | None = None, seat: int | None = None
) -> None:
    """Bind the given context keys for the current context (task); None values are skipped."""
    values = {"match_id": match_id, "game_id": game_id, "seat": seat}
    structlog.contextvars.bind_contextvars(**{k: v for k, v in values.items() if v is not None})


def unbind(*keys: str) -> None:
    """Remove context keys (default: all of ``match_id``, ``game_id``, ``seat``)."""
    structlog.contextvars.unbind_contextvars(*(keys or CONTEXT_KEYS))


@contextmanager
def bound(**context: Any) -> Iterator[None]:
    """Bind ``context`` (e.g. ``match_id=``, ``seat=``) for the duration of a ``with`` block."""
    with structlog.contextvars.bound_contextvars(**context):
        yield
