"""Exceptions of the tournament runner.

``ConfigError`` is a user's mistake in a config file or a flag: its message is one line that
names the key.  ``BotFailure`` and its subclasses are a bot process misbehaving at the I/O
edge; ``reason`` is the protocol's reason code so the failure policy and the journal can
count it without parsing messages.
"""

from __future__ import annotations

from railhouse.engine.errors import RailhouseError


class TournamentError(RailhouseError):
    """Base of every error the runner raises on purpose (the CLI prints it on one line)."""


class ConfigError(TournamentError, ValueError):
    """A bad config key or flag; ``str(error)`` is one line naming the key."""

    def __init__(self, key: str, message: str) -> None:
        self.key = key
        super().__init__(f"{key}: {message}")


class JournalError(TournamentError):
    """The tournament directory cannot be resumed (missing files, another config)."""


class BotStartError(TournamentError):
    """An entrant's process could not start or did not answer ``hello`` with ``ready``
    before anything was scheduled: nothing is played."""

    def __init__(self, entrant: str, detail: str, stderr: str = "") -> None:
        self.entrant, self.detail, self.stderr = entrant, detail, stderr
        tail = f" (its stderr: {stderr})" if stderr else ""
        super().__init__(f"entrant {entrant!r} did not start: {detail}{tail}")


class BotFailure(TournamentError):
    """A bot did not produce a usable line.  ``reason`` is a protocol reason code."""

    reason = "crash"

    def __init__(self, message: str) -> None:
        super().__init__(message)


class BotTimeout(BotFailure):
    reason = "timeout"


class BotLineTooLong(BotFailure):
    reason = "too_long"


class BotCrashed(BotFailure):
    """The process exited, closed its stdout, or could not be started or greeted."""

    reason = "crash"
