"""``Game.clone()``: immutable values are shared, everything mutable is independent."""

from __future__ import annotations

import copy
import dataclasses
import enum
import gc
import random
import sys
import types
import weakref
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import pytest
from engine_positions import mini
from minititle import MiniGame

from railhouse.bench.positions import playout
from railhouse.engine import cloning, fastcopy
from railhouse.engine.actions import LegalAction, Pass, Range
from railhouse.engine.api import Event
from railhouse.engine.cloning import fast_deepcopy, shared_on_copy, shared_roots
from railhouse.engine.config import MarketCell
from railhouse.engine.entities import Train
from railhouse.engine.invariants import check_invariants
from railhouse.engine.privates import update_private
from railhouse.engine.record import new_game
from railhouse.engine.rounds.base import Decider
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.testing.conformance import choose


def late_game(seed: int = 3, actions: int = 60) -> MiniGame:
    """A mini game with companies floated, trains bought and an operating round under way."""
    game = mini(3, seed)
    rng = random.Random(seed)
    while not game.over and len(game.actions) < actions:
        game.apply(choose(rng, game.legal_actions()))
    return game


def in_operating_round() -> MiniGame:
    """The first seeded playout position where a company with a train is operating."""
    for seed in range(50):
        game = mini(3, seed)
        rng = random.Random(seed)
        while not game.over:
            if (isinstance(game.round, OperatingRound) and game.round.company is not None
                    and game.round.company.trains):
                return game
            game.apply(choose(rng, game.legal_actions()))
    raise AssertionError("no seed reaches an operating company with a train")


def test_frozen_title_data_is_shared_not_copied() -> None:
    game = late_game()
    twin = game.clone()
    assert twin.config is game.config and twin.info is game.info and twin.hooks is game.hooks
    for company_id, company in game.companies.items():
        assert twin.companies[company_id].spec is company.spec
    for private_id, private in game.privates.items():
        assert twin.privates[private_id].spec is private.spec
    for name, market in game.markets.items():
        assert twin.markets[name].spec is market.spec
    trains = {t.id: t for t in game.depot.trains}
    for train in twin.depot.trains:
        assert train is trains[train.id]  # a value (shared_on_copy): never copied
    assert twin.phase is game.phase


def test_the_logs_share_their_immutable_entries_but_not_the_lists() -> None:
    game = late_game()
    twin = game.clone()
    assert twin._actions is not game._actions and twin._events is not game._events
    assert all(a is b for a, b in zip(twin.actions, game.actions, strict=True))
    assert all(a is b for a, b in zip(twin._events, game._events, strict=True))
    twin.event("note", {"by": "clone"})
    assert game._events[-1].kind != "note"


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_what_a_game_never_changes_is_shared_and_stays_unchanged(title: str) -> None:
    """``cloning.SHARED_STATE`` (the options, the players' names) is held by a clone as
    it is: correct only while no play changes them, which a whole seeded playout of each
    title checks (the values and the objects, before and after)."""
    fresh = new_game(title, ["a", "b", "c", "d"], None, 5)
    twin = fresh.clone()
    for name in cloning.SHARED_STATE:
        assert getattr(twin, name) is getattr(fresh, name), name
    finished = playout(title, 4, 5)
    played = new_game(title, list(finished.players), None, 5)
    before = {name: copy.deepcopy(getattr(played, name)) for name in cloning.SHARED_STATE}
    objects = {name: getattr(played, name) for name in cloning.SHARED_STATE}
    for action in finished.actions:
        played.apply(action)
    for name in cloning.SHARED_STATE:
        assert getattr(played, name) is objects[name] and objects[name] == before[name], name


def test_mutating_players_companies_certificates_privates_leaves_the_original() -> None:
    game = late_game()
    before = game.observation()
    twin = game.clone()
    twin.seats[0].cash += 1000
    twin.bank.cash -= 1000
    company = next(c for c in twin.companies.values() if c.started)
    company.cash += 5
    company.president = "p2"
    company.certs[0].owner = "pool"
    update_private(twin, "P1", owner="p2")
    update_private(twin, "P1", closed=True)
    assert game.observation() == before
    original = game.companies[company.id]
    assert original.certs[0] is not company.certs[0]


