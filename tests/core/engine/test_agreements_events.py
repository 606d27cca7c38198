"""The ready-made deals record what changed hands (``private_bought``, ``train_bought``:
the events Steam Over Holland and 1839 report for a private bought by a company and a train
sold between companies), then the ``agreement``; a declined offer records neither."""

from __future__ import annotations

from engine_positions import mini, start

from railhouse.engine.agreements import PrivateSale, TrainSale, conclude
from railhouse.engine.invariants import check_invariants
from railhouse.engine.privates import update_private


def test_an_accepted_private_sale_records_private_bought_then_the_agreement() -> None:
    game = mini()
    alpha = start(game, "A", "p0", 70)
    game.pay(game.bank, alpha, 100)
    update_private(game, "P1", owner="p1")
    before = len(game.events_since(-1))
    conclude(game, PrivateSale(game, "A", "P1", 30), True, None)
    kinds = [(e.kind, e.data) for e in game.events_since(-1)[before:]]
    assert kinds[0] == ("private_bought", {"company": "A", "private": "P1", "from": "p1",
                                           "price": 30})
    assert kinds[1][0] == "agreement" and kinds[1][1]["accepted"] is True
    assert alpha.privates == ["P1"] and alpha.cash == 70
    check_invariants(game)


def test_an_accepted_train_sale_records_train_bought_and_a_declined_one_nothing() -> None:
    game = mini()
    alpha, beta = start(game, "A", "p0", 70), start(game, "B", "p1", 70)
    game.pay(game.bank, alpha, 100)
    train = game.depot.take(game.depot.available()[0].id)
    beta.trains.append(train.to("B"))
    before = len(game.events_since(-1))
    conclude(game, TrainSale(game, "A", "B", train.id, 40), False, None)
    assert [e.kind for e in game.events_since(-1)[before:]] == ["agreement"]
    conclude(game, TrainSale(game, "A", "B", train.id, 40), True, None)
    last = game.events_since(-1)[-2]
    assert (last.kind, last.data) == ("train_bought", {"company": "A", "train": train.id,
                                                       "from": "B", "price": 40})
    assert alpha.trains == [train] and beta.cash == 40
