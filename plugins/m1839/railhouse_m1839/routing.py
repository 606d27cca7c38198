"""Running trains in 1839 (R-16) through the core's exact optimiser, and the map-side base
of the 1839 operating steps (who acts, the phase state of the map).

Route rules (R-16.2, R-16.3), as core data:

* a route joins at least two revenue centres (towns, cities; off-boards do not count) and
  may start or end at a town, a city or (Majors only) an off-board, never passing through
  an off-board (R-16.2.1, R-16.2.2, R-16.2.8: ``RunContext.offboards_allowed``);
* it includes a city with the company's marker (R-16.2.3); a marker swapped by the company
  this OR does not count (A-18, ``RunContext.ignore_tokens``);
* it never passes through a city full of other markers; NS markers block Majors only
  (R-16.2.4, R-14.6.2: ``Operator.non_blocking``); no red barrier before light red
  (R-12.7); not both ends off-boards of one colour (R-16.2.6); trains share no track
  (R-16.2.7);
* lengths (R-16.1, A-01): ``N`` at most N centres; ``N+`` at most N cities and any towns;
  ``N+1`` at most N cities and N+1 centres; ``P`` at most one off-board; ``R`` trains
  re-count centres that other trains counted (R-16.3.4), others do not (R-16.3.3);
* off-boards pay the value of the phase's column (R-12.4.2); Ruhrgebiet pays, per train,
  the larger of the largest value on the route (other-end off-board included, A-37) and
  twice the other-end off-board (R-12.4.3): the rules' ``railhouse_route_bonus``, fired by
  the core for a Major's routes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.config import TrainSpec
from railhouse.engine.entities import Company
from railhouse.engine.routes import shared_train
from railhouse.engine.steps import RouteStep as CoreRouteStep
from railhouse.engine.steps.mapstep import MapStep as CoreMapStep
from railhouse.map.graph import Operator
from railhouse.map.tiles import CITY, OFFBOARD, TOWN
from railhouse.map.trains import RouteRules, RouteView, RunContext, shared_run
from railhouse.map.trains import TrainSpec as RouteTrain
from railhouse_m1839.mapdata import BARRIER_KEY, LVG_KEY, NS, RUHR, offboard_of
from railhouse_m1839.turn import M1839Turn

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839

RULES = RouteRules(
    terminals=frozenset({CITY, TOWN, OFFBOARD}),
    offboards_count=False,
    min_centres=2,
    shared_values=False,
    same_group_ends=False,
)


def is_local(company: Company) -> bool:
    return company.spec.kind == "local"


def released(game: M1839) -> frozenset[str]:
    """Active release keys: red barriers from light red on (R-12.7), H7 once LVG is owned
    by a company or closed (R-12.6)."""
    lvg = game.privates.get(LVG_KEY)  # the release key is the private's id
    lvg_released = (lvg is None or lvg.closed
                    or (lvg.owner is not None and lvg.owner in game.companies))
    return _RELEASED[game.phase_reached(BARRIER_KEY), lvg_released]


#: the four possible answers of :func:`released`, shared (barriers lifted, LVG released)
_RELEASED = {(barrier, lvg): frozenset(k for k, on in ((BARRIER_KEY, barrier), (LVG_KEY, lvg))
                                       if on)
             for barrier in (False, True) for lvg in (False, True)}


def operator(game: M1839, company: Company) -> Operator:
    """``company`` acting on the map now: NS markers never block Locals (R-14.6.2).  One
    shared ``Operator`` per value (:data:`_OPERATORS`): asked at every map step's question,
    it only changes with the phase and LVG."""
    keys, local, column = released(game), is_local(company), game.phase.offboard_column
    key = (company.id, keys, local, column)
    hit = _OPERATORS.get(key)
    if hit is None:
        hit = _OPERATORS[key] = Operator(
            company.id, released=keys,
            non_blocking=frozenset({NS}) if local else frozenset(), column=column)
    return hit


#: every ``Operator`` made by :func:`operator`, by all it is made of (immutable values,
#: so shared by every game; a few per company)
_OPERATORS: dict[tuple[str, frozenset[str], bool, int], Operator] = {}


def route_train(spec: TrainSpec, name: str) -> RouteTrain:
    """The route limits of a train type (R-16.1, A-01; kinds ``N``, ``N+``, ``N+1``), one
    shared value per train card and type (``engine.routes.shared_train``)."""
    return shared_train(name, spec, _route_train)


def _route_train(name: str, spec: TrainSpec) -> RouteTrain:
    n = spec.distance
    centres = {"N": n, "N+": None, "N+1": n + 1}.get(spec.kind, n)
    return RouteTrain(
        name,
        cities=n,
        centres=centres,
        max_offboards=1 if spec.name.startswith("P") else None,
        recount=spec.rust_after_run,
    )


RUHR_STOPS = frozenset({RUHR})


def ruhr_bonus(game: M1839, view: RouteView) -> int:
    """R-12.4.3 / A-37: Ruhrgebiet's value on this route (0 if the route avoids it)."""
    if RUHR not in view.stops:
        return 0
    mapdef = game.board.map
    column = game.phase.offboard_column
    values = [v for v, k in zip(view.values, view.kinds, strict=True) if k != OFFBOARD]
    other = 0
    for stop, kind in zip(view.stops, view.kinds, strict=True):
        if kind == OFFBOARD and stop != RUHR:
            other = offboard_of(mapdef, stop).value(column)
    return max([*values, other, 2 * other])


def run_context(game: M1839, company: Company) -> RunContext:
    """The run (``Game.route_run``): Locals never reach off-boards (R-16.2.8); a marker
    swapped this OR does not count (A-18).  Ruhrgebiet is the rules' route bonus
    (:func:`ruhr_bonus`), nothing on a route not visiting it."""
    turn = getattr(game.round, "turn", None)
    swapped = turn.swapped_token if isinstance(turn, M1839Turn) else None
    return shared_run(
        tuple([route_train(t.spec, t.id) for t in company.trains]),
        offboards_allowed=not is_local(company),
        ignore_tokens=frozenset({swapped}) if swapped else frozenset(),
        bonus_stops=RUHR_STOPS,
    )


class MapStep(CoreMapStep["M1839", M1839Turn]):
    """Base of 1839's map steps: the core's map step with 1839's map operator."""

    def operator(self) -> Operator:
        return operator(self.game, self.company)


class RouteStep(CoreRouteStep["M1839", M1839Turn]):
    """R-8.3.5 / R-16.3: the engine runs the optimum (no decision): the core's step, which
    writes ``turn.revenue`` and ``turn.routes`` and marks every train that ran a route
    (R-16.5.2: the core then removes the R trains due to rust)."""

    rule = "1839 R-16"
