"""The two 1839 stock markets (R-13, facts/1839.md Part 3) and their marker stacking.

Both markets are single rows; ``up`` is right and ``down`` is left (core convention).  The
values are the reconstruction of facts Part 3.6: every value the rulebook gives is present and
each given end is an end.

Stacking (R-8.2.4) is the core market's ``operated_face_down`` model
(:mod:`railhouse.engine.market`): a space holds an ordered stack, index 0 on top, and each
marker is face-up or face-down.  Ordinary moves put a marker at the bottom keeping its face
(v2 §13.2); a company that finishes operating is turned face-down and put below the face-up
markers; at the end of the OR the face-down markers turn face-up in reverse order.  Net
effect: companies sharing a space operate in arrival order.
"""

from __future__ import annotations

from railhouse.engine.config import MarketCell, MarketSpec

LOCAL = "local"
MAJOR = "major"

LOCAL_PRICES = (10, 12, 14, 16, 18, 20, 22, 25, 28, 31, 34, 38, 42, 46, 50, 55, 60, 65)
MAJOR_PRICES = (40, 43, 47, 51, 56, 61, 67, 74, 82, 91, 101, 112, 123, 135, 148, 162, 178,
                195, 215, 240, 270, 300)
LOCAL_PARS = (20, 31, 46)
PRIVATE_LOCAL_PAR = 25  # Locals created by closing yellow/brown privates
MAJOR_PARS = (67, 74, 82)
CONVERSION = {46: 43, 55: 51, 65: 61}  # at the start of dark red
GAME_END_PRICE = 300


def _row(prices: tuple[int, ...], pars: tuple[int, ...], circled: tuple[int, ...],
         end: int | None) -> tuple[MarketCell, ...]:
    return tuple(
        MarketCell(price=p, par=p in pars, end_game=(p == end),
                   kind="conversion" if p in circled else "")
        for p in prices
    )


def market_specs() -> tuple[MarketSpec, ...]:
    """Major first: the core's operating order walks markets in this order (R-8.2.1)."""
    major = MarketSpec(MAJOR, (_row(MAJOR_PRICES, MAJOR_PARS, tuple(CONVERSION.values()),
                                    GAME_END_PRICE),), operated_face_down=True)
    local = MarketSpec(LOCAL, (_row(LOCAL_PRICES, (*LOCAL_PARS, PRIVATE_LOCAL_PAR),
                                    tuple(CONVERSION), None),), operated_face_down=True)
    return (major, local)