def test_privates_are_values_a_clone_shares_until_either_side_replaces_one() -> None:
    """A private is an immutable value (``update_private`` replaces it in its game's
    dict): a clone has its own ``privates`` dict holding the same values, a change on
    either side leaves the other's value as it was, and writing a field raises."""
    game = late_game()
    twin = game.clone()
    assert twin.privates is not game.privates
    assert all(twin.privates[key] is value for key, value in game.privates.items())
    original = game.privates["P1"]
    update_private(twin, "P1", owner="p2", closed=True, price_paid=7)
    assert game.privates["P1"] is original
    assert (twin.privates["P1"].owner, twin.privates["P1"].closed) == ("p2", True)
    owner = game.privates["P2"].owner
    update_private(game, "P2", owner="p1" if owner != "p1" else "p0")
    assert twin.privates["P2"].owner == owner != game.privates["P2"].owner
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.privates["P1"].owner = "p0"  # type: ignore[misc]


def test_mutating_markets_and_depot_leaves_the_original() -> None:
    game = late_game()
    market = next(m for m in game.markets.values() if m.positions)
    company_id = next(iter(market.positions))
    stacks = dict(market.stacks)
    positions = dict(market.positions)
    depot = [t.id for t in game.depot.trains]
    twin = game.clone()
    twin_market = twin.markets[market.spec.id]
    twin_market.move(company_id, "left")
    twin_market.face_down.add(company_id)
    twin.depot.take(twin.depot.available()[0].id)
    assert market.positions == positions and market.stacks == stacks and not market.face_down
    assert [t.id for t in game.depot.trains] == depot


def test_round_state_and_pending_deciders_are_independent() -> None:
    game = in_operating_round()
    assert isinstance(game.round, OperatingRound)
    twin = game.clone()
    assert isinstance(twin.round, OperatingRound)
    # the clone's parts point at its inner game, which shares its state (cloning.sharing_state)
    assert twin.round is not game.round and twin.round.game is twin.inner
    assert vars(twin.inner) is vars(twin) and twin.inner is not game
    assert all(step.game is twin.inner for step in twin.round.steps)
    twin.round.operated.append("Z")
    twin.round.steps[0].done = not game.round.steps[0].done
    twin.pending.append(Decider(twin))
    assert "Z" not in game.round.operated and not game.pending
    assert twin.round.steps[0].done != game.round.steps[0].done


def test_a_clone_plays_on_alone_and_equals_a_replay() -> None:
    game = late_game()
    snapshot = game.observation()
    twin = game.clone()
    rng = random.Random(9)
    for _ in range(30):
        if twin.over:
            break
        twin.apply(choose(rng, twin.legal_actions()))
        check_invariants(twin)
    assert game.observation() == snapshot
    again = MiniGame(list(game.players), dict(game.options), game.seed)
    for action in twin.actions:
        again.apply(action)
    assert again.observation() == twin.observation()


def test_the_clone_rng_continues_the_sequence_independently() -> None:
    game = late_game()
    twin = game.clone()
    assert twin.rng is not game.rng
    assert [twin.rng.random() for _ in range(5)] == [game.rng.random() for _ in range(5)]


class FakeBoard:
    """Stands in for a ``railhouse.map`` board: copies itself with ``clone()``."""

    def __init__(self, mapdef: object) -> None:
        self.map = mapdef
        self.tiles: dict[str, str] = {}
        self.clones = 0

    def clone(self) -> FakeBoard:
        other = FakeBoard(self.map)
        other.tiles = dict(self.tiles)
        self.clones += 1
        return other


def test_a_board_copies_itself_once_and_shares_its_map() -> None:
    game = late_game()
    mapdef = object()
    fake = FakeBoard(mapdef)
    game.board = fake  # type: ignore[assignment]
    game.round.board_ref = fake  # type: ignore[union-attr]  # a round holding it
    twin = game.clone()
    board: Any = twin.board
    assert board is not fake and board.map is mapdef and fake.clones == 1
    assert twin.round.board_ref is board  # type: ignore[union-attr]
    board.tiles["A1"] = "57"
    assert fake.tiles == {}
    assert mapdef in shared_roots(game)


