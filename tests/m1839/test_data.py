"""Tables: markets (Part 3), privates (R-14.3), trains and phases (R-17.1, R-4.4)."""

from __future__ import annotations

import itertools

from railhouse_m1839 import data
from railhouse_m1839.markets import CONVERSION, LOCAL_PRICES, MAJOR_PRICES


def test_R_13_1_markets_have_the_given_ends_and_spaces() -> None:
    assert len(LOCAL_PRICES) == 18 and (LOCAL_PRICES[0], LOCAL_PRICES[-1]) == (10, 65)
    assert len(MAJOR_PRICES) == 22 and (MAJOR_PRICES[0], MAJOR_PRICES[-1]) == (40, 300)
    assert {20, 25, 31, 46, 55} <= set(LOCAL_PRICES)
    assert {43, 51, 61, 67, 74, 82} <= set(MAJOR_PRICES)
    assert all(a < b for a, b in itertools.pairwise(MAJOR_PRICES))
    assert CONVERSION == {46: 43, 55: 51, 65: 61}


def test_R_14_3_thirteen_privates_with_face_and_revenue() -> None:
    privates = {p.id: p for p in data.privates()}
    assert len(privates) == 13
    assert (privates["AV"].value, privates["AV"].revenue) == (240, 60)
    assert (privates["STK"].value, privates["STK"].revenue) == (240, 30)
    assert privates["RH"].revenue == -100
    assert privates["KF"].extra["players"] == (3, 4)
    assert privates["CM"].extra["players"] == (4,)


def test_R_14_5_companies_homes_and_markers() -> None:
    specs = {c.id: c for c in data.companies()}
    assert len(specs) == 16
    assert specs["NWS"].home == ("G16", "F17")  # F18 moved to F17
    assert specs["NCS"].extra["markers"] == 3 and specs["AMS"].extra["markers"] == 5
    assert all(specs[f"L{i}"].kind == "local" for i in range(1, 9))


def test_R_17_1_phase_table() -> None:
    phases = data.phases()
    assert [p.name for p in phases] == list(data.PHASE_IDS)
    assert [p.operating_rounds for p in phases] == [1, 1] + [2] * 6 + [3] * 4
    assert phases[4].extra["dividends"] == ("payout", "withhold")
    assert phases[3].extra["dividends"] == ("half", "withhold")
    assert phases[5].extra["major_pars"] == (67,)
    assert [p.offboard_column for p in phases] == [0] * 5 + [1] * 5 + [2] * 2


def test_R_4_4_train_counts_by_players() -> None:
    trains = {t.name: t for t in data.trains()}
    assert trains["4+"].counts == {2: 4, 3: 3, 4: 4}
    assert trains["4"].counts == {2: 3, 3: 3, 4: 4}
    assert trains["7"].counts[4] is None
    assert data.is_r_train(trains["R5"]) and not data.is_r_train(trains["4"])
    assert data.max_offboards(trains["PR2+"]) == 1
