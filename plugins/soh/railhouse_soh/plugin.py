"""Entry point of the railhouse-soh distribution: registers the title's metadata only.

Importing this module never imports the rules; ``TitleInfo.game_factory`` names them.
"""

from __future__ import annotations

from collections.abc import Callable

from railhouse.hookspecs import hookimpl
from railhouse.titles import OptionSpec, TitleInfo

TITLE = TitleInfo(
    id="soh",
    name="Steam Over Holland",
    designer="Bart van Dijk",
    min_players=2,
    max_players=5,
    version="0.1.0",
    rules_source="Steam Over Holland English rules v2 (Vendetta), corrected by Blake Morris",
    game_factory="railhouse_soh.game:new_game",
    distribution="railhouse-soh",
    options=(
        OptionSpec(
            "distribution", "auction",
            "how privates are distributed: 'auction' (EN Phase 1) or 'deal' (EN alternative)",
            ("auction", "deal"),
        ),
        OptionSpec(
            "priority_deal", False,
            "optional rule 'Start card / priority deal': face-down shares, start card to the "
            "first player of the closing passes",
        ),
        OptionSpec(
            "rules", "printed",
            "rule set: 'printed' (EN, authoritative) or '18xx-games' (the 18xx.games "
            "implementation, facts §11.2; routes are chosen by the president)",
            ("printed", "18xx-games"),
        ),
        OptionSpec("privates", "", "comma-separated privates dealt instead of the random draw "
                   "(imported games); empty: random"),
        OptionSpec("start_seat", -1, "seat of the first start-card holder (imported games); "
                   "-1: random"),
        OptionSpec("antwerpen_brown", 50, "Antwerpen (L5) value in phases 5-6 (sources differ)",
                   (50, 60)),
    ),
)


@hookimpl
def railhouse_register_titles(register: Callable[[TitleInfo], None]) -> None:
    register(TITLE)
