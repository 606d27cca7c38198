"""A private bought from the bank takes the certificates it carries to its buyer
(1839 R-6.7; ``railhouse.engine.privates.buy_from_bank``), found in the companies'
ledgers without making certificate views: for every 1839 private, in fresh games of
several seeds (the brown privates' companies are dealt at random), the holders after
the purchase are those a certificate-by-certificate transfer makes."""

from __future__ import annotations

import pytest

from railhouse.bench.positions import seat_names
from railhouse.engine.game import Game
from railhouse.engine.privates import buy_from_bank
from railhouse.engine.record import new_game


def by_certificate(game: Game, private_id: str, player_id: str) -> dict[str, tuple[str, ...]]:
    """The holders of every company's certificates after each certificate ``private_id``
    holds is given to ``player_id`` one by one (the transfer from scratch)."""
    owners: dict[str, tuple[str, ...]] = {}
    for company in game.companies.values():
        twin = game.clone().companies[company.id]
        for cert in twin.certs:
            if cert.owner == private_id:
                cert.owner = player_id
        owners[company.id] = twin.ledger.owners
    return owners


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_private_s_certificates_go_to_its_buyer(seed: int) -> None:
    carried = 0
    for private_id in new_game("1839", seat_names(4), None, seed).privates:
        game = new_game("1839", seat_names(4), None, seed)
        expected = by_certificate(game, private_id, "p1")
        carried += sum(c.ledger.owners.count(private_id) for c in game.companies.values())
        buy_from_bank(game, private_id, "p1", 0)
        assert {c.id: c.ledger.owners for c in game.companies.values()} == expected
        assert game.privates[private_id].owner == "p1"
        for company in game.companies.values():  # the totals follow the change
            assert company.ledger.held() == company.ledger._count_held()
    assert carried  # the brown privates carry certificates
