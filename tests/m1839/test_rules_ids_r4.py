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
    game = _game()
    privately_held = set(game.privates)
    for company in game.companies.values():
        for cert in company.certs:
            assert cert.owner == IPO or cert.owner in privately_held, (company.id, cert.owner)
        if not any(c.owner in privately_held for c in company.certs):
            assert not company.started and company.id not in game.market_of(company).positions
    holders = {c.owner for co in game.companies.values() for c in co.certs if c.owner != IPO}
    assert set(BROWN_PRIVATES) <= holders  # the exceptions, nothing else


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
