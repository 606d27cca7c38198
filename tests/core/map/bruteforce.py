"""The naive reference the optimiser is tested against (it lives in the package as
:mod:`railhouse.map.reference` so that ``railhouse bench`` can use it too)."""

from __future__ import annotations

from railhouse.map import Board, Operator, RouteRules, RunContext
from railhouse.map.reference import best_total as reference_total


def best_total(board: Board, op: Operator, rules: RouteRules, run: RunContext) -> int:
    """The exhaustive optimum (no budget: the test boards are small)."""
    total = reference_total(board, op, rules, run)
    assert total is not None
    return total
