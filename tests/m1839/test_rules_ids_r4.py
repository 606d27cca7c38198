"""R-4 setup rule IDs not covered elsewhere (digest /work/shared/facts/1839.md,
rules/1839/rules.md §4), on new games."""

from __future__ import annotations

from railhouse.engine.entities import IPO
from railhouse_m1839.auction import DiscountAuction
from railhouse_m1839.data import BROWN_PRIVATES
from railhouse_m1839.game import M1839, new_game


def _game(seed: int = 1) -> M1839:
    return new_game(["P0", "P1", "P2", "P3"], None, seed)


def test_R_4_8_all_other_certificates_start_in_the_ipo_unparred() -> None:
    """Only the R-4.6/R-4.7 certificates ride on privates; everything else is in the IPO
    and no company is parred: no marker on a market or on the map."""
    game = _game()
    held: dict[str, list[str]] = {}
    for company in game.companies.values():
        assert not company.started and not company.floated and company.president is None
        assert all(company.id not in market.positions for market in game.markets.values())
        assert not game.board.company_cities(company.id)
        for cert in company.certs:
            if cert.owner != IPO:
                held.setdefault(cert.owner, []).append(company.id)
    expected: dict[str, list[str]] = {b: [game.brown_assignment[b]] * 2 for b in BROWN_PRIVATES}
    expected["STK"] = [game.brown_assignment["AV"]] * 2
    expected["JJB"] = [game.brown_assignment["AB"]]
    assert held == expected
    for brown in BROWN_PRIVATES:  # the brown private's certificates: 20% + 10%
        major = game.companies[game.brown_assignment[brown]]
        assert sorted(c.percent for c in major.certs if c.owner == brown) == [10, 20]


def test_R_4_9_one_colour_dealt_at_random_one_card_each() -> None:
    deals = set()
    for seed in range(8):
        cards = _game(seed).cards
        assert sorted(cards.current.values()) == [1, 2, 3, 4] and cards.other == {}
        deals.add(tuple(cards.order()))
    assert len(deals) > 1  # random, not seat order every time


def test_R_4_10_the_game_starts_in_light_yellow_with_the_auction() -> None:
    game = _game()
    assert game.phase.name == "LY"
    assert isinstance(game.round, DiscountAuction)  # the auction precedes the first SR
