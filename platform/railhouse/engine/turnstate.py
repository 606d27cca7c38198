"""What a company's operating turn remembers between its steps.

:class:`TurnState` holds what every 18xx's turn shares: the hexes where track was laid, the
routes run and their revenue, whether the company must buy a train, the shares it issued
or bought back, and the offers refused.  A title whose steps remember more subclasses it
with typed fields and names the subclass as its game's ``turn_state`` (e.g. SOH's emergency
sales, 1839's declined swaps); the operating round makes a fresh one at the start of every
turn (``OperatingRound.turn``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from railhouse.engine.fastcopy import ATOMIC, _shallow_copy, fast_deepcopy, takes_remember
from railhouse.engine.heldonce import ITEM_ONCE_AND_COPY, refs

#: the turn's containers a clone copies with their own ``copy()``, sharing their items:
#: ``routes`` holds the dicts the route step also put in its ``routes`` event (an entry
#: of the shared, append-only event log), so they are never changed once written (the
#: step replaces the whole list); ``declined`` and ``emergency_sales`` hold ids
_SHARED_ITEMS = frozenset({"routes", "declined", "emergency_sales"})


@dataclass
class TurnState:
    """The state of the current operating turn, shared by its steps.

    Its attributes live in its ``__dict__``, not in slots: a clone copies that dict in one
    C call (a slots copy wrote each slot through ``object.__setattr__``, about five times
    dearer).  A title's subclass is a plain ``@dataclass`` too (no ``slots=True``)."""

    #: hexes where the company laid or upgraded track this turn, in order
    laid_hexes: tuple[str, ...] = ()
    #: the revenue of the routes run this turn (written by the route step)
    revenue: int = 0
    #: the routes run this turn, JSON-ready (train, stops, segments, revenue)
    routes: list[dict[str, Any]] = field(default_factory=list)
    #: whether the company must buy a train this turn; ``None`` until first asked
    must_buy: bool | None = None
    #: shares the company issued this turn, and its issue and buy-back actions
    #: (:mod:`railhouse.engine.steps.issues`)
    issued: int = 0
    issue_actions: int = 0
    buy_backs: int = 0
    #: what the company asked for this turn and was refused: ids of other companies'
    #: trains and of players' privates (and a title's own keys, e.g. 1839's ``"DRU"``);
    #: not offered again this turn, so offers and refusals cannot repeat without end
    #: (1839 R-11.1; SOH EN "Train costs", "Buying private companies": our reading)
    declined: set[str] = field(default_factory=set)
    #: the companies whose shares the president sold this turn to raise the money for a
    #: forced train purchase (:attr:`railhouse.engine.emergency.EmergencyRaise.sold`)
    emergency_sales: list[str] = field(default_factory=list)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if any(n not in ("__dict__", "__weakref__") for n in vars(cls).get("__slots__", ())):
            raise TypeError(f"{cls.__name__}: a turn state keeps its fields in its __dict__ "
                            "(no slots: the clone copies the dict)")

    @takes_remember
    def __deepcopy__(self, memo: dict[int, Any], remember: bool = True) -> TurnState:
        """A clone's turn: one copy of the attribute dict whose values that are not
        atomic are copied as ``fast_deepcopy`` would, but for :data:`_SHARED_ITEMS` (new
        containers, shared items; one held by the turn alone needs no memo entry:
        :mod:`railhouse.engine.heldonce`); a title's subclass fields are copied deeply."""
        cls = type(self)
        twin: TurnState = object.__new__(cls)
        if remember:
            memo[id(self)] = twin
        own = self.__dict__
        state = dict(own)
        atomic, shared, once = ATOMIC, _SHARED_ITEMS, ITEM_ONCE_AND_COPY  # (``state`` holds it)
        for name, value in own.items():
            if type(value) not in atomic:
                state[name] = (fast_deepcopy(value, memo) if name not in shared
                               else value.copy() if refs(value) == once
                               else _shallow_copy(value, memo))
        twin.__dict__ = state
        return twin
