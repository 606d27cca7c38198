"""``Game.seat_of`` and ``Game.player`` read a usual player id's number from a table
instead of parsing it; here they are compared with the parsing (the methods as they were)
for every id of real positions (players, companies, privates) and odd ones, along seeded
playouts of both titles.  The stock round and the auction read their player's id from
the seat instead of formatting it: compared with the formatting at every decision of
those playouts."""

from __future__ import annotations

import random

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.entities import Player
from railhouse.engine.errors import IllegalAction
from railhouse.engine.game import Game
from railhouse.engine.record import new_game
from railhouse.engine.rounds.auction import SequentialBidAuction
from railhouse.engine.rounds.stock import StockRound

ODD_IDS = ["p01", "p-1", "p4", "p15", "p16", "p", "x1", "P0", "bank", ""]


def seat_by_parsing(game: Game, entity: str) -> int:
    if entity.startswith("p") and entity[1:].isdigit():
        return int(entity[1:])
    company = game.companies.get(entity)
    if company is not None and company.president is not None:
        return seat_by_parsing(game, company.president)
    private = game.privates.get(entity)
    if private is not None and private.owner is not None:
        return seat_by_parsing(game, private.owner)
    raise KeyError(f"no seat decides for {entity!r}")


def player_by_parsing(game: Game, player_id: str) -> Player:
    try:
        seat = game.seats[int(player_id[1:])]
    except (ValueError, IndexError):
        seat = None
    if seat is None or seat.id != player_id:
        raise IllegalAction(f"no player {player_id!r}", "entities")
    return seat


def answer(method: object, *args: object) -> object:
    try:
        return method(*args)  # type: ignore[operator]
    except (KeyError, IllegalAction) as exc:
        return (type(exc), str(exc))


@pytest.mark.parametrize(("title", "players"), [("soh", 4), ("1839", 2), ("1839", 4)])
def test_the_table_reads_what_parsing_finds(title: str, players: int) -> None:
    game = new_game(title, seat_names(players), None, 7)
    ids = [p.id for p in game.seats] + sorted(game.companies) + sorted(game.privates) + ODD_IDS
    rng = random.Random(7)
    asked = 0
    while not game.over and game.action_count < 600:
        round_ = game.round
        if isinstance(round_, StockRound) and type(round_).player_id is StockRound.player_id:
            assert round_.player_id() == f"p{round_.seat}"  # the seat's id, read
        if (isinstance(round_, SequentialBidAuction) and not round_.finished
                and type(round_).acting_entity is SequentialBidAuction.acting_entity):
            assert round_.acting_entity() == f"p{round_.seat}"
        if game.action_count % 5 == 0:
            for entity in ids:
                assert answer(game.seat_of, entity) == answer(seat_by_parsing, game, entity)
                assert answer(game.player, entity) == answer(player_by_parsing, game, entity)
                asked += 1
        game.apply(choose_playing(rng, game.legal_actions()))
    assert asked > 1000
