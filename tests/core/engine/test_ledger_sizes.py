"""The ledger's kept size facts (``ShareLedger.ordinary_size``, ``in_index_order``) and
the shortcuts built on them (``ShareLedger.held``'s count, ``shares.take_slots``,
``offers.ordinary_sizes``)
agree with a recount from the certificates: at every position of seeded random games of
both titles (and of a clone that went its own way), after a size changes, and for
ledgers of mixed sizes, face-down certificates and shuffled numbers.  The interned par
lists (``plainchoices.par_choices_at``) equal fresh ones."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from railhouse.bench.positions import choose_playing
from railhouse.engine.certificates import ShareLedger
from railhouse.engine.game import Game
from railhouse.engine.record import new_game
from railhouse.engine.rounds import offers, plainchoices
from railhouse.engine.shares import _exact, take_slots

OWNERS = ("ipo", "pool", "treasury", "p0", "p1", "p2", "p3")


def recounted_size(ledger: ShareLedger) -> int:
    sizes = {pct for pct, pres in zip(ledger.percents, ledger.presidents, strict=True)
             if not pres}
    return sizes.pop() if len(sizes) == 1 else 0


def reference_slots(ledger: ShareLedger, owner: str, count: int) -> list[int]:
    """The rule of ``take_slots`` without shortcuts: the owner's ordinary certificates,
    face-up first, then by number; the first selection adding up to ``count`` shares."""
    found = sorted((i for i, held_by in enumerate(ledger.owners)
                    if held_by == owner and not ledger.presidents[i]),
                   key=lambda i: (ledger.face_down[i], ledger.indexes[i]))
    picked = _exact([(i, ledger.percents[i]) for i in found], count * 10)
    return [] if picked is None else picked


def recounted_holdings(ledger: ShareLedger) -> list[tuple[str, int]]:
    """Percent per holder of face-up certificates, in the order of their first one."""
    held: dict[str, int] = {}
    for owner, percent, down in zip(ledger.owners, ledger.percents, ledger.face_down,
                                    strict=True):
        if not down:
            held[owner] = held.get(owner, 0) + percent
    return list(held.items())


def check_ledger(ledger: ShareLedger) -> None:
    # (totals carried over a move list a new holder last: no fixed order of holders)
    assert ledger.held() == dict(recounted_holdings(ledger)), ledger.company
    assert ledger.ordinary_size() == recounted_size(ledger), ledger.company
    assert ledger.in_index_order == all(a < b for a, b in pairwise(ledger.indexes))
    for owner in {*OWNERS, *ledger.owners}:
        sizes = sorted({pct for held_by, pct, pres in zip(
            ledger.owners, ledger.percents, ledger.presidents, strict=True)
            if held_by == owner and not pres})
        assert offers.ordinary_sizes(ledger, owner) == sizes, (ledger.company, owner)
        for count in range(7):
            assert take_slots(ledger, owner, count) == reference_slots(ledger, owner, count)


def check_game(game: Game) -> None:
    for company in game.companies.values():
        check_ledger(company.ledger)


@pytest.mark.parametrize("title", ["soh", "1839"])
@pytest.mark.parametrize("seed", [5, 17])
def test_kept_sizes_equal_a_recount_in_random_games(title: str, seed: int) -> None:
    game = new_game(title, ["A", "B", "C", "D"], None, seed)
    rng = random.Random(seed)
    side: Game | None = None
    while not game.over and len(game.actions) < 600:
        check_game(game)
        if side is not None:
            check_game(side)
        if len(game.actions) % 50 == 25:  # a clone that goes its own way
            side = game.clone()
            if not side.over:
                side.apply(choose_playing(random.Random(seed + len(game.actions)),
                                          side.legal_actions()))
        game.apply(choose_playing(rng, game.legal_actions()))


def test_a_size_change_is_seen_on_that_side_only() -> None:
    game = new_game("soh", ["A", "B", "C", "D"], None, 1)
    company = next(iter(game.companies.values()))
    before = company.ledger.ordinary_size()
    assert before == recounted_size(company.ledger) and before > 0
    twin = game.clone()
    ordinary = next(c for c in twin.companies[company.id].certs if not c.president)
    ordinary.percent = before * 2
    assert twin.companies[company.id].ledger.ordinary_size() == 0
    assert company.ledger.ordinary_size() == before
    check_ledger(twin.companies[company.id].ledger)


def test_take_slots_on_mixed_face_down_and_shuffled_ledgers() -> None:
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(2, 9)
        rows = [(rng.choice((20, 30)), True, rng.choice(OWNERS), False)] + [
            (rng.choice((10, 10, 20)), False, rng.choice(OWNERS[:5]), rng.random() < 0.2)
            for _ in range(n - 1)]
        indexes = list(range(n))
        if rng.random() < 0.5:
            rng.shuffle(indexes)
        check_ledger(ShareLedger("X", rows, indexes))


def test_interned_par_lists_equal_fresh_ones() -> None:
    listed = plainchoices.par_choices_at("p1", "X", (60, 70))
    assert listed == [plainchoices.par_choice("p1", "X", 60),
                      plainchoices.par_choice("p1", "X", 70)]
    assert plainchoices.par_choices_at("p1", "X", (60, 70)) is listed
    assert plainchoices.par_choices_at("p1", "X", ()) == []
