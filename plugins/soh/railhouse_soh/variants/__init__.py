"""Rule sets of Steam Over Holland: the printed rules and the 18xx.games implementation."""

from railhouse_soh.variants.ruleset import PRINTED, RULESETS, XXGAMES, Ruleset, ruleset_for

__all__ = ["PRINTED", "RULESETS", "XXGAMES", "Ruleset", "ruleset_for"]
