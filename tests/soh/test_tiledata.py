"""Steam Over Holland tiles against facts §9: manifest, layouts, values, upgrade chart."""

from __future__ import annotations

from collections import Counter

import pytest
from soh_mapfacts import (
    AMSTERDAM_TILES,
    MANIFEST_9_2,
    TOWN_UPGRADES,
    UPGRADES_9_3,
    parse_facts_layout,
    tile_layout,
)

from railhouse.map.lays import next_tiles
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import TOWN, TileDef
from railhouse.map.upgrades import shape_upgrades
from railhouse_soh.mapdata import build_map

# --------------------------------------------------------------------------- §9


@pytest.mark.parametrize(
    ("edition", "totals"),
    [
        ("EN", {"yellow": 53, "green": 50, "brown": 17}),
        ("DE", {"yellow": 50, "green": 50, "brown": 20}),
    ],
)
def test_manifest_totals_facts_9_2(edition: str, totals: dict[str, int]) -> None:
    """§9.2 / §1: EN 53/50/17 = 120, DE (and R) 50/50/20; counts per tile as the table."""
    soh = build_map(tile_counts=edition)
    by_color: Counter[str] = Counter()
    for tid, count in soh.supply.items():
        assert count is not None
        by_color[soh.tiles[tid].color] += count
    assert dict(by_color) == totals
    column = 2 if edition == "EN" else 3
    assert dict(soh.supply) == {tid: row[column] for tid, row in MANIFEST_9_2.items()}


def test_unknown_manifest_edition_rejected() -> None:
    with pytest.raises(ValueError):
        build_map(tile_counts="FR")


def test_tile_layouts_at_rotation_0_facts_9_2(soh: MapDef) -> None:
    """§9.2: every tile's colour and layout at rotation 0; AM label only on SOH1/6/7."""
    assert set(soh.tiles) == set(MANIFEST_9_2)
    for tid, (color, layout, _, _) in MANIFEST_9_2.items():
        t = soh.tiles[tid]
        assert t.id == tid
        assert t.color == color, tid
        assert tile_layout(t) == parse_facts_layout(layout), tid
        assert t.label == ("AM" if tid in AMSTERDAM_TILES else None), tid


def test_stop_values_facts_8_1_notes(soh: MapDef) -> None:
    """§8.1 notes: towns 10 on every tile; cities 20 (yellow, 1 slot), 30 (green, 2),
    40 (brown, 2); Amsterdam 30/40/60."""
    expected_city = {"yellow": (20, 1), "green": (30, 2), "brown": (40, 2)}
    for tid, t in soh.tiles.items():
        for stop in t.stops:
            if stop.kind == TOWN:
                assert stop.revenue == 10, tid
            elif tid not in AMSTERDAM_TILES:
                assert (stop.revenue, stop.slots) == expected_city[t.color], tid
    assert [s.revenue for s in soh.tiles["SOH1"].stops] == [30, 30]
    assert [s.revenue for s in soh.tiles["SOH6"].stops] == [40, 40]
    assert [s.revenue for s in soh.tiles["SOH7"].stops] == [60]


def test_first_tiles_per_hex_type_facts_9_1(soh: MapDef) -> None:
    """§9.1: by the core's next_tiles (colour, kind, label, shape), plain hexes take
    7/8/9, towns 3/4/58, cities 6/57, Amsterdam SOH1 only."""
    expected = {"K10": {"7", "8", "9"}, "H7": {"3", "4", "58"}, "H9": {"6", "57"}}
    expected["F9"] = {"SOH1"}
    for coord, ids in expected.items():
        fits = {shape.new.id for shape in next_tiles(soh, soh.hexes[coord].printed)}
        assert fits == ids, coord


def _shape_upgrades(soh: MapDef, old: TileDef) -> set[str]:
    """Next-colour tiles with the same label that preserve ``old`` (core shape_upgrades)."""
    rank = soh.color_rank(old.color)
    return {
        new.id
        for new in soh.tiles.values()
        if soh.color_rank(new.color) == rank + 1
        and new.label == old.label
        and shape_upgrades(old, new)
    }


def test_upgrade_chart_shapes_facts_9_3(soh: MapDef) -> None:
    """§9.3: the core's shape_upgrades (plus next colour and equal label) gives exactly the
    chart for every yellow and green tile."""
    for tid, expected in UPGRADES_9_3.items():
        assert _shape_upgrades(soh, soh.tiles[tid]) == expected, tid


def test_upgrade_chart_core_next_tiles_facts_9_3(soh: MapDef) -> None:
    """§9.3 through the core's upgrade legality (lays.next_tiles: colour, label, stop kinds,
    shape) for every yellow/green tile except the single-town yellows (next test)."""
    for tid, expected in UPGRADES_9_3.items():
        if tid in TOWN_UPGRADES:
            continue
        got = {shape.new.id for shape in next_tiles(soh, soh.tiles[tid])}
        assert got == expected, tid


def test_town_upgrades_core_next_tiles_facts_9_3(soh: MapDef) -> None:
    """§9.2/§9.3: yellow town tiles upgrade to the green double-town tiles."""
    for tid in sorted(TOWN_UPGRADES):
        got = {shape.new.id for shape in next_tiles(soh, soh.tiles[tid])}
        assert got == UPGRADES_9_3[tid], tid
