"""An independent model of legal movement over track, for tests: it reads only the tiles'
own track (``orient(tile, rotation).paths``), the hex geometry (``MapDef.neighbours``) and
the edge rules, never the engine's track graph or :mod:`railhouse.map.legal`.

A train is *in a hex* on a segment, and moves on (SOH EN "Running trains"; 1839 R-16.2):

* out of a hex edge ``e`` of hex ``A`` only into the neighbour ``B`` across it, onto a
  segment of ``B`` at the facing edge ``(e + 3) % 6`` (so never back into ``A``: no
  reversal at a switch or between the two towns of a tile); not across an active barrier;
* at a stop or junction, onto another segment of that stop (an off-board: any of its hexes);
* never over a segment, a hex side, a revenue centre or a junction twice (the engine's
  reading of 1839 R-16.2.6, "no matter how small"); through a city blocked for the
  company, or an off-board, not at all (they end a path).

:func:`walk_route` checks a route given as its segment names (``"H9:0-c0"``) in travel
order; :func:`reachable` lists, by exhaustive search, every stop and hex side some legal
path from a company's tokens reaches.
"""

from __future__ import annotations

from dataclasses import dataclass

from railhouse.map import Board, orient
from railhouse.map.tiles import KIND_LETTER, STOP_BASE, TileDef

Seg = tuple[str, str, str]  # (hex, end label, end label), labels sorted: "0".."5", "c0", "t1"


def _labels(t: TileDef) -> list[str]:
    counts: dict[str, int] = {}
    out = []
    for stop in t.stops:
        letter = KIND_LETTER[stop.kind]
        out.append(f"{letter}{counts.get(letter, 0)}")
        counts[letter] = counts.get(letter, 0) + 1
    return out


@dataclass
class Track:
    """The board's track as the tiles draw it."""

    board: Board
    company: str
    non_blocking: frozenset[str] = frozenset()
    released: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        self.segs: dict[str, list[Seg]] = {}
        self.kinds: dict[tuple[str, str], str] = {}
        self.slots: dict[tuple[str, str], int] = {}
        for coord in self.board.map.hexes:
            t, rot = self.board.tile_at(coord)
            labels = _labels(t)
            for i, stop in enumerate(t.stops):
                self.kinds[coord, labels[i]] = stop.kind
                self.slots[coord, labels[i]] = stop.slots
            segs = []
            for a, b in orient(t, rot).paths:
                la = labels[a - STOP_BASE] if a >= STOP_BASE else str(a)
                lb = labels[b - STOP_BASE] if b >= STOP_BASE else str(b)
                x, y = sorted((la, lb))
                segs.append((coord, x, y))
            self.segs[coord] = segs
        m = self.board.map
        self.barred = {frozenset((r.a, r.b)) for r in m.edge_rules
                       if r.barrier_until is not None and r.barrier_until not in self.released}

    # ------------------------------------------------------------------ places
    def stop_id(self, coord: str, label: str) -> str:
        """A revenue centre's identity (an off-board is one place over all its hexes)."""
        if label[0] == "o":
            off = self.board.map.hexes[coord].offboard
            if off is not None:
                return off.location
        return f"{coord}.{label}"

    def blocked(self, coord: str, label: str) -> bool:
        if label[0] != "c":
            return label[0] == "o"
        city = int(label[1:])
        owners = self.board.tokens.get((coord, city), [])
        slots = self.slots[coord, label]
        return (slots > 0 and len(owners) >= slots and self.company not in owners
                and not set(owners) & self.non_blocking)

    def crossing(self, coord: str, edge: int) -> tuple[str, int] | None:
        """The facing ``(hex, edge)`` of a side a train may cross, or None."""
        nb = self.board.map.neighbours[coord][edge]
        if nb is None or frozenset((coord, nb)) in self.barred:
            return None
        return nb, (edge + 3) % 6

    def side(self, coord: str, edge: int) -> frozenset[tuple[str, int]]:
        facing = self.crossing(coord, edge)
        return frozenset({(coord, edge)} | ({facing} if facing else set()))

    def at_stop(self, coord: str, label: str) -> list[Seg]:
        """Segments leaving a stop (every hex of an off-board)."""
        if label[0] == "o":
            sid = self.stop_id(coord, label)
            return [s for c, segs in self.segs.items() for s in segs
                    if any(e[0] == "o" and self.stop_id(c, e) == sid for e in s[1:])]
        return [s for s in self.segs[coord] if label in s[1:]]

    def onward(self, seg: Seg, end: str) -> list[tuple[Seg, str]]:
        """``(next segment, the end it enters by)`` for a train leaving ``seg`` at ``end``."""
        coord = seg[0]
        if end.isdigit():
            facing = self.crossing(coord, int(end))
            if facing is None:
                return []
            nb, edge = facing
            return [(s, str(edge)) for s in self.segs.get(nb, []) if str(edge) in s[1:]]
        return [(s, _entry(s, coord, end, self)) for s in self.at_stop(coord, end) if s != seg]


