"""A company's certificates in one ledger (:mod:`railhouse.engine.certificates`): views that
read and write it, holdings that follow every change, clones that copy it independently."""

from __future__ import annotations

import copy
import random

import pytest
from engine_positions import mini

from railhouse.bench.positions import choose_playing
from railhouse.engine.certificates import Certificate, ShareLedger
from railhouse.engine.cloning import fast_deepcopy
from railhouse.engine.config import CompanySpec
from railhouse.engine.entities import IPO, POOL, Company
from railhouse.engine.record import new_game


def company(sizes: tuple[int, ...] = (20, 10, 10, 10, 10, 10, 10, 10, 10)) -> Company:
    spec = CompanySpec(id="A", name="A", home=(), shares=sizes)
    certs = [Certificate("A", i, pct, president=(i == 0), owner=IPO)
             for i, pct in enumerate(sizes)]
    return Company(spec=spec, certs=certs)


def test_assigning_an_owner_moves_the_holdings() -> None:
    a = company()
    a.certs[0].owner = "p0"
    a.certs[3].owner = "p0"
    a.certs[4].owner = POOL
    assert a.percent_of("p0") == 30 and a.shares_of("p0") == 3
    assert a.percent_of(POOL) == 10 and a.percent_of(IPO) == 60
    assert [c.index for c in a.certs_of("p0")] == [0, 3]
    a.certs[3].owner = "p1"
    assert a.percent_of("p0") == 20 and a.certs_of("p1") == [a.certs[3]]
    assert a.certs_of("nobody") == [] and a.percent_of("nobody") == 0


def test_face_down_certificates_are_held_but_count_for_nothing() -> None:
    """SOH's optional face-down certificates: owned, not active (the core's percent)."""
    a = company()
    a.certs[1].owner = "p0"
    a.certs[2].owner = "p0"
    a.certs[2].face_down = True
    assert a.percent_of("p0") == 10 and a.ledger.count_of("p0") == 2
    assert a.player_percent() == 20  # face-down ones are the players' too
    a.certs[2].face_down = False
    assert a.percent_of("p0") == 20


def test_a_changed_size_changes_the_holdings() -> None:
    a = company()
    a.certs[1].owner = "p0"
    a.certs[1].percent = 20
    assert a.percent_of("p0") == 20 and a.certs[1].percent == 20


def test_certificates_are_the_same_objects_all_game() -> None:
    a = company()
    first = a.certs[4]
    first.owner = "p2"
    assert a.certs[4] is first and a.certs_of("p2")[0] is first
    assert first.company == "A" and first.index == 4 and not first.president
    assert a.certs[0].president and a.ledger.president_index() == 0


def test_a_certificate_made_alone_keeps_its_facts_until_a_company_adopts_it() -> None:
    cert = Certificate("B", 3, 10, president=False, owner=POOL, face_down=True)
    assert (cert.company, cert.index, cert.percent, cert.owner, cert.face_down) == (
        "B", 3, 10, POOL, True)
    cert.owner = "p1"
    ledger = ShareLedger("B")
    ledger.adopt([cert])
    assert ledger.owners == ("p1",) and ledger.views()[0] is cert and cert.index == 3
    assert ledger.percent_of("p1") == 0  # face down


def test_a_deep_copy_is_independent_both_ways() -> None:
    a = company()
    a.certs[0].owner = "p0"
    twin = fast_deepcopy(a, {})
    twin.certs[1].owner = "p0"
    twin.certs[0].face_down = True
    twin.certs[2].percent = 30
    assert a.percent_of("p0") == 20 and not a.certs[0].face_down and a.certs[2].percent == 10
    a.certs[5].owner = "p3"
    assert twin.percent_of("p3") == 0 and twin.certs[5].owner == IPO
    assert twin.percent_of("p0") == 10  # the president's certificate is face down there
    assert copy.deepcopy(a).certs == a.certs


def test_a_certificate_copied_with_its_company_is_the_copied_companys() -> None:
    a = company()
    held = {"company": a, "cert": a.certs[2]}
    twin = fast_deepcopy(held, {})
    assert twin["cert"] is twin["company"].certs[2]
    twin["cert"].owner = "p1"
    assert twin["company"].percent_of("p1") == 10 and a.percent_of("p1") == 0
    alone = fast_deepcopy(a.certs[3], {})
    alone.owner = "p2"
    assert a.certs[3].owner == IPO


def test_clones_of_a_game_keep_their_own_certificate_owners() -> None:
    game = mini(3, 1)
    target = next(iter(game.companies.values()))
    twin = game.clone()
    twin.companies[target.id].certs[1].owner = "p2"
    assert target.certs[1].owner != "p2" and target.percent_of("p2") == 0
    target.certs[2].owner = "p1"
    assert twin.companies[target.id].percent_of("p1") == 0


def test_slots_of_finds_every_certificate_of_a_holder() -> None:
    a = company()
    a.certs[2].owner = "sold"
    a.certs[5].owner = "sold"
    a.certs[8].owner = "sold"
    assert a.ledger.slots_of("sold") == [2, 5, 8]
    assert a.ledger.slots_of(IPO) == [0, 1, 3, 4, 6, 7]
    assert a.ledger.slots_of("p9") == []


@pytest.mark.parametrize(("title", "seed"), [("soh", 4), ("1839", 6)])
def test_slots_of_equals_a_scan_of_the_owners_in_real_games(title: str, seed: int) -> None:
    """``slots_of`` (a search by ``tuple.index``) equals a scan of every certificate, for
    every holder of every company, after every action of a seeded random game."""
    game = new_game(title, ["A", "B", "C", "D"], None, seed)
    rng = random.Random(seed)
    compared = 0
    while not game.over:
        for comp in game.companies.values():
            ledger = comp.ledger
            for owner in {*ledger.owners, "sold", "p9"}:
                scanned = [i for i, held_by in enumerate(ledger.owners) if held_by == owner]
                assert ledger.slots_of(owner) == scanned
                compared += 1
        game.apply(choose_playing(rng, game.legal_actions()))
    assert compared > 1000


def test_giving_face_up_turns_only_the_given_certificates_face_up() -> None:
    """``give(face_up=True)``: the given certificates face up, the others as they were
    (the flags are rewritten only where one of the given ones was face down)."""
    a = company()
    ledger = a.ledger
    untouched = ledger.face_down
    ledger.give([1, 2], "p0", face_up=True)  # nothing face down: the flags kept as they are
    assert ledger.face_down is untouched
    ledger.set_face_down(3, True)
    ledger.set_face_down(5, True)
    flags = ledger.face_down
    ledger.give([1, 2], "p1", face_up=True)  # the face-down ones not given: kept
    assert ledger.face_down is flags
    ledger.give([3, 4], "p1", face_up=True)
    assert ledger.face_down == (False, False, False, False, False, True, False, False, False)
    assert a.percent_of("p1") == 40
