"""Every rule and observer hook, called through the typed GameHooks facade on a fake game.

Ordering contract: the title's rules plugin is registered first, then variants, then
observers; pluggy calls later registrations first, so a variant's answer wins.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

import pytest
import structlog

from railhouse import logs as railhouse_logs
from railhouse.gamehooks import GameHooks, HookContractError
from railhouse.plugins import PluginError, hookimpl


@dataclass
class FakeGame:
    players: tuple[str, ...] = ("ann", "bob", "cy")
    events: list[str] = field(default_factory=list)
    bank: int = 100


class Rules:
    """A tiny title: stock round, then two operating rounds, forever."""

    @hookimpl
    def railhouse_setup_game(self, game: FakeGame) -> None:
        game.events.append("rules:setup")

    @hookimpl
    def railhouse_next_round(self, game: FakeGame, finished: str | None) -> str:
        return {None: "SR", "SR": "OR1", "OR1": "OR2", "OR2": "SR"}[finished]

    @hookimpl
    def railhouse_operating_steps(self, game: FakeGame, company: str) -> list[str]:
        return ["track", "token", "routes", "dividend", "trains"]

    @hookimpl
    def railhouse_route_bonus(self, game: FakeGame, company: str, route: list[str]) -> int | None:
        return 20 if "offboard" in route else None

    @hookimpl
    def railhouse_price_moves_after_dividend(
        self, game: FakeGame, company: str, kind: str, total: int
    ) -> list[str]:
        return {"payout": ["right"], "withhold": ["left"]}.get(kind, [])

    @hookimpl
    def railhouse_phase_changed(self, game: FakeGame, old: str, new: str) -> None:
        game.events.append(f"rules:phase {old}->{new}")

    @hookimpl
    def railhouse_check_game_end(self, game: FakeGame, moment: str) -> str | None:
        return "bank_broken" if game.bank <= 0 and moment == "end_of_or" else None

    @hookimpl
    def railhouse_final_scores(self, game: FakeGame) -> list[int]:
        return [30, 10, 20]


class DoubleDividends:
    """A variant: pays out move the price twice; answers nothing else."""

    @hookimpl
    def railhouse_price_moves_after_dividend(self, kind: str) -> list[str] | None:
        return ["right", "right"] if kind == "payout" else None  # uses a subset of the args

    @hookimpl
    def railhouse_route_bonus(self, route: list[str]) -> int:
        return 5 * len(route)


class ShortGame:
    """A variant wrapping the title's end check (an optional rule, as conftest plugins do)."""

    @hookimpl(wrapper=True)
    def railhouse_check_game_end(
        self, game: FakeGame, moment: str
    ) -> Generator[None, str | None, str | None]:
        reason = yield
        if reason is None and moment == "end_of_sr" and len(game.events) >= 3:
            return "short_game"
        return reason


class Recorder:
    def __init__(self) -> None:
        self.seen: list[Any] = []

    @hookimpl
    def railhouse_setup_game(self, game: FakeGame) -> None:
        self.seen.append("setup")

    @hookimpl
    def railhouse_action_applied(self, game: FakeGame, action: dict[str, Any]) -> None:
        self.seen.append(("action", action["type"]))

    @hookimpl
    def railhouse_game_over(self, game: FakeGame, result: dict[str, Any]) -> None:
        self.seen.append(("over", result["reason"]))


def test_railhouse_setup_game_calls_every_plugin_variants_and_observers_first() -> None:
    recorder = Recorder()
    game = FakeGame()
    hooks = GameHooks(Rules(), observers=[recorder])
    setup: Callable[[FakeGame], object] = hooks.setup_game  # typed None: check it at run time
    assert setup(game) is None
    assert game.events == ["rules:setup"] and recorder.seen == ["setup"]
    assert hooks.names == ["Rules", "Recorder"]


def test_railhouse_next_round_follows_the_title() -> None:
    hooks, game = GameHooks(Rules()), FakeGame()
    rounds = [hooks.next_round(game, None)]
    for _ in range(4):
        rounds.append(hooks.next_round(game, rounds[-1]))
    assert rounds == ["SR", "OR1", "OR2", "SR", "OR1"]


def test_railhouse_operating_steps_returns_a_list() -> None:
    steps = GameHooks(Rules()).operating_steps(FakeGame(), "NBDS")
    assert steps == ["track", "token", "routes", "dividend", "trains"]


def test_railhouse_route_bonus_sums_every_plugin() -> None:
    game = FakeGame()
    assert GameHooks(Rules()).route_bonus(game, "NBDS", ["a", "b"]) == 0
    assert GameHooks(Rules()).route_bonus(game, "NBDS", ["a", "offboard"]) == 20
    with_variant = GameHooks(Rules(), variants=[DoubleDividends()])
    assert with_variant.route_bonus(game, "NBDS", ["a", "offboard"]) == 20 + 10


def test_railhouse_price_moves_after_dividend_variant_wins_firstresult() -> None:
    game = FakeGame()
    plain = GameHooks(Rules())
    assert plain.price_moves_after_dividend(game, "NBDS", "payout", 80) == ["right"]
    assert plain.price_moves_after_dividend(game, "NBDS", "half", 80) == []
    varied = GameHooks(Rules(), variants=[DoubleDividends()])
    assert varied.price_moves_after_dividend(game, "NBDS", "payout", 80) == ["right", "right"]
    # the variant says None for withhold, so the title's rule answers
    assert varied.price_moves_after_dividend(game, "NBDS", "withhold", 0) == ["left"]


