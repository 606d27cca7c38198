"""The board picture: well-formed SVG that shows every hex, tile, token, reservation, edge
rule, off-board value and route of the position, read from data alone."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from render_fixtures import synthetic_board, synthetic_scene

from railhouse.map.hexgrid import FLAT, POINTY
from railhouse.render.scene import Scene, picture

SVG = "{http://www.w3.org/2000/svg}"


def parse(scene: Scene) -> ET.Element:
    return ET.fromstring(picture(scene).as_svg())


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


@pytest.mark.parametrize("layout", [POINTY, FLAT])
def test_every_hex_is_drawn_with_its_tile_and_rotation(layout: str) -> None:
    root = parse(synthetic_scene(layout))
    board = synthetic_board(layout)
    hexes = {g.get("data-hex"): g for g in by_class(root, "hex")}
    assert set(hexes) == set(board.map.hexes)
    for coord in board.map.hexes:
        tile, rotation = board.tile_at(coord)
        assert hexes[coord].get("id") == f"hex-{coord}"
        assert hexes[coord].get("data-tile") == tile.id
        assert hexes[coord].get("data-rotation") == str(rotation)


def test_every_token_is_in_its_city_in_company_colours(scene: Scene) -> None:
    root = parse(scene)
    drawn = []
    for hex_group in by_class(root, "hex"):
        for city in by_class(hex_group, "city"):
            for token in by_class(city, "token"):
                drawn.append((hex_group.get("data-hex"), int(city.get("data-city") or -1),
                              token.get("data-company")))
                fill = token.find(f"{SVG}circle").get("fill")  # type: ignore[union-attr]
                assert fill == scene.looks[token.get("data-company") or ""].fill
    assert scene.board is not None
    expected = [(h, k, o) for (h, k), owners in scene.board.tokens.items() for o in owners]
    assert sorted(drawn) == sorted(expected)


def test_cities_show_every_slot_and_waiting_reservations(scene: Scene) -> None:
    root = parse(scene)
    cities = {(c.get("data-city"), c.get("data-slots")) for c in by_class(root, "city")}
    assert ("0", "3") in cities  # the gray three-slot city
    reserved = [s.get("data-reserved") for s in by_class(root, "slot") if s.get("data-reserved")]
    # RED already sits in A2 (its reservation is used); YEL still waits in B5 city 1.
    assert reserved == ["YEL"]


def test_towns_and_revenues(scene: Scene) -> None:
    root = parse(scene)
    towns = by_class(root, "town")
    assert sorted(t.get("data-town") or "" for t in towns) == ["t0", "t1"]
    revenues = {t.text for g in by_class(root, "revenue") for t in g.iter(f"{SVG}text")}
    assert {"10", "20", "30", "40"} <= revenues


def test_offboard_values_once_per_location_with_the_current_column(scene: Scene) -> None:
    root = parse(scene)
    offboards = by_class(root, "offboard")
    assert [o.get("data-location") for o in offboards] == ["EAST"]
    boxes = [r for r in offboards[0].iter(f"{SVG}rect")]
    assert [b.get("data-current") for b in boxes] == ["false", "true", "false"]


def test_edge_rules_rivers_closed_sides_and_barriers(scene: Scene) -> None:
    root = parse(scene)
    rules = {(e.get("data-a"), e.get("data-b")): e for e in by_class(root, "edge-rule")}
    assert set(rules) == {("A2", "A4"), ("B3", "B5"), ("A4", "B5")}
    colours = {k: e[0].get("stroke") for k, e in rules.items()}
    assert colours[("A4", "B5")] == "#d0021b"  # a red barrier
    assert rules[("A2", "A4")].get("data-cost") == "50"
    assert rules[("B3", "B5")].get("data-closed") == "true"


def test_labels_names_terrain_and_blocked_hexes(scene: Scene) -> None:
    root = parse(scene)
    texts = {t.text for t in root.iter(f"{SVG}text")}
    assert {"OO", "Alpha", "Gamma", "until phase3", "+$20", "$60"} <= texts
    assert "$40" not in texts  # A4's terrain was paid with its first tile
    assert len(by_class(root, "terrain")) == 2


def test_routes_are_drawn_segment_by_segment(scene: Scene) -> None:
    root = parse(scene)
    routes = by_class(root, "route")
    assert [r.get("data-company") for r in routes] == ["RED"]
    # two strokes (casing and colour) per segment, a ring per city or town
    assert len(list(routes[0].iter(f"{SVG}path"))) == 2 * len(scene.routes[0].segments)
    # (none on the off-board, whose values it would cover)
    assert [c.get("data-stop") for c in by_class(routes[0], "route-stop")] == ["A2.c0"]


def test_every_route_has_its_own_colour_and_a_legend_line(scene: Scene) -> None:
    from dataclasses import replace

    from railhouse.render.board import RouteLine

    second = RouteLine("BLU", "3-1", ("B5:3-c0",), 30, ("B5.c0",))
    root = parse(replace(scene, routes=(*scene.routes, second)))
    colours = [r.get("data-color") for r in by_class(root, "route")]
    assert len(set(colours)) == 2
    legend = {t.text for t in root.iter(f"{SVG}text")}
    # A2 (tile 57) is worth 20, EAST 30 in the current column (1): 50 in all
    assert {"RED runs 1 train for 50", "2-train: 20 + 30 = 50", "BLU runs 1 train for 30",
            "3-train: 0 (+30) = 30"} <= legend
    legend_group = root.find(".//*[@id='route-legend']")
    assert legend_group is not None
    swatches = [e.get("stroke") for e in legend_group.iter(f"{SVG}path")]
    assert swatches == colours


def test_text_is_escaped_by_the_library(scene: Scene) -> None:
    root = parse(scene)
    caption = root.find(f".//{SVG}text[@id='caption']")
    assert caption is not None and caption.text == "synthetic map <&> 'quotes'"


def test_a_scene_without_a_board_draws_only_markets() -> None:
    from render_fixtures import LOOKS, synthetic_market

    root = parse(Scene(None, [synthetic_market()], LOOKS, caption="no map"))
    assert not by_class(root, "hex")
    assert len(by_class(root, "marker")) == 3


def test_attribute_values_are_escaped() -> None:
    from render_fixtures import synthetic_board, synthetic_market

    from railhouse.render.stops import CompanyLook

    board = synthetic_board()
    nasty = 'R"<&>'
    board.tokens[("C4", 0)] = [nasty]
    market = synthetic_market()
    market.place(nasty, (1, 0))
    looks = {nasty: CompanyLook('#fff" onload="x', "#000")}
    root = parse(Scene(board, [market], looks))
    companies = {e.get("data-company") for e in root.iter() if e.get("data-company")}
    assert nasty in companies
    fills = {e.get("fill") for e in root.iter()}
    assert '#fff" onload="x' in fills
