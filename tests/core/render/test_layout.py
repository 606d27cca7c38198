"""Label layout: on both titles' full boards (empty, mid-game, at the end of a played game)
no text or value box overlaps another, a city with its tokens, a town, an off-board value
row or a river cost, in its own hex or a neighbour's; the synthetic map's layout matches a
golden file."""

from __future__ import annotations

import json
import os
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from render_fixtures import installed_title_ids, played_record, synthetic_board

from railhouse.engine.record import replay
from railhouse.map.board import Board
from railhouse.render.hexes import MapStyle, offboard_count
from railhouse.render.hexlayout import hex_layout
from railhouse.render.layout import Box, text_box, wrapped
from railhouse.render.scene import map_style, scene_of

GOLDEN = Path(__file__).parent / "golden" / "synthetic_layout.json"


def board_boxes(board: Board, style: MapStyle) -> list[tuple[str, Box]]:
    """Every box of every hex, in map coordinates."""
    out: list[tuple[str, Box]] = []
    for coord in sorted(board.map.hexes):
        x, y = style.geometry.centre(coord)
        layout = hex_layout(board, coord, style.geometry, offboard_count(board, coord, style))
        out.extend((coord, box.moved(x, y)) for box in layout.boxes())
    return out


def overlaps(boxes: list[tuple[str, Box]]) -> list[str]:
    """Pairs of overlapping boxes, except a river cost with its own copy in the other hex
    (it is drawn once, on the side the two hexes share)."""
    grid: dict[tuple[int, int], list[int]] = defaultdict(list)
    found = []
    for n, (_, box) in enumerate(boxes):
        cells = {(int(x // 20), int(y // 20)) for x in (box.x0, box.x1) for y in (box.y0, box.y1)}
        others = {m for cell in cells for m in grid[cell]}
        for m in sorted(others):
            coord, other = boxes[m]
            same_side = box.kind == other.kind == "edge-cost" and coord != boxes[n][0]
            if box.overlaps(other) and not same_side:
                found.append(f"{boxes[n][0]} {box.kind} {box.text!r} / {coord} {other.kind} "
                             f"{other.text!r}")
        for cell in cells:
            grid[cell].append(n)
    return found


@pytest.mark.parametrize("title_id", installed_title_ids())
def test_no_label_overlaps_on_the_full_board(title_id: str) -> None:
    record = played_record(title_id)
    total = len(record["actions"])
    for upto in (0, total // 2, total):
        game = replay(record, upto=upto)
        style = map_style(scene_of(game))
        assert style is not None
        boxes = board_boxes(game.board, style)
        assert sum(1 for _, b in boxes if b.kind == "name") == sum(
            1 for h in game.board.map.hexes.values() if h.name)
        assert overlaps(boxes) == [], f"{title_id} after {upto} actions"


def test_no_label_overlaps_on_the_synthetic_board() -> None:
    board = synthetic_board()
    style = map_style(scene_of_board(board))
    assert style is not None
    assert overlaps(board_boxes(board, style)) == []


def scene_of_board(board: Board) -> Any:
    from render_fixtures import LOOKS

    from railhouse.render.scene import Scene

    return Scene(board, (), LOOKS)


def test_long_names_wrap_at_the_slash() -> None:
    assert wrapped("Emmerich am Rhein") == ["Emmerich am Rhein", "Emmerich\nam Rhein"]
    one, two = (text_box(t, 10, 0, 0) for t in wrapped("Heerlen / Kerkrade"))
    assert two.x1 - two.x0 < one.x1 - one.x0 and two.y1 - two.y0 > one.y1 - one.y0


def layout_json(board: Board, style: MapStyle) -> dict[str, list[list[Any]]]:
    out = {}
    for coord in sorted(board.map.hexes):
        layout = hex_layout(board, coord, style.geometry, offboard_count(board, coord, style))
        out[coord] = [[t.kind, t.text, round(t.x, 1), round(t.y, 1), round(t.size, 1)]
                      for t in layout.texts]
    return out


def test_synthetic_layout_matches_the_golden_file() -> None:
    """Regenerate with RAILHOUSE_REGEN_GOLDEN=1 (see test_golden.py) after looking at it."""
    board = synthetic_board()
    style = map_style(scene_of_board(board))
    assert style is not None
    actual = json.dumps(layout_json(board, style), indent=1) + "\n"
    if os.environ.get("RAILHOUSE_REGEN_GOLDEN"):
        GOLDEN.write_text(actual, encoding="utf-8")
    assert actual == GOLDEN.read_text(encoding="utf-8")
