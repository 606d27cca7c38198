"""How ``Game.apply`` puts an action to a decider, worked out once per decider class.

Every apply asks the deciding round, step or pending decision the same questions: who
answers (:meth:`~railhouse.engine.rounds.base.Decider.answerer`), the listed spelling of
the action (``normalise``), whether it is legal (``validate``), and then processes it
(``process``, which finds the ``process_<tag>`` method).  Most decider classes keep the
base class's answers to some of them: a decider that answers for itself, that knows one
spelling of each action, that validates by membership in its listed legal set, and that
processes by its ``process_<tag>`` method.  Each of those is a Python call (and the last
a lookup of the method by its name) that an apply pays for nothing, and the apply is the
engine's most frequent operation; :class:`Dispatch` records, per class, which questions
the class answers in the base class's way, so that ``Game.apply`` asks only the others
and does the rest itself (with the very same results).

The facts are read from the class the first time an instance decides, and kept: a
decider class's methods are not replaced at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from inspect import isfunction
from typing import Any

from railhouse.engine.actions import Action, ProposeWinner
from railhouse.engine.rounds.base import Decider, Round, Step, handler_name

#: an action class's ``process_<tag>`` method of a decider class, unbound
Handler = Callable[[Any, Any], None]
#: a decider class's handlers by action class, filled on first use (:func:`handler_of`)
Handlers = dict[type[Action], Handler | None]


def handler_of(handlers: Handlers, decider_class: type, kind: type[Action]) -> Handler | None:
    """The ``process_<tag>`` method of ``decider_class`` for action class ``kind``, found
    on first use and kept in ``handlers``; None where the class has no plain method of that
    name (``Decider.process`` is then asked, which raises or finds what this does not)."""
    method = getattr(decider_class, handler_name(kind), None)
    handler = handlers[kind] = method if isfunction(method) else None
    return handler


class Dispatch:
    """What ``Game.apply`` must ask a decider of one class, and what it does itself.

    - ``delegates``: the class has its own ``answerer`` (else the decider answers for
      itself);
    - ``names_entity``: a step that keeps ``Step.acting_entity`` (its acting entity is
      its ``entity``);
    - ``normalises``: it has its own ``normalise`` (else an action has one spelling);
    - ``validates``: it has its own ``validate`` (else an action is legal when its legal
      set admits it, and ``Game.apply`` checks that itself where the set was listed at
      this position: :func:`~railhouse.engine.rounds.base.checks_listed_set_first`, as
      the base ``validate`` and the stock round's direct check do);
    - ``handlers``: the ``process_<tag>`` methods that ``process`` would call, where the
      class keeps the base ``process`` (else None), filled by :func:`handler_of`;
    - ``advances``: a round with its own ``advance`` (else settling after an action has
      nothing to do while the round is not finished)."""

    __slots__ = ("advances", "delegates", "handlers", "names_entity", "normalises", "validates")

    def __init__(self, decider_class: type[Decider[Any]]) -> None:
        self.delegates = decider_class.answerer is not Decider.answerer
        self.names_entity = (issubclass(decider_class, Step)
                             and decider_class.acting_entity is Step.acting_entity)
        self.normalises = decider_class.normalise is not Decider.normalise
        self.validates = not getattr(decider_class.validate, "checks_listed_set_first", False)
        self.handlers: Handlers | None = ({} if decider_class.process is Decider.process
                                          else None)
        self.advances = (issubclass(decider_class, Round)
                         and decider_class.advance is not Round.advance)


# The tables are plain dicts, read by subscript (a miss raises KeyError, and the reader
# calls the ``..._of`` function that fills them): CPython 3.11 specialises a subscript of
# a dict for the exact type only, and a subclass's (one with ``__missing__``) goes through
# the generic ``__getitem__`` slot, ~200 more instructions per read (four or five reads
# per apply).

#: :class:`Dispatch` by decider class, made on a class's first decision (:func:`dispatch_of`)
DISPATCH: dict[type, Dispatch] = {}


def dispatch_of(decider_class: type[Decider[Any]]) -> Dispatch:
    """The :class:`Dispatch` of ``decider_class``, made on its first decision and kept."""
    dispatch = DISPATCH.get(decider_class)
    if dispatch is None:
        dispatch = DISPATCH[decider_class] = Dispatch(decider_class)
    return dispatch


#: whether an action class is a proposal of the agreed end (``ProposeWinner``, which the
#: game judges, not the decider), decided on the class's first sight (:func:`proposes`)
PROPOSES: dict[type, bool] = {}


def proposes(kind: type) -> bool:
    """Whether action class ``kind`` proposes a winner, decided once and kept."""
    answer = PROPOSES[kind] = issubclass(kind, ProposeWinner)
    return answer
