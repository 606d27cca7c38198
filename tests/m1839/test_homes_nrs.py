"""R-14.5.1 / R-8.3.B.1: before NRS first operates, its second home must stay possible in
Arnhem I16 or Venlo K16 -- also against a new Local choosing its two homes (R-7.5.5), whose
first choice is not yet a reservation when the second is offered."""

from __future__ import annotations

from m1839_helpers import finish_auction

from railhouse.engine.actions import Par
from railhouse_m1839.actions import ReserveHome
from railhouse_m1839.game import M1839, new_game
from railhouse_m1839.mapdata import NRS_CHOICE

ARNHEM, VENLO = sorted(NRS_CHOICE)


def _local_choosing_homes() -> M1839:
    game = new_game(["P0", "P1", "P2"], None, 1)
    finish_auction(game, 1)
    me = game.acting_entity()
    assert me is not None
    game.apply(Par(entity=me, company="L1", price=20))
    return game


def _offered(game: M1839) -> set[str]:
    return {c.action.hex for c in game.legal_actions() if isinstance(c.action, ReserveHome)}


def test_R_14_5_1_a_local_cannot_take_both_arnhem_and_venlo_before_nrs_operates() -> None:
    game = _local_choosing_homes()
    assert game.companies["NRS"].operated_count == 0
    first = _offered(game)
    assert {ARNHEM, VENLO} <= first  # either alone leaves NRS the other
    me = game.acting_entity() or ""
    game.apply(ReserveHome(entity=me, company="L1", hex=ARNHEM))
    second = _offered(game)
    assert VENLO not in second and second  # Venlo too would leave NRS no place
    game.apply(ReserveHome(entity=me, company="L1", hex=VENLO if VENLO in second
                           else sorted(second)[0]))
    assert set(game.companies["L1"].spec.home) != {ARNHEM, VENLO}


def test_R_14_5_1_both_are_open_once_nrs_has_operated() -> None:
    game = _local_choosing_homes()
    game.companies["NRS"].operated_count = 1
    game.forget_legal_actions()
    me = game.acting_entity() or ""
    game.apply(ReserveHome(entity=me, company="L1", hex=ARNHEM))
    assert VENLO in _offered(game)
