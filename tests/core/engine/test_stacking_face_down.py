"""``MarketSpec.operated_face_down``: the 1839 face-up/face-down stacking (R-8.2.4,
R-13.4.5) as market data, and the default "new arrivals go last" without it."""

from __future__ import annotations

from dataclasses import replace

from minititle import MAIN

from railhouse.engine.market import StockMarket

X = (0, 2)  # the 80 cell of the mini title's main market


def market(face_down: bool) -> StockMarket:
    return StockMarket(replace(MAIN, operated_face_down=face_down))


def play_r_8_2_4(market: StockMarket) -> None:
    """A operated earlier (face down on X); G arrives on X by a sale; H operates onto X."""
    market.place("A", (0, 1))
    market.move("A", "right", operated=True)
    market.place("G", (0, 3))
    market.move("G", "left")
    market.place("H", (1, 2))
    market.move("H", "up", operated=True)


def test_1839_operated_arrival_goes_below_the_face_up_markers_r_8_2_4() -> None:
    """The operated H goes face down at the depth of the face-up markers' count (one: G).
    With the face-up markers on top, as usual, that is below them and above the face-down
    ones; here G arrived by a sale under the face-down A, and H goes between them."""
    stacked = market(True)
    play_r_8_2_4(stacked)
    assert stacked.stacks[X] == ("A", "H", "G")
    assert stacked.face_down == {"A", "H"}


def test_1839_end_of_or_turns_face_down_markers_up_in_reverse_r_8_2_4() -> None:
    stacked = market(True)
    play_r_8_2_4(stacked)
    stacked.turn_face_up()
    assert stacked.stacks[X] == ("G", "H", "A")
    assert stacked.face_down == set()


def test_without_face_down_stacking_arrivals_simply_go_last() -> None:
    plain = market(False)
    play_r_8_2_4(plain)
    plain.turn_face_up()
    assert plain.stacks[X] == ("A", "G", "H") and plain.face_down == set()


def test_an_operated_company_that_stays_is_restacked_only_when_face_down() -> None:
    for face_down, expected in ((False, ("A", "B")), (True, ("B", "A"))):
        stacked = market(face_down)
        stacked.place("A", X)
        stacked.place("B", X)
        stacked.move("A", "up", 0, operated=True)
        assert stacked.stacks[X] == expected


def test_a_removed_company_is_no_longer_face_down() -> None:
    stacked = market(True)
    stacked.place("A", X)
    stacked.move("A", "up", 0, operated=True)
    stacked.remove("A")
    assert stacked.face_down == set() and stacked.stacks[X] == ()