def test_shared_on_copy_values_are_their_own_copies() -> None:
    cell = MarketCell(100, par=True)
    legal = LegalAction(Pass(entity="p0"), {"price": Range(1, 5)})
    event = Event(0, "action", {"a": 1})
    for value in (cell, legal, legal.action, event, Range(1, 2)):
        assert copy.copy(value) is value and copy.deepcopy(value) is value

    @shared_on_copy
    class Mine:
        pass

    mine = Mine()
    assert copy.deepcopy([mine])[0] is mine


def test_flat_copied_records_hold_only_immutable_values() -> None:
    """``flat_on_deepcopy`` is only correct while every attribute is immutable: a mutable
    field added to Player, Train, Private, Bank or ShareLedger must fail here (certificates
    are views of their company's ledger: :mod:`railhouse.engine.certificates`)."""
    game = late_game()
    records: list[object] = [game.bank, *game.seats, *game.privates.values()]
    for company in game.companies.values():
        records += company.trains
    records += game.depot.trains
    records += [company.ledger for company in game.companies.values()]
    # a ledger's: replaced or dropped on a change, shared
    caches = {"holdings", "memo", "tally"}
    for record in records:
        for name, value in vars(record).items():
            assert value is None or isinstance(value, str | int) or name in caches or (
                copy.deepcopy(value) is value), f"{type(record).__name__}.{name} is mutable"
    twin = game.clone()
    assert twin.seats[0] is not game.seats[0] and twin.seats[0] == game.seats[0]
    cert, twin_cert = game.companies["A"].certs[0], twin.companies["A"].certs[0]
    assert twin_cert == cert and twin_cert is not cert


# -- fast_deepcopy: copy.deepcopy's result without its generic machinery -------------------
T = TypeVar("T")


class Node:
    def __init__(self, name: str) -> None:
        self.name = name
        self.children: list[Node] = []
        self.parent: Node | None = None

    def rename(self, name: str) -> None:
        self.name = name


@dataclass(frozen=True)
class FrozenAtoms:
    a: int
    b: tuple[str, ...]


@dataclass(frozen=True)
class FrozenHolder:
    items: list[int]


@dataclass(frozen=True, slots=True)
class SlottedAtoms:
    a: int
    b: str


class Slotted:
    __slots__ = ("value",)

    def __init__(self, value: list[int]) -> None:
        self.value = value


class Colour(enum.Enum):
    RED = 1


@dataclass(slots=True)
class TurnLike:
    """A mutable slots record, as a title's turn state."""

    laid: tuple[str, ...] = ()
    routes: list[int] = field(default_factory=list)


class GenericHolder(Generic[T]):
    """A generic class (Generic's empty ``__slots__``), as a game's deciders."""

    def __init__(self, item: T) -> None:
        self.items = [item]


def zoo() -> dict[str, Any]:
    root, leaf = Node("root"), Node("leaf")
    root.children.append(leaf)
    leaf.parent = root
    shared = [1, 2]
    return {
        "tree": root, "again": leaf, "alias": (shared, shared), "shared": shared,
        "by_object": {leaf: "leaf"}, "objects": {root}, "atoms": FrozenAtoms(1, ("x",)),
        "holder": FrozenHolder([3]), "slotted_atoms": SlottedAtoms(1, "y"),
        "slotted": Slotted([4]), "default": defaultdict(list, {"k": [5]}),
        "colour": Colour.RED, "method": root.rename, "frozen": frozenset({1, "a"}),
        "nested": ((1, 2), ("a", [6])),
        "turn": TurnLike(("A1",), [7]), "generic": GenericHolder(root),
    }


def test_fast_deepcopy_copies_like_deepcopy() -> None:
    original = zoo()
    fast = fast_deepcopy(original, {})
    tree = fast["tree"]
    assert tree is not original["tree"] and tree.children[0] is fast["again"]
    assert fast["again"].parent is tree  # cycles and aliases stay as they were
    assert fast["alias"][0] is fast["alias"][1] is fast["shared"] is not original["shared"]
    assert list(fast["by_object"]) == [fast["again"]] and fast["objects"] == {tree}
    assert fast["holder"] is not original["holder"] and fast["holder"] == original["holder"]
    assert fast["holder"].items is not original["holder"].items
    assert fast["slotted"].value == [4] and fast["slotted"].value is not original["slotted"].value
    assert fast["default"]["new"] == [] and fast["default"]["k"] is not original["default"]["k"]
    assert fast["method"].__self__ is tree
    assert fast["nested"][1][1] is not original["nested"][1][1]
    assert fast["nested"][0] is original["nested"][0]
    assert fast["turn"] == original["turn"] and fast["turn"].routes is not original["turn"].routes
    assert fast["generic"].items[0] is tree


