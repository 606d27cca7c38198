"""``routing.operator`` hands out one shared ``Operator`` per value (``routing._OPERATORS``);
at every position of seeded playouts, for every company, it must equal the operator built
afresh from the rules (R-12.6, R-12.7, R-14.6.2), and ``players_after`` must equal the card
rotation less the bankrupt seats (R-7.6.4, A-41)."""

from __future__ import annotations

from typing import Any

from railhouse.bench.positions import playout
from railhouse.engine.actions import LegalAction
from railhouse.map.graph import Operator
from railhouse_m1839.mapdata import BARRIER_KEY, LVG_KEY, NS
from railhouse_m1839.routing import operator


def _fresh(game: Any, company: Any) -> Operator:
    keys = set()
    if game.phase_reached(BARRIER_KEY):
        keys.add(BARRIER_KEY)
    lvg = game.privates.get(LVG_KEY)
    if lvg is None or lvg.closed or (lvg.owner is not None and lvg.owner in game.companies):
        keys.add(LVG_KEY)
    local = company.spec.kind == "local"
    return Operator(company.id, released=frozenset(keys),
                    non_blocking=frozenset({NS}) if local else frozenset(),
                    column=game.phase.offboard_column)


def test_shared_operators_equal_fresh_ones_at_every_position() -> None:
    checked = 0

    def visit(game: Any, legal: list[LegalAction]) -> None:
        nonlocal checked
        for company in game.companies.values():
            assert operator(game, company) == _fresh(game, company), len(game.actions)
            checked += 1
        for seat in game.seats:
            rotation = game.cards.rotation_after(seat.id)
            assert game.players_after(seat.id) == [
                p for p in rotation if not game.player(p).bankrupt]

    for seed in (1000, 1001):
        playout("1839", 4, seed, visit=visit)
    assert checked > 10_000


def test_players_after_leaves_out_a_bankrupt_seat() -> None:
    from railhouse.engine.record import new_game

    game: Any = new_game("1839", ["A", "B", "C", "D"], None, 1)
    rotation = game.cards.rotation_after("P0")
    game.player(rotation[0]).bankrupt = True
    assert game.players_after("P0") == rotation[1:]
