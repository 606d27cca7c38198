"""Which games a tournament plays: deterministic, seat-balanced, in seed blocks.

A *table* is a set of entrants that meet: every ``players``-combination of the entrants
(round-robin) or the challenger with every ``players - 1``-combination of the others
(gauntlet).  Each table is played under several *seatings*: the cyclic rotations
(``seating = "rotate"``, k games) or every permutation (``"all"``, k! games, which also
balances who sits after whom).  Either way each entrant of a table sits in each seat equally
often.  A *seed block* plays every seating of every table with one shared seed, so the luck
of the deal cancels out; blocks differ only in their seed.

>>> from railhouse_tournament.config import Entrant, TournamentConfig
>>> config = TournamentConfig("toy", (Entrant("a", "random"), Entrant("b", "random")))
>>> [(g.game_id, g.seats) for g in build(config)]
[('g000000', ('a', 'b')), ('g000001', ('b', 'a'))]
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from railhouse_tournament.config import TournamentConfig


@dataclass(frozen=True)
class ScheduledGame:
    index: int
    game_id: str
    block: int
    seed: int
    seats: tuple[str, ...]  # entrant names, by seat


def tables(config: TournamentConfig) -> list[tuple[str, ...]]:
    names = [e.name for e in config.entrants]
    k = config.players
    if config.format == "gauntlet":
        assert config.challenger is not None
        field = [n for n in names if n != config.challenger]
        return [(config.challenger, *rest) for rest in itertools.combinations(field, k - 1)]
    return list(itertools.combinations(names, k))


def seatings(table: Sequence[str], mode: str) -> Iterator[tuple[str, ...]]:
    """Seat orders of one table; every member takes every seat equally often."""
    if mode == "all":
        yield from itertools.permutations(table)
        return
    for shift in range(len(table)):
        yield tuple(table[shift:]) + tuple(table[:shift])


def block_seed(base: int, block: int) -> int:
    """A 31-bit seed per block, stable across Python versions and platforms."""
    digest = hashlib.sha256(f"railhouse:{base}:{block}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def games_per_block(config: TournamentConfig) -> int:
    per_table = math.factorial(config.players) if config.seating == "all" else config.players
    return len(tables(config)) * per_table


def block_count(config: TournamentConfig) -> int:
    """``seed_blocks``, or enough whole blocks to play at least ``games`` games."""
    if config.games:
        return max(1, math.ceil(config.games / games_per_block(config)))
    return config.seed_blocks


def build(config: TournamentConfig) -> list[ScheduledGame]:
    """The full schedule, in play order (block by block)."""
    games: list[ScheduledGame] = []
    all_tables = tables(config)
    for block in range(block_count(config)):
        seed = block_seed(config.seed, block)
        for table in all_tables:
            for seats in seatings(table, config.seating):
                index = len(games)
                games.append(ScheduledGame(index, f"g{index:06d}", block, seed, seats))
    return games
