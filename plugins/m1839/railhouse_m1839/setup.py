"""Setup (R-4): removals by player count, the brown privates' Majors, the certificates that
ride on privates, the Diepenbrock train and the number cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.entities import IPO
from railhouse.engine.privates import update_private
from railhouse_m1839.data import BROWN_PRIVATES, MAJOR_IDS

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839

NOVICE_AVOID = ("AMS", "NBDS", "ZHESM")  # recommendation for Albert Voombergh


def setup(game: M1839) -> None:
    n = len(game.seats)
    remove_privates(game, n)
    remove_trains(game, n)
    assign_browns(game)
    attach_certificates(game)
    set_aside_dru_train(game)
    deal_cards(game)


def remove_privates(game: M1839, players: int) -> None:
    """R-4.2: privates not used with this many players leave the game; RH waits for CM
    (it is never auctioned, A-04) and exists only in 4-player games."""
    for private in list(game.privates.values()):
        if players not in private.spec.extra["players"]:
            update_private(game, private.id, closed=True)
    update_private(game, "RH", closed=True)


def remove_trains(game: M1839, players: int) -> None:
    """R-4.2 / R-4.4 counts are in the data; A-03: optionally 3 blue with 2 players."""
    if players == 2 and game.options["two_player_blue_trains"] == 3:
        blue = next(t for t in game.depot.trains if t.name == "4+")
        game.depot.trains.remove(blue)


def assign_browns(game: M1839) -> None:
    """R-4.6: each brown private gets a random Spoorwegmaatschappij (seeded)."""
    majors = list(MAJOR_IDS)
    game.rng.shuffle(majors)
    if game.options["novice_voombergh"]:
        safe = next(m for m in majors if m not in NOVICE_AVOID)
        majors.remove(safe)
        majors.insert(BROWN_PRIVATES.index("AV"), safe)
    game.brown_assignment = dict(zip(BROWN_PRIVATES, majors, strict=False))


def attach_certificates(game: M1839) -> None:
    """R-4.6 / R-4.7: each brown private holds its Major's director's certificate and one
    share; STK holds two shares of AV's Major, JJB one share of AB's Major."""
    extra = {"AV": ("STK", 2), "AB": ("JJB", 1)}
    for private_id, company_id in game.brown_assignment.items():
        company = game.companies[company_id]
        ipo = [c for c in company.certs if c.owner == IPO and not c.president]
        company.certs[0].owner = private_id
        ipo.pop(0).owner = private_id
        if private_id in extra:
            holder, count = extra[private_id]
            for _ in range(count):
                ipo.pop(0).owner = holder


def set_aside_dru_train(game: M1839) -> None:
    """R-4.5 (A-05): one dark brown R4 stays with DRU; two remain buyable."""
    train = next(t for t in game.depot.trains if t.name == "R4")
    game.depot.trains.remove(train)
    game.dru_train = train


def deal_cards(game: M1839) -> None:
    """R-4.9: one colour dealt at random, one card each; the other colour waits."""
    players = [p.id for p in game.seats]
    game.rng.shuffle(players)
    game.cards.redeal(players)
