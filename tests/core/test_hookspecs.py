"""Meta-tests: every hook specification is documented in the one template and exercised.

Like datasette's ``test_docs.py``: adding a hook without its docstring sections, or without a
test that mentions it by name, fails here.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from pluggy import HookCaller

from railhouse import hookspecs
from railhouse.plugins import new_plugin_manager

TESTS = Path(__file__).resolve().parents[1]

EXPECTED = {
    "railhouse_register_titles": ["register"],
    "railhouse_register_bots": ["register"],
    "railhouse_register_commands": ["app"],
    "railhouse_setup_game": ["game"],
    "railhouse_next_round": ["game", "finished"],
    "railhouse_operating_steps": ["game", "company"],
    "railhouse_route_bonus": ["game", "company", "route"],
    "railhouse_price_moves_after_dividend": ["game", "company", "kind", "total"],
    "railhouse_phase_changed": ["game", "old", "new"],
    "railhouse_check_game_end": ["game", "moment"],
    "railhouse_final_scores": ["game"],
    "railhouse_observe_title_state": ["game"],
    "railhouse_action_applied": ["game", "action"],
    "railhouse_game_over": ["game", "result"],
}
FIRSTRESULT = {
    "railhouse_next_round",
    "railhouse_operating_steps",
    "railhouse_price_moves_after_dividend",
    "railhouse_check_game_end",
    "railhouse_final_scores",
}


def specs() -> dict[str, HookCaller]:
    pm = new_plugin_manager()
    return {name: caller for name, caller in vars(pm.hook).items() if caller.has_spec()}


def test_exactly_the_agreed_hooks_with_the_agreed_parameters() -> None:
    found = specs()
    assert sorted(found) == sorted(EXPECTED)
    for name, caller in found.items():
        spec = caller.spec
        assert spec is not None  # specs() keeps only callers with a spec
        assert list(spec.argnames) == EXPECTED[name], name
        assert bool(spec.opts.get("firstresult")) == (name in FIRSTRESULT), name


def test_hooks_are_grouped_by_lifecycle() -> None:
    groups = hookspecs.REGISTRATION_HOOKS + hookspecs.RULE_HOOKS + hookspecs.OBSERVER_HOOKS
    assert sorted(groups) == sorted(EXPECTED) and len(groups) == len(set(groups))
    source = inspect.getsource(hookspecs)
    banners = re.findall(r"^# -{20,}\n# (.+)\n# -{20,}$", source, flags=re.MULTILINE)
    assert len(banners) >= 4, banners
    # every hook is defined below a banner, in the order of the groups
    positions = [source.index(f"def {name}(") for name in groups]
    assert positions == sorted(positions)
    assert source.index("# Registration hooks") < positions[0]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_docstring_follows_the_template(name: str) -> None:
    doc = inspect.getdoc(getattr(hookspecs, name))
    assert doc, f"{name} has no docstring"
    summary, _, rest = doc.partition("\n\n")
    assert summary.endswith(".") and "\n" not in summary, f"{name}: one-line summary first"
    assert re.search(r"^Fires: \S", rest, re.MULTILINE), f"{name}: missing 'Fires:'"
    params = re.findall(r"^:param (\w+):", rest, re.MULTILINE)
    assert params == EXPECTED[name], f"{name}: :param lines must match the signature"
    assert re.search(r"^:returns: \S", rest, re.MULTILINE), f"{name}: missing ':returns:'"
    calling = re.search(r"^Calling: (.+)$", rest, re.MULTILINE)
    assert calling, f"{name}: missing 'Calling:'"
    stops = "firstresult: stops at first non-None result." in calling.group(1)
    assert stops == (name in FIRSTRESULT), f"{name}: firstresult note must match the spec"
    assert re.search(r"^\.\. versionadded:: \d+\.\d+$", rest, re.MULTILINE), name


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_hook_is_exercised_by_some_test(name: str) -> None:
    here = Path(__file__).resolve()
    mentions = [
        path
        for path in TESTS.rglob("test_*.py")
        if path.resolve() != here and name in path.read_text(encoding="utf-8")
    ]
    assert mentions, f"no test under tests/ mentions {name}: write one that calls it"
