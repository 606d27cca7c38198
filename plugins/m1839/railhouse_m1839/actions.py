"""1839's own action types (registered with the core codec so records and bots decode them)."""

from __future__ import annotations

from railhouse.engine.actions import Action, register_action


class ReserveHome(Action, frozen=True, tag="reserve_home"):
    """A new Local's director reserves one home hex (R-7.5.5); asked twice per Local."""

    company: str
    hex: str


class Nationalise(Action, frozen=True, tag="nationalise"):
    """A director nationalises the company (R-14.7) in a nationalisation window."""

    company: str


class GiveDruTrain(Action, frozen=True, tag="give_dru_train"):
    """The holder of DRU's dark brown train gives it to a floated company (R-14.3.7)."""

    company: str


for _cls in (ReserveHome, Nationalise, GiveDruTrain):
    register_action(_cls)
