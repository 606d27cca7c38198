"""``action_count`` (the log's length without copying the log) and a new game's
certificates, built as one ledger per company without a certificate object per share."""

from __future__ import annotations

import random

import pytest
from engine_positions import mini

from railhouse.bench.positions import playout
from railhouse.engine.actions import Pass
from railhouse.engine.errors import IllegalAction
from railhouse.testing.conformance import choose
from railhouse.testing.toy import ToyGame


def test_action_count_is_the_length_of_the_log_at_every_position_and_in_clones() -> None:
    game = mini(3, 5)
    rng = random.Random(5)
    assert game.action_count == len(game.actions) == 0
    while not game.over and game.action_count < 300:
        game.apply(choose(rng, game.legal_actions()))
        assert game.action_count == len(game.actions)
        if game.action_count % 50 == 0:
            twin = game.clone()
            assert twin.action_count == game.action_count
            if not twin.over:
                twin.apply(choose(random.Random(1), twin.legal_actions()))
                assert twin.action_count == game.action_count + 1 == len(twin.actions)


def test_a_refused_action_is_not_counted() -> None:
    game = mini(3, 5)
    before = game.action_count
    wrong = "p2" if game.acting_entity() != "p2" else "p1"
    with pytest.raises(IllegalAction):
        game.apply(Pass(entity=wrong))
    assert game.action_count == before == len(game.actions)


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_a_finished_playout_counts_its_whole_log(title: str) -> None:
    game = playout(title, 4, 7)
    assert game.over and game.action_count == len(game.actions) > 0


def test_the_toy_game_counts_its_actions_too() -> None:
    game = ToyGame(["a", "b"], {"pile": 5}, 1)
    rng = random.Random(1)
    while not game.over:
        game.apply(choose(rng, game.legal_actions()))
        assert game.action_count == len(game.actions)


@pytest.mark.parametrize("players", [3, 4])
def test_a_new_games_certificates_are_one_ledger_per_company(players: int) -> None:
    game = mini(players, 1)
    unsold = game.config.unsold_shares_at
    for spec in game.config.companies:
        company = game.companies[spec.id]
        certs = company.certs
        assert [c.index for c in certs] == list(range(len(spec.shares)))
        assert [c.percent for c in certs] == list(spec.shares)
        assert [c.president for c in certs] == [i == 0 for i in range(len(spec.shares))]
        assert all(c.owner == unsold and not c.face_down for c in certs)
        assert all(c.company == spec.id for c in certs)
        assert all(a is b for a, b in zip(company.certs, certs, strict=True))
        assert company.percent_of(unsold) == sum(spec.shares)
