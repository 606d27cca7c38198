"""Scenarios for EN "Laying track", "Replacing tiles", "Rivers", "Placing a company token"
and the powers of privates #1 (SMAS), #2 (KKI) and #5 (RW) (built positions)."""

from __future__ import annotations

import pytest
from soh_scenario import (
    BREDA_ANTWERPEN,
    apply,
    fresh,
    give_private,
    home_token,
    lay,
    legal,
    legal_of,
    operate,
    set_phase,
    start_company,
    to_step,
)

from railhouse.engine.actions import LayTile, PlaceToken
from railhouse.engine.errors import IllegalAction
from railhouse_soh.game import SteamOverHolland
from railhouse_soh.steps import TokenStep
from railhouse_soh.track import TrackStep


def track_turn(phase: str = "2", tiles: tuple[tuple[str, str, int], ...] = (),
               privates: tuple[str, ...] = (), cash: int = 500) -> SteamOverHolland:
    """AR (home Breda J7, token placed) at its track step in phase ``phase``."""
    game = fresh()
    set_phase(game, phase)
    start_company(game, "AR", "p0", 100, cash=cash)
    for private in privates:
        give_private(game, private, "AR")
    home_token(game, "AR", "J7")
    lay(game, tiles)
    operate(game, "AR")
    to_step(game, TrackStep)
    return game


def lays(game: SteamOverHolland, ability: str = "") -> set[tuple[str, str, int]]:
    return {(a.hex, a.tile, a.rotation) for a in legal_of(game, LayTile) if a.ability == ability}


def in_track_step(game: SteamOverHolland) -> bool:
    return isinstance(game.round.current_step(), TrackStep)  # type: ignore[union-attr]


def test_first_track_on_the_starting_city_en_new_tiles() -> None:
    game = track_turn()
    assert {h for h, _, _ in lays(game)} == {"J7"}


def test_two_yellow_tiles_per_turn_en_laying_track() -> None:
    game = track_turn()
    apply(game, LayTile(entity="AR", hex="J7", tile="57", rotation=0))
    assert ("K6", "9", 0) in lays(game)
    apply(game, LayTile(entity="AR", hex="K6", tile="9", rotation=0))
    assert not in_track_step(game)  # a third lay is never offered


def test_no_green_before_phase_3_en_replacing_tiles() -> None:
    game = track_turn("2", tiles=(("J7", "57", 0),))
    assert not any(h == "J7" for h, _, _ in lays(game))


def test_one_upgrade_plus_one_yellow_en_laying_track() -> None:
    """One replacement and one yellow tile, in any order; never two replacements."""
    game = track_turn("3", tiles=(("J7", "57", 0), ("I6", "57", 1), ("I8", "7", 0)))
    apply(game, LayTile(entity="AR", hex="J7", tile="14", rotation=0))
    after = lays(game)
    assert after and all(game.board.map.hexes[h].printed.color == "white"
                         and h not in game.board.tiles for h, _, _ in after)
    yellow = sorted(after)[0]
    apply(game, LayTile(entity="AR", hex=yellow[0], tile=yellow[1], rotation=yellow[2]))
    assert not in_track_step(game)


def test_yellow_then_upgrade_same_tile_same_turn_en_replacing_tiles() -> None:
    """"A yellow tile may be upgraded to a green tile in the same turn as it has been
    placed."""
    game = track_turn("3")
    apply(game, LayTile(entity="AR", hex="J7", tile="57", rotation=0))
    assert ("J7", "14", 0) in lays(game)
    apply(game, LayTile(entity="AR", hex="J7", tile="14", rotation=0))
    assert game.board.tiles["J7"][0] == "14"


def test_a_turn_that_lays_the_same_track_is_the_listed_lay_en_replacing_tiles() -> None:
    """Tile 14 (the green X city) looks the same turned half way round: over Breda's
    straight #57 the legal set lists rotations 0 and 2 once each; ``apply`` accepts 3 as
    the listed 0 (and records 0), while a turn that lays other track stays illegal."""
    game = track_turn("3", BREDA_ANTWERPEN)
    listed = sorted((a.tile, a.rotation) for a in legal_of(game, LayTile) if a.hex == "J7")
    assert listed == [("14", 0), ("14", 2), ("15", 0), ("15", 3)]
    other = game.clone()
    apply(game, LayTile(entity="AR", hex="J7", tile="14", rotation=3))
    assert game.board.tiles["J7"] == ("14", 0)
    assert game.actions[-1] == LayTile(entity="AR", hex="J7", tile="14", rotation=0)
    with pytest.raises(IllegalAction):
        other.apply(LayTile(entity="AR", hex="J7", tile="14", rotation=1))


def test_river_crossing_costs_50_en_rivers() -> None:
    game = track_turn(tiles=(("J7", "6", 0),), cash=500)
    apply(game, LayTile(entity="AR", hex="I6", tile="6", rotation=3))
    assert game.companies["AR"].cash == 450


