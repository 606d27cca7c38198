"""TrackStep on the real 1839 board (R-8.3.A, R-12, R-14.3.3, R-14.3.4, R-15)."""

from __future__ import annotations

from conftest_map import MapGame, lay
from m1839_positions import recorded

from railhouse.engine.actions import LayTile, Pass
from railhouse.engine.privates import update_private
from railhouse.map.tiles import orient
from railhouse_m1839.tiledata import TILES
from railhouse_m1839.track import TrackStep


def lays(step: TrackStep, ability: str = "") -> list[LayTile]:
    return [
        a.action for a in step.legal_actions()
        if isinstance(a.action, LayTile) and a.action.ability == ability
    ]  # fmt: skip


def cost_of(step: TrackStep, action: LayTile) -> int:
    found = step.find(action)
    assert found is not None, action
    return found[0].cost


def zhesm_at_den_haag(phase: str = "LY") -> MapGame:
    game = MapGame(phase)
    game.board.place_token("H5", 0, "ZHESM")
    return game


def test_R_8_3_A_1_two_lays_the_second_costs_f20() -> None:
    game = zhesm_at_den_haag()
    step = TrackStep(game, "ZHESM")  # type: ignore[arg-type]
    first = lays(step)
    assert first and {a.hex for a in first} == {"H5"}  # H7 is blocked, nothing else reached
    assert all(cost_of(step, a) == 0 for a in first)
    step.process(LayTile(entity="ZHESM", hex="H5", tile="5", rotation=5))  # SE + SW
    second = lays(step)
    assert {a.hex for a in second} == {"I4", "I6"}
    assert all(cost_of(step, a) == 20 for a in second)
    step.process(next(a for a in second if a.hex == "I6"))
    assert step.legal_actions() == [] and step.auto()
    assert game.companies["ZHESM"].cash == 1000 - 20


def test_R_8_3_A_3_a_company_cannot_lay_what_it_cannot_pay() -> None:
    game = MapGame("LG")
    game.board.place_token("G10", 0, "NCS")
    lay(game.board, ("G10", "A-Y", 0))
    game.companies["NCS"].cash = 79
    step = TrackStep(game, "NCS")  # type: ignore[arg-type]
    assert not [a for a in lays(step) if a.hex == "G10"]
    game.companies["NCS"].cash = 80
    ups = [a for a in lays(step) if a.hex == "G10"]
    assert ups and {a.tile for a in ups} == {"A-G"}


def test_R_15_3_4_big_city_upgrades_cost_f80_each() -> None:
    game = MapGame("LBr")
    game.board.place_token("G10", 0, "NCS")
    lay(game.board, ("G10", "A-Y", 0), ("G10", "A-G", 0))
    step = TrackStep(game, "NCS")  # type: ignore[arg-type]
    ups = [a for a in lays(step) if a.hex == "G10"]
    assert ups and all(a.tile == "A-Br" and cost_of(step, a) == 80 for a in ups)


def test_R_8_3_A_1_at_most_one_upgrade_per_OR() -> None:
    game = zhesm_at_den_haag("LG")
    lay(game.board, ("H5", "6", 4), ("I4", "8", 1))
    step = TrackStep(game, "ZHESM")  # type: ignore[arg-type]
    upgrade = next(a for a in lays(step) if a.hex == "H5")
    step.process(upgrade)
    rest = [x for power in (None, *step.powers()) for x in step.lays(power)]
    assert rest and not any(x.upgrade for x in rest)  # I4 cannot be upgraded now
    assert all(x.cost == 20 for x in rest)


def test_R_15_4_5_no_upgrade_of_a_tile_laid_this_OR() -> None:
    """A company operates once per OR (``OperatingRound.operated``), so the tiles it laid
    this OR are those of its turn (``turn.laid_hexes``)."""
    game = zhesm_at_den_haag("LG")
    step = TrackStep(game, "ZHESM")  # type: ignore[arg-type]
    step.process(LayTile(entity="ZHESM", hex="H5", tile="6", rotation=4))
    assert not [a for a in lays(step) if a.hex == "H5"]
    game.new_or()
    later = TrackStep(game, "ZHESM")  # type: ignore[arg-type]
    assert [a for a in lays(later) if a.hex == "H5" and TILES[a.tile].color == "green"]


