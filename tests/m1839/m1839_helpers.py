"""Drive 1839 games to interesting positions in tests."""

from __future__ import annotations

import random

from railhouse.engine.actions import Concede
from railhouse.testing.conformance import choose
from railhouse_m1839.auction import DiscountAuction
from railhouse_m1839.game import M1839


def finish_auction(game: M1839, seed: int = 0) -> None:
    """Play the auction (and brown pars) with seeded random legal actions (never conceding)."""
    rng = random.Random(seed)
    while isinstance(game.round, DiscountAuction) or game.pending:
        legal = [c for c in game.legal_actions() if not isinstance(c.action, Concede)]
        game.apply(choose(rng, legal))


def tags(game: M1839) -> set[str]:
    return {str(type(c.action).__struct_config__.tag) for c in game.legal_actions()}
