"""A game position to draw: a record replayed up to an action, and what a picture needs
from it (board, markets, company looks, routes), read from data only.

Routes of a company (``--routes``) are the ones the title's engine reported in its latest
``routes`` event at or before the position (the exact routes the company ran, as the
title's rules computed them with :func:`railhouse.map.optimize.best_routes`).  A company
that has not run trains yet gets the best routes it could run now, computed by the core
optimiser with the core's default route rules and its trains' distances; a title whose
route rules differ from the defaults may value those differently (they are a preview).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from railhouse.engine.errors import RailhouseError
from railhouse.engine.record import load, replay
from railhouse.render.board import RouteLine
from railhouse.render.stops import CompanyLook


class RenderError(RailhouseError, ValueError):
    """Bad input to a picture command (unknown company, action out of range ...)."""


def load_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The record at ``path`` (one-line ``RecordError`` if missing or not a record)."""
    record = load(path)
    if not isinstance(record.get("actions"), list):
        raise RenderError(f"{path} is not a game record (no action list)")
    return record


def resolve_at(record: Mapping[str, Any], at: int | None) -> int:
    """The number of actions to replay: ``at`` (``0..len(actions)``; negative counts from
    the end, -1 being the last action) or all of them."""
    total = len(record["actions"])
    if at is None:
        return total
    index = total + at + 1 if at < 0 else at
    if not 0 <= index <= total:
        raise RenderError(f"--at {at} is out of range: the record has {total} actions "
                          f"(use 0..{total}, or -1 for the end)")
    return index


def position(record: Mapping[str, Any], at: int | None = None) -> Any:
    """The game after the first ``at`` actions of ``record``."""
    return replay(record, upto=resolve_at(record, at))


def looks(game: Any) -> dict[str, CompanyLook]:
    """Company id -> its colours, from the title's ``CompanySpec`` data."""
    config = getattr(game, "config", None)
    specs = getattr(config, "companies", ())
    return {spec.id: CompanyLook(spec.color, spec.text_color) for spec in specs}


def offboard_column(game: Any) -> int:
    phase = getattr(game, "phase", None)
    return int(getattr(phase, "offboard_column", 0) or 0)


def routes(game: Any, company: str) -> list[RouteLine]:
    """The routes ``company`` ran most recently (see the module docstring)."""
    companies = getattr(game, "companies", {})
    if company not in companies:
        known = ", ".join(sorted(companies)) or "none"
        raise RenderError(f"no company {company!r} in this game (companies: {known})")
    for event in reversed(game.events_since(-1)):
        if event.kind == "routes" and event.data.get("company") == company:
            return [_route_line(company, raw) for raw in event.data.get("routes", ())]
    return computed_routes(game, company)


def _route_line(company: str, raw: Mapping[str, Any]) -> RouteLine:
    return RouteLine(company, str(raw.get("train", "")), tuple(raw.get("segments", ())),
                     int(raw.get("revenue", 0)), tuple(raw.get("stops", ())))


def no_routes(game: Any, company: str) -> str:
    """Why ``company`` has no route to draw, as a sentence."""
    state = game.companies[company]
    if getattr(state, "closed", False):
        return f"{company} is closed: no routes."
    if not getattr(state, "trains", None):
        return f"{company} has no trains: no routes."
    return f"{company} has no route that earns revenue."


def computed_routes(game: Any, company: str) -> list[RouteLine]:
    """Best routes with the core optimiser's defaults (a preview before a company runs)."""
    from railhouse.map.graph import Operator
    from railhouse.map.optimize import best_routes
    from railhouse.map.trains import RouteRules, RunContext, TrainSpec

    board = getattr(game, "board", None)
    trains = getattr(game.companies[company], "trains", [])
    if board is None or not trains:
        return []
    specs = tuple(
        TrainSpec(t.id, cities=t.spec.distance, towns_pay=t.spec.kind != "E",
                  multiplier=t.spec.multiplier)
        for t in trains
    )
    result = best_routes(board, Operator(company, column=offboard_column(game)), RouteRules(),
                         RunContext(trains=specs))
    return [RouteLine(company, r.train, r.segments, r.revenue, r.stops) for r in result.routes]
