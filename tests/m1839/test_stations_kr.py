"""KABINET-ROCHUSSEN's marker move in the StationStep (R-14.3.5, A-17) on the real board."""

from __future__ import annotations

from conftest_map import MapGame, lay, token_spots

from railhouse.engine.actions import PlaceToken, Respond
from railhouse.engine.agreements import AgreementDecider
from railhouse.engine.privates import update_private
from railhouse.engine.tokendeals import ReturnDecider, ReturnStation
from railhouse_m1839.kabinet import KRMove, MoveStation
from railhouse_m1839.stations import StationStep


def mss_game(phase: str = "BL", kr_owner: str = "p1", director: str = "p2") -> MapGame:
    """MSS at Eindhoven K12 (track W to Tilburg K10 and SE to Weert L13) and Groningen B19;
    KR owned by ``kr_owner``, MSS directed by ``director``."""
    game = MapGame(phase)
    game.board.place_token("K12", 0, "MSS")
    game.board.place_token("B19", 0, "MSS")
    lay(game.board, ("K12", "6", 5), ("K10", "57", 1), ("L13", "57", 2))
    update_private(game, "KR", owner=kr_owner)
    game.companies["MSS"].president = director
    return game


def moves(step: StationStep) -> set[tuple[str, int, str, int]]:
    return {
        (a.action.hex, a.action.city, a.action.to_hex, a.action.to_city)
        for a in step.legal_actions() if isinstance(a.action, MoveStation)
    }  # fmt: skip


def test_R_14_3_5_KR_moves_start_in_blue_phase() -> None:
    assert moves(StationStep(mss_game("DG"), "MSS")) == set()  # type: ignore[arg-type]
    # targets: Tilburg K10 only (Weert L13 is NBDS's reserved home, R-8.3.B.1 / A-13)
    assert moves(StationStep(mss_game("BL"), "MSS")) == {  # type: ignore[arg-type]
        ("K12", 0, "K10", 0), ("B19", 0, "K10", 0)}


def test_R_14_3_5_KR_owned_by_a_company_or_closed_gives_no_move() -> None:
    game = mss_game(kr_owner="MSS")
    assert moves(StationStep(game, "MSS")) == set()  # type: ignore[arg-type]
    game = mss_game()
    update_private(game, "KR", closed=True)
    assert moves(StationStep(game, "MSS")) == set()  # type: ignore[arg-type]


def test_R_14_3_5_KR_owner_agrees_and_an_NS_marker_takes_the_old_place() -> None:
    game = mss_game()
    step = StationStep(game, "MSS")  # type: ignore[arg-type]
    step.process(MoveStation(entity="MSS", hex="B19", city=0, to_hex="K10", to_city=0))
    decider = game.pending[-1]
    assert isinstance(decider, AgreementDecider) and isinstance(decider.deal, KRMove)
    assert decider.acting_entity() == "p1"
    assert game.board.city_tokens("B19", 0) == ["MSS"]  # nothing moves before the answer
    decider.process(Respond(entity="p1", accept=True))
    assert game.pending == []
    assert game.board.city_tokens("B19", 0) == ["NS"]
    assert game.board.city_tokens("K10", 0) == ["MSS"]
    assert game.privates["KR"].closed  # using the power closes KR
    assert game.companies["MSS"].cash == 1000  # free
    # the company may still place or swap in the same step; KR is used up
    assert not step.done and moves(step) == set()
    assert game.round.turn.swapped_token is None  # the moved marker runs this OR


def test_R_14_3_5_declined_move_is_not_offered_again_this_turn() -> None:
    game = mss_game()
    step = StationStep(game, "MSS")  # type: ignore[arg-type]
    offer = MoveStation(entity="MSS", hex="K12", city=0, to_hex="K10", to_city=0)
    step.process(offer)
    game.pending[-1].process(Respond(entity="p1", accept=False))
    assert game.board.city_tokens("K12", 0) == ["MSS"] and not game.privates["KR"].closed
    assert moves(step) == {("B19", 0, "K10", 0)}


