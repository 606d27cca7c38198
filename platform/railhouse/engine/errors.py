"""The engine's exception hierarchy.

``InvalidAction``: the action is malformed (unknown type, bad field, names no entity).
``IllegalAction``: well formed, but the rules forbid it now; the message names the rule.
Both subclass ``ValueError`` (as python-chess does) so callers can catch either broadly.
"""

from __future__ import annotations


class RailhouseError(Exception):
    """Base of every error railhouse raises on purpose."""


class InvalidAction(RailhouseError, ValueError):
    """The action cannot be understood (bad JSON shape, unknown entity, wrong types)."""


class IllegalAction(RailhouseError, ValueError):
    """The action is understood but the rules forbid it now.

    ``rule`` cites the rulebook section, e.g. ``"SOH EN 'Buying shares'"`` or ``"1839 R-7.3.5"``.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        self.rule = rule
        super().__init__(f"{message} [{rule}]" if rule else message)


class InvariantViolation(RailhouseError, AssertionError):
    """A bookkeeping invariant broke: always an engine bug, never a player's fault."""


class RecordError(RailhouseError, ValueError):
    """A game record (file) is malformed or does not replay."""


class StaleLegalActions(RailhouseError, AssertionError):
    """A cached legal set differs from a fresh computation: an engine or title bug (the
    state changed outside ``Game.apply`` without ``Game.forget_legal_actions()``)."""
