"""Certificates, holdings, presidency, certificate limits and floating (core shares)."""

from __future__ import annotations

import random

import pytest
from engine_positions import in_stock_round, mini, start

from railhouse.bench.positions import choose_playing
from railhouse.engine.certificates import ShareLedger
from railhouse.engine.entities import Company
from railhouse.engine.game import Game
from railhouse.engine.invariants import find_problems
from railhouse.engine.privates import update_private
from railhouse.engine.record import new_game
from railhouse.engine.shares import (
    _any_seat_above,
    check_float,
    move_shares,
    others_in_order,
    player_certificate_count,
    take_certificates,
    take_slots,
    update_president,
)


def test_certificates_of_any_size_sum_to_100_and_start_in_the_ipo() -> None:
    game = mini()
    sizes = {c.id: [cert.percent for cert in c.certs] for c in game.companies.values()}
    assert sizes["A"] == [20] + [10] * 8 and sizes["C"] == [20] * 5
    assert sizes["L"] == [40, 20, 20, 20]
    assert all(c.percent_of("ipo") == 100 for c in game.companies.values())
    assert find_problems(game) == []


def test_holdings_move_between_ipo_pool_treasury_and_players_in_10_percent_units() -> None:
    game = mini()
    company = game.companies["C"]  # 20% ordinary certificates
    move_shares(company, "ipo", "p0", 4)
    move_shares(company, "p0", "pool", 2)
    move_shares(company, "ipo", "treasury", 2)
    assert (company.percent_of("p0"), company.percent_of("pool")) == (20, 20)
    assert company.percent_of("treasury") == 20 and company.shares_of("p0") == 2
    with pytest.raises(ValueError, match="worth 1 shares"):
        move_shares(company, "ipo", "p1", 1)  # no 10% certificate of C exists


def test_take_certificates_finds_an_exact_combination_of_mixed_sizes() -> None:
    game = mini()
    company = game.companies["A"]
    company.certs[1].percent, company.certs[2].percent = 20, 0  # a 20% and a 0%: still 100
    move_shares(company, "ipo", "p1", 3)
    assert company.percent_of("p1") == 30
    assert take_certificates(company, "p1", 4) == []


def test_most_shares_takes_the_presidency_and_certificates_are_exchanged_en_change_of_presidency(
) -> None:
    game = in_stock_round()
    company = start(game, "A", "p0", 70, {"p1": 3})
    assert update_president(game, company) == "p1"
    assert company.president == "p1" and company.certs[0].owner == "p1"
    assert company.percent_of("p0") == 20 and company.percent_of("p1") == 30


def test_a_tie_keeps_the_president() -> None:
    game = in_stock_round()
    company = start(game, "A", "p0", 70, {"p1": 2})
    assert update_president(game, company) is None and company.president == "p0"


def test_a_tie_among_challengers_goes_to_the_first_after_the_old_president_r_7_6_4() -> None:
    game = in_stock_round(players=4)
    company = start(game, "A", "p1", 70, {"p0": 3, "p2": 2, "p3": 3})
    # p1 holds 20%, p0 and p3 30% each: after p1 in seat order come p2, p3, p0
    assert update_president(game, company) == "p3"
    assert company.percent_of("p1") == 20 and company.shares_of("p3") == 3


def test_the_president_certificate_counts_one_and_privates_count_en_certificate_limit() -> None:
    game = mini()
    start(game, "A", "p0", 70, {"p0": 2})
    update_private(game, "P1", owner="p0")
    assert player_certificate_count(game, "p0") == 1 + 2 + 1
    update_private(game, "P1", closed=True)
    assert player_certificate_count(game, "p0") == 3


def test_float_percent_is_data_per_company() -> None:
    game = mini()
    a = start(game, "A", "p0", 70, {"p1": 3})
    assert not check_float(game, a)  # 50% sold, needs 60
    move_shares(a, "ipo", "p2", 1)
    assert check_float(game, a) and a.floated
    local = start(game, "L", "p1", 30)
    assert check_float(game, local)  # the local floats at 40%: its president's certificate


