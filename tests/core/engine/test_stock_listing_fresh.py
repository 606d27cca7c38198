"""The stock-round legal set, as listed with every memo warm (the ledgers' ``derived``
memos: sales, purchases, offers, sources; their certificate counts; the markets' open
pars; the round's par prices), equals the legal set listed from scratch (every ledger's
memo and counts emptied, every market's memo, the round's par prices forgotten) at
every stock-round decision of seeded random games of both titles, and of clones taken
along them and played on with other choices (a clone shares its ledgers' memos with the
original until either side changes).  A memo whose key misses something its answer reads
makes some listing differ from the fresh one."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing
from railhouse.engine.actions import LegalAction
from railhouse.engine.record import new_game
from railhouse.engine.rounds.stockchoices import StockChoices

#: a clone is taken at every this many stock-round decisions and played on
CLONE_EVERY = 12
#: how many decisions (of any kind) a clone is played on
PLAYED_ON = 60


def stock_decisions(game: Any, rng: random.Random, limit: int | None = None,
                    ) -> Iterator[tuple[Any, StockChoices[Any]]]:
    """(game, decider) before every stock-round listing of ``game`` played on at random (at
    most ``limit`` decisions of any kind), clones taken along it played on too."""
    taken = played = 0
    while not game.over and (limit is None or played < limit):
        decider = game.decider()
        if isinstance(decider, StockChoices):
            yield game, decider
            taken += 1
            if limit is None and taken % CLONE_EVERY == 0:
                yield from stock_decisions(game.clone(), random.Random(taken), PLAYED_ON)
        game.apply(choose_playing(rng, game.legal_actions()))
        played += 1


def listed_from_scratch(game: Any, decider: StockChoices[Any]) -> list[LegalAction]:
    """``decider``'s legal set with no memo to read: every ledger's memo and counts and
    every market's memo emptied and the round's par prices forgotten for the listing,
    then put back as they were."""
    ledgers = [company.ledger for company in game.companies.values()]
    saved = [(ledger.memo, ledger.tally) for ledger in ledgers]
    markets = list(game.markets.values())
    saved_markets = [market.memo for market in markets]
    saved_pars, decider._par_prices = decider._par_prices, {}
    for ledger in ledgers:
        ledger.memo, ledger.tally = {}, None
    for market in markets:
        market.memo = {}
    try:
        return decider.legal_actions()
    finally:
        for ledger, (memo, tally) in zip(ledgers, saved, strict=True):
            ledger.memo, ledger.tally = memo, tally
        for market, kept in zip(markets, saved_markets, strict=True):
            market.memo = kept
        decider._par_prices = saved_pars


def room_from_scratch(game: Any, me: str) -> int | None:
    """``me``'s room under the certificate limit from the certificates and privates (SOH
    EN "Maximum number of certificates"), None without a limit."""
    limit = game.config.certificate_limit[len(game.seats)]
    if limit is None:
        return None
    held: int = sum(company.ledger.owners.count(me) for company in game.companies.values()
                    if not company.closed)
    privates: int = sum(1 for private in game.privates.values()
                        if private.owner == me and not private.closed)
    room: int = limit - held - privates
    return room


@pytest.mark.parametrize(("title", "seed"), [("soh", 3), ("soh", 8), ("1839", 4), ("1839", 9)])
def test_stock_listing_equals_the_listing_from_scratch(title: str, seed: int) -> None:
    compared = played_on = 0
    game = new_game(title, ["A", "B", "C", "D"], None, seed)
    for position, decider in stock_decisions(game, random.Random(seed)):
        listed = position.legal_actions()  # the game's listing, memos warm
        assert listed == listed_from_scratch(position, decider)
        me = decider.player_id()
        decider._listing = {}  # (a listing's scratch memo, as legal_actions makes it)
        try:
            decider._legal_actions()
            kept = decider.certificate_room(me)
        finally:
            decider._listing = None
        assert kept == decider.certificate_room(me) == room_from_scratch(position, me)
        compared += 1
        played_on += position is not game
    assert compared > 100 and played_on > 20
