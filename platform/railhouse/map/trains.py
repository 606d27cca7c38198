"""Train types and the route rules of a title (data, no behaviour).

Train families (1839 R-16.1, SOH "Running trains"):

* SOH ``N``: ``TrainSpec("3", cities=3)`` with ``RouteRules(offboards_count=True)``: cities
  and off-boards count, towns are free and pay.
* SOH ``3E``: ``TrainSpec("3E", cities=3, towns_pay=False, multiplier=2)``.
* 1839 ``N``: ``TrainSpec("3", cities=3, centres=3)``; ``N+``: ``centres=None``;
  ``N+1``: ``cities=N, centres=N+1``; ``P``: ``max_offboards=1``; ``R``: ``recount=True``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields

from railhouse.map.tiles import CITY, OFFBOARD, TOWN


@dataclass(frozen=True)
class TrainSpec:
    """One train.  ``cities``: max cities (plus off-boards when the rules count them);
    ``centres``: max cities + towns (None = unlimited); ``towns_pay``: towns add revenue;
    ``multiplier``: revenue factor (express); ``max_offboards``: P trains; ``recount``:
    1839 R trains count centres already counted by another train."""

    name: str
    cities: int
    centres: int | None = None
    towns_pay: bool = True
    multiplier: int = 1
    max_offboards: int | None = None
    recount: bool = False


@dataclass(frozen=True)
class RouteView:
    """What a bonus hook sees of one route: stop names in order, their base values (phase
    column applied), stop kinds, and the train."""

    stops: tuple[str, ...]
    values: tuple[int, ...]
    kinds: tuple[str, ...]
    train: TrainSpec


@dataclass(frozen=True)
class RouteRules:
    """A title's route rules.

    ``terminals``: stop kinds a route may start/end at (SOH city+offboard; 1839 adds town).
    ``offboards_count``: off-boards count toward ``TrainSpec.cities`` (SOH yes, 1839 no).
    ``min_centres``: cities+towns a route needs (1839: 2).  ``shared_values``: False means
    each centre is counted once across the company's non-recount trains (1839 R-16.3.3).
    ``same_group_ends``: False forbids both ends being off-boards of one group (1839).
    ``exclusive_edges``: two trains may not cross the same hex side.  ``max_routes`` and
    ``max_search_nodes`` are safety limits; hitting one makes the result inexact.
    """

    terminals: frozenset[str] = frozenset({CITY, OFFBOARD})
    offboards_count: bool = True
    min_centres: int = 0
    shared_values: bool = True
    same_group_ends: bool = True
    exclusive_edges: bool = True
    max_routes: int = 300_000
    max_search_nodes: int = 3_000_000


@dataclass(frozen=True)
class RunContext:
    """One run: the company's trains and company-specific extras.

    ``offboards_allowed``: False for 1839 Locals.  ``visit_bonuses``: node name -> bonus
    for each route visiting it (SOH private 3: ``{"D9.t0": 20}``, private 4: ``{"J1": 20}``).
    ``route_bonus``: a title hook adding revenue per route (1839 Ruhrgebiet R-12.4.3).
    ``ignore_tokens``: city node names whose company token does not count (1839 swap).
    ``bonus_stops``: the stops (node names) a route must visit for ``route_bonus`` to add
    anything to it (1839: Ruhrgebiet), None if any route may earn it; the optimiser asks
    the hook only about routes visiting one of them.
    """

    trains: tuple[TrainSpec, ...]
    offboards_allowed: bool = True
    visit_bonuses: Mapping[str, int] = field(default_factory=dict)
    route_bonus: Callable[[RouteView], int] | None = None
    ignore_tokens: frozenset[str] = frozenset()
    bonus_stops: frozenset[str] | None = None


def shared_run(trains: tuple[TrainSpec, ...], offboards_allowed: bool = True,
               ignore_tokens: frozenset[str] = frozenset(),
               bonus_stops: frozenset[str] | None = None) -> RunContext:
    """``RunContext(trains, offboards_allowed, ignore_tokens=..., bonus_stops=...)``, one
    shared value per argument list (titles state a company's run at every route question;
    a frozen dataclass costs a Python call per field to make).  Keyed on the identity of
    the train objects and the other arguments' values: the value kept holds the trains,
    so an identity in the key is that of a live train of the value."""
    key = (*map(id, trains), offboards_allowed, ignore_tokens, bonus_stops)
    hit = _RUNS.get(key)
    if hit is None:
        if len(_RUNS) >= _RUNS_KEPT:
            _RUNS.clear()
        hit = _RUNS[key] = RunContext(trains, offboards_allowed, ignore_tokens=ignore_tokens,
                                      bonus_stops=bonus_stops)
    return hit


_RUNS: dict[tuple[object, ...], RunContext] = {}
_RUNS_KEPT = 4096
""":func:`shared_run`'s values, by their arguments (a few per company and train set)."""


def but(run: RunContext, **changes: object) -> RunContext:
    """``dataclasses.replace(run, **changes)`` without its ``__init__`` (a Python call per
    field of a frozen dataclass): a copy of ``run``'s fields with ``changes`` (field names
    only, checked)."""
    names = _RUN_FIELDS
    assert names.issuperset(changes), f"not fields of RunContext: {set(changes) - names}"
    twin = object.__new__(RunContext)
    state = twin.__dict__
    state.update(run.__dict__)
    state.update(changes)
    return twin


_RUN_FIELDS = frozenset(f.name for f in fields(RunContext))


TOWN_KIND = TOWN
