"""``GameHooks.route_bonus_function``: the core's ``railhouse_route_bonus`` for the route
optimiser, called once per route valued: one plain implementation is called directly,
anything else through pluggy, with the same sum and the same contract."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from railhouse.gamehooks import GameHooks, HookContractError
from railhouse.plugins import hookimpl


class Bonus:
    """+20 for a route through an off-board (takes only the route: a parameter subset)."""

    @hookimpl
    def railhouse_route_bonus(self, route: tuple[str, ...]) -> int | None:
        return 20 if "offboard" in route else None


class CompanyBonus:
    @hookimpl
    def railhouse_route_bonus(self, company: str, route: tuple[str, ...]) -> int:
        return 5 if company == "A" and "town" in route else 0


class Doubling:
    @hookimpl(wrapper=True)
    def railhouse_route_bonus(self) -> Generator[None, list[int], list[int]]:
        results = yield
        return [2 * r for r in results]


class Broken:
    @hookimpl
    def railhouse_route_bonus(self) -> Any:
        return "20"


ROUTES = [("city", "offboard"), ("town", "city"), ("city",)]


def test_no_implementation_means_no_bonus_function() -> None:
    assert GameHooks(rules=object()).route_bonus_function(None, "A") is None


def test_the_direct_call_equals_the_hook_call() -> None:
    hooks = GameHooks(rules=Bonus())
    bonus = hooks.route_bonus_function(None, "A")
    assert bonus is not None
    assert [bonus(r) for r in ROUTES] == [hooks.route_bonus(None, "A", r) for r in ROUTES]
    assert [bonus(r) for r in ROUTES] == [20, 0, 0]


@pytest.mark.parametrize("plugins", [(Bonus(), CompanyBonus()), (Bonus(), Doubling())])
def test_several_implementations_or_a_wrapper_go_through_pluggy(plugins: Any) -> None:
    hooks = GameHooks(rules=plugins[0], variants=plugins[1:])
    bonus = hooks.route_bonus_function(None, "A")
    assert bonus is not None
    assert [bonus(r) for r in ROUTES] == [hooks.route_bonus(None, "A", r) for r in ROUTES]
    assert bonus(("city", "offboard")) in (20, 40)


def test_the_direct_call_checks_the_contract() -> None:
    bonus = GameHooks(rules=Broken()).route_bonus_function(None, "A")
    assert bonus is not None
    with pytest.raises(HookContractError, match="railhouse_route_bonus"):
        bonus(("city",))
