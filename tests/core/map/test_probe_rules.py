"""The optimiser's probe rules (``optimize._probe_rules``, kept per rules object by
identity) equal the rules with the probe's route limit, for any rules object, including
one made where an earlier one was dropped (its identity may be reused)."""

from __future__ import annotations

import gc
from dataclasses import replace

from railhouse.map.optimize import PROBE_ROUTES, _probe_rules
from railhouse.map.trains import RouteRules


def _fresh(rules: RouteRules) -> RouteRules:
    return replace(rules, max_routes=min(rules.max_routes, PROBE_ROUTES))


def test_probe_rules_are_the_rules_with_the_probe_limit() -> None:
    for limit in (10, PROBE_ROUTES, 10 * PROBE_ROUTES, 20, 10 * PROBE_ROUTES):
        rules = RouteRules(max_routes=limit, offboards_count=limit % 3 == 0)
        assert _probe_rules(rules) == _fresh(rules)
        assert _probe_rules(rules) is _probe_rules(rules)
        del rules
        gc.collect()  # the next rules object may take this one's identity

