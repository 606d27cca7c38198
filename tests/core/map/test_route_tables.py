"""What the route search reads (:mod:`railhouse.map.route_tables`): the empty step list
shared by nodes without links stays empty after many questions, and every way on adds
what its link and its far node hold."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from route_questions import seeded_questions

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.map.compress import compressed
from railhouse.map.graph import reach
from railhouse.map.route_tables import K_CITY, K_TOWN, NO_STEPS, link_steps, node_tables


def test_nodes_without_links_share_an_empty_step_list() -> None:
    asked = sum(1 for _ in seeded_questions("soh", 40, ()))
    assert asked > 0
    assert NO_STEPS == []


def _positions(title: str, every: int) -> Iterator[tuple[Any, Any, Any, Any]]:
    """``(board, operator, rules, run)`` of every company with a token, every ``every``
    actions of a seeded random game."""
    game = new_game(title, seat_names(4), None, 7)
    rng = random.Random(7)
    while not game.over:
        if len(game.actions) % every == 0:
            for company in game.companies.values():
                if game.board.company_cities(company.id) and company.trains:
                    yield (game.board, game.route_operator(company), game.route_rules,
                           game.route_run(company))
        game.apply(choose_playing(rng, game.legal_actions()))


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_a_step_adds_its_links_towns_and_its_far_nodes_stop(title: str) -> None:
    checked = 0
    for board, op, rules, run in _positions(title, 40):
        comp = compressed(board, op, rules)
        g = comp.graph
        t = node_tables(board, op, rules, run, g, sorted(reach(board, op)), len(g.path_names))
        for u, ways in enumerate(link_steps(comp, rules, t)):
            for v, li, big, cen, vc, vt, _vo, _off, res, smask, _unit, ukey, vkey in ways:
                link = comp.links[li]
                assert {link.u, link.v} == {u, v} and t.allowed[v]
                assert cen == link.towns + (t.kind[v] in (K_CITY, K_TOWN))
                assert big >= (t.kind[v] == K_CITY) and vc == (t.value[v] if big and
                                                               t.kind[v] == K_CITY else 0)
                assert vt == link.town_value + (t.value[v] if t.kind[v] == K_TOWN else 0)
                assert res & link.res == link.res and smask >> v & 1
                assert (ukey, vkey) == ((link.u_key, link.v_key) if link.u == u
                                        else (link.v_key, link.u_key))
                checked += 1
    assert checked > 0
