"""``railhouse titles``: option help instead of Python reprs, one title's details, and the
action reference that docs/actions-<title>.md must equal (issue 19, items 5 and 8)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from railhouse.cli.main import build_app
from railhouse.plugins import Registry, reset_registry

DOCS = Path(__file__).resolve().parents[3] / "docs"
TITLES = {"soh": "railhouse_soh", "1839": "railhouse_m1839"}


@pytest.fixture
def invoke() -> object:
    previous = reset_registry(Registry())

    def run(*args: str) -> str:
        result = CliRunner().invoke(build_app(), list(args))
        assert result.exit_code == 0, result.output
        return result.stdout

    yield run
    reset_registry(previous)


def test_the_list_names_options_and_points_at_their_help(invoke: object) -> None:
    pytest.importorskip("railhouse_soh")
    out = invoke("titles")  # type: ignore[operator]
    assert "Steam Over Holland" in out and "priority_deal" in out
    assert "'" not in out and "=False" not in out  # no Python reprs
    assert "railhouse titles ID" in out


def test_one_title_shows_each_option_with_its_help(invoke: object) -> None:
    pytest.importorskip("railhouse_m1839")
    out = invoke("titles", "1839")  # type: ignore[operator]
    assert "1839 (1839)" in out and "railhouse titles 1839 --actions" in out
    row = next(line for line in out.splitlines() if "light_red_train_limit" in line)
    assert "2 | 3" in row and "train limit in the light red phase" in row


@pytest.mark.parametrize("title", sorted(TITLES))
def test_the_action_reference_is_in_sync(invoke: object, title: str) -> None:
    pytest.importorskip(TITLES[title])
    generated = invoke("titles", title, "--actions")  # type: ignore[operator]
    shipped = (DOCS / f"actions-{title}.md").read_text(encoding="utf-8")
    assert generated == shipped, (
        f"regenerate with: railhouse titles {title} --actions > docs/actions-{title}.md"
    )
    for kind in ("lay_tile", "buy_train", "dividend", "par", "buy_shares"):
        assert f"## `{kind}`" in shipped
    assert "may come as a range" in shipped and "Offered in:" in shipped
