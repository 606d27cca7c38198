"""The observation's holdings agree with the engine's own counts, face-down certificates
included (the SOH optional rule: paid for, not yet active): a player's ``shares`` are
``Company.percent_of`` (active certificates), a company's ``shares`` count every
certificate by holder."""

from __future__ import annotations

import random

import pytest

from railhouse.engine.observation import observe


@pytest.mark.parametrize("seed", [0, 1])
def test_holdings_match_the_engine_with_face_down_certificates(seed: int) -> None:
    pytest.importorskip("railhouse_soh")
    from railhouse.engine.record import new_game

    game, rng = new_game("soh", ["a", "b", "c", "d"], None, seed), random.Random(seed)
    checked = 0
    for _ in range(150):
        if game.over:
            break
        twin = game.clone()
        for company in twin.companies.values():  # turn a random third face down
            for cert in company.certs:
                cert.face_down = rng.random() < 0.33
        obs = observe(twin)
        for player in obs["players"]:
            for company in twin.companies.values():
                assert player["shares"].get(company.id, 0) == company.percent_of(player["id"])
                checked += 1
            assert 0 not in player["shares"].values()
        for company in twin.companies.values():
            totals: dict[str, int] = {}
            for cert in company.certs:
                totals[cert.owner] = totals.get(cert.owner, 0) + cert.percent
            assert obs["companies"][company.id]["shares"] == totals
        game.apply(rng.choice(game.legal_actions()).action)
    assert checked > 1000


def test_company_shares_are_a_copy_of_the_ledger_totals_and_follow_changes() -> None:
    """Without face-down certificates a company's ``shares`` is copied from the ledger's
    cached per-holder totals: a new dict each time (changing it leaves the ledger), and
    a certificate changing hands shows in the next observation."""
    pytest.importorskip("railhouse_soh")
    from railhouse.engine.record import new_game

    game, rng = new_game("soh", ["a", "b", "c", "d"], None, 2), random.Random(2)
    while not any(c.started for c in game.companies.values()):
        game.apply(rng.choice(game.legal_actions()).action)
    company = next(c for c in game.companies.values() if c.started)
    shares = observe(game)["companies"][company.id]["shares"]
    assert shares == company.ledger.held() and shares is not company.ledger.held()
    shares["nobody"] = 100
    assert "nobody" not in company.ledger.held()
    moved = next(c for c in company.certs if c.owner != "pool" and not c.president)
    before = observe(game)["companies"][company.id]["shares"]
    moved.owner = "pool"
    after = observe(game)["companies"][company.id]["shares"]
    assert after.get("pool", 0) == before.get("pool", 0) + moved.percent
