"""Legal choices and events are not tracked by the cyclic garbage collector (``gc=False``:
a game makes and keeps thousands of them, and neither can be part of a reference cycle)."""

from __future__ import annotations

import gc

import msgspec

from railhouse.bench.positions import playout
from railhouse.engine.actions import BuyShares, LegalAction, Pass, Range
from railhouse.engine.api import Event


def test_a_legal_choice_is_not_tracked() -> None:
    plain = LegalAction(Pass(entity="p0"))
    ranged = LegalAction(BuyShares(entity="p0", company="X", source="ipo"),
                         {"count": Range(1, 3)})
    assert not gc.is_tracked(plain)
    assert not gc.is_tracked(ranged)


def test_events_are_not_tracked_and_their_data_cannot_lead_back_to_them() -> None:
    game = playout("soh", 4, 5)
    events = game.events_since(-1)
    assert events
    for event in events:
        assert isinstance(event, Event)
        assert not gc.is_tracked(event)
        msgspec.json.encode(event.data)  # JSON-ready: a tree, so no cycle through it
