"""The interned stock choices (``rounds.plainchoices``) equal fresh constructions, and a
second request returns the same value; ``ShareLedger.give`` equals assigning owners one
by one."""

from __future__ import annotations

from railhouse.engine.actions import BuyShares, Concede, LegalAction, Par, Pass, Range, SellShares
from railhouse.engine.certificates import ShareLedger
from railhouse.engine.rounds import plainchoices as pc


def test_interned_choices_equal_fresh_ones() -> None:
    assert pc.pass_choice("p1") == LegalAction(Pass(entity="p1"))
    assert pc.concede_choice("p2") == LegalAction(Concede(entity="p2"))
    assert pc.par_choice("p0", "X", 67) == LegalAction(Par(entity="p0", company="X", price=67))
    assert pc.buy_choice("p0", "X", "ipo", 2) == LegalAction(
        BuyShares(entity="p0", company="X", source="ipo", count=2))
    assert pc.sale_range_choice("p3", "X", 2, 6) == LegalAction(
        SellShares(entity="p3", company="X", count=2), {"count": Range(2, 6, 2)})
    assert pc.par_choice("p0", "X", 67) is pc.par_choice("p0", "X", 67)


def test_give_equals_assigning_owners_one_by_one() -> None:
    rows = [(20, True, "ipo", False)] + [(10, False, "ipo", i % 2 == 0) for i in range(8)]
    bulk, single = ShareLedger("X", rows), ShareLedger("X", rows)
    bulk.give([1, 2, 5], "p1", face_up=True)
    for view in (single.views()[1], single.views()[2], single.views()[5]):
        view.owner = "p1"
        view.face_down = False
    assert (bulk.owners, bulk.face_down) == (single.owners, single.face_down)
    assert bulk.held() == single.held()
