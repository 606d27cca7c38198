"""``legal._cut_off``, the cheap proof that no legal path reaches a node, against the
reach computed from scratch without it (``legal_reach`` with the proof never given,
which leaves every such node to the exact search) at every reach search the engine makes
in seeded random games of both titles and in the replay of game 181446 (whose dead-end
hex sides E8.e0 and E8.e5 it proves): a node it proves unreached is not in that reach,
for every node of every graph searched.  ``test_legal_reach`` checks ``legal_reach``
with the proof against a brute force on random graphs."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import railhouse.map.legal as legal
from railhouse.bench.positions import playout
from railhouse.engine.record import replay
from railhouse.map.graphbuild import TrackGraph
from railhouse_soh.importer import GAME_181446, import_18xx_games

Search = tuple[TrackGraph, list[int], bytearray]


@contextmanager
def searches_made(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Search]]:
    """The (graph, starts, ends) of every reach search made inside the block."""
    made: list[Search] = []
    walks = legal._walks

    def recording(g: TrackGraph, is_side: bytearray, starts: list[int], ends: bytearray,
                  blocked: list[bool]) -> tuple[set[int], set[int]]:
        made.append((g, list(starts), bytearray(ends)))
        return walks(g, is_side, starts, ends, blocked)

    with monkeypatch.context() as patch:
        patch.setattr(legal, "_walks", recording)
        yield made


def from_scratch(g: TrackGraph, starts: list[int], ends: bytearray,
                 monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """``legal_reach`` with no node proved unreached: the exact search settles them all."""
    with monkeypatch.context() as patch:
        patch.setattr(legal, "_cut_off", lambda *_: False)
        return legal.legal_reach(g, starts, ends)


def proofs_hold(made: list[Search], monkeypatch: pytest.MonkeyPatch) -> int:
    """Asks the proof about every node but the starts of every search in ``made``;
    asserts each node it proves unreached is unreached.  Returns how many it proved."""
    proved = 0
    for g, starts, ends in made:
        reached = from_scratch(g, starts, ends, monkeypatch)
        is_side = legal.side_flags(g)
        blocked = [False] * len(g.nodes)
        for s in starts:
            blocked[s] = True
        for v in range(len(g.adj)):  # (a patched graph's own nodes: network._appended_lists)
            if blocked[v] or not legal._cut_off(g, is_side, sorted(set(starts)), ends,
                                                blocked, v):
                continue
            assert v not in reached, (g.nodes[v].name, [g.nodes[s].name for s in starts])
            proved += 1
    return proved


@pytest.mark.parametrize(("title", "seed"), [("soh", 1000), ("1839", 1001)])
def test_proved_unreached_nodes_are_unreached_in_random_games(
        title: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    with searches_made(monkeypatch) as made:
        playout(title, 4, seed)
    assert len(made) > 5
    assert proofs_hold(made, monkeypatch) > 0


def test_proved_unreached_nodes_are_unreached_in_game_181446(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay leaves no node to the exact search; from scratch it left four."""
    record = import_18xx_games(GAME_181446)
    asked: list[set[int]] = []
    exact = legal._exact

    def counting(g: TrackGraph, is_side: bytearray, starts: list[int], ends: bytearray,
                 blocked: list[bool], missing: set[int], reached: set[int]) -> None:
        asked.append(set(missing))
        exact(g, is_side, starts, ends, blocked, missing, reached)

    monkeypatch.setattr(legal, "_exact", counting)
    with searches_made(monkeypatch) as made:
        replay(record)
    assert not asked  # the replay left no node to the exact search
    assert proofs_hold(made, monkeypatch) > 0
    # from scratch (inside proofs_hold), four searches left a node to the exact search
    assert len(asked) == 4 and all(len(nodes) == 1 for nodes in asked)
