"""Copiers written per record class (:mod:`railhouse.engine.recordcopy`) copy exactly
what the record holds: over seeded playouts of both titles, every record of such a class
reachable from the game holds its dataclass fields and nothing else (else the written
copier would drop an attribute), and its written copy equals the copy made from its
``__dict__`` (shared immutable values, copied containers, deep-copied members)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine import cloning, fastcopy
from railhouse.engine.certificates import ShareLedger
from railhouse.engine.entities import Bank, Company, Player
from railhouse.engine.record import new_game
from railhouse.engine.recordcopy import WRITTEN
from railhouse.engine.trains import Depot

TITLES = ["soh", "1839"]


def records(game: Any) -> list[Any]:
    """Every object reachable from ``game``'s state (not the title's shared data) whose
    class has a written copier."""
    return [value for value in reachable(game) if type(value) in WRITTEN]


def reachable(game: Any, *skipped: Any) -> list[Any]:
    """Every object reachable from ``game``'s state but the title's shared data and the
    ``skipped`` objects (and what only they reach)."""
    shared = {id(root) for root in (*cloning.shared_roots(game), *skipped)}
    seen: set[int] = set()
    found: list[Any] = []
    stack: list[Any] = [game]
    while stack:
        value = stack.pop()
        if id(value) in seen or id(value) in shared or type(value) in cloning.ATOMIC:
            continue
        seen.add(id(value))
        found.append(value)
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list | tuple | set | frozenset):
            stack.extend(value)
        elif hasattr(value, "__dict__"):
            stack.extend(vars(value).values())
    return found


def check_record(record: Any) -> None:
    cls = type(record)
    state = vars(record)
    names, mutable, shallow = WRITTEN[cls]
    fields = (tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls)
              else cls.__record_attributes__)
    assert tuple(state) == fields == names, f"{cls.__name__} holds {tuple(state)}"
    memo: dict[int, Any] = {}
    twin = fastcopy._COPIERS[cls](record, memo)
    assert type(twin) is cls and memo[id(record)] is twin
    copied = vars(twin)
    assert tuple(copied) == tuple(state)
    for name, value in state.items():
        if name in shallow:  # a container of its own, with the same items
            assert copied[name] == value and copied[name] is not value, name
        elif name in mutable:  # a deep copy
            assert copied[name] is not value and vars(copied[name]) == vars(value), name
        else:
            assert copied[name] is value, name


@pytest.mark.parametrize("title", TITLES)
def test_written_copiers_copy_every_attribute_of_real_records(title: str) -> None:
    """The records of the played game (made by ``__init__``) and of clones that played
    on (made by the written copiers) are checked every 17 actions."""
    seen: set[type] = set()
    for seed in (1, 2):
        game = new_game(title, seat_names(4), None, seed)
        rng = random.Random(seed)
        while not game.over:
            if game.action_count % 17 == 0:
                twin = game.clone()
                branch = random.Random(game.action_count)
                for _ in range(10):
                    if not twin.over:
                        twin.apply(choose_playing(branch, twin.legal_actions()))
                for record in records(game) + records(twin):
                    check_record(record)
                    seen.add(type(record))
            game.apply(choose_playing(rng, game.legal_actions()))
    assert {Bank, Company, Player, Depot, ShareLedger} <= seen


def test_the_engines_records_have_written_copiers() -> None:
    assert {Bank, Company, Player, Depot, ShareLedger} <= WRITTEN.keys()
    assert WRITTEN[Company] == (tuple(f.name for f in dataclasses.fields(Company)),
                                ("ledger",), ("trains", "privates"))


def test_a_subclass_copies_through_the_generic_copier() -> None:
    """A subclass may add attributes the written copier does not know: it is deep-copied
    attribute by attribute from its ``__dict__``, the added ones too."""

    class Kept(Depot):
        pass

    depot = Kept(trains=[], serial={"2": 1})
    note = ["kept"]
    setattr(depot, "note", note)  # noqa: B010 (an attribute the class does not declare)
    twin = fastcopy.fast_deepcopy(depot, {})
    assert type(twin) is Kept and getattr(twin, "note") == note  # noqa: B009
    assert getattr(twin, "note") is not note  # noqa: B009
    assert twin.serial == {"2": 1} and twin.serial is not depot.serial


class LedgerOfItsOwn(ShareLedger):
    """A ledger subclass: not the member class the Company copier writes in."""

    __slots__ = ()


def test_a_companys_ledger_is_copied_in_its_copier_as_the_ledgers_own_copier_would() -> None:
    """``Company``'s written copier copies its ledger itself (``members``): the copy equals
    the ledger's own copy, is kept in the memo (a certificate view copied before or after
    its company reaches the same copied ledger; a ledger two companies hold is copied
    once), and a ledger of another class is copied by that class's copier."""
    game = new_game("soh", seat_names(4), None, 1)
    company = next(iter(game.companies.values()))
    ledger = company.ledger
    cert = company.certs[0]
    for items in ([cert, company], [company, cert]):
        twin = fastcopy.fast_deepcopy(items, {})
        copied = twin[1] if items[0] is cert else twin[0]
        view = twin[0] if items[0] is cert else twin[1]
        assert copied.ledger is not ledger and vars(copied.ledger) == vars(ledger)
        assert view._ledger is copied.ledger and view is copied.certs[0]
    other = next(c for c in game.companies.values() if c is not company)
    other.ledger = ledger  # one ledger held twice: one copy
    first, second = fastcopy.fast_deepcopy([company, other], {})
    assert first.ledger is second.ledger and first.ledger is not ledger
    own = LedgerOfItsOwn(company.id, [(20, True, "ipo", False)])
    company.ledger = own
    memo: dict[int, Any] = {}
    twin_company = fastcopy.fast_deepcopy(company, memo)
    assert type(twin_company.ledger) is LedgerOfItsOwn and twin_company.ledger is not own
    assert memo[id(own)] is twin_company.ledger and twin_company.ledger.owners == ("ipo",)
