"""A replay looks ahead (``LookAhead.looking_ahead_in``): settling leaves a step that is
``open_if_chosen`` (the track step) to the next action, which
proves it open by validating there, or else has its ``auto()`` asked first.  The games it
makes are the games an action-by-action apply makes, at cuts of random playouts of both
titles, of SOH under 18xx.games' rules and of the real game 181446, and a record that does
not replay fails the same way.  A driver that lists and applies looks ahead too: a read of
the game settles a deferred step by its listing, and every read of such a driver (legal
sets, acting entities, events, observations, clones, wrong lays' failures, the record and
the result) is what a driver settling at once reads."""

from __future__ import annotations

import random
from collections import Counter
from contextlib import nullcontext
from typing import Any

import msgspec
import pytest

from railhouse.bench.positions import choose_playing, playout, seat_names
from railhouse.engine.actions import (
    Action,
    BuyBackShares,
    IssueShares,
    LayTile,
    from_builtins,
)
from railhouse.engine.errors import IllegalAction, RecordError
from railhouse.engine.invariants import set_checking
from railhouse.engine.record import new_game, replay, undo
from railhouse.engine.rounds.base import Step
from railhouse.engine.steps.issues import ShareIssueStep
from railhouse.engine.steps.track import TrackStep
from railhouse_soh.importer import GAME_181446, import_18xx_games

#: (title, seed) of the playouts replayed; each is cut at ``CUTS`` places
PLAYOUTS = [("soh", 1000), ("soh", 1001), ("1839", 1000)]
CUTS = 6
#: SOH under 18xx.games' rules (the real game's): semi-restrictive track, claimed routes
T18_RULES = {"rules": "18xx-games"}


def applied(record: dict[str, Any], upto: int) -> Any:
    """The game of ``record``'s first ``upto`` actions, each applied and settled alone."""
    game = new_game(record["title"], list(record["players"]), record["options"],
                    record["seed"])
    for raw in record["actions"][:upto]:
        game.apply(from_builtins(raw))
    return game