class Holder:
    """A plain object in a list (as a turn's steps): its state is copied inline by
    ``_copy_list``."""

    def __init__(self, name: str, items: list[int], link: object = None) -> None:
        self.name, self.items, self.link = name, items, link


def test_a_list_of_plain_objects_copies_like_deepcopy() -> None:
    """``_copy_list`` copies a list's plain objects with their state copy inlined: their
    mutable members deep-copied, a member reached twice (or the list itself) one copy,
    an object listed twice one copy, like ``copy.deepcopy``."""
    fast_deepcopy([Holder("warm", [])], {})  # the copier chosen: the next copy inlines it
    shared = [9]
    first = Holder("a", [1], shared)
    listed = [first, Holder("b", shared), first, Holder("c", [], None)]
    listed[3].link = listed  # back to the list holding it
    copies: list[list[Holder]] = [fast_deepcopy(listed, {}), copy.deepcopy(listed)]
    for copied in copies:
        assert copied[0] is copied[2] is not first and copied[3].link is copied
        assert copied[0].link is copied[1].items is not shared
        assert [type(h) for h in copied] == [Holder] * 4
        assert [h.name for h in copied] == ["a", "b", "a", "c"]
        assert [h.items for h in copied] == [h.items for h in listed]
        assert not any(a.items is b.items for a, b in zip(copied, listed, strict=True))
        for holder in copied:
            holder.items.append(2)
        assert [h.items for h in listed] == [[1], [9], [1], []]


class PartlySet:
    """A slots class whose second slot may be unset."""

    __slots__ = ("first", "second", "third")

    def __init__(self, first: list[int], third: int) -> None:
        self.first, self.third = first, third


def test_slots_copy_like_deepcopy_unset_slots_too() -> None:
    """``_copy_slots`` reads every slot in one call; a slot never set stays unset in the
    copy (the fallback read), and mutable slot values are copied, atomic ones shared."""
    for original in (PartlySet([1], 3), TurnLike(("A1",), [7])):
        fast, slow = fast_deepcopy(original, {}), copy.deepcopy(original)
        for name in type(original).__slots__:
            assert hasattr(fast, name) == hasattr(slow, name), name
            if hasattr(slow, name):
                assert getattr(fast, name) == getattr(slow, name), name
    partly = PartlySet([1], 3)
    twin = fast_deepcopy(partly, {})
    assert twin.first is not partly.first and not hasattr(twin, "second")
    twin.second = 2
    assert not hasattr(partly, "second")


def test_the_engines_own_classes_take_the_fast_paths() -> None:
    """Deciders (generic classes), records and turn states are copied by fast_deepcopy
    itself, not handed to ``copy.deepcopy`` (ten times slower)."""
    game = in_operating_round()
    assert isinstance(game.round, OperatingRound)
    classes = {type(game.round), type(game.round.turn), *map(type, game.round.steps),
               *(type(v) for v in vars(game).values()), TurnLike, GenericHolder}
    slow = {c for c in classes if c.__module__ not in ("builtins", "random")
            and fastcopy._copier_for(c) is fastcopy._generic}
    assert not slow, slow


def test_immutable_values_are_their_own_fast_copies() -> None:
    original = zoo()
    fast = fast_deepcopy(original, {})
    for name in ("atoms", "slotted_atoms", "colour", "frozen"):
        assert fast[name] is original[name], name


def test_the_rng_is_shared_until_either_side_draws() -> None:
    game = late_game()
    twin = game.clone()
    assert twin._rng is game._rng  # nothing copied yet
    first = [game.rng.random() for _ in range(3)]
    assert twin._rng is not game._rng
    assert [twin.rng.random() for _ in range(3)] == first
    grandchild = twin.clone()
    assert [grandchild.rng.random() for _ in range(2)] == [twin.rng.random() for _ in range(2)]


