"""The forward model behind ``simulate``: a copy of the game, some actions, the outcome.

A bot in any language has no rules engine; ``simulate`` lends it ours.  :func:`simulate`
applies the actions, each legal in turn (a ranged field anywhere in its range), to a clone
of the position, so the real game is never touched; :func:`simulation_parts` describes the
position reached as the ``simulation`` message does.  The copy changes through ``apply``
alone, so the engine's per-position legal sets (which a clone inherits) serve both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from railhouse.engine.actions import LegalAction, find_admitting, from_builtins
from railhouse.engine.api import GameAPI
from railhouse.engine.errors import InvalidAction, RailhouseError


def simulate(game: GameAPI, actions: Sequence[dict[str, Any]]) -> GameAPI | str:
    """The clone of ``game`` after ``actions``, or a one-line reason naming the first action
    that is not legal in turn (0-based ``action k``)."""
    copy = game.clone()
    for index, raw in enumerate(actions):
        if copy.over:
            return f"action {index}: the game is over"
        try:
            action = from_builtins(raw)
        except InvalidAction as exc:
            return f"action {index}: {exc}"
        if find_admitting(legal_now(copy), action) is None:
            return f"action {index}: {raw} is not legal in that position"
        try:
            copy.apply(action)
        except (RailhouseError, ValueError) as exc:  # refused by the engine's own checks
            return f"action {index}: {exc}"
    return copy


def legal_now(game: GameAPI) -> list[LegalAction]:
    """``game``'s legal set, from the engine's per-position cache when the game keeps one
    (``cached_legal_actions``: only for a game changed through ``apply`` alone)."""
    cached: Callable[[], list[LegalAction]] | None = getattr(game, "cached_legal_actions", None)
    return cached() if cached is not None else game.legal_actions()


def scores_now(game: GameAPI) -> list[int]:
    """The final scores when the game is over, else the title's scoring of the position."""
    if game.over:
        return list(game.result().scores)
    hooks = getattr(game, "hooks", None)
    if hooks is None:
        return []
    return [int(score) for score in hooks.final_scores(game)]


def simulation_parts(game: GameAPI) -> dict[str, Any]:
    """``observation``, ``legal``, ``acting``, ``entity``, ``over`` and ``scores``."""
    over = game.over
    return {
        "observation": game.observation(),
        "legal": [] if over else [choice.to_builtins() for choice in legal_now(game)],
        "acting": None if over else game.acting_seat(),
        "entity": None if over else game.acting_entity(),
        "over": over,
        "scores": scores_now(game),
    }
