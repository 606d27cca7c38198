"""R-8.3.B.3: a swap that leaves a company with two markers in one hex; its director
returns one, the active company's director first."""

from __future__ import annotations

from conftest_map import MapGame, lay, token_spots

from railhouse.engine.actions import Respond
from railhouse.engine.tokendeals import ReturnDecider, ReturnStation, SwapStation
from railhouse_m1839.stations import StationStep


def doubled_swap_game() -> MapGame:
    """OO tiles on Dordrecht J9 and Deventer G16: MSS holds J9 c0, G16 c0 and Eindhoven
    K12; NBDS holds J9 c1 and G16 c1.  Swapping MSS's G16 c0 for NBDS's J9 c1 doubles MSS
    in J9 and NBDS in G16."""
    game = MapGame()
    lay(game.board, ("J9", "OO-Y1", 2), ("G16", "OO-Y1", 0))
    for coord, city, company in (("J9", 0, "MSS"), ("G16", 0, "MSS"), ("K12", 0, "MSS"),
                                 ("J9", 1, "NBDS"), ("G16", 1, "NBDS")):
        game.board.place_token(coord, city, company)
    for cid in ("MSS", "NBDS"):
        game.companies[cid].operated_count = 1
    return game


def choices(decider: ReturnDecider) -> set[tuple[str, int]]:
    return token_spots(decider.legal_actions())


def test_R_8_3_B_3_doubled_hexes_ask_the_directors_active_company_first() -> None:
    game = doubled_swap_game()
    step = StationStep(game, "MSS")  # type: ignore[arg-type]
    offer = SwapStation(entity="MSS", hex="G16", city=0, other="NBDS", other_hex="J9",
                        other_city=1)
    assert offer in [a.action for a in step.legal_actions()]
    step.process(offer)
    game.pending[-1].process(Respond(entity="NBDS", accept=True))
    first = game.pending[-1]
    assert isinstance(first, ReturnDecider) and first.acting_entity() == "MSS"
    assert choices(first) == {("J9", 0), ("J9", 1)}
    first.process(ReturnStation(entity="MSS", hex="J9", city=0))  # keeps the swapped one
    second = game.pending[-1]
    assert isinstance(second, ReturnDecider) and second.acting_entity() == "NBDS"
    assert choices(second) == {("G16", 0), ("G16", 1)}
    second.process(ReturnStation(entity="NBDS", hex="G16", city=0))
    assert game.pending == [] and step.done
    board = game.board
    assert board.city_tokens("J9", 0) == ["NS"] and board.city_tokens("J9", 1) == ["MSS"]
    assert board.city_tokens("G16", 0) == ["NS"] and board.city_tokens("G16", 1) == ["NBDS"]
    assert game.companies["MSS"].cash == 920
