"""Building Steam Over Holland positions for scenario tests (no random playouts).

A scenario starts from a fresh game whose private auction was passed out (every private
removed), then sets up exactly the state a rule needs: companies started with chosen
holdings, privates handed out, tiles laid, the phase set, and an operating turn begun for
one company.  The helpers change state the way the rules would (money moves through
``game.pay`` so the money invariant holds) but skip the decisions that lead there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from railhouse.engine.actions import Action, BuyTrain, Dividend, LegalAction, Pass, RunRoutes
from railhouse.engine.entities import TREASURY, Company, Train
from railhouse.engine.invariants import check_invariants
from railhouse.engine.privates import update_private
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.engine.shares import move_shares, president_cert
from railhouse_soh.game import SteamOverHolland, new_game
from railhouse_soh.routing import RouteStep
from railhouse_soh.trainbuy import BuyTrainStep

A = TypeVar("A", bound=Action)

# Track found with the core's legal-lay search (each lay legal in this order):
#: AR (Breda J7) to Antwerpen (L5 off-board): J7 "57" then K6 "9".
BREDA_ANTWERPEN = (("J7", "57", 0), ("K6", "9", 0))
#: AR (Breda J7) to Vlissingen (J1 off-board) through the town K2 (river, 50).
BREDA_VLISSINGEN = (("J7", "6", 1), ("J5", "8", 4), ("K4", "8", 1), ("K2", "58", 2))
#: HYSM (Amsterdam station 1) over the ferry D9-D11 to Leeuwarden (B13).
AMSTERDAM_FERRY_LEEUWARDEN = (("F9", "SOH1", 0), ("E8", "8", 3), ("C12", "9", 0),
                              ("B13", "6", 4))


def fresh(players: int = 4, seed: int = 1, **options: object) -> SteamOverHolland:
    """A game in stock round 1 after an auction in which nobody bid."""
    game = new_game([f"P{i}" for i in range(players)], {"distribution": "auction", **options},
                    seed)
    while game.round is not None and game.round.kind == "auction":
        game.apply(Pass(entity=game.acting_entity() or ""))
    return game


def give_private(game: SteamOverHolland, private_id: str, owner: str) -> None:
    """Hand a private to a player or company (its auction is not replayed)."""
    update_private(game, private_id, closed=False, owner=owner)
    if owner in game.companies:
        game.companies[owner].privates.append(private_id)


def start_company(game: SteamOverHolland, company_id: str, president: str, price: int = 100,
                  holdings: dict[str, int] | None = None, cash: int | None = None) -> Company:
    """Start ``company_id`` at ``price`` with ``president`` holding the president's
    certificate; ``holdings`` adds ordinary shares (bought from the treasury at ``price``).
    ``cash`` overrides the treasury (the difference goes to or comes from the bank)."""
    company = game.companies[company_id]
    president_cert(company).owner = president
    company.president = president
    company.started = company.floated = True
    company.par_price = price
    market = game.markets["main"]
    market.place(company_id, _cell(game, price))
    game.pay(game.bank, company, 2 * price)
    for player, count in (holdings or {}).items():
        move_shares(company, TREASURY, player, count)
        game.pay(game.bank, company, count * price)
    if cash is not None:
        set_cash(game, company, cash)
    return company


def _cell(game: SteamOverHolland, price: int) -> tuple[int, int]:
    row = game.markets["main"].spec.rows[0]
    return (0, next(i for i, cell in enumerate(row) if cell is not None and cell.price == price))


def move_price(game: SteamOverHolland, company_id: str, price: int) -> None:
    market = game.markets["main"]
    market.remove(company_id)
    market.place(company_id, _cell(game, price))


def set_cash(game: SteamOverHolland, holder: object, cash: int) -> None:
    """Set a player's or company's cash, balancing with the bank."""
    have = holder.cash  # type: ignore[attr-defined]
    if have > cash:
        game.pay(holder, game.bank, have - cash)
    else:
        game.pay(game.bank, holder, cash - have)


def lay(game: SteamOverHolland, lays: Iterable[tuple[str, str, int]]) -> None:
    for hex_id, tile, rotation in lays:
        game.board.lay_tile(hex_id, tile, rotation)


def home_token(game: SteamOverHolland, company_id: str, hex_id: str, city: int = 0) -> None:
    """Place the free home token as the first operating turn would."""
    game.board.place_token(hex_id, city, company_id)
    game.board.drop_reservations(company_id, hex_id)
    game.companies[company_id].tokens_placed = max(1, game.companies[company_id].tokens_placed)


def set_phase(game: SteamOverHolland, name: str) -> None:
    """Jump to phase ``name``: the trains of earlier phases are sold out (out of play)."""
    index = next(i for i, p in enumerate(game.config.phases) if p.name == name)
    game.phase_index = index
    first = game.config.phases[index].on_trains
    group = min(t.spec.group for t in game.depot.trains if t.name in first) if first else 0
    for train in [t for t in game.depot.trains if t.spec.group < group]:
        game.depot.trains.remove(train)
        game.depot.discarded.append(train)


def give_trains(game: SteamOverHolland, company_id: str, names: Sequence[str]) -> list[Train]:
    """Move trains from the depot to ``company_id`` without payment or phase effects."""
    company = game.companies[company_id]
    given = []
    for name in names:
        pile = game.depot.trains
        if not any(t.name == name for t in pile):
            pile = game.depot.discarded  # a type already sold out in an earlier phase
        train = next(t for t in pile if t.name == name)
        pile.remove(train)
        train = train.to(company_id)
        company.trains.append(train)
        given.append(train)
    return given


def operate(game: SteamOverHolland, company_id: str, number: int = 1, of: int = 2,
            set_number: int = 1) -> OperatingRound[Any]:
    """Begin an operating round in which only ``company_id`` still has to operate (every
    other company counts as having operated); automatic steps are resolved."""
    game.set_number = set_number
    round_ = OperatingRound(game, number, of, set_number)
    round_.operated = [c for c in game.companies if c != company_id]
    game.round = round_
    game.pending.clear()
    round_.start()
    game._settle()
    return round_


def legal(game: SteamOverHolland, kind: type | None = None) -> list[LegalAction]:
    choices = game.legal_actions()
    return [c for c in choices if kind is None or isinstance(c.action, kind)]


def legal_of(game: SteamOverHolland, kind: type[A]) -> list[A]:
    """The actions of the legal choices that are ``kind``s (typed as ``kind``)."""
    return [c.action for c in game.legal_actions() if isinstance(c.action, kind)]


def apply(game: SteamOverHolland, action: Action) -> None:
    """Apply ``action`` and check the bookkeeping invariants afterwards."""
    game.apply(action)
    check_invariants(game)


def to_step(game: SteamOverHolland, step_class: type, dividend: str = "withhold") -> None:
    """Pass the current company's steps (answering a dividend decision with ``dividend``)
    until ``step_class`` is the current step."""
    for _ in range(20):
        round_ = game.round
        assert isinstance(round_, OperatingRound), "not in an operating round"
        if isinstance(round_.current_step(), step_class) and not game.pending:
            return
        entity = game.acting_entity() or ""
        if legal(game, Dividend):
            apply(game, Dividend(entity=entity, kind=dividend))
        else:
            apply(game, Pass(entity=entity))
    raise AssertionError(f"never reached {step_class.__name__}")


def pass_until(game: SteamOverHolland, kind: type) -> None:
    """Pass decisions until an action of ``kind`` is legal (fails after 50 passes)."""
    for _ in range(50):
        if legal(game, kind):
            return
        apply(game, Pass(entity=game.acting_entity() or ""))
    raise AssertionError(f"no {kind.__name__} became legal")


def ar_buying(phase: str, trains: Sequence[str] = (), cash: int = 2000, sold_out: bool = True,
              rules: str | None = None) -> SteamOverHolland:
    """AR (Breda, track to Antwerpen) with ``trains`` and ``cash`` at its train step in phase
    ``phase``, in a ``fresh`` game (with the rule set ``rules`` if given); with ``sold_out``
    the trains of the current phase are gone, so the next type is on sale.  Where the
    president claims the routes (18xx-games T) and AR has trains, it claims none."""
    game = fresh() if rules is None else fresh(rules=rules)
    set_phase(game, phase)
    start_company(game, "AR", "p0", 100, cash=cash)
    home_token(game, "AR", "J7")
    lay(game, BREDA_ANTWERPEN)
    give_trains(game, "AR", trains)
    if sold_out:
        current = game.phase.on_trains or ("2",)
        for train in [t for t in game.depot.trains if t.name in current]:
            game.depot.trains.remove(train)
            game.depot.discarded.append(train)
    operate(game, "AR")
    if game.ruleset.player_routes and trains:
        to_step(game, RouteStep)
        apply(game, RunRoutes(entity="AR"))  # T: the president claims (here: no) routes
    to_step(game, BuyTrainStep)
    return game


def depot_buys(game: SteamOverHolland) -> dict[str, int]:
    """The legal purchases from the depot: train type -> price."""
    return {a.train.split("-")[0]: a.price for a in legal_of(game, BuyTrain)
            if a.source == "depot"}
