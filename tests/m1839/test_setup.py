"""Setup (R-4)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from railhouse_m1839.game import M1839


@pytest.mark.parametrize(("players", "removed", "cash"), [
    (2, {"KF", "CM", "RH"}, 700), (3, {"CM", "RH"}, 500), (4, {"RH"}, 420)])
def test_R_4_2_R_4_3_removals_and_cash(make_game: Callable[..., M1839], players: int,
                                       removed: set[str], cash: int) -> None:
    game = make_game(players)
    assert {p.id for p in game.privates.values() if p.closed} == removed
    assert all(p.cash == cash for p in game.seats)
    assert len(game.cards.current) == players


def test_R_4_4_three_player_train_supply(make_game: Callable[..., M1839]) -> None:
    game = make_game(3)
    names = [t.name for t in game.depot.trains]
    assert names.count("4+") == 3 and names.count("4") == 3
    assert names.count("R4") == 2  # one is DRU's


def test_A_03_two_player_blue_option(make_game: Callable[..., M1839]) -> None:
    assert [t.name for t in make_game(2).depot.trains].count("4+") == 4
    game = make_game(2, two_player_blue_trains=3)
    assert [t.name for t in game.depot.trains].count("4+") == 3


def test_R_4_6_R_4_7_brown_majors_and_extra_shares(make_game: Callable[..., M1839]) -> None:
    game = make_game(4, seed=5)
    assigned = game.brown_assignment
    assert sorted(assigned) == ["AB", "AV", "CO"] and len(set(assigned.values())) == 3
    for private_id, company_id in assigned.items():
        company = game.companies[company_id]
        assert company.certs[0].owner == private_id  # director's certificate
        assert company.percent_of(private_id) == 30
    assert game.companies[assigned["AV"]].percent_of("STK") == 20
    assert game.companies[assigned["AB"]].percent_of("JJB") == 10


def test_R_4_6_assignment_is_seeded(make_game: Callable[..., M1839]) -> None:
    assert make_game(seed=3).brown_assignment == make_game(seed=3).brown_assignment
    seen = {tuple(make_game(seed=s).brown_assignment.values()) for s in range(8)}
    assert len(seen) > 1


def test_R_4_6_novice_option(make_game: Callable[..., M1839]) -> None:
    for seed in range(10):
        game = make_game(seed=seed, novice_voombergh=True)
        assert game.brown_assignment["AV"] not in ("AMS", "NBDS", "ZHESM")


def test_R_4_5_dru_train_set_aside(make_game: Callable[..., M1839]) -> None:
    game = make_game()
    assert game.dru_train is not None and game.dru_train.name == "R4"
