"""A ledger's per-holder totals (``ShareLedger.held()``, kept in ``holdings`` until a
change drops them, or carried over a move of certificates by ``give``) equal a recount
from the certificates: at every position of seeded random games of both titles (every
action, not only the stock round's: operating rounds and pending choices move shares
too), and in clones that went their own way from one of those positions.  The totals
keep no fixed order of holders (a carried total lists a new holder last); an
observation lists a company's holders by first certificate all the same."""

from __future__ import annotations

import random

import pytest
from engine_playouts import positions_with_clones

from railhouse.engine.certificates import ShareLedger
from railhouse.engine.game import Game
from railhouse.engine.observation import observe
from railhouse.engine.record import new_game


def recount(ledger: ShareLedger) -> dict[str, int]:
    """Percent held per holder from the certificates, face-down ones not counted, holders
    in the order of their first certificate (the order observations list them in)."""
    held: dict[str, int] = {}
    for owner, percent, down in zip(ledger.owners, ledger.percents, ledger.face_down,
                                    strict=True):
        if not down:
            held[owner] = held.get(owner, 0) + percent
    return held


def check(game: Game, observed: bool = False) -> None:
    """``observed``: the observation's holders of each company too, by first certificate."""
    shares = observe(game)["companies"] if observed else {}
    for company in game.companies.values():
        ledger = company.ledger
        kept = ledger.holdings
        assert kept is None or kept == recount(ledger), company.id
        assert ledger.held() == recount(ledger), company.id
        if observed:
            listed = list(shares[company.id]["shares"])
            assert listed == list(dict.fromkeys(ledger.owners)), company.id


@pytest.mark.parametrize(("title", "seed"), [("soh", 3), ("soh", 7), ("1839", 3)])
def test_holdings_equal_a_recount_at_every_position(title: str, seed: int) -> None:
    game = new_game(title, ["A", "B", "C", "D"], None, seed)
    for position, main in positions_with_clones(game, random.Random(seed), 50):
        check(position, observed=main and (game.over or len(game.actions) % 5 == 0))


def test_the_one_size_count_equals_a_recount_in_any_order_of_holders() -> None:
    """The count of a ledger whose ordinary certificates share one size (one pass adding
    that size per certificate, the president's certificate's holder adding the
    difference) against the recount, holders in the order of their first certificate:
    ledgers of 2-12 certificates dealt at random among a few holders, the president's
    certificate anywhere, 10% or 20% ordinary certificates."""
    rng = random.Random(5)
    holders = ["p0", "p1", "p2", "ipo", "pool", "treasury"]
    for _ in range(500):
        count = rng.randint(2, 12)
        size = rng.choice((10, 20))
        president = rng.randrange(count)
        entries = [(size * 2 if i == president else size, i == president, rng.choice(holders),
                    False) for i in range(count)]
        ledger = ShareLedger("X", entries)
        assert list(ledger.held().items()) == list(recount(ledger).items()), entries


def test_a_change_through_a_view_or_a_clone_recounts_that_side_only() -> None:
    game = new_game("soh", ["A", "B", "C", "D"], None, 1)
    company = next(iter(game.companies.values()))
    ledger = company.ledger
    ledger.held()
    twin = game.clone()
    copied = twin.companies[company.id].ledger
    assert copied.holdings is ledger.holdings  # shared while the two are equal
    before = dict(ledger.held())
    twin.companies[company.id].certs[1].owner = "p2"
    assert copied.holdings is None and ledger.holdings is not None
    assert copied.held() == recount(copied) and copied.percent_of("p2") > 0
    assert ledger.held() == before
    company.certs[2].face_down = True
    assert ledger.held() == recount(ledger)
    company.certs[3].percent = 20
    assert ledger.held() == recount(ledger)
    ledger.give([4, 5], "p1", face_up=True)
    assert ledger.held() == recount(ledger) and ledger.percent_of("p1") >= 20
