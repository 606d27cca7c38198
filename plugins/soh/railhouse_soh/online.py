"""The online edition's rules (SUM, rules-summary-online-edition.md) as title options.

facts/soh.md §11.1 lists where SUM differs from the printed rules (EN).  Each difference is
one title option; the preset option ``edition`` ("printed", the default, or "online") gives
every option left at ``"edition"`` (or ``""`` / ``-1`` for the numeric ones) its value:

==================  ==========================  ====================================
option              printed (EN)                online (SUM)
==================  ==========================  ====================================
ors_per_set         ``2`` in every set          ``1,2,2,3,3`` by phase 2..6 [a]
bank                unlimited                   5640 in all, starting cash included [b]
bank_break_end      no                          yes: a break ends the game after the
                                                set of ORs of the current set [c]
round_limit         yes: 5 sets (15 rounds)     yes [d]
sell_restriction    started_this_round          not_operated
privates_close      phase_5                     first_5_train
token_limit         city                        hex
score_privates      no                          yes (face value of privates held)
==================  ==========================  ====================================

[a] SUM: the number of ORs "is determined at the start of each set of ORs and depends on
    the train phase" and gives no numbers (facts §13).  Our default is the usual 18xx
    pattern: one OR while only yellow track exists (phase 2), two in the green phases
    (3-4), three in the brown phases (5-6).  A single number applies to every phase.
[b] No source gives SOH's bank.  Rails uses 5,640 "before starting cash" (facts §11.2);
    we read it as the total money, so 1,200 of it is paid out as starting cash (the
    starting cash totals 1,200 for every player count).
[c] SUM: a break in an OR ends the game after the current set of ORs, a break in a stock
    round after the next set.  Stock round n precedes OR set n, so both mean: after the
    OR set of the set in which the bank broke, i.e. at the end of the first OR set that
    finishes with a broken bank.
[d] SUM names only the bank and market endings.  Both online implementations stop after
    five sets (facts §11.2), and without a limit an unlimited bank could never end the
    game, so the online preset keeps the limit; ``round_limit=no`` is accepted only with a
    finite bank and ``bank_break_end=yes``.
Unchanged by SUM (facts §11.1): market-top ending, dividend thresholds, two Amsterdam
stations in one run, private #4's bonus, buying privates from the first 3 train (the same
as phases 3-4, since privates close at 5), and no extra token in the home-token turn
(which we apply under both editions: the designer's ruling, facts §12).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from railhouse.engine.cloning import shared_on_copy

EDITION = "edition"  # an option value meaning "as the edition preset says"

#: The values of every knob under each edition (see the module docstring).
PRESETS: dict[str, dict[str, Any]] = {
    "printed": {"ors_per_set": "2", "bank": 0, "bank_break_end": "no", "round_limit": "yes",
                "sell_restriction": "started_this_round", "privates_close": "phase_5",
                "token_limit": "city", "score_privates": "no"},
    "online": {"ors_per_set": "1,2,2,3,3", "bank": 5640, "bank_break_end": "yes",
               "round_limit": "yes", "sell_restriction": "not_operated",
               "privates_close": "first_5_train", "token_limit": "hex",
               "score_privates": "yes"},
}
PHASE_NAMES = ("2", "3", "4", "5", "6")
SETS = 5  # EN "Development notes": 5 sets of one stock round and two ORs


@shared_on_copy
@dataclass(frozen=True)
class OnlineSettings:
    """The resolved knobs; the printed rules by default.  Never changed once resolved (a
    game replaces it whole), so a clone shares it."""

    ors_by_phase: Mapping[str, int]
    bank: int | None
    bank_break_end: bool
    round_limit: bool
    sell_until_operated: bool
    privates_close_on_purchase: bool
    token_limit: str
    score_privates: bool

    def ors_per_set(self, phase_name: str) -> int:
        return self.ors_by_phase[phase_name]


def settings_for(options: Mapping[str, Any]) -> OnlineSettings:
    """Resolve the edition preset and the individual options; raises ``ValueError`` with
    one line on a bad value."""
    edition = options.get("edition", "printed")
    if edition not in PRESETS:
        raise ValueError(f"unknown edition {edition!r}; choose printed or online")
    preset = PRESETS[edition]

    def value(name: str, unset: object = EDITION) -> Any:
        given = options.get(name, unset)
        return preset[name] if given == unset else given

    bank = int(value("bank", -1))
    settings = OnlineSettings(
        ors_by_phase=parse_ors(str(value("ors_per_set", ""))),
        bank=bank or None,
        bank_break_end=value("bank_break_end") == "yes",
        round_limit=value("round_limit") == "yes",
        sell_until_operated=value("sell_restriction") == "not_operated",
        privates_close_on_purchase=value("privates_close") == "first_5_train",
        token_limit=str(value("token_limit")),
        score_privates=value("score_privates") == "yes",
    )
    if not settings.round_limit and not (settings.bank and settings.bank_break_end):
        raise ValueError("round_limit=no needs a finite bank and bank_break_end=yes "
                         "(otherwise the game might never end)")
    if settings.bank is not None and settings.bank < 1200:
        raise ValueError(f"bank {settings.bank} cannot pay the starting cash (1200)")
    return settings


def parse_ors(text: str) -> dict[str, int]:
    """``"2"`` (every phase) or five comma-separated counts for phases 2-6, each 1-3."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) == 1:
        parts *= len(PHASE_NAMES)
    try:
        counts = [int(p) for p in parts]
    except ValueError:
        counts = []
    if len(counts) != len(PHASE_NAMES) or not all(1 <= c <= 3 for c in counts):
        raise ValueError(f"ors_per_set must be one count or five counts (phases 2-6) of "
                         f"1-3, not {text!r}")
    return dict(zip(PHASE_NAMES, counts, strict=True))

