"""A company's last route answer handed on (``map.answer_memo``) is the answer a fresh
board gives: at every position of seeded random games of both titles (and on a clone
played on by the same choices), every company with trains and a token asks its route
question, and the answer is compared with the one found on a copy of the board without
its cache (no route graph, reach or answer kept); SOH hands some answers on in every
game.  And where an answer is kept, one asked with the cities of the company's route
graph filled with another company's tokens, without one of its own tokens, or with
another off-board column, is the fresh one too (such changes may leave the route graph
as it was); an answer is never handed on to another token revision."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine import routes
from railhouse.engine.record import new_game
from railhouse.map.answer_memo import handed_on
from railhouse.map.optimize import best_routes
from railhouse.map.tiles import CITY


@pytest.mark.parametrize(("title", "seed", "every"), [("soh", 5, 1), ("soh", 6, 1),
                                                      ("1839", 5, 3)])
def test_a_handed_on_answer_is_a_fresh_one(title: str, seed: int, every: int) -> None:
    game = new_game(title, seat_names(4), None, seed)
    rng = random.Random(seed)
    handed = 0
    twin = None  # a clone, played on by the same choices: its last answers are its own
    while not game.over:
        if len(game.actions) % every == 0:
            if twin is not None:
                _check(twin)
            handed += _check(game)
        twin = game.clone() if len(game.actions) % 20 == 0 else None
        action = choose_playing(rng, game.legal_actions())
        game.apply(action)
        if twin is not None:
            twin.apply(action)
    assert handed > 0 or title != "soh"


def _check(game: Any) -> int:
    """Every company's answer against a fresh board's; how many were handed on."""
    handed = 0
    board = game.board
    if board is None:
        return 0
    for company in game.companies.values():
        if not company.trains or not board.company_cities(company.id):
            continue
        stated = routes._stated(game, company)
        assert stated is not None
        _, op, rules, run = stated
        last = board.cache.get(("route_answer_last", op.company))
        answer = best_routes(board, op, rules, run)
        handed += last is not None and answer is last[5]
        fresh = board.clone()
        fresh.cache.clear()
        expected = best_routes(fresh, op, rules, run)
        assert (answer.revenue, answer.routes) == (expected.revenue, expected.routes), (
            company.id, len(game.actions))
    return handed


@pytest.mark.parametrize(("title", "seed", "every"), [("soh", 5, 4), ("1839", 5, 15)])
def test_the_answer_follows_tokens_and_columns(title: str, seed: int, every: int) -> None:
    game = new_game(title, seat_names(4), None, seed)
    rng = random.Random(seed)
    changed = 0
    while not game.over:
        if len(game.actions) % every == 0 and game.board is not None:
            changed += _varied(game)
        game.apply(choose_playing(rng, game.legal_actions()))
    assert changed > 10 or title != "soh", changed


def _varied(game: Any) -> int:
    """Every kept answer against fresh ones on boards with other tokens and columns;
    how many of those answers differ from the kept one."""
    changed = 0
    for company in game.companies.values():
        if not company.trains or not game.board.company_cities(company.id):
            continue
        stated = routes._stated(game, company)
        assert stated is not None
        board, op, rules, run = stated
        answer = best_routes(board, op, rules, run)
        kept = board.cache.get(("route_answer_last", op.company))
        if kept is None or kept[5] is not answer:
            continue
        variants = [(_filled(board, kept[0], op.company), op)]
        variants += [(_without(board, coord, city, op.company), op)
                     for coord, city in board.company_cities(op.company)]
        variants += [(board.clone(), op._replace(column=column)) for column in range(4)
                     if column != op.column]
        for other, other_op in variants:
            if other.token_version != board.token_version:  # (never handed on over one)
                assert handed_on(other, other_op, rules, run, kept[0]) is None
            again = best_routes(other, other_op, rules, run)
            fresh = other.clone()
            fresh.cache.clear()
            expected = best_routes(fresh, other_op, rules, run)
            assert (again.revenue, again.routes) == (expected.revenue, expected.routes)
            changed += (expected.revenue, expected.routes) != (answer.revenue, answer.routes)
    return changed


def _filled(board: Any, where: Any, company: str) -> Any:
    """A copy of ``board`` (with its cache) with the free slots of the route graph's
    cities that hold no token of ``company`` filled by another company's tokens."""
    out = board.clone()
    for node in where.comp.graph.nodes:
        if node.kind != CITY:
            continue
        owners = out.tokens.get((node.hex, node.city), [])
        if company not in owners:
            for _ in range(node.slots - len(owners)):
                out.place_token(node.hex, node.city, "ZZ")
    return out


def _without(board: Any, coord: str, city: int, company: str) -> Any:
    """A copy of ``board`` (with its cache) without ``company``'s token in that city."""
    out = board.clone()
    out.remove_token(coord, city, company)
    return out