def test_R_15_4_5_another_companys_tile_of_this_OR_may_be_upgraded() -> None:
    """§8.3.1 / §15.3.2: "A public company cannot upgrade a track tile it has placed in that
    same Operating Round": only its own.  Recorded position: HIJSM laid Assen C18 this OR;
    L5, at its track step, may upgrade it with tile 455."""
    game = recorded("upgrade-other-company")
    assert game.acting_entity() == "L5"
    tile_before = game.board.tiles["C18"]
    upgrades = [c.action for c in game.legal_actions()
                if isinstance(c.action, LayTile) and c.action.hex == "C18"]
    assert "455" in {a.tile for a in upgrades}
    game.apply(next(a for a in upgrades if a.tile == "455"))
    assert game.board.tiles["C18"][0] == "455" != tile_before[0]


def test_R_12_7_R_15_3_3_no_new_connection_across_a_red_barrier_before_light_red() -> None:
    def k8_towards_rotterdam(phase: str) -> list[LayTile]:
        game = MapGame(phase)
        game.board.place_token("K8", 0, "NBDS")
        lay(game.board, ("K8", "B-Y", 0), ("J7", "R-Y", 2), ("J7", "R-G", 1))
        step = TrackStep(game, "NBDS")  # type: ignore[arg-type]
        return [
            a for a in lays(step)
            if a.hex == "K8" and orient(TILES[a.tile], a.rotation).edge_mask >> 2 & 1
        ]  # fmt: skip

    assert k8_towards_rotterdam("DBr") == []
    assert k8_towards_rotterdam("LR")


def test_R_14_3_3_LVG_extra_yellow_lay_on_H7_for_f20_closes_the_private() -> None:
    game = zhesm_at_den_haag()
    lay(game.board, ("H5", "6", 4))  # towards Leiden H7
    zhesm = game.companies["ZHESM"]
    update_private(game, "LVG", owner="ZHESM")
    zhesm.privates.append("LVG")
    step = TrackStep(game, "ZHESM")  # type: ignore[arg-type]
    normal_h7 = [a for a in lays(step) if a.hex == "H7"]
    assert normal_h7 and all(cost_of(step, a) == 80 for a in normal_h7)  # water
    extra = [a for a in lays(step, "LVG") if a.hex == "H7"]
    assert extra and all(cost_of(step, a) == 20 for a in extra)
    assert all(TILES[a.tile].color == "yellow" for a in lays(step, "LVG"))
    step.process(extra[0])
    assert game.privates["LVG"].closed and "LVG" not in zhesm.privates
    assert step.lays_used == 0 and zhesm.cash == 980  # the normal two lays remain


def test_R_12_6_H7_blocked_while_LVG_is_with_a_player() -> None:
    game = zhesm_at_den_haag()
    lay(game.board, ("H5", "6", 4))
    update_private(game, "LVG", owner="p0")
    step = TrackStep(game, "ZHESM")  # type: ignore[arg-type]
    assert not [a for a in lays(step) if a.hex == "H7"]
    update_private(game, "LVG", closed=True)
    assert [a for a in lays(step) if a.hex == "H7"]


def test_R_14_3_4_SRV_lays_unconnected_on_arnhem_or_venlo_for_f80() -> None:
    game = zhesm_at_den_haag()
    update_private(game, "SRV", owner="ZHESM")
    game.companies["ZHESM"].privates.append("SRV")
    step = TrackStep(game, "ZHESM")  # type: ignore[arg-type]
    srv = lays(step, "SRV")
    assert {a.hex for a in srv} == {"I16", "K16"}
    assert all(cost_of(step, a) == 80 for a in srv)  # flat: no f80 water on top
    step.process(srv[0])
    assert game.round.turn.srv_hex == srv[0].hex and step.lays_used == 1
    assert not lays(step, "SRV")  # once
    assert game.companies["ZHESM"].cash == 920


def test_pass_ends_the_step() -> None:
    game = zhesm_at_den_haag()
    step = TrackStep(game, "ZHESM")  # type: ignore[arg-type]
    assert any(isinstance(a.action, Pass) for a in step.legal_actions())
    step.process(Pass(entity="ZHESM"))
    assert step.done
