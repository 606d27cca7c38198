"""The candidates of the route search (:mod:`search`) and the tables its bounds read.

A :class:`Cand` is one route as a candidate for one train.  A candidate list is sorted best
first, so a bitset of allowed candidate indices finds the best allowed route at its lowest
set bit; the tables here are built once per list or per search: which candidates use each
unit (:func:`unit_bitsets`), the best candidate avoiding a unit (:func:`best_avoiding`), the
"hub" units every good route needs (:func:`hub_units`), and the known optima of train subsets
along the search order (:func:`subset_tables`).
"""

from __future__ import annotations

from typing import NamedTuple

from railhouse.map.graph import TrackGraph


class Cand(NamedTuple):
    """A route as a candidate for one train: stand-alone ``value``; ``fixed`` the part not
    from shared centres; ``centre_mask`` the centres counted once (1839), else 0;
    ``token_units`` the token-city links among its units.  (A
    named tuple: a question makes one per route and train, and a tuple is made several
    times faster than a frozen dataclass.)"""

    value: int
    fixed: int
    units: tuple[int, ...]
    centre_mask: int
    #: the position of its route in the list the candidates were made from
    route: int
    token_units: int = 0


def unit_mask(units: tuple[int, ...]) -> int:
    """The bit mask of ``units`` (a route's units are distinct: the sum of their bits is
    their union, made without a Python step per unit)."""
    return sum(map(_BIT.__lshift__, units))


_BIT = 1
"""``_BIT.__lshift__``: ``u -> 1 << u``."""


def centre_values(g: TrackGraph, mask: int) -> int:
    """Sum of the revenue of the nodes whose bits are set in ``mask``."""
    total = 0
    while mask:
        low = mask & -mask
        total += g.nodes[low.bit_length() - 1].revenue
        mask ^= low
    return total


def unit_bitsets(cands: list[Cand]) -> dict[int, int]:
    """unit -> bitset of the indices of the candidates using it (built via bytes: linear)."""
    lists: dict[int, list[int]] = {}
    for k, c in enumerate(cands):
        for u in c.units:
            lists.setdefault(u, []).append(k)
    n_bytes = (len(cands) + 8) // 8
    out = {}
    for u, ks in lists.items():
        buf = bytearray(n_bytes)
        for k in ks:
            buf[k >> 3] |= 1 << (k & 7)
        out[u] = int.from_bytes(buf, "little")
    return out


def best_avoiding(cands: list[Cand], using: dict[int, int]) -> dict[int, int]:
    """unit -> value of the best candidate not using it (0 if all use it); ``cands``
    best first, ``using`` from :func:`unit_bitsets`."""
    full = (1 << len(cands)) - 1
    out = {}
    for u, mask in using.items():
        free = full & ~mask
        out[u] = cands[(free & -free).bit_length() - 1].value if free else 0
    return out


def hub_units(token_units: int, usings: list[dict[int, int]], extra: int) -> int:
    """The token-city links and the ``extra`` units used by most later candidates."""
    counts: dict[int, int] = {}
    for using in usings:
        for u, mask in using.items():
            counts[u] = counts.get(u, 0) + mask.bit_count()
    hubs = token_units
    for u in sorted(counts, key=lambda u: -counts[u])[:extra]:
        hubs |= 1 << u
    return hubs if usings and extra >= 0 else 0


def subset_tables(
    order: list[int], subset_opt: dict[frozenset[int], int]
) -> tuple[list[int | None], list[list[tuple[int, int]]]]:
    """Per position of ``order``: the known optimum of the trains from there on, and for
    each of them (by offset) the optimum of the others."""
    suffix: list[int | None] = []
    drops: list[list[tuple[int, int]]] = []
    for pos in range(len(order)):
        rest = frozenset(order[pos:])
        suffix.append(subset_opt.get(rest))
        drop = []
        for j, t in enumerate(order[pos:]):
            others = subset_opt.get(rest - {t})
            if others is not None:
                drop.append((j, others))
        drops.append(drop)
    return suffix, drops


def top_sum(values: list[int], k: int) -> int:
    """Sum of the ``k`` largest of ``values`` (all of them when ``k >= len(values)``)."""
    if k >= len(values):
        return sum(values)
    if k <= 0:
        return 0
    return sum(sorted(values, reverse=True)[:k])