def test_companies_copy_flat_but_their_ledger_and_lists() -> None:
    """``Company`` is a ``flat_except`` record: every attribute but the ledger and the two
    lists must be immutable (a mutable field added to Company must fail here), and a
    clone's company owns its ledger and lists; the lists' items (train values, private
    ids) are shared."""
    game = late_game()
    mutable = {"ledger", "trains", "privates"}
    for company in game.companies.values():
        for name, value in vars(company).items():
            if name not in mutable:
                assert fastcopy._immutable(value), f"Company.{name} is mutable"
        assert all(type(t) is Train for t in company.trains)
        assert all(type(p) is str for p in company.privates)
    twin = game.clone()
    for company_id, company in game.companies.items():
        copied = twin.companies[company_id]
        for name in mutable:
            assert getattr(copied, name) is not getattr(company, name), name
        assert copied.trains == company.trains and copied.privates == company.privates
        assert all(a is b for a, b in zip(copied.trains, company.trains, strict=True))


def test_trains_are_values_no_write_can_bypass_the_copy() -> None:
    """A game and its clones share every train; a change is a new value put in the old
    one's place, and writing a train's attribute raises."""
    game = in_operating_round()
    assert isinstance(game.round, OperatingRound) and game.round.company is not None
    company = game.companies[game.round.company.id]
    train = company.trains[0]
    for name, value in (("owner", None), ("ran", True), ("rusted", True)):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(train, name, value)
    twin = game.clone()
    assert twin.companies[company.id].trains[0] is train
    assert all(a is b for a, b in zip(twin.depot.trains, game.depot.trains, strict=True))
    moved, ran, rusted = train.to("elsewhere"), train.having_run(), train.marked_rusted()
    assert (moved.owner, ran.ran, rusted.rusted) == ("elsewhere", True, True)
    assert moved == ran == rusted == train and hash(moved) == hash(train)  # the same card
    assert train.owner == company.id  # unchanged by the new values
    twin.companies[company.id].trains[0] = ran
    assert company.trains[0] is train


def test_a_ledger_copies_flat_and_makes_its_own_certificate_views() -> None:
    """A clone's ledger shares the original's tuples and caches and makes its own views;
    a change through a clone's certificate (owner, face down, size) leaves the original."""
    game = late_game()
    company = next(c for c in game.companies.values() if c.started)
    ledger = company.ledger
    views = company.certs  # made before the clone: the copy must not take them
    twin = game.clone()
    copied = twin.companies[company.id]
    assert copied.ledger is not ledger and copied.ledger.owners is ledger.owners
    assert all(cert._ledger is copied.ledger for cert in copied.certs)
    assert all(a is not b for a, b in zip(copied.certs, views, strict=True))
    owners, percents, down = ledger.owners, ledger.percents, ledger.face_down
    held = dict(ledger.held())
    cert = copied.certs[-1]
    cert.owner, cert.face_down, cert.percent = "elsewhere", not cert.face_down, 5
    assert (ledger.owners, ledger.percents, ledger.face_down) == (owners, percents, down)
    assert ledger.held() == held and company.certs is views
    assert copied.ledger.held() != held


def test_the_depot_copies_its_lists_and_shares_the_trains() -> None:
    game = late_game()
    twin = game.clone()
    for name in ("trains", "unlimited", "discarded", "serial", "returned", "twins"):
        assert getattr(twin.depot, name) is not getattr(game.depot, name), name
        assert getattr(twin.depot, name) == getattr(game.depot, name), name
    taken = twin.depot.take(twin.depot.available()[0].id)
    assert taken in game.depot.trains and taken not in twin.depot.trains


@cloning.flat_except("items")
@dataclass
class Basket:
    label: str
    items: list[int]


@dataclass
class BiggerBasket(Basket):
    extra: list[int] = field(default_factory=list)


@cloning.flat_except("items", shallow=("labels", "counts"))
@dataclass
class Shelf:
    items: list[list[int]]
    labels: list[str]
    counts: dict[str, int]


def test_flat_except_copies_only_the_named_attributes_deeply() -> None:
    basket = Basket("a", [1])
    twin = fast_deepcopy(basket, {})
    assert twin == basket and twin.items is not basket.items
    shelf = Shelf([[1]], ["x"], {"x": 1})
    copied = fast_deepcopy(shelf, {})
    assert copied == shelf and copied.items[0] is not shelf.items[0]  # deep
    assert copied.labels is not shelf.labels and copied.counts is not shelf.counts  # shallow
    bigger = BiggerBasket("b", [1], [2])
    twin_bigger = fast_deepcopy(bigger, {})  # a subclass is copied generically
    assert twin_bigger == bigger and twin_bigger.extra is not bigger.extra


