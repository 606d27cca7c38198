"""Every installed title renders from its data alone: at the start, mid-game and at the
end of a seeded random game, the SVG is well-formed and shows every hex, every laid tile,
every token and every company on the market, in stacking order."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from render_fixtures import installed_title_ids, played_record

from railhouse.engine.record import replay
from railhouse.render.scene import picture, scene_of


def drawn(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def check_position(game: Any) -> None:
    root = ET.fromstring(picture(scene_of(game)).as_svg())
    board = getattr(game, "board", None)
    if board is not None:
        hexes = {h.get("data-hex"): h for h in drawn(root, "hex")}
        assert set(hexes) == set(board.map.hexes)
        for coord, (tile_id, rotation) in board.tiles.items():
            assert hexes[coord].get("data-tile") == tile_id
            assert hexes[coord].get("data-rotation") == str(rotation)
        tokens = sorted((h.get("data-hex"), int(c.get("data-city") or 0), t.get("data-company"))
                        for h in hexes.values() for c in drawn(h, "city")
                        for t in drawn(c, "token"))
        assert tokens == sorted((h, k, o) for (h, k), owners in board.tokens.items()
                                for o in owners)
    for market in getattr(game, "markets", {}).values():
        markers = drawn(root.find(f".//*[@id='market-{market.spec.id}']"), "marker")  # type: ignore[arg-type]
        shown = sorted((m.get("data-price"), int(m.get("data-stack") or 0), m.get("data-company"))
                       for m in markers)
        expected = sorted((str(market.cell(pos).price), depth, company)
                          for pos, stack in market.stacks.items()
                          for depth, company in enumerate(stack))
        assert shown == expected


def test_some_title_is_installed() -> None:
    assert installed_title_ids()


@pytest.mark.parametrize("title_id", installed_title_ids())
def test_every_installed_title_renders_at_start_middle_and_end(title_id: str) -> None:
    record = played_record(title_id)
    total = len(record["actions"])
    for upto in (0, total // 2, total):
        check_position(replay(record, upto=upto))


@pytest.mark.parametrize("title_id", installed_title_ids())
def test_routes_a_company_ran_are_drawn(title_id: str) -> None:
    from railhouse.render.position import position, routes

    game = position(played_record(title_id), -1)
    ran = [e.data["company"] for e in game.events_since(-1)
           if e.kind == "routes" and e.data.get("routes")]
    assert ran, f"no company of the {title_id} game ran a route"
    lines = routes(game, ran[-1])
    assert lines and all(line.segments for line in lines)
    root = ET.fromstring(picture(scene_of(game, lines)).as_svg())
    assert len(drawn(root, "route")) == len(lines)
    assert {p.get("data-company") for p in drawn(root, "route")} == {ran[-1]}
