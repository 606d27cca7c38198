"""R-2 component rule IDs (digest /work/shared/facts/1839.md, rules/1839/rules.md §2),
tested on a new 4-player game (R-2.4 by a nationalisation played through apply)."""

from __future__ import annotations

from collections import Counter

from m1839_positions import float_company, give_train

from railhouse.engine.entities import IPO
from railhouse_m1839.actions import Nationalise
from railhouse_m1839.data import LOCAL_IDS, MAJOR_IDS, NS, config
from railhouse_m1839.game import M1839, new_game
from railhouse_m1839.homes import CITY_HEXES
from railhouse_m1839.operating import NationalisationWindow
from railhouse_m1839.tiledata import TILES, tile_supply


def _game() -> M1839:
    return new_game(["P0", "P1", "P2", "P3"], None, 1)


def test_R_2_1_sixteen_companies_nine_certificates_each() -> None:
    game = _game()
    assert sorted(MAJOR_IDS) == ["AMS", "HIJSM", "MSS", "NBDS", "NCS", "NRS", "NWS", "ZHESM"]
    assert list(LOCAL_IDS) == [f"L{i}" for i in range(1, 9)]
    assert set(game.companies) == set(MAJOR_IDS) | set(LOCAL_IDS)
    for company in game.companies.values():
        percents = sorted(c.percent for c in company.certs)
        assert percents == [10] * 8 + [20], company.id
        assert sum(c.president for c in company.certs) == 1
        assert company.spec.extra["markers"] in (3, 4, 5)


def test_R_2_2_thirteen_privates_by_colour() -> None:
    colours = Counter(p.spec.extra["colour"] for p in _game().privates.values())
    assert colours == {"yellow": 2, "green": 2, "blue": 5, "brown": 3, "red": 1}


def test_R_2_3_two_colours_of_number_cards_one_to_four() -> None:
    cards = _game().cards
    assert sorted(cards.current.values()) == [1, 2, 3, 4] and cards.other == {}
    assert cards.colour in ("blue", "red")
    first = cards.colour
    cards.swap()
    assert cards.colour != first and {first, cards.colour} == {"blue", "red"}


def test_R_2_4_government_markers_are_not_count_limited() -> None:
    """32 NS markers are supplied but their number is not limited: with 32 already on the
    map, nationalising AMS (through apply) still turns both its markers into NS markers.
    NS is no company, so it has no marker supply to run out of."""
    game = _game()
    assert NS not in game.companies
    board = game.board
    circles = [(h, k) for h, (_kind, n, _value) in CITY_HEXES.items() for k in range(n)
               if h not in ("L17", "N15")]
    for hex_id, city in circles[:32]:
        board.place_token(hex_id, city, NS)
    ams = float_company(game, "AMS", "p0")
    give_train(game, ams)
    board.place_token("L17", 0, "AMS")
    board.place_token("N15", 0, "AMS")
    game.pending.append(NationalisationWindow(game, ["AMS"]))
    game.apply(Nationalise(entity="AMS", company="AMS"))
    ns = [place for place, owners in board.tokens.items() for o in owners if o == NS]
    assert len(ns) == 34 and {("L17", 0), ("N15", 0)} <= set(ns)
    assert not list(board.company_cities("AMS"))


def test_R_2_5_unlimited_bank_never_breaks() -> None:
    assert config().bank_cash is None
    game = _game()
    assert game.bank.limit is None
    game.pay(game.bank, game.player("p0"), 100_000)
    assert not game.bank.broken and not game.over


def test_R_2_6_tiles_are_limited_to_the_manifest() -> None:
    supply = tile_supply()
    assert all(isinstance(n, int) and n > 0 for n in supply.values())
    assert {TILES[t].color for t in supply} == {"yellow", "green", "brown", "gray"}
    assert supply["8"] == 10 and supply["9"] == 8  # Part 5 yellow table


def test_R_2_7_trains_follow_the_phase_table() -> None:
    game = _game()
    counts = Counter(t.name for t in game.depot.trains)
    assert counts == {"2": 5, "2+1": 4, "3": 5, "3+": 3, "4+": 4, "R5": 4, "R4+1": 2,
                      "R4": 2, "PR2+": 4, "PR3+1": 2, "4": 4}  # one R4 is with DRU
    assert "7" in {getattr(t, "name", t) for t in game.depot.unlimited}  # the purple 7
    assert [p.name for p in game.config.phases] == [
        "LY", "DY", "LG", "DG", "BL", "LBr", "MBr", "DBr", "LR", "DR", "GR", "PU"]


def test_R_2_8_no_certificate_or_pool_limit() -> None:
    cfg = config()
    assert set(cfg.certificate_limit.values()) == {None}
    assert cfg.pool_limit_percent is None and cfg.max_holding_percent == 60
    assert all(c.owner == IPO for c in _game().companies["AMS"].certs)
