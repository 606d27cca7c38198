"""The ready-made deals (``TrainSale``, ``PrivateSale``) set ``Deal.__init__``'s attributes
and describe themselves with ``Deal.describe``'s entries without calling either (a deal
is made and described at every offer and purchase between companies).  Here every deal of
seeded playouts of both titles is compared with one made and described through ``Deal``
itself: the same attributes in the same order (the copiers of a clone are written per
attribute layout) and the same description."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.agreements import Deal, PrivateSale, TrainSale
from railhouse.engine.record import new_game

TERMS = {TrainSale: ("train", "price"), PrivateSale: ("private", "price")}


def made_through_deal(deal: Deal) -> Deal:
    """``deal`` as ``Deal.__init__`` and then the sale's terms set it up."""
    twin = object.__new__(type(deal))
    Deal.__init__(twin, deal.game, deal.proposer, deal.respondent, declined=deal.declined)
    for name in TERMS[type(deal)]:
        setattr(twin, name, getattr(deal, name))
    return twin


def described_through_deal(deal: Deal) -> dict[str, object]:
    return {**Deal.describe(deal), **{name: getattr(deal, name) for name in TERMS[type(deal)]}}


def test_every_deal_of_playouts_is_the_deal_made_through_deal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen = {TrainSale: 0, PrivateSale: 0}

    def checking(kind: type[Deal]) -> Any:
        check = kind.check

        def checked(deal: Deal) -> None:
            assert list(vars(deal).items()) == list(vars(made_through_deal(deal)).items())
            assert list(deal.describe().items()) == list(described_through_deal(deal).items())
            seen[kind] += 1
            check(deal)

        return checked

    for kind in TERMS:
        monkeypatch.setattr(kind, "check", checking(kind))
    for title, seed in [("soh", 0), ("soh", 1), ("1839", 1), ("1839", 2)]:
        game = new_game(title, seat_names(4), None, seed)
        rng = random.Random(seed)
        while not game.over:
            game.apply(choose_playing(rng, game.legal_actions()))
    assert seen[TrainSale] > 10 and seen[PrivateSale] > 0, seen