def reference_slots(ledger: ShareLedger, owner: str, count: int) -> list[int]:
    """take_slots as its rule states it, without shortcuts: the first selection, face-up
    certificates and lower indexes first, of ``owner``'s ordinary certificates summing to
    exactly ``count`` shares."""
    found = sorted((i for i, held in enumerate(ledger.owners)
                    if held == owner and not ledger.presidents[i]),
                   key=lambda i: (ledger.face_down[i], ledger.indexes[i]))

    def first(start: int, percent: int) -> list[int] | None:
        if percent == 0:
            return []
        for k in range(start, len(found)):
            size = ledger.percents[found[k]]
            if size <= percent:
                rest = first(k + 1, percent - size)
                if rest is not None:
                    return [found[k], *rest]
        return None

    return first(0, count * 10) or []


def test_take_slots_equals_the_plain_search_on_random_ledgers() -> None:
    """take_slots's one-size path (tuple.index searches) and its sorting path pick what
    the plain exact search picks: ledgers of one size or mixed sizes, in or out of index
    order, with or without face-down certificates."""
    rng = random.Random(7)
    holders = ["p0", "p1", "ipo", "pool"]
    for _ in range(400):
        n = rng.randint(2, 10)
        sizes = [10] * n if rng.random() < 0.6 else [rng.choice((10, 20)) for _ in range(n)]
        sizes[0] = 20
        rows = [(sizes[i], i == 0, rng.choice(holders), rng.random() < 0.15)
                for i in range(n)]
        indexes = list(range(n))
        if rng.random() < 0.3:
            rng.shuffle(indexes)
        ledger = ShareLedger("X", rows, indexes)
        for owner in holders:
            for count in range(0, 6):
                assert take_slots(ledger, owner, count) == reference_slots(
                    ledger, owner, count), (rows, indexes, owner, count)



def presidency_passes(game: Game, president: str, held: dict[str, int]) -> bool:
    """``update_president``'s question worked out in full: does a player after the
    president, in the title's order, hold more shares than the president?"""
    shares = held.get(president, 0) // 10
    return any(held.get(p, 0) // 10 > shares for p in game.players_after(president))


def sale_hands_over(game: Game, company: Company, held: dict[str, int], count: int) -> bool:
    """``hand_over_before_sale``'s question worked out in full, by its rivals in order."""
    seller = company.president
    assert seller is not None
    remaining = held.get(seller, 0) // 10 - count
    best = max((held.get(p, 0) // 10 for p in others_in_order(game, seller)), default=0)
    ledger = company.ledger
    return not (remaining >= best or best < ledger.percents[ledger.president_index()] // 10)


@pytest.mark.parametrize(("title", "seed"), [("soh", 7), ("1839", 3), ("1839", 8)])
def test_the_seat_scan_never_skips_a_change_of_presidency(title: str, seed: int) -> None:
    """``update_president`` and ``hand_over_before_sale`` skip the players' order where no
    seat holds more (``_any_seat_above``).  After every action of seeded random games,
    for every company with a president, its holdings as they are and with any other seat
    holding 10-30% more (a purchase), and every sale size of its president: wherever
    the full question says the presidency passes, the scan sees a seat above."""
    game = new_game(title, ["A", "B", "C", "D"], None, seed)
    rng = random.Random(seed)
    passes = handovers = 0
    while not game.over:
        for company in game.companies.values():
            president = company.president
            if president is None or company.closed:
                continue
            actual = company.ledger.held()
            variants = [actual] + [{**actual, seat.id: actual.get(seat.id, 0) + extra}
                                   for seat in game.seats if seat.id != president
                                   for extra in (10, 20, 30)]
            for held in variants:
                if presidency_passes(game, president, held):
                    passes += 1
                    shares = held.get(president, 0) // 10
                    assert _any_seat_above(game, held, shares * 10 + 9)
                for count in range(1, held.get(president, 0) // 10 + 1):
                    if sale_hands_over(game, company, held, count):
                        handovers += 1
                        remaining = held.get(president, 0) // 10 - count
                        assert _any_seat_above(game, held, remaining * 10 + 9, president)
        game.apply(choose_playing(rng, game.legal_actions()))
    assert passes > 100 and handovers > 100