def _entry(s: Seg, coord: str, label: str, track: Track) -> str:
    if label[0] == "o":
        sid = track.stop_id(coord, label)
        return next(e for e in s[1:] if e[0] == "o" and track.stop_id(s[0], e) == sid)
    return label


def _other(seg: Seg, end: str) -> str:
    return seg[2] if seg[1] == end else seg[1]


def parse(name: str) -> Seg:
    coord, _, ends = name.partition(":")
    a, b = sorted(ends.split("-"))
    return coord, a, b


def walk_route(track: Track, start: str, segments: list[str],
               used: set[Seg]) -> tuple[list[str], list[tuple[str, ...]]]:
    """The stops of a route from stop ``start`` (an engine stop name, e.g. ``"H9.c0"``)
    over ``segments``, and its legs (the hex chains from stop to stop, as 18xx.games
    records them); raises AssertionError naming the first illegal step.  ``used``:
    segments of the company's other trains this turn (updated)."""
    coord, _, label = start.partition(".")
    if not label:  # an off-board location: find one of its hexes
        coord, label = next((c, lab) for (c, lab) in track.kinds if lab[0] == "o"
                            and track.stop_id(c, lab) == start)
    stops = [track.stop_id(coord, label)]
    sides: set[frozenset[tuple[str, int]]] = set()
    cur: tuple[Seg, str] | None = None  # (segment, the end the train is at)
    legs: list[tuple[str, ...]] = []
    leg: list[str] = []
    junctions: set[str] = set()
    for name in segments:
        seg = parse(name)
        assert seg in track.segs.get(seg[0], []), f"{name} is not track on {seg[0]}"
        assert seg not in used, f"{name} is used twice"
        if cur is None:
            choices = [(s, _entry(s, coord, label, track)) for s in track.at_stop(coord, label)]
        else:
            choices = track.onward(*cur)
        entry = next((e for s, e in choices if s == seg), None)
        assert entry is not None, f"{name} does not follow legally (from {cur or start})"
        used.add(seg)
        if not leg or leg[-1] != seg[0]:
            leg.append(seg[0])
        end = _other(seg, entry)
        if end.isdigit():
            s = track.side(seg[0], int(end))
            assert s not in sides, f"hex side {sorted(s)} crossed twice"
            sides.add(s)
        else:
            sid = track.stop_id(seg[0], end)
            if end[0] == "j":
                assert sid not in junctions, f"junction {sid} passed twice"
                junctions.add(sid)
            else:
                assert sid not in stops, f"{sid} visited twice"
                if name != segments[-1]:
                    assert not track.blocked(seg[0], end), f"passes through {sid}"
                stops.append(sid)
                legs.append(tuple(leg))
                leg = []
        cur = (seg, end)
    assert cur is not None and not cur[1].isdigit(), "the route does not end at a stop"
    return stops, legs


Reached = tuple[set[str], set[frozenset[tuple[str, int]]], set[Seg]]


def reachable(track: Track) -> Reached:
    """(stops, hex sides, segments) reached by some legal path from the company's tokens,
    by exhaustive depth-first search over every legal path (small boards only)."""
    stops: set[str] = set()
    used: set[Seg] = set()
    sides: set[frozenset[tuple[str, int]]] = set()
    homes = [(c, f"c{k}") for (c, k), owners in track.board.tokens.items()
             if track.company in owners]

    def go(seg: Seg, entry: str, segs: set[Seg], seen_stops: set[str],
           seen_sides: set[frozenset[tuple[str, int]]]) -> None:
        end = _other(seg, entry)
        if end.isdigit():
            s = track.side(seg[0], int(end))
            if s in seen_sides:
                return
            sides.add(s)
            used.add(seg)
            seen_sides = seen_sides | {s}
        elif end[0] == "j":
            sid = f"{seg[0]}.{end}"
            if sid in seen_stops:
                return
            used.add(seg)
            seen_stops = seen_stops | {sid}
        else:
            sid = track.stop_id(seg[0], end)
            if sid in seen_stops:
                return
            stops.add(sid)
            used.add(seg)
            if track.blocked(seg[0], end):
                return
            seen_stops = seen_stops | {sid}
        for nxt, nxt_entry in track.onward(seg, end):
            if nxt not in segs:
                go(nxt, nxt_entry, segs | {nxt}, seen_stops, seen_sides)

    for coord, label in homes:
        if (coord, label) not in track.kinds:
            continue
        home = track.stop_id(coord, label)
        stops.add(home)
        for seg in track.at_stop(coord, label):
            go(seg, label, {seg}, {home}, set())
    return stops, sides, used
