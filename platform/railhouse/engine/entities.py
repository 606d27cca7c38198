"""Game entities: players, bank, public and private companies, certificates (mutable
records) and trains (values).

Money is always an integer and moves only through :meth:`railhouse.engine.game.Game.pay`, so
the total is conserved.  Certificates have owners: a player id (``"p0"``), ``"treasury"``
(the company's own), ``"ipo"`` or ``"pool"`` (the open market / bank pool).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from railhouse.engine.certificates import Certificate, ShareLedger
from railhouse.engine.cloning import flat_except, flat_on_deepcopy, shared_on_copy
from railhouse.engine.config import CompanySpec, PrivateSpec, TrainSpec

__all__ = ["IPO", "POOL", "TREASURY", "Bank", "Certificate", "Company", "Player", "Private",
           "Train"]

TREASURY = "treasury"
IPO = "ipo"
POOL = "pool"


@flat_on_deepcopy
@dataclass
class Bank:
    cash: int
    limit: int | None  # None: unlimited (cash may run below zero as pure bookkeeping)
    broken: bool = False
    id: str = "bank"


@flat_on_deepcopy
@dataclass
class Player:
    id: str
    seat: int
    name: str
    cash: int = 0
    bankrupt: bool = False


@shared_on_copy
@dataclass(frozen=True, eq=False)
class Train:
    """A train card: a value, shared by a game and its clones.  A change makes a new
    value (:meth:`to`, :meth:`having_run`, :meth:`marked_rusted`) that takes the old one's
    place where it is kept (a company's ``trains``, the depot's lists), so nothing a clone
    shares ever changes under it.  Two trains are equal when they are the same card (the
    same ``id``), whatever their state: ``train in company.trains`` and
    ``trains.remove(train)`` find the card however it changed since."""

    id: str
    spec: TrainSpec
    owner: str | None = None  # company id; None while in the depot
    ran: bool = False
    rusted: bool = False  # R-trains that rust after their next run

    @property
    def name(self) -> str:
        return self.spec.name

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Train):
            return NotImplemented
        return self.id == other.id

    def __hash__(self) -> int:
        return hash(self.id)

    def to(self, owner: str | None) -> Train:
        """This train held by ``owner`` (None: back in the depot or out of the game)."""
        return self._but("owner", owner)

    def having_run(self) -> Train:
        """This train after it ran a route."""
        return self._but("ran", True)

    def marked_rusted(self) -> Train:
        """This train marked to rust after its next run (1839 R-16.5.2)."""
        return self._but("rusted", True)

    def _but(self, name: str, value: object) -> Train:
        return _changed(self, {name: value})


@flat_except("ledger", shallow=("trains", "privates"), members={"ledger": ShareLedger})
@dataclass(init=False)
class Company:
    """A public company; its certificates are kept in ``ledger``
    (:mod:`railhouse.engine.certificates`) and seen one by one through ``certs``."""

    spec: CompanySpec
    id: str  # ``spec.id``, kept as a plain attribute: the rules ask for it all the time
    ledger: ShareLedger
    cash: int = 0
    started: bool = False
    floated: bool = False
    closed: bool = False
    president: str | None = None
    operated_count: int = 0
    par_price: int | None = None
    tokens_placed: int = 0
    trains: list[Train] = field(default_factory=list)
    privates: list[str] = field(default_factory=list)

    def __init__(self, spec: CompanySpec, certs: list[Certificate], cash: int = 0,
                 started: bool = False, floated: bool = False, closed: bool = False,
                 president: str | None = None, operated_count: int = 0,
                 par_price: int | None = None, tokens_placed: int = 0,
                 trains: list[Train] | None = None, privates: list[str] | None = None) -> None:
        self.spec = spec
        self.id = spec.id
        self.ledger = ShareLedger(spec.id)
        self.ledger.adopt(certs)
        self.cash, self.started, self.floated, self.closed = cash, started, floated, closed
        self.president, self.operated_count = president, operated_count
        self.par_price, self.tokens_placed = par_price, tokens_placed
        self.trains = [] if trains is None else trains
        self.privates = [] if privates is None else privates

    @property
    def certs(self) -> list[Certificate]:
        """The certificates, by index (the same objects all game; do not add or remove)."""
        return self.ledger.views()

    def percent_of(self, owner: str) -> int:
        """Percent ``owner`` holds, face-down certificates not counted."""
        return self.ledger.percent_of(owner)

    def shares_of(self, owner: str) -> int:
        """Number of 10% units held (a 20% president's certificate is two)."""
        return self.ledger.percent_of(owner) // 10

    def certs_of(self, owner: str) -> list[Certificate]:
        return self.ledger.of(owner)

    def player_percent(self) -> int:
        """Percent held by players, face-down certificates included."""
        ledger = self.ledger
        return sum(pct for owner, pct in zip(ledger.owners, ledger.percents, strict=True)
                   if owner.startswith("p"))


@shared_on_copy
@dataclass(frozen=True)
class Private:
    """A private company's state: a value, shared by a game and its clones (their
    ``privates`` dicts copy as one ``dict.copy()``).  A change makes a new value that takes
    the old one's place in ``game.privates``
    (:func:`railhouse.engine.privates.update_private`); a write to an attribute raises."""

    spec: PrivateSpec
    owner: str | None = None  # player id or company id
    closed: bool = False
    price_paid: int = 0

    @property
    def id(self) -> str:
        return self.spec.id

    def but(self, **changes: Any) -> Private:
        """This private with ``changes`` (field names and new values) made: what
        ``dataclasses.replace`` returns, about ten times cheaper (it lists the fields and
        calls ``__init__``, which writes each one through ``object.__setattr__``)."""
        unknown = changes.keys() - _PRIVATE_FIELDS
        if unknown:
            raise TypeError(f"Private has no field {', '.join(sorted(unknown))}")
        return _changed(self, changes)


_PRIVATE_FIELDS = frozenset(f.name for f in fields(Private))

V = TypeVar("V")


def _changed(value: V, changes: dict[str, Any]) -> V:
    """A copy of the frozen value ``value`` with the attributes ``changes`` replaced: one
    copy of its attribute dict (a plain table), no ``__init__``."""
    twin = object.__new__(type(value))
    state = dict(value.__dict__)
    state.update(changes)
    object.__setattr__(twin, "__dict__", state)
    return twin
