"""docs/observation.md lists exactly the keys the engine emits (SOH and the toy title)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from railhouse.testing.toy import new_game as toy

DOC = Path(__file__).resolve().parents[3] / "docs" / "observation.md"


def documented(section: str) -> set[str]:
    """The backticked first-column keys of the table under ``## {section}``."""
    text = DOC.read_text(encoding="utf-8")
    body = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    return {m.group(1) for m in re.finditer(r"^\| `([a-z_]+)` \|", body, re.MULTILINE)}


def soh_observation() -> dict[str, Any]:
    soh = pytest.importorskip("railhouse_soh.game")
    game = soh.new_game(["a", "b", "c", "d"], seed=1)
    obs: dict[str, Any] = msgspec.to_builtins(game.observation())
    return obs


def test_top_level_player_company_and_board_keys_match_soh() -> None:
    obs = soh_observation()
    assert set(obs) == documented("Top level")
    assert set(obs["players"][0]) == documented("Player")
    assert all(set(c) == documented("Company") for c in obs["companies"].values())
    assert set(obs["board"]) == documented("Board")
    assert all(set(p) == {"owner", "closed", "value", "revenue"}
               for p in obs["privates"].values())
    assert set(obs["depot"]) == {"available", "remaining"} and set(obs["bank"]) == {
        "cash", "broken"}


def test_title_state_of_1839_matches_its_section() -> None:
    m1839 = pytest.importorskip("railhouse_m1839.game")
    obs = msgspec.to_builtins(m1839.new_game(["a", "b", "c"], None, 1).observation())
    assert set(obs["title_state"]) == documented("1839")
    assert soh_observation()["title_state"] == {}


def test_toy_keys_match() -> None:
    obs = msgspec.to_builtins(toy(["a", "b"], {"pile": 5}, 1).observation())
    assert set(obs) == documented("Toy title")
