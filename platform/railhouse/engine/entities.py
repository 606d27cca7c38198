"""Mutable game entities: players, bank, public and private companies, certificates, trains.

Money is always an integer and moves only through :meth:`railhouse.engine.game.Game.pay`, so
the total is conserved.  Certificates have owners: a player id (``"p0"``), ``"treasury"``
(the company's own), ``"ipo"`` or ``"pool"`` (the open market / bank pool).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from railhouse.engine.cloning import flat_on_deepcopy
from railhouse.engine.config import CompanySpec, PrivateSpec, TrainSpec

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
class Certificate:
    company: str
    index: int
    percent: int
    president: bool
    owner: str
    face_down: bool = False  # SOH optional rule: paid for, not yet active


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


@dataclass
class Company:
    spec: CompanySpec
    certs: list[Certificate]
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

    @property
    def id(self) -> str:
        return self.spec.id

    def percent_of(self, owner: str) -> int:
        return sum(c.percent for c in self.certs if c.owner == owner and not c.face_down)

    def shares_of(self, owner: str) -> int:
        """Number of 10% units held (a 20% president's certificate is two)."""
        return self.percent_of(owner) // 10

    def certs_of(self, owner: str) -> list[Certificate]:
        return [c for c in self.certs if c.owner == owner]

    def player_percent(self) -> int:
        return sum(c.percent for c in self.certs if c.owner.startswith("p"))


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
