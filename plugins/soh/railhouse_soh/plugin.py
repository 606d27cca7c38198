"""Entry point of the railhouse-soh distribution: registers the title's metadata only.

Importing this module never imports the rules; ``TitleInfo.game_factory`` names them.
"""

from __future__ import annotations

from collections.abc import Callable

from railhouse.hookspecs import hookimpl
from railhouse.titles import OptionSpec, TitleInfo

_EDITION = "edition: follow the 'edition' preset"

#: The online edition's differences (SUM; facts §11.1); railhouse_soh.online documents
#: every value and the readings chosen where SUM gives no numbers.
ONLINE_OPTIONS = (
    OptionSpec("edition", "printed", "preset for the options below: 'printed' (EN) or "
               "'online' (the online rules summary, SUM)", ("printed", "online")),
    OptionSpec("ors_per_set", "", "ORs in a set: one count, or five counts for phases 2-6 "
               "(printed 2; online 1,2,2,3,3); empty: the edition's"),
    OptionSpec("bank", -1, "total money in the bank incl. starting cash; 0 unlimited "
               "(printed), online 5640; -1: the edition's"),
    OptionSpec("bank_break_end", "edition", "a broken bank ends the game after the set's ORs "
               f"(online yes, printed no); {_EDITION}", ("edition", "yes", "no")),
    OptionSpec("round_limit", "edition", "the game ends after 5 sets (15 rounds; yes in both "
               f"editions); {_EDITION}", ("edition", "yes", "no")),
    OptionSpec("sell_restriction", "edition", "no selling of a company 'started_this_round' "
               f"(printed) or 'not_operated' yet (online); {_EDITION}",
               ("edition", "started_this_round", "not_operated")),
    OptionSpec("privates_close", "edition", "privates close at 'phase_5' (printed) or on the "
               f"'first_5_train' purchase (online); {_EDITION}",
               ("edition", "phase_5", "first_5_train")),
    OptionSpec("token_limit", "edition", "one token per company per 'city' (printed) or "
               f"'hex' (online); {_EDITION}", ("edition", "city", "hex")),
    OptionSpec("score_privates", "edition", "final worth includes the face value of privates "
               f"held (online yes, printed no); {_EDITION}", ("edition", "yes", "no")),
)

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
        *ONLINE_OPTIONS,
    ),
)


@hookimpl
def railhouse_register_titles(register: Callable[[TitleInfo], None]) -> None:
    register(TITLE)