def test_kki_pays_one_river_crossing_then_closes_en_private_2() -> None:
    game = track_turn(tiles=(("J7", "6", 0),), privates=("KKI",), cash=500)
    assert ("I6", "6", 3) in lays(game, "KKI")
    assert all(h == "I6" for h, _, _ in lays(game, "KKI"))  # only lays with a river cost
    cash = game.companies["AR"].cash
    apply(game, LayTile(entity="AR", hex="I6", tile="6", rotation=3, ability="KKI"))
    assert game.companies["AR"].cash == cash
    assert game.privates["KKI"].closed and "KKI" not in game.companies["AR"].privates
    assert lays(game, "KKI") == set()


def test_smas_extra_free_tile_then_closes_en_private_1() -> None:
    """Private #1: one extra tile, placed or upgraded, free of charge; it closes."""
    game = track_turn(tiles=(("J7", "6", 0),), privates=("SMAS",), cash=500)
    apply(game, LayTile(entity="AR", hex="I6", tile="6", rotation=3))  # 50
    second = sorted(lays(game))[0]
    apply(game, LayTile(entity="AR", hex=second[0], tile=second[1], rotation=second[2]))
    assert lays(game) == set() and lays(game, "SMAS")  # two lays done: only the extra one
    extra = sorted(lays(game, "SMAS"))[0]
    before = game.companies["AR"].cash
    apply(game, LayTile(entity="AR", hex=extra[0], tile=extra[1], rotation=extra[2],
                        ability="SMAS"))
    assert game.companies["AR"].cash == before
    assert game.privates["SMAS"].closed


def token_turn(privates: tuple[str, ...] = (), tokens_placed: int = 1) -> SteamOverHolland:
    """AR at its token step with track Breda - Rotterdam (I6, empty city)."""
    game = track_turn(tiles=(("J7", "6", 0), ("I6", "6", 3)), privates=privates)
    game.companies["AR"].tokens_placed = tokens_placed
    to_step(game, TokenStep)
    return game


def test_token_costs_40_then_100_en_placing_a_company_token() -> None:
    game = token_turn()
    cash = game.companies["AR"].cash
    assert any(a.hex == "I6" for a in legal_of(game, PlaceToken))
    apply(game, PlaceToken(entity="AR", hex="I6", city=0))
    assert game.companies["AR"].cash == cash - 40
    game = token_turn(tokens_placed=2)
    cash = game.companies["AR"].cash
    apply(game, PlaceToken(entity="AR", hex="I6", city=0))
    assert game.companies["AR"].cash == cash - 100


def test_no_token_beside_home_token_in_first_turn_designer_ruling() -> None:
    """facts §5 / §12: no token besides the home token in the company's first turn."""
    game = fresh()
    start_company(game, "AR", "p0", 100, cash=500)
    lay(game, (("J7", "6", 0), ("I6", "6", 3)))
    operate(game, "AR")
    assert game.companies["AR"].tokens_placed == 1  # the home token went down this turn
    step = TokenStep(game, "AR")
    assert step.legal_actions() == []
    game.round.turn.home_token = False  # type: ignore[union-attr]
    assert any(isinstance(c.action, PlaceToken) for c in step.legal_actions())


def test_rw_pays_one_token_then_closes_en_private_5() -> None:
    game = token_turn(privates=("RW",), tokens_placed=2)
    cash = game.companies["AR"].cash
    apply(game, PlaceToken(entity="AR", hex="I6", city=0, ability="RW"))
    assert game.companies["AR"].cash == cash
    assert game.privates["RW"].closed and game.companies["AR"].tokens_placed == 3


def test_no_token_without_the_money_unless_free_en_placing_a_company_token() -> None:
    game = token_turn(tokens_placed=2)
    game.companies["AR"].cash = 99  # the third token costs 100
    assert legal(game, PlaceToken) == []
    game = token_turn(privates=("RW",), tokens_placed=2)
    game.companies["AR"].cash = 0
    free = legal_of(game, PlaceToken)
    assert free and all(a.ability == "RW" for a in free)


def test_a_bot_may_send_an_equivalent_turn_over_the_protocol_en_replacing_tiles() -> None:
    """The same rule for a bot: the referee takes rotation 3 as the listed 0 (and the game
    records 0); a turn that lays other track is the bot's ``illegal_action``."""
    from railhouse.protocol.messages import ActionReply
    from railhouse.protocol.replies import choice_of

    game = track_turn("3", BREDA_ANTWERPEN)
    legal = game.legal_actions()
    same = ActionReply(seq=1, action={"type": "lay_tile", "entity": "AR", "hex": "J7",
                                      "tile": "14", "rotation": 3})
    assert choice_of(same, legal, normalise=game.normalise) == LayTile(
        entity="AR", hex="J7", tile="14", rotation=0)
    other = ActionReply(seq=1, action={"type": "lay_tile", "entity": "AR", "hex": "J7",
                                       "tile": "14", "rotation": 1})
    with pytest.raises(ValueError, match="lay_tile"):
        choice_of(other, legal, normalise=game.normalise)
