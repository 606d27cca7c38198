"""The title is discovered through its entry point and its metadata needs no rules."""

from __future__ import annotations

import subprocess
import sys

from railhouse.plugins import registry


def test_discovered_through_entry_point() -> None:
    info = registry().title("1839")
    assert (info.name, info.designer, info.min_players, info.max_players) == (
        "1839", "J C Lawrence", 2, 4)
    assert info.distribution == "railhouse-1839"
    assert info.load_factory().__name__ == "new_game"


def test_every_contested_number_is_an_option_with_help() -> None:
    info = registry().title("1839")
    options = {o.name: o for o in info.options}
    assert options["light_red_train_limit"].default == 2
    assert options["two_player_blue_trains"].default == 4
    assert options["purple_end"].default == "starts_in_purple"
    assert all(o.help for o in info.options)


def test_listing_titles_imports_no_rules() -> None:
    code = ("import sys; from railhouse.plugins import registry; registry().title('1839'); "
            "print('railhouse_m1839.game' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
