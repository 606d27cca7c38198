"""``Game.apply`` asks a decider only what its class answers in its own way
(:mod:`railhouse.engine.dispatch`) and gives the base class's answers itself.  Here it is
compared with an apply that asks every question of the decider (:func:`asking_all`, the
apply before that shortcut): on whole seeded playouts of both titles, on near misses of
the legal actions at their decisions (accepted or rejected alike, with the same error),
and on the validated replay of a real game, whose actions need normalising."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine import agreed_end
from railhouse.engine.actions import Action, Pass, ProposeWinner, from_builtins
from railhouse.engine.dispatch import Dispatch, dispatch_of, handler_of
from railhouse.engine.errors import IllegalAction
from railhouse.engine.game import Game
from railhouse.engine.invariants import check_invariants, checking
from railhouse.engine.record import new_game
from railhouse.engine.rounds.base import Decider, Round, Step


def asking_all(game: Game, action: Action) -> None:
    """``Game.apply`` asking the decider every question: its answerer, acting entity,
    normalising, validating, processing, and settling whatever the round."""
    proven = game.resume(action) if game.deferred is not None else None
    if game.end_reason is not None:
        raise IllegalAction("the game is over", "game end")
    pending = game.pending
    decider = pending[-1] if pending else game.round
    assert decider is not None
    answering = decider.answerer(action)
    expected = answering.acting_entity()
    if action.entity != expected:
        raise IllegalAction(f"it is {expected}'s decision, not {action.entity}'s", "turn order")
    proposal = action if isinstance(action, ProposeWinner) else None
    if proposal is not None:
        agreed_end.check(game, decider, proposal)
    elif proven is not None and proven[0] is answering:
        action = proven[1]
    else:
        action = answering.normalise(action)
        answering.validate(action)
    game.forget_legal_actions()
    game._actions.append(action)
    game._at += 1
    if proposal is not None:
        agreed_end.propose(game, decider, proposal)
    else:
        answering.process(action)
    if game.end_reason is None and not pending:
        game._settle()
    if game.hooks.hears_actions:
        game.hooks.action_applied(game, action)
    if checking():
        check_invariants(game)


def outcome(game: Game, action: Action, apply: Any) -> tuple[Any, ...]:
    """What applying ``action`` to ``game`` does: the error it raises (class, message,
    rule), or the log entry, events and observation it leaves."""
    start = game.action_count
    try:
        apply(game, action)
    except ValueError as exc:  # IllegalAction and InvalidAction among them
        return (type(exc).__name__, str(exc), getattr(exc, "rule", None))
    return (game.actions[start:], game.events_since(start), game.observation(), game.over)


def near_misses(action: Action, entities: list[str]) -> list[Action]:
    """``action`` with one field moved: numbers a little, a tile turned (which the track
    step normalises where the tile is symmetric), strings renamed, the acting entity
    another one (the seats and companies)."""
    moved: list[Action] = []
    for name in action.__struct_fields__:
        value = getattr(action, name)
        if name == "entity":
            changes: list[Any] = [e for e in entities if e != value][:3]
        elif isinstance(value, bool):
            changes = [not value]
        elif name == "rotation":  # another turn: the same lay for a symmetric tile
            changes = [(value + turn) % 6 for turn in range(1, 6)]
        elif isinstance(value, int):
            changes = [value - 1, value + 1, value + 10]
        elif isinstance(value, str):
            changes = [value + "x", ""]
        else:
            continue
        moved += [msgspec.structs.replace(action, **{name: change}) for change in changes]
    return moved


def apply_plain(game: Game, action: Action) -> None:
    game.apply(action)


@pytest.mark.parametrize(("title", "seed", "every", "options"), [
    ("soh", 3, 4, None), ("1839", 3, 9, None), ("1839", 4, 9, {"agreed_end": True})])
def test_apply_does_what_asking_every_question_does(
        title: str, seed: int, every: int, options: dict[str, Any] | None) -> None:
    """Two games of one seed, one applied by ``Game.apply``, one by :func:`asking_all`:
    the same legal sets and records all along, and at every ``every``-th decision some
    legal actions and their near misses do the same in both (on clones); with the agreed
    end on, proposals of a winner among them."""
    fast = new_game(title, seat_names(4), options, seed)
    slow = new_game(title, seat_names(4), options, seed)
    entities = [p.id for p in fast.seats] + sorted(fast.companies)
    rng, picker = random.Random(seed), random.Random(-seed)
    compared = rejected = normalised = proposed = 0
    while not fast.over:
        legal = fast.legal_actions()
        assert legal == slow.legal_actions()
        if fast.action_count % every == 0:
            for choice in picker.sample(legal, min(4, len(legal))):
                for candidate in [choice.action, *near_misses(choice.action, entities)]:
                    mine = outcome(fast.clone(), candidate, apply_plain)
                    theirs = outcome(slow.clone(), candidate, asking_all)
                    assert mine == theirs, candidate
                    compared += 1
                    accepted = not isinstance(mine[0], str)
                    rejected += not accepted
                    normalised += accepted and mine[0] != (candidate,)
                    proposed += accepted and isinstance(candidate, ProposeWinner)
        action = choose_playing(rng, legal)
        assert outcome(fast, action, apply_plain) == outcome(slow, action, asking_all)
    assert fast.to_record() == slow.to_record()
    assert compared > 300 and rejected > 100 and normalised > 0
    assert proposed > 0 or not options


def test_a_validated_replay_does_what_asking_every_question_does() -> None:
    """The real game's actions (18xx.games 181446), which the steps judge by their own
    checks (lays, claimed routes), applied both ways give the same records."""
    from railhouse_soh.importer import GAME_181446, import_18xx_games

    record = import_18xx_games(GAME_181446)
    fast = new_game(record["title"], list(record["players"]), record.get("options"),
                    int(record["seed"]))
    slow = new_game(record["title"], list(record["players"]), record.get("options"),
                    int(record["seed"]))
    for raw in record["actions"]:
        fast.apply(from_builtins(raw))
        asking_all(slow, from_builtins(raw))
        assert fast.actions[-1] == slow.actions[-1]
    assert fast.events_since(0) == slow.events_since(0)
    assert fast.observation() == slow.observation() and fast.over


def test_the_dispatch_of_a_class_reads_its_methods() -> None:
    """Each fact of :class:`Dispatch` is whether the class has its own method."""

    class Plain(Round[Game]):
        pass

    class Own(Round[Game]):
        def answerer(self, action: Action) -> Decider[Game]:
            return self

        def normalise(self, action: Action) -> Action:
            return action

        def validate(self, action: Action) -> None:
            pass

        def process(self, action: Action) -> None:
            pass

        def advance(self) -> None:
            pass

    class PlainStep(Step[Game]):
        pass

    class OwnStep(Step[Game]):
        def acting_entity(self) -> str | None:
            return None

    plain, own = Dispatch(Plain), Dispatch(Own)
    assert not (plain.delegates or plain.normalises or plain.validates or plain.advances)
    assert Dispatch(PlainStep).names_entity
    assert not (Dispatch(OwnStep).names_entity or plain.names_entity or own.names_entity)
    assert plain.handlers is not None and handler_of(plain.handlers, Plain, ProposeWinner) is None
    assert own.delegates and own.normalises and own.validates and own.advances
    assert own.handlers is None
    assert dispatch_of(Plain).handlers is not None and dispatch_of(Plain) is dispatch_of(Plain)
    handlers = plain.handlers
    assert handlers == {ProposeWinner: None}  # kept by handler_of
    assert handler_of(handlers, PlainStep, Pass) is Step.process_pass
    assert handlers[Pass] is Step.process_pass
