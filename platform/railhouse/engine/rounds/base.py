"""Round and step base classes.

A round offers the acting entity's legal actions and processes one action at a time.  An
operating turn is an ordered list of small steps; an action goes to the first step that is
not finished (18xx.games' round/step design, kept small).  A step with no decision to make
resolves itself in :meth:`Step.auto`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from railhouse.engine.actions import Action, LegalAction, Pass, admitted
from railhouse.engine.errors import IllegalAction

if TYPE_CHECKING:
    from railhouse.engine.game import Game

#: the name of the method that processes each kind of action (``process_<tag>``), made
#: once per action class (a class's tag never changes)
_HANDLERS: dict[type[Action], str] = {}

#: a decider's ``validate`` method (:func:`checks_listed_set_first`)
V = TypeVar("V", bound=Callable[..., Any])


def handler_name(kind: type[Action]) -> str:
    """The name of the method that processes actions of class ``kind``:
    ``process_<tag>``."""
    name = _HANDLERS.get(kind)
    if name is None:
        name = _HANDLERS[kind] = f"process_{kind.__struct_config__.tag}"
    return name


def checks_listed_set_first(validate: V) -> V:
    """Mark ``validate`` (a decider's method) as one that, where the decider's legal set
    was listed at this position (``LegalSetCache.known_legal``), admits exactly what that
    set admits and raises ``IllegalAction(self.explain(action), self.rule)`` otherwise,
    whatever it does without the set: ``Game.apply`` then checks the listed set itself
    (:mod:`railhouse.engine.dispatch`).  A subclass that overrides such a method is
    judged by its own (unmarked) one."""
    validate.__dict__["checks_listed_set_first"] = True
    return validate


#: the game a decider belongs to: a title's deciders name the title's game class
#: (``Step["SteamOverHolland"]``), so ``self.game`` has the title's type without a cast
G = TypeVar("G", bound="Game")


class Decider(Generic[G]):
    """Something that asks one entity for a decision: a round, a step, a pending choice."""

    rule = ""  # rulebook citation used in generic IllegalAction messages

    def __init__(self, game: G) -> None:
        self.game = game.inner  # (never an outer game: railhouse.engine.cloning)

    def acting_entity(self) -> str | None:
        raise NotImplementedError

    def answerer(self, action: Action) -> Decider[G]:
        """The decider that answers ``action`` for this one at this position: itself,
        unless it would pass every question about ``action`` on to another now (a round
        to its current step: the acting entity, normalising, validating, processing),
        which ``Game.apply`` then asks directly."""
        return self

    def legal_actions(self) -> list[LegalAction]:
        raise NotImplementedError

    def normalise(self, action: Action) -> Action:
        """The listed spelling of ``action`` where one choice has several (a tile turned so
        that it lays the same track as a listed lay); ``action`` itself otherwise.
        ``Game.apply`` validates and records what this returns."""
        return action

    @checks_listed_set_first
    def validate(self, action: Action) -> None:
        """Raise ``IllegalAction`` unless ``action`` is legal now.  The default checks it
        against the enumerated legal set; steps with huge sets override this."""
        if not admitted(self.game.legal_for(self), action):
            raise IllegalAction(self.explain(action), self.rule)

    def explain(self, action: Action) -> str:
        legal = self.game.legal_for(self)
        kinds = sorted({str(type(c.action).__struct_config__.tag) for c in legal})
        tag = type(action).__struct_config__.tag
        return f"{tag} by {action.entity} is not legal now (legal: {', '.join(map(str, kinds))})"

    def process(self, action: Action) -> None:
        kind = type(action)
        handler = getattr(self, _HANDLERS.get(kind) or handler_name(kind), None)
        if handler is None:
            raise IllegalAction(f"{type(self).__name__} cannot process {action!r}", self.rule)
        handler(action)


class Step(Decider[G]):
    """One step of an operating turn (or any turn made of steps)."""

    #: True where :meth:`auto` only asks whether the step has a choice (changing nothing
    #: while it has one), it has one exactly when its listing (:meth:`legal_actions`) is
    #: not empty (as :meth:`auto` here decides), and :meth:`validate` admits only listed
    #: choices besides Pass: a validated choice or a listing with a choice then proves the
    #: step open, so settling that knows what comes next (:mod:`railhouse.engine.lookahead`:
    #: a replay's next action, a driver's listing) leaves the question to it
    #: (:meth:`open_choice`, ``LookAhead.settle_deferred``) instead of searching first
    open_if_chosen = False

    def __init__(self, game: G, entity: str) -> None:
        self.game = game.inner  # Decider.__init__'s one line: a turn makes a dozen steps
        self.entity = entity
        self.done = False

    def acting_entity(self) -> str | None:
        return self.entity

    def auto(self) -> bool:
        """Resolve without a decision if there is none to make; return True if done.
        (The legal set computed here is cached for the position the game stops at.)"""
        if not self.game.legal_for(self):
            self.done = True
        return self.done

    def open_choice(self, action: Action) -> Action | None:
        """``action`` as the step normalises it, if it shows that the step has a choice
        now, so that :meth:`auto` would leave it open: it is the step's entity's, not a
        Pass, and the step validates it; else None, which says nothing (``auto`` must be
        asked).  Asked only of steps that are :attr:`open_if_chosen`."""
        if action.entity != self.entity or isinstance(action, Pass):
            return None
        try:
            chosen = self.normalise(action)
            self.validate(chosen)
        except ValueError:  # IllegalAction and InvalidAction among them
            return None
        return chosen

    def process_pass(self, action: Action) -> None:
        self.done = True


class Round(Decider[G]):
    kind = "round"

    def __init__(self, game: G) -> None:
        super().__init__(game)
        self.finished = False

    def start(self) -> None:
        """Called once when the round becomes current; may finish it at once."""

    def advance(self) -> None:
        """Resolve everything that needs no decision, until a decision or the end."""

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind}


class GameEnd(Round["Game"]):
    """Returned by ``railhouse_next_round`` when no round follows: starting it ends the game
    with ``reason`` (a firstresult hook cannot say "nothing" with None, which means "no
    opinion")."""

    kind = "game_end"

    def __init__(self, game: Game, reason: str) -> None:
        super().__init__(game)
        self.reason = reason

    def start(self) -> None:
        self.game.end_game(self.reason)

    def acting_entity(self) -> str | None:
        return None

    def legal_actions(self) -> list[LegalAction]:
        return []

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "reason": self.reason}
