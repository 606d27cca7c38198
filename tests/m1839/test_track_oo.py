"""R-15.3.5: a yellow tile on an OO hex that holds markers; the director allocates them."""

from __future__ import annotations

from typing import Any

from conftest_map import MapGame, lay

from railhouse.engine.actions import LayTile, LayTileAllocated
from railhouse.engine.rounds.base import Step
from railhouse_m1839.track import TrackStep


def j9_lays(game: MapGame) -> tuple[Step[Any], list[LayTile]]:
    step = TrackStep(game, "MSS")  # type: ignore[arg-type]
    actions = [a.action for a in step.legal_actions() if isinstance(a.action, LayTile)]
    return step, [a for a in actions if a.hex == "J9"]


def dordrecht_with_markers() -> MapGame:
    """MSS at Eindhoven K12 (track to Tilburg K10) and in Dordrecht J9's first circle, NS
    in its second; J9 is still bare."""
    game = MapGame()
    game.board.place_token("K12", 0, "MSS")
    lay(game.board, ("K12", "6", 5), ("K10", "6", 2))
    game.board.place_token("J9", 0, "MSS")
    game.board.place_token("J9", 1, "NS")
    return game


def test_R_15_3_5_director_allocates_markers_when_yellow_is_laid_on_an_OO_hex() -> None:
    game = dordrecht_with_markers()
    step, lays = j9_lays(game)
    assert lays and all(isinstance(a, LayTileAllocated) for a in lays)
    by_layout: dict[tuple[str, int], set[tuple[int, ...]]] = {}
    for a in lays:
        assert isinstance(a, LayTileAllocated)
        by_layout.setdefault((a.tile, a.rotation), set()).add(a.tokens)
    assert by_layout[("OO-Y1", 2)] == {(0, 1), (1, 0)}  # both ways round are offered
    step.process(LayTileAllocated(entity="MSS", hex="J9", tile="OO-Y1", rotation=2,
                                  tokens=(1, 0)))
    assert game.board.tile_at("J9") == (game.board.map.tiles["OO-Y1"], 2)
    assert game.board.city_tokens("J9", 1) == ["MSS"]
    assert game.board.city_tokens("J9", 0) == ["NS"]
    assert game.companies["MSS"].cash == 1000 - 80  # J9 is water


def test_R_15_3_5_same_layout_other_allocation_keeps_the_order() -> None:
    game = dordrecht_with_markers()
    step, _ = j9_lays(game)
    step.process(LayTileAllocated(entity="MSS", hex="J9", tile="OO-Y1", rotation=2,
                                  tokens=(0, 1)))
    assert game.board.city_tokens("J9", 0) == ["MSS"]
    assert game.board.city_tokens("J9", 1) == ["NS"]


def test_R_15_3_5_no_allocation_asked_on_an_OO_hex_without_markers() -> None:
    game = MapGame()
    game.board.place_token("K12", 0, "MSS")
    lay(game.board, ("K12", "6", 5), ("K10", "6", 2))
    _, lays = j9_lays(game)
    assert lays and not any(isinstance(a, LayTileAllocated) for a in lays)


def test_R_15_3_5_extension_amsterdam_markers_are_allocated_too() -> None:
    """facts R-15.3.5: the same choice on Amsterdam G10's two cities (an extension)."""
    game = MapGame()
    game.board.place_token("G10", 0, "NCS")
    game.board.place_token("G10", 1, "NS")
    step = TrackStep(game, "NCS")  # type: ignore[arg-type]
    lays = [a.action for a in step.legal_actions() if isinstance(a.action, LayTile)]
    amsterdam = {(a.rotation, a.tokens) for a in lays
                 if a.hex == "G10" and isinstance(a, LayTileAllocated)}
    assert {(0, (0, 1)), (0, (1, 0))} <= amsterdam
    step.process(LayTileAllocated(entity="NCS", hex="G10", tile="A-Y", rotation=0,
                                  tokens=(1, 0)))
    assert game.board.city_tokens("G10", 1) == ["NCS"]
    assert game.board.city_tokens("G10", 0) == ["NS"]