def test_railhouse_phase_changed_notifies() -> None:
    game = FakeGame()
    GameHooks(Rules()).phase_changed(game, "2", "3")
    assert game.events == ["rules:phase 2->3"]


def test_railhouse_check_game_end_and_a_wrapping_variant() -> None:
    game = FakeGame(bank=0)
    hooks = GameHooks(Rules(), variants=[ShortGame()])
    assert hooks.check_game_end(game, "end_of_or") == "bank_broken"
    game.bank = 10
    assert hooks.check_game_end(game, "end_of_or") is None
    assert hooks.check_game_end(game, "end_of_sr") is None  # too few events yet
    game.events += ["x", "y", "z"]
    assert hooks.check_game_end(game, "end_of_sr") == "short_game"
    with pytest.raises(ValueError, match="unknown game-end moment 'whenever'"):
        hooks.check_game_end(game, "whenever")  # type: ignore[arg-type]


def test_railhouse_final_scores_by_seat() -> None:
    assert GameHooks(Rules()).final_scores(FakeGame()) == [30, 10, 20]
    with pytest.raises(HookContractError, match="3 scores for 2 seats"):
        GameHooks(Rules()).final_scores(FakeGame(players=("a", "b")))


class TitleState:
    def __init__(self, **keys: object) -> None:
        self.keys = keys

    @hookimpl
    def railhouse_observe_title_state(self, game: FakeGame) -> dict[str, object]:
        return dict(self.keys)


def test_railhouse_observe_title_state_merges_every_plugin() -> None:
    game = FakeGame()
    assert GameHooks(Rules()).observe_title_state(game) == {}
    hooks = GameHooks(TitleState(cards=[1, 2]), variants=[TitleState(ledger=3)])
    assert hooks.observe_title_state(game) == {"cards": [1, 2], "ledger": 3}
    clash = GameHooks(TitleState(cards=1), variants=[TitleState(cards=2)])
    with pytest.raises(HookContractError, match="two plugins give"):
        clash.observe_title_state(game)


def test_railhouse_action_applied_and_railhouse_game_over_reach_observers() -> None:
    recorder = Recorder()
    hooks = GameHooks(Rules(), observers=[recorder])
    game = FakeGame()
    hooks.action_applied(game, {"type": "pass"})
    hooks.game_over(game, {"reason": "bank_broken"})
    assert recorder.seen == [("action", "pass"), ("over", "bank_broken")]


def test_unanswered_required_hook_is_a_contract_error() -> None:
    hooks = GameHooks(Recorder())
    with pytest.raises(HookContractError, match="no plugin answered railhouse_next_round"):
        hooks.next_round(FakeGame(), None)
    with pytest.raises(HookContractError, match="railhouse_operating_steps"):
        hooks.operating_steps(FakeGame(), "X")
    with pytest.raises(HookContractError, match="railhouse_final_scores"):
        hooks.final_scores(FakeGame())
    assert hooks.route_bonus(FakeGame(), "X", []) == 0
    assert hooks.check_game_end(FakeGame(), "end_of_or") is None


@pytest.mark.parametrize(
    ("hook", "value", "call"),
    [
        ("railhouse_operating_steps", "track", lambda h, g: h.operating_steps(g, "X")),
        (
            "railhouse_price_moves_after_dividend",
            [1],
            lambda h, g: h.price_moves_after_dividend(g, "X", "payout", 1),
        ),
        ("railhouse_final_scores", [1, 2, True], lambda h, g: h.final_scores(g)),
        ("railhouse_route_bonus", 2.5, lambda h, g: h.route_bonus(g, "X", [])),
        ("railhouse_check_game_end", 7, lambda h, g: h.check_game_end(g, "end_of_sr")),
    ],
)
def test_return_contracts_are_checked(hook: str, value: object, call: Any) -> None:
    bad = type("Bad", (), {hook: staticmethod(hookimpl(lambda **kw: value))})
    # pluggy reads the hook's parameter names, so give the lambda none: it then gets no args.
    with pytest.raises(HookContractError, match=hook):
        call(GameHooks(bad()), FakeGame())


def test_misspelt_rule_hook_fails_when_the_game_is_built() -> None:
    class Typo:
        def railhouse_next_rounds(self, game: Any, finished: Any) -> str:
            return "SR"

    with pytest.raises(
        PluginError, match="plugin 'Typo' implements unknown hook 'railhouse_next_rounds'"
    ):
        GameHooks(Typo())


def test_trace_logs_every_hook_call(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAILHOUSE_TRACE_HOOKS", "1")
    railhouse_logs.configure()  # asking for the trace shows info lines (the trace's level)
    with structlog.testing.capture_logs() as logs:
        GameHooks(Rules()).next_round(FakeGame(), None)
        GameHooks(Rules(), trace=False).next_round(FakeGame(), None)
    assert [(e["event"], e["hook"]) for e in logs] == [
        ("hook call", "railhouse_next_round"),
        ("hook result", "railhouse_next_round"),
    ]
    monkeypatch.delenv("RAILHOUSE_TRACE_HOOKS")
    railhouse_logs.configure()
    assert logs[0]["plugins"] == ["Rules"] and logs[1]["result"] == json.dumps("SR").replace(
        '"', "'"
    )
