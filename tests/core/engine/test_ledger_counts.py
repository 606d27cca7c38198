"""A ledger's kept facts equal a reading from its certificates: its certificates per
holder (``ShareLedger.counts()``, kept in ``tally`` once asked and carried over every
change of holder) and the certificate-limit count built from them
(:func:`~railhouse.engine.shares.player_certificate_count`), at every decision of seeded
random games of both titles (1839 has no limit, but its ledgers keep the counts all the
same) and in clones played on from those positions, whose counts must never be the
original's to change; and its flag ``some_face_down`` (``True in face_down``), there and
in SOH games with the optional rule that turns shares face down (option
``priority_deal``; seeds where it does)."""

from __future__ import annotations

import random

import pytest
from engine_playouts import positions_with_clones

from railhouse.engine.certificates import ShareLedger
from railhouse.engine.game import Game
from railhouse.engine.record import new_game
from railhouse.engine.shares import player_certificate_count


def recount(ledger: ShareLedger) -> dict[str, int]:
    """Certificates per holder from the certificates, face-down ones too."""
    counts: dict[str, int] = {}
    for owner in ledger.owners:
        counts[owner] = counts.get(owner, 0) + 1
    return counts


def limit_count(game: Game, player_id: str) -> int:
    """The certificate-limit count from scratch: every certificate of an open company
    and every open private the player holds (SOH EN "Maximum number of certificates")."""
    shares = sum(company.ledger.owners.count(player_id)
                 for company in game.companies.values() if not company.closed)
    privates = sum(1 for private in game.privates.values()
                   if private.owner == player_id and not private.closed)
    return shares + privates


def listed(counts: dict[str, int]) -> dict[str, int]:
    """``counts`` without holders listed with 0 (a carried count keeps them)."""
    return {owner: count for owner, count in counts.items() if count}


def check(game: Game) -> None:
    for company in game.companies.values():
        ledger = company.ledger
        kept = ledger.tally
        assert kept is None or listed(kept) == recount(ledger), company.id
        assert listed(ledger.counts()) == recount(ledger), company.id
        assert ledger.some_face_down == (True in ledger.face_down), company.id
        for owner in {*ledger.owners, "nobody"}:
            assert ledger.count_of(owner) == ledger.owners.count(owner), (company.id, owner)
    for seat in game.seats:
        assert player_certificate_count(game, seat.id) == limit_count(game, seat.id)


@pytest.mark.parametrize(("title", "seed", "face_down"), [
    ("soh", 3, False), ("soh", 8, False), ("1839", 3, False), ("soh", 0, True),
    ("soh", 19, True)])
def test_counts_equal_a_recount_at_every_decision(title: str, seed: int,
                                                  face_down: bool) -> None:
    options = {"priority_deal": True} if face_down else None
    game = new_game(title, ["A", "B", "C", "D"], options, seed)
    turned = False
    for position, _ in positions_with_clones(game, random.Random(seed), 40):
        check(position)
        turned = turned or any(c.ledger.some_face_down for c in position.companies.values())
    assert turned == face_down  # (the seeds with the option do turn shares face down)


def test_a_change_on_a_clone_or_through_a_view_recounts_that_side_only() -> None:
    game = new_game("soh", ["A", "B", "C", "D"], None, 1)
    company = next(iter(game.companies.values()))
    ledger = company.ledger
    before = dict(ledger.counts())
    twin = game.clone()
    copied = twin.companies[company.id].ledger
    copied.counts()
    twin.companies[company.id].certs[1].owner = "p2"
    assert copied.count_of("p2") == 1 and listed(copied.counts()) == recount(copied)
    assert ledger.counts() == before and ledger.count_of("p2") == 0
    copied.give([2, 3], "p1")
    assert listed(copied.counts()) == recount(copied) and copied.count_of("p1") == 2
    assert ledger.counts() == before
    company.certs[2].face_down = True  # face down still counts
    assert listed(ledger.counts()) == recount(ledger) == before
    assert ledger.some_face_down and not copied.some_face_down
    ledger.give([4], "p1", face_up=True)
    assert listed(ledger.counts()) == recount(ledger) and ledger.count_of("p1") == 1
    assert ledger.some_face_down  # (another certificate turned up)
    ledger.give([2], "p1", face_up=True)
    assert not ledger.some_face_down and ledger.percent_of("p1") == 20