@cloning.flat_on_deepcopy
@dataclass
class Tally:
    count: int


@cloning.flat_except("tally", shallow=("labels", "counts"))
@dataclass
class Till:
    """A company's shape (one flat member, two shallow containers): the unrolled copier."""

    tally: Tally
    labels: list[str]
    counts: dict[str, int]


@dataclass
class BiggerTill(Till):
    extra: list[int] = field(default_factory=list)


def test_flat_except_of_a_companys_shape_copies_a_shared_member_once() -> None:
    tally = Tally(1)
    tills = [Till(tally, ["a"], {"a": 1}), Till(tally, ["b"], {})]
    twins = fast_deepcopy(tills, {})
    assert twins == tills
    assert twins[0].tally is twins[1].tally and twins[0].tally is not tally
    twins[0].tally.count = 5
    twins[0].labels.append("z")
    twins[0].counts["z"] = 2
    assert tills == [Till(Tally(1), ["a"], {"a": 1}), Till(Tally(1), ["b"], {})]
    bigger = BiggerTill(tally, [], {}, [3])
    twin = fast_deepcopy(bigger, {})  # a subclass is copied generically
    assert twin == bigger and twin.extra is not bigger.extra and twin.tally is not tally


def test_an_immutable_verdict_is_kept_per_object_never_per_id() -> None:
    """``_copy_frozen`` remembers frozen values found immutable by id and weak reference;
    an entry under a holder's id that refers to another object (a dead value whose id
    was reused) must not make the holder of a list shared."""
    atoms = FrozenAtoms(1, ("x",))
    assert fast_deepcopy(atoms, {}) is atoms
    assert fastcopy._KNOWN_IMMUTABLE[id(atoms)]() is atoms
    assert fast_deepcopy(atoms, {}) is atoms  # from the remembered verdict
    holder = FrozenHolder([3])
    fastcopy._KNOWN_IMMUTABLE[id(holder)] = weakref.ref(atoms)  # a stale entry
    twin = fast_deepcopy(holder, {})
    assert twin is not holder and twin.items is not holder.items


def _held_attribute_dicts(root: Any, skip: set[int]) -> list[tuple[Any, dict[str, Any]]]:
    """(object, its attribute dict) for the objects reachable from ``root`` (not through
    ``skip``) whose attributes are held in a dict object (not kept inline by CPython).
    Found through ``gc.get_referents`` alone: reading ``__dict__`` would make one."""
    managed = 1 << 4  # Py_TPFLAGS_MANAGED_DICT
    found, seen, stack = [], set(skip), [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType, types.FunctionType)):
            continue
        seen.add(id(obj))
        refs = gc.get_referents(obj)
        if type(obj).__flags__ & managed and len(refs) == 2 and type(refs[0]) is dict:
            found.append((obj, refs[0]))  # (its dict, its type): a held dict
        stack.extend(refs)
    return found


@pytest.mark.skipif(sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11),
                    reason="CPython 3.11's instance layout")
@pytest.mark.parametrize("title", ["soh", "1839"])
def test_a_clones_attribute_dicts_are_plain_tables_not_split_copies(title: str) -> None:
    """fastcopy's module doc: a clone's objects get ``dict(state)`` copies.  A split-table
    copy (``state.copy()`` of a materialised dict) is smaller than its plain copy, as it
    shares its keys with the class; a plain table's copy is the same size."""
    game = playout(title, 4, 3)
    game.clone()  # the first clone materialises the original's dicts (split tables)
    twin = game.clone()
    shared, stack = set(), [game]  # what the clone shares with the original: not copied
    while stack:
        obj = stack.pop()
        if id(obj) not in shared:
            shared.add(id(obj))
            stack.extend(gc.get_referents(obj))
    held = _held_attribute_dicts(twin, shared)
    split = [type(obj).__name__ for obj, state in held
             if sys.getsizeof(state) != sys.getsizeof(dict(state))]
    assert held, "no copied object holds a dict: nothing checked"
    assert not split, f"split-table copies in the clone: {sorted(set(split))}"