def test_R_14_3_5_director_owning_KR_moves_without_a_response() -> None:
    game = mss_game(kr_owner="p2", director="p2")
    step = StationStep(game, "MSS")  # type: ignore[arg-type]
    step.process(MoveStation(entity="MSS", hex="B19", city=0, to_hex="K10", to_city=0))
    assert game.pending == [] and game.board.city_tokens("K10", 0) == ["MSS"]
    # the normal placement is still there afterwards: none is left to reach here
    assert not any(isinstance(a.action, PlaceToken) and a.action.hex == "K10"
                   for a in step.legal_actions())


def test_R_14_3_5_move_into_own_hex_director_returns_one_marker() -> None:
    """Exception of R-14.3.5: MSS holds Dordrecht J9 city 0; the move puts a second marker
    in J9 city 1; the director returns one and an NS marker takes its circle."""
    game = MapGame("BL")
    board = game.board
    board.place_token("K12", 0, "MSS")
    board.place_token("B19", 0, "MSS")
    lay(board, ("K12", "6", 5), ("K10", "6", 2), ("J9", "OO-Y1", 2))
    board.place_token("J9", 0, "MSS")
    update_private(game, "KR", owner="p1")
    game.companies["MSS"].president = "p1"
    step = StationStep(game, "MSS")  # type: ignore[arg-type]
    assert ("B19", 0, "J9", 1) in moves(step)
    assert not any(m[0] == m[2] == "J9" for m in moves(step))  # never inside one hex
    step.process(MoveStation(entity="MSS", hex="B19", city=0, to_hex="J9", to_city=1))
    decider = game.pending[-1]
    assert isinstance(decider, ReturnDecider)
    assert token_spots(decider.legal_actions()) == {("J9", 0), ("J9", 1)}
    decider.process(ReturnStation(entity="MSS", hex="J9", city=0))
    assert board.city_tokens("J9", 0) == ["NS"] and board.city_tokens("J9", 1) == ["MSS"]
    assert board.city_tokens("B19", 0) == ["NS"]
    assert sorted(board.company_cities("MSS")) == [("J9", 1), ("K12", 0)]


def test_new_map_actions_survive_a_game_record_round_trip() -> None:
    """move_station, return_station and lay_tile_allocated (R-15.3.5) are registered
    actions: they encode and decode like the core's, so records replay them."""
    from railhouse.engine.actions import LayTileAllocated, decode_json, encode_json

    for action in (
        MoveStation(entity="MSS", hex="B19", city=0, to_hex="K10", to_city=0),
        ReturnStation(entity="MSS", hex="J9", city=1),
        LayTileAllocated(entity="MSS", hex="J9", tile="OO-Y1", rotation=2, tokens=(1, 0)),
    ):
        assert decode_json(encode_json(action)) == action


def test_R_14_3_5_KR_moves_to_an_empty_circle_or_over_an_NS_marker() -> None:
    """A move goes to "a legal station marker placement location" (§8.3.2.2): in Tilburg
    K10 (#14, an NS marker beside an empty circle) both are offered, ``replaces`` saying
    which; the NS marker leaves only when replaced."""
    for replaces in ("", "NS"):
        game = mss_game()
        lay(game.board, ("K10", "14", 1))
        game.board.place_token("K10", 0, "NS")
        step = StationStep(game, "MSS")  # type: ignore[arg-type]
        offered = {a.action.replaces for a in step.legal_actions()
                   if isinstance(a.action, MoveStation) and a.action.hex == "B19"}
        assert offered == {"", "NS"}
        step.process(MoveStation(entity="MSS", hex="B19", city=0, to_hex="K10", to_city=0,
                                 replaces=replaces))
        game.pending[-1].process(Respond(entity="p1", accept=True))
        assert sorted(game.board.city_tokens("K10", 0)) == (["MSS"] if replaces
                                                            else ["MSS", "NS"])
