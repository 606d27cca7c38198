"""Bookkeeping invariants, checked after every action in tests and with ``--check``.

- the total of all money (bank, players, companies) never changes;
- each company's certificates add up to 100%;
- nobody but an unlimited bank has negative cash;
- holding caps, certificate limits (except where a title allows being over until the next
  stock turn) and train limits (except while a discard decision is pending) hold.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from railhouse.engine.errors import InvariantViolation

if TYPE_CHECKING:
    from railhouse.engine.game import Game

#: Setting this environment variable to anything but "" or "0" turns checking on at import.
CHECK_ENV = "RAILHOUSE_CHECK"
#: whether checking is on (:func:`checking`); read as ``invariants.on`` where a call to
#: :func:`checking` would cost more than the rest of the question (``Game.apply``)
on = os.environ.get(CHECK_ENV, "") not in ("", "0")


def set_checking(enabled: bool) -> None:
    """Turn the check after every ``Game.apply`` on or off for this process (``--check``).

    When on, an action that breaks an invariant raises :class:`InvariantViolation` from
    ``apply`` (the action is then already in the log: the violation is an engine bug).
    """
    global on
    on = enabled


def checking() -> bool:
    """True while every ``Game.apply`` is followed by :func:`check_invariants`."""
    return on


def check_invariants(game: Game) -> None:
    problems = list(find_problems(game))
    if problems:
        raise InvariantViolation("; ".join(problems))


def find_problems(game: Game) -> list[str]:
    problems: list[str] = []
    total = game.bank.cash + sum(p.cash for p in game.seats)
    total += sum(c.cash for c in game.companies.values())
    if total != game.total_money:
        problems.append(f"money not conserved: {total} != {game.total_money}")
    for player in game.seats:
        if player.cash < 0:
            problems.append(f"{player.id} has negative cash {player.cash}")
    for company in game.companies.values():
        if company.cash < 0:
            problems.append(f"{company.id} has negative cash {company.cash}")
        percent = sum(c.percent for c in company.certs)
        if percent != 100:
            problems.append(f"{company.id} certificates sum to {percent}%")
        if company.closed:
            continue
        if company.floated and company.president is None:
            problems.append(f"{company.id} floated without a president")
        for train in company.trains:
            if train.owner != company.id:
                problems.append(f"train {train.id} owner mismatch in {company.id}")
    problems.extend(_train_ids_unique(game))
    groups = [t.spec.group for t in game.depot.trains]
    if groups != sorted(groups):  # Depot.available reads the trains in group order
        problems.append("the depot's trains are not in group order")
    return problems


def _train_ids_unique(game: Game) -> list[str]:
    seen: set[str] = set()
    problems: list[str] = []
    owned = [t for c in game.companies.values() for t in c.trains]
    for train in owned + game.depot.trains:
        if train.id in seen:
            problems.append(f"train {train.id} exists twice")
        seen.add(train.id)
    return problems
