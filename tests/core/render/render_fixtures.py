"""Helpers for the picture tests: a small synthetic map that has every feature a renderer
draws (so the golden picture depends on no title's data), and one played game per
installed title (so every title renders from its data alone)."""

from __future__ import annotations

from typing import Any

import pytest

from railhouse.bench.positions import playout
from railhouse.engine.config import MarketCell, MarketSpec
from railhouse.engine.market import StockMarket
from railhouse.map import library
from railhouse.map.board import Board
from railhouse.map.hexgrid import POINTY
from railhouse.map.mapdef import EdgeRule, HexDef, MapDef, Offboard, Reservation
from railhouse.map.tiles import tile
from railhouse.render.board import RouteLine
from railhouse.render.scene import Scene
from railhouse.render.stops import CompanyLook

TILES = {t: library.get(t) for t in ("57", "14", "9", "8", "63", "455", "1")}
LOOKS = {"RED": CompanyLook("#d62828", "#ffffff"), "BLU": CompanyLook("#1f4fd8", "#ffffff"),
         "YEL": CompanyLook("#f2d21b", "#000000")}


def synthetic_map(layout: str = POINTY) -> MapDef:
    """Nine hexes: cities of 1-3 slots, two towns, a labelled two-city hex, terrain, a
    two-hex off-board, a river, a closed side and a red barrier."""
    hexes = [
        HexDef("A2", tile("", "white", "c0x1"), name="Alpha"),
        HexDef("A4", tile("", "white"), terrain_cost=40),
        HexDef("A6", tile("", "red", "o:1"), name="East", fixed=True,
               offboard=Offboard("EAST", (20, 30, 50))),
        HexDef("B7", tile("", "red", "o:2"), fixed=True, offboard=Offboard("EAST", (20, 30, 50))),
        HexDef("B1", tile("", "white", "c0x1"), name="Epsilon", upgrade_cost=20),
        HexDef("B3", tile("", "white", "t0"), name="Beta"),
        HexDef("B5", tile("", "white", "c0x1 c0x1", label="OO"), name="Gamma",
               blocked_until="phase3"),
        HexDef("C2", tile("", "white"), terrain_cost=60),
        HexDef("C4", tile("", "gray", "c40x3:0,1,2,3,4,5"), name="Delta", fixed=True),
    ]
    rules = (EdgeRule("A2", "A4", cost=50), EdgeRule("B3", "B5", closed=True),
             EdgeRule("A4", "B5", barrier_until="phase3"))
    return MapDef(hexes={h.coord: h for h in hexes}, tiles=TILES,
                  supply={t: 2 for t in TILES}, edge_rules=rules,
                  reservations=(Reservation("YEL", "B5", 1), Reservation("RED", "A2", 0)),
                  layout=layout)


def synthetic_board(layout: str = POINTY) -> Board:
    return Board.from_dict(synthetic_map(layout), {
        "tiles": {"A2": ["57", 1], "A4": ["9", 1], "B1": ["14", 0], "B3": ["1", 0]},
        "tokens": {"A2.c0": ["RED"], "B5.c0": ["BLU"], "C4.c0": ["RED", "BLU"]},
        "supply": {},
        "reservations": [["YEL", "B5", 1], ["RED", "A2", 0]],
    })


def synthetic_market() -> StockMarket:
    rows = (
        (MarketCell(60), MarketCell(70, par=True), MarketCell(80, ledge_below=True),
         MarketCell(100, end_game=True)),
        (MarketCell(50, kind="yellow"), MarketCell(60), None, MarketCell(90)),
    )
    market = StockMarket(MarketSpec("main", rows, one_dimensional=False))
    for company in ("BLU", "RED", "YEL"):
        market.place(company, (0, 1))
    return market


def synthetic_scene(layout: str = POINTY) -> Scene:
    route = RouteLine("RED", "2-0", ("A2:4-c0", "A4:1-4", "A6:1-o0"), 50, ("A2.c0", "EAST"))
    return Scene(synthetic_board(layout), [synthetic_market()], LOOKS, column=1,
                 caption="synthetic map <&> 'quotes'", routes=(route,))


def installed_title_ids() -> list[str]:
    from railhouse.plugins import registry

    return sorted(info.id for info in registry().titles())


_PLAYED: dict[str, dict[str, Any]] = {}


def played_record(title_id: str) -> dict[str, Any]:
    """The record of a finished seeded random game of ``title_id`` (cached per session),
    played as the benchmarks play (nobody gives up while anything else is legal, so the
    board fills and companies run routes).  A title whose rules module does not import is
    skipped, naming it."""
    if title_id not in _PLAYED:
        from railhouse.plugins import registry

        info = registry().title(title_id)
        try:
            info.load_factory()
        except ImportError as exc:
            pytest.skip(f"title {title_id} is registered but its rules do not import: {exc}")
        game = playout(title_id, info.max_players, 7)
        _PLAYED[title_id] = game.to_record()
    return _PLAYED[title_id]
