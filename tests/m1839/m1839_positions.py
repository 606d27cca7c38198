"""Built 1839 positions for rule tests: floated companies, a chosen phase, and an operating
turn stopped at a chosen step (no random playouts); and the small moves that carry a built
position on (buy the next train, finish a turn, pass a stock round, start an OR).  Recorded
positions (games named by issues) come from tests/fixtures/m1839 through :func:`recorded`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from m1839_helpers import finish_auction

from railhouse.engine.actions import Action, BuyTrain, Pass
from railhouse.engine.entities import IPO, Company
from railhouse.engine.phases import enter_phase
from railhouse.engine.privates import update_private
from railhouse.engine.record import replay
from railhouse.engine.rounds.base import Step
from railhouse.engine.shares import move_shares, president_cert
from railhouse_m1839.data import PHASE_IDS
from railhouse_m1839.game import M1839, new_game
from railhouse_m1839.operating import M1839OperatingRound
from railhouse_m1839.stock import M1839StockRound
from railhouse_m1839.turnsteps import TrainBuyStep


def refresh(game: M1839) -> None:
    """Forget cached legal actions after changing the state by hand (if the core caches)."""
    forget = getattr(game, "forget_legal_actions", None)
    if forget is not None:
        forget()


FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "m1839"


def recorded(name: str) -> M1839:
    """The position at the end of the game record ``tests/fixtures/m1839/<name>.json``,
    replayed with the invariants checked after every action."""
    record = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    game: M1839 = replay(record, check=True)
    return game


def after_auction(players: int = 4, seed: int = 1) -> M1839:
    game = new_game([f"P{i}" for i in range(players)], None, seed)
    finish_auction(game, seed)
    return game


def clear_holdings(game: M1839) -> M1839:
    """Every company back in the IPO, unparred and off the markets, every private unowned
    (a position after the auction with nobody holding anything); returns ``game``."""
    for company in game.companies.values():
        if company.started:
            game.market_of(company).remove(company.id)
        company.started = company.floated = False
        company.president = None
        for cert in company.certs:
            cert.owner = IPO
    for private_id in game.privates:
        update_private(game, private_id, owner=None)
    return game


def cleared(players: int = 4, seed: int = 1) -> M1839:
    """After the auction (SR 1) with nobody holding anything (``clear_holdings``)."""
    return clear_holdings(after_auction(players, seed))


def legal(game: M1839) -> list[Action]:
    """The actions legal now (without their ranges)."""
    return [c.action for c in game.legal_actions()]


def own_private(game: M1839, private_id: str, owner: str) -> None:
    """``owner`` (a player or a company) holds the open private."""
    update_private(game, private_id, owner=owner, closed=False)
    if owner in game.companies:
        game.companies[owner].privates.append(private_id)


def float_company(game: M1839, company_id: str, director: str, price: int = 67,
                  shares: int = 4, cash: int = 500, others: dict[str, int] | None = None,
                  operated: bool = True) -> Company:
    """``company_id`` parred at ``price`` and floated: ``director`` holds the director's
    certificate and ``shares - 2`` more; ``others`` maps players to shares."""
    company = game.companies[company_id]
    company.started = company.floated = True
    company.president = director
    company.par_price = price
    president_cert(company).owner = director
    move_shares(company, IPO, director, shares - 2)
    for player, count in (others or {}).items():
        move_shares(company, IPO, player, count)
    company.cash = cash
    game.market_of(company).place_at_price(company_id, price)
    if operated:
        game.operated_since_float.add(company_id)
    return company


def to_phase(game: M1839, name: str) -> None:
    """Enter phase ``name`` with its effects, taking the earlier trains out of the supply."""
    index = next(i for i, p in enumerate(game.config.phases) if p.name == name)
    enter_phase(game, index)
    group = index + 1
    game.depot.trains = [t for t in game.depot.trains if t.spec.group >= group]
    game.pending.clear()


def to_rank(game: M1839, phase: str) -> None:
    """The phase ``phase`` is on; the supply's next train is the first of the next rank."""
    to_phase(game, phase)
    rank = PHASE_IDS.index(phase) + 2
    game.depot.trains = [t for t in game.depot.trains if t.spec.group >= rank]


def give_train(game: M1839, company: Company, name: str | None = None) -> None:
    """Hand ``company`` the first supply train (of ``name`` if given), outside the rules."""
    train = next(t for t in game.depot.trains if name is None or t.name == name)
    game.depot.trains.remove(train)
    company.trains.append(train.to(company.id))


def operating_turn(game: M1839, company_id: str, at: type[Step[Any]] = TrainBuyStep) -> None:
    """An OR in which ``company_id`` is operating and waits at its first ``at`` step."""
    game.pending.clear()
    rnd = M1839OperatingRound(game, 1, 1, game.set_number or 1)
    game.round = rnd
    rnd.begin_turn(game.companies[company_id])
    for step in rnd.steps:
        if isinstance(step, at):
            break
        step.done = True
    refresh(game)


def start_or(game: M1839) -> None:
    """A new OR starts as the round machine starts it (income, then the first turn)."""
    game.pending.clear()
    rnd = M1839OperatingRound(game, 1, 1, game.set_number or 1)
    game.round = rnd
    rnd.start()
    rnd.advance()


def buy_next_train(game: M1839, company_id: str) -> None:
    """``company_id`` (waiting at its train step) buys the next supply train via apply."""
    train = game.depot.available()[0]
    game.apply(BuyTrain(entity=company_id, train=train.id, price=train.spec.price))


def finish_turn(game: M1839, company_id: str) -> None:
    """``company_id`` passes until its turn is over (and any window it opens)."""
    while game.acting_entity() == company_id:
        game.apply(Pass(entity=company_id))


def pass_sr(game: M1839) -> None:
    """Everybody passes until the stock round is over and the next OR has started (an OR
    in which no company operates ends at once: the game then waits in the next SR)."""
    ors = game.ors_played
    for _ in range(20):
        if game.ors_played > ors or game.pending:
            return
        assert isinstance(game.round, M1839StockRound)
        who = game.acting_entity()
        assert who is not None
        game.apply(Pass(entity=who))
    raise AssertionError("the stock round did not end")
