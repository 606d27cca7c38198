"""``railhouse_stack_arrival``: the 1839 face-up/face-down stacking nuance as a hook
(1839 R-8.2.4, R-13.4.5), and the default "new arrivals go last" without it."""

from __future__ import annotations

import pytest
from minititle import MiniGame, MiniRules

from railhouse.engine.market import StockMarket
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.gamehooks import GameHooks, HookContractError
from railhouse.hookspecs import hookimpl

X = (0, 2)  # the 80 cell of the mini title's main market


class FaceDownStacking:
    """1839 R-8.2.4 literally: an operated arrival turns face down and goes below every
    face-up and above every face-down marker; any other arrival goes to the bottom."""

    @hookimpl
    def railhouse_stack_arrival(self, game: object, market: StockMarket, company: str,
                                stack: list[str], operated: bool) -> int:
        if not operated:
            return len(stack)
        market.face_down.add(company)
        return next((i for i, c in enumerate(stack) if c in market.face_down), len(stack))


class BadIndex:
    @hookimpl
    def railhouse_stack_arrival(self, stack: list[str]) -> int:
        return len(stack) + 1


def game_with(*variants: object) -> MiniGame:
    return MiniGame(["a", "b", "c"], hooks=GameHooks(rules=MiniRules(), variants=variants))


def play_r_8_2_4(market: StockMarket) -> None:
    """A operated earlier (face down on X); G arrives on X by a sale; H operates onto X."""
    market.place("A", (0, 1))
    market.move("A", "right", operated=True)
    market.place("G", (0, 3))
    market.move("G", "left")
    market.place("H", (1, 2))
    market.move("H", "up", operated=True)


def test_1839_operated_arrival_goes_above_face_down_markers_r_8_2_4() -> None:
    market = game_with(FaceDownStacking()).markets["main"]
    play_r_8_2_4(market)
    assert market.stacks[X] == ["H", "A", "G"]
    assert market.face_down == {"A", "H"}


def test_1839_end_of_or_turns_face_down_markers_up_in_reverse_r_8_2_4() -> None:
    game = game_with(FaceDownStacking())
    market = game.markets["main"]
    play_r_8_2_4(market)
    OperatingRound(game, 1, 1).finish()
    assert market.stacks[X] == ["A", "H", "G"]
    assert market.face_down == set()


def test_without_the_hook_arrivals_simply_go_last() -> None:
    game = game_with()
    market = game.markets["main"]
    assert market.arrival is None
    play_r_8_2_4(market)
    OperatingRound(game, 1, 1).finish()
    assert market.stacks[X] == ["A", "G", "H"]


def test_an_operated_company_that_stays_is_restacked_only_with_the_hook() -> None:
    for variants, expected in (((), ["A", "B"]), ((FaceDownStacking(),), ["B", "A"])):
        market = game_with(*variants).markets["main"]
        market.place("A", X)
        market.place("B", X)
        market.move("A", "up", 0, operated=True)
        assert market.stacks[X] == expected


def test_an_index_outside_the_stack_breaks_the_hook_contract() -> None:
    market = game_with(BadIndex()).markets["main"]
    with pytest.raises(HookContractError, match="railhouse_stack_arrival"):
        market.place("A", X)


def test_clone_keeps_the_hook_bound_to_the_clone() -> None:
    game = game_with(FaceDownStacking())
    twin = game.clone()
    market = twin.markets["main"]
    play_r_8_2_4(market)
    assert market.stacks[X] == ["H", "A", "G"]
    assert game.markets["main"].stacks == {}
