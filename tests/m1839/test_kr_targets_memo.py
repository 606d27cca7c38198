"""R-14.3.5: ``kr_moves`` reads the KR targets memoised per board revision, operator and
NRS's state (``kabinet._markers_and_targets``).  At every position of seeded playouts where
KR's power is open, each company's moves must equal those of a clone of the game whose
board has nothing memoised; and a change on the clone's board must leave the original's
moves alone."""

from __future__ import annotations

from typing import Any

from railhouse.bench.positions import playout
from railhouse.engine.actions import LegalAction
from railhouse.engine.steps.tokens import place_token
from railhouse_m1839.kabinet import kr_active, kr_moves


def _fresh(game: Any, company: str) -> list[Any]:
    clone = game.clone()
    clone.board.cache = {}
    return kr_moves(clone, company)


def test_kr_moves_equal_a_fresh_listing_at_every_position() -> None:
    checked = {"positions": 0, "moves": 0, "clones": 0, "changed": 0}

    def visit(game: Any, legal: list[LegalAction]) -> None:
        if not kr_active(game):
            return
        checked["positions"] += 1
        for company in game.companies.values():
            if company.closed or not game.board.company_cities(company.id):
                continue
            moves = kr_moves(game, company.id)
            assert moves == _fresh(game, company.id), f"action {len(game.actions)}"
            checked["moves"] += len(moves)
            if moves and checked["clones"] < 10:
                clone = game.clone()
                move = moves[0]
                place_token(clone.board, move.to_hex, move.to_city, "X", move.replaces)
                assert kr_moves(clone, company.id) == _fresh(clone, company.id)
                assert kr_moves(game, company.id) == moves
                checked["clones"] += 1
                checked["changed"] += kr_moves(clone, company.id) != moves

    for seed in (1000, 1001, 1002):
        playout("1839", 4, seed, visit=visit)
    assert checked["positions"] > 20 and checked["moves"] > 100 and checked["changed"], checked
