"""The ready-made deals (``TrainSale``, ``PrivateSale``) set ``Deal.__init__``'s attributes
and describe themselves with ``Deal.describe``'s entries without calling either (a deal
is made and described at every offer and purchase between companies), and the decision of
an offer (``AgreementDecider``) sets ``Decider.__init__``'s.  Here every deal and offer
of seeded playouts of both titles is compared with one made (and described) through
``Deal`` and ``Decider`` themselves: the same attributes in the same order (the copiers
of a clone are written per attribute layout) and the same description."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.agreements import AgreementDecider, Deal, PrivateSale, TrainSale
from railhouse.engine.record import new_game
from railhouse.engine.rounds.base import Decider

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
    offers = []
    asking = AgreementDecider.acting_entity

    def asked(decider: AgreementDecider) -> str | None:
        twin = object.__new__(AgreementDecider)
        Decider.__init__(twin, decider.game)
        twin.deal, twin.then = decider.deal, decider.then
        assert list(vars(decider).items()) == list(vars(twin).items())
        offers.append(decider)
        return asking(decider)

    monkeypatch.setattr(AgreementDecider, "acting_entity", asked)
    for title, seed in [("soh", 0), ("soh", 1), ("1839", 1), ("1839", 2)]:
        game = new_game(title, seat_names(4), None, seed)
        rng = random.Random(seed)
        while not game.over:
            game.apply(choose_playing(rng, game.legal_actions()))
    assert seen[TrainSale] > 10 and seen[PrivateSale] > 0 and offers, seen
