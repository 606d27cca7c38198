"""A Local nationalised in its own operating turn comes back as a new company (R-14.7.3;
rules.md 14.3.2.1.1: Locals "can be floated again as new companies", table 14.1 "Can
Re-float?").  Its first run after re-floating is its first operation, so R-8.3.1 (rules.md
8.3 step 1) places its home station markers then.  The turn in which it was
nationalised must not count as an operating turn of the new company (``reset_company``
zeroes the count; the core's ``OperatingRound.end_turn`` used to add the ended turn back,
so a re-floated Local ran with no marker on the map)."""

from __future__ import annotations

import random

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse_m1839.operating import M1839OperatingRound

SEEDS = range(1000, 1010)


def test_R_14_7_3_R_8_3_1_a_refloated_local_places_its_homes_on_its_first_run() -> None:
    """After every action of seeded random playouts: a company not floated has never
    operated (as the company it will be when floated again), and each re-floated Local
    has its home markers on the map once its first turn is past the home step (R-8.3
    step 1, R-8.3.1).  At least one Local is nationalised in its own turn and re-floated."""
    refloated_turns = 0
    for seed in SEEDS:
        game = new_game("1839", seat_names(4), None, seed)
        rng = random.Random(seed)
        reset: set[str] = set()  # Locals nationalised, not floated since
        again: set[str] = set()  # ... floated again, first turn not yet finished
        while not game.over:
            action = choose_playing(rng, game.legal_actions())
            before = game.round
            turn_of = before.company if isinstance(before, M1839OperatingRound) else None
            operating = None if turn_of is None else turn_of.id
            game.apply(action)
            for company in game.companies.values():
                if not company.floated:
                    assert company.operated_count == 0, (seed, game.action_count, company.id)
                    if company.spec.kind == "local" and company.id == operating:
                        reset.add(company.id)
                elif company.id in reset:
                    reset.discard(company.id)
                    again.add(company.id)
            round_ = game.round
            for cid in list(again):
                company = game.companies[cid]
                if company.operated_count > 0:  # its first turn as the new company is over
                    assert game.board.company_cities(cid), (seed, game.action_count, cid)
                    again.discard(cid)
                    refloated_turns += 1
                elif isinstance(round_, M1839OperatingRound) and round_.company is company:
                    step = round_.current_step()
                    if step is not None and type(step).__name__ != "HomeStationStep":
                        assert game.board.company_cities(cid), (seed, game.action_count, cid)
    assert refloated_turns > 0, "no Local was nationalised in its own turn and re-floated"