def played(title: str, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """The record of a seeded random game of ``title`` under ``options``."""
    game = new_game(title, seat_names(4), options, seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(choose_playing(rng, game.legal_actions()))
    record: dict[str, Any] = game.to_record()
    return record


def state(game: Any) -> tuple[Any, ...]:
    """What a settled game shows: its record, events, observation, decider and legal set."""
    return (game.to_record(), game.events_since(-1), game.observation(),
            game.acting_entity(), game.legal_actions())


@pytest.mark.parametrize(("title", "seed"), PLAYOUTS)
def test_a_replay_looking_ahead_makes_the_applied_game_at_every_cut(
        title: str, seed: int) -> None:
    check_cuts(playout(title, 4, seed).to_record(), LayTile)


def test_a_replay_under_18xx_games_rules_makes_the_applied_game() -> None:
    check_cuts(played("soh", 1000, T18_RULES), LayTile)


@pytest.mark.parametrize(("seed", "options"), [(1000, None), (1001, T18_RULES)])
def test_a_replay_makes_the_applied_game_where_a_share_deal_proves_its_step_open(
        seed: int, options: dict[str, Any] | None) -> None:
    """The share-dealing step is deferred too (``ShareIssueStep.open_if_chosen``): cuts
    just before issues and buy-backs, where the deal proves the step open, and elsewhere
    (a Pass or the next step's action has its ``auto()`` asked)."""
    check_cuts(played("soh", seed, options or {}), (IssueShares, BuyBackShares))


def test_the_real_game_replays_as_applied() -> None:
    check_cuts(import_18xx_games(GAME_181446), LayTile)


def check_cuts(record: dict[str, Any],
               kind: type[Action] | tuple[type[Action], ...]) -> None:
    """A replay of ``record`` looking ahead equals the applied game at cuts just before
    actions of ``kind`` (a deferred step proved open) and at cuts spread over the game."""
    count = len(record["actions"])
    chosen = [i for i, raw in enumerate(record["actions"])
              if isinstance(from_builtins(raw), kind)]
    assert chosen, f"the game has {kind} actions"
    cuts = {count, *chosen[:: max(1, len(chosen) // CUTS)],
            *range(0, count, max(1, count // CUTS))}
    for upto in sorted(cuts):
        assert state(replay(record, upto=upto)) == state(applied(record, upto)), upto


def fails_alike(record: dict[str, Any], index: int, **changes: Any) -> None:
    """``record`` with ``changes`` made to action ``index`` fails there, with the same
    error whether the replay looks ahead or not (checking invariants: it does not)."""
    broken = dict(record, actions=list(record["actions"]))
    broken["actions"][index] = dict(broken["actions"][index], **changes)
    with pytest.raises(RecordError) as ahead:
        replay(broken)
    with pytest.raises(RecordError) as checked:
        replay(broken, check=True)
    assert str(ahead.value) == str(checked.value)
    assert f"action {index} " in str(ahead.value)


def test_a_lay_that_is_not_legal_fails_as_without_looking_ahead() -> None:
    record = playout("soh", 4, 1000).to_record()
    first = next(i for i, raw in enumerate(record["actions"])
                 if isinstance(from_builtins(raw), LayTile))
    fails_alike(record, first, hex="A1")


def test_a_claim_that_is_not_legal_fails_as_without_looking_ahead() -> None:
    record = import_18xx_games(GAME_181446)
    first = next(i for i, raw in enumerate(record["actions"])
                 if raw["type"] == "run_routes" and raw.get("routes"))
    claim = record["actions"][first]
    fails_alike(record, first, routes=[dict(r, path=["A1-A3"]) for r in claim["routes"]])


def test_leaving_the_look_ahead_settles_the_game() -> None:
    record = playout("soh", 4, 1001).to_record()
    lay = next(i for i, raw in enumerate(record["actions"])
               if isinstance(from_builtins(raw), LayTile))
    game = new_game(record["title"], list(record["players"]), record["options"],
                    record["seed"])
    with game.looking_ahead_in():
        with game.looking_ahead_in():  # inside itself: nothing anew
            pass
        assert game.looking_ahead
        for raw in record["actions"][:lay]:
            game.apply(from_builtins(raw))
        assert game.deferred is not None  # the track step, its auto() not asked yet
    assert game.deferred is None and "looking_ahead" not in vars(game)
    assert state(game) == state(applied(record, lay))


def test_undo_looks_ahead_too() -> None:
    game = playout("soh", 4, 1001)
    record = game.to_record()
    lays = [i for i, raw in enumerate(record["actions"])
            if isinstance(from_builtins(raw), LayTile)]
    keep = lays[len(lays) // 2]  # the game undone to just before a lay
    assert state(undo(game, len(record["actions"]) - keep)) == state(applied(record, keep))


def test_no_look_ahead_while_checking_invariants() -> None:
    game = new_game("soh", ["A", "B", "C", "D"], None, 1)
    set_checking(True)
    try:
        with game.looking_ahead_in():
            assert not game.looking_ahead
    finally:
        set_checking(False)


# -- drivers that list and apply ---------------------------------------------------------
#: the playouts driven both ways: (title, seed, options)
DRIVEN = [("soh", 1000, None), ("soh", 1001, None), ("1839", 1000, None),
          ("soh", 1002, T18_RULES)]
#: every how many decisions a driver reads the observation (the costliest read)
OBSERVE_EVERY = 7
#: how many of a game's lays are tried spelled wrong first, and at which decisions a clone
#: is taken just after the action (unsettled when looking ahead)
PROBES = 12
CLONE_EVERY = 5


def lays_of(title: str, seed: int, options: dict[str, Any] | None) -> dict[int, LayTile]:
    """The game's first lays (``PROBES`` of them, spread out), by action index."""
    record = played(title, seed, options or {})
    lays = {i: action for i, raw in enumerate(record["actions"])
            if isinstance(action := from_builtins(raw), LayTile)}
    keep = sorted(lays)[:: max(1, len(lays) // PROBES)]
    return {i: lays[i] for i in keep}


def wrong_spellings(lay: LayTile) -> list[Action]:
    """Lays that no step admits: an unknown hex, and the right lay by someone else."""
    return [msgspec.structs.replace(lay, hex="Z0"),
            msgspec.structs.replace(lay, entity="p0" if lay.entity != "p0" else "p1")]


def drive(title: str, seed: int, options: dict[str, Any] | None, *, ahead: bool,
          probes: dict[int, LayTile]) -> tuple[list[Any], Counter[str]]:
    """A seeded random playout that lists and applies, reading the game the ways drivers
    do (the listing first, the acting entity or the observation first, the events of the
    action first, a clone just after the action; a wrong lay tried just before a lay), as
    a trace of everything it read; ``ahead``: within ``looking_ahead_in``.  With it, how
    the deferred steps were settled (the trace of a driver without it has none)."""
    game = new_game(title, seat_names(4), options, seed)
    rng = random.Random(seed)
    trace: list[Any] = []
    seen: Counter[str] = Counter()
    with game.looking_ahead_in() if ahead else nullcontext():
        while True:
            index = game.action_count
            deferred = game.deferred
            if index in probes and deferred is not None:
                seen["probed"] += 1  # the wrong lays meet the deferred step
            for wrong in wrong_spellings(probes[index]) if index in probes else ():
                with pytest.raises(IllegalAction) as failed:
                    game.apply(wrong)
                trace.append(("illegal", index, str(failed.value)))
                deferred = deferred or game.deferred
            if index % CLONE_EVERY == 1:
                twin = game.clone()
                assert "looking_ahead" not in vars(twin) and twin.deferred is None
                trace.append(("clone", index, twin.acting_entity(), twin.legal_actions(),
                              twin.events_since(index - 1), twin.over))
            way = index % 3
            if way == 0:
                trace.append(("events", game.events_since(index - 1)))
            elif way == 1:
                trace.append(("acting", game.acting_entity(), game.acting_seat()))
            if index % OBSERVE_EVERY == 0:
                trace.append(("observed", game.observation()))
            if game.over:
                break
            # read after ``over``, the attributes show the settled game too
            trace.append(("settled", game.deferred is None, game.round_number))
            legal = game.legal_actions() if way else game.cached_legal_actions()
            trace.append(("decision", index, game.acting_entity(), legal))
            if deferred is not None:
                seen["open" if not deferred.done else "done"] += 1
            game.apply(choose_playing(rng, legal))
        assert game.over
    trace.append(("end", game.to_record(), game.events_since(-1), game.result()))
    return trace, seen


@pytest.mark.parametrize(("title", "seed", "options"), DRIVEN)
def test_a_driver_looking_ahead_sees_what_one_settling_at_once_sees(
        title: str, seed: int, options: dict[str, Any] | None) -> None:
    """Every read of a playout looking ahead (legal sets at every decision, acting
    entities, events, observations, clones, failures of wrong lays, the record, the
    events and the result) equals that of a playout settling at once; the playout looking
    ahead left track steps both open and finished to the reads that followed."""
    probes = lays_of(title, seed, options)
    plain, none = drive(title, seed, options, ahead=False, probes=probes)
    ahead, seen = drive(title, seed, options, ahead=True, probes=probes)
    assert not none
    assert seen["open"] and seen["done"] and seen["probed"], seen
    assert len(ahead) == len(plain)
    for mine, theirs in zip(ahead, plain, strict=True):
        assert mine == theirs


def test_a_playout_looks_ahead_and_leaves_its_game_settled() -> None:
    """``bench.positions.playout`` looks ahead (a deferred step is met) and returns a game
    that does not; its visitor sees the settled game."""
    met: list[bool] = []

    def visit(game: Any, legal: list[Any]) -> None:
        assert game.looking_ahead and game.deferred is None
        met.append(bool(legal))

    game = playout("soh", 4, 1003, visit=visit)
    assert all(met) and "looking_ahead" not in vars(game) and game.deferred is None


def test_every_step_open_if_chosen_decides_as_the_core_track_step() -> None:
    """Settling a deferred step by its listing rests on ``open_if_chosen``'s contract: its
    ``auto()`` leaves it open, changing nothing, exactly when its listing is not empty.
    For the core's track step that is ``any_lay() is bool(legal_actions())``: the listing
    is the plain lays and the powers' lays, with Pass only beside one, and ``any_lay``
    asks whether any of those is offered (``tests/core/engine/test_steps_track_listing``
    compares the two at every track step of random games).  Every step of the installed
    titles that is ``open_if_chosen`` lists and answers ``auto()`` with the core's code
    (its overrides are the lays' inputs, which both read), so the proof covers it; a step
    with its own must show its agreement first.  The core's share-dealing step shows its
    own: its ``auto()`` finds it done exactly when its limits are (0, 0), exactly when its
    listing is empty (``tests/soh/test_share_dealing_auto``), or asks the listing itself."""
    new_game("soh", seat_names(4))  # the titles' modules, imported
    new_game("1839", seat_names(4))
    deferrable = [cls for cls in subclasses(Step)
                  if cls.open_if_chosen and cls.__module__.startswith("railhouse")]
    assert TrackStep in deferrable and len(deferrable) >= 3  # the core's and two titles'
    assert ShareIssueStep in deferrable
    for cls in deferrable:
        core, names = ((ShareIssueStep, ("legal_actions", "auto", "limits", "validate"))
                       if issubclass(cls, ShareIssueStep) else
                       (TrackStep, ("legal_actions", "auto", "any_lay", "_plain_actions")))
        assert issubclass(cls, core), cls
        for name in names:
            assert getattr(cls, name) is getattr(core, name), (cls, name)


def subclasses(cls: type[Any]) -> set[type[Any]]:
    found: set[type[Any]] = set()
    for sub in cls.__subclasses__():
        found |= {sub, *subclasses(sub)}
    return found
