"""Mutable game entities: players, bank, public and private companies, certificates, trains.

Money is always an integer and moves only through :meth:`railhouse.engine.game.Game.pay`, so
the total is conserved.  Certificates have owners: a player id (``"p0"``), ``"treasury"``
(the company's own), ``"ipo"`` or ``"pool"`` (the open market / bank pool).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from railhouse.engine.certificates import Certificate, ShareLedger
from railhouse.engine.cloning import flat_except, flat_on_deepcopy
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


@flat_on_deepcopy
@dataclass
class Train:
    id: str
    spec: TrainSpec
    owner: str | None = None  # company id; None while in the depot
    ran: bool = False
    rusted: bool = False  # R-trains that rust after their next run

    @property
    def name(self) -> str:
        return self.spec.name


@flat_except("ledger", "trains", "privates")
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


@flat_on_deepcopy
@dataclass
class Private:
    spec: PrivateSpec
    owner: str | None = None  # player id or company id
    closed: bool = False
    price_paid: int = 0

    @property
    def id(self) -> str:
        return self.spec.id
