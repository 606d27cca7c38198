"""Entry point of the railhouse-1839 distribution: registers the title's metadata only.

Importing this module never imports the rules; ``TitleInfo.game_factory`` names them.
Every contested number of the rulebook (facts/1839.md Part 2) is an option here, with the
proposed reading as its default (plugins/m1839/RULINGS.md lists them).
"""

from __future__ import annotations

from collections.abc import Callable

from railhouse.hookspecs import hookimpl
from railhouse.titles import OptionSpec, TitleInfo

TITLE = TitleInfo(
    id="1839",
    name="1839",
    designer="J C Lawrence",
    min_players=2,
    max_players=4,
    version="0.1.0",
    rules_source="1839 rules v2 (rules/1839/rules.md), readings in plugins/m1839/RULINGS.md",
    game_factory="railhouse_m1839.game:new_game",
    distribution="railhouse-1839",
    options=(
        OptionSpec("light_red_train_limit", 2,
                   "train limit in the light red phase: table 4.1 says 3, section 17.9 says 2 "
                   "(A-02)", (2, 3)),
        OptionSpec("two_player_blue_trains", 4,
                   "blue 4+ trains in a 2-player game: 4 by the literal setup, 3 as for 3 "
                   "players (A-03)", (3, 4)),
        OptionSpec("purple_end", "starts_in_purple",
                   "which set of ORs ends the game in purple: the first set that starts in "
                   "purple, or the set in which purple began (A-31)",
                   ("starts_in_purple", "purple_began")),
        OptionSpec("afsluitdijk", True,
                   "keep the optional Afsluitdijk dike hex C10 and its barrier (facts 4.8, "
                   "reconstructed map)"),
        OptionSpec("agreed_end", False,
                   "R-10.1.2: players may end the game by all agreeing who has won "
                   "(propose_winner, then every other player responds); off by default so "
                   "that programs choosing among legal actions do not end games by accident"),
        OptionSpec("novice_voombergh", False,
                   "setup recommendation (R-4.6): never assign AMS, NBDS or ZHESM to Albert "
                   "Voombergh"),
    ),
)


@hookimpl
def railhouse_register_titles(register: Callable[[TitleInfo], None]) -> None:
    register(TITLE)
