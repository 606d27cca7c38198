"""railhouse.protocol.replies: reading a bot's choice."""

from __future__ import annotations

import pytest

from railhouse.engine.actions import Bid, LegalAction, Pass, Range
from railhouse.protocol.codec import ProtocolError
from railhouse.protocol.messages import COMMENT_MAX, ActionReply
from railhouse.protocol.replies import choice_of, comment_of

LEGAL = [LegalAction(Pass(entity="P0")),
         LegalAction(Bid(entity="P0", target="X", price=20), {"price": Range(20, 40, 5)})]


def test_a_choice_by_index_or_by_admitted_action() -> None:
    assert choice_of(ActionReply(seq=1, index=0), LEGAL) == Pass(entity="P0")
    bid = {"type": "bid", "entity": "P0", "target": "X", "price": 35}
    assert choice_of(ActionReply(seq=1, action=bid), LEGAL) == Bid(entity="P0", target="X",
                                                                    price=35)


@pytest.mark.parametrize("reply, reason", [
    (ActionReply(seq=1), "invalid_message"),
    (ActionReply(seq=1, index=2), "illegal_action"),
    (ActionReply(seq=1, action={"type": "bid", "entity": "P0", "target": "X", "price": 45}),
     "illegal_action"),
    (ActionReply(seq=1, action={"type": "no_such_thing"}), "illegal_action"),
])
def test_bad_choices_name_their_reason(reply: ActionReply, reason: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        choice_of(reply, LEGAL)
    assert caught.value.reason == reason


def test_comments_are_truncated() -> None:
    reply = ActionReply(seq=1, index=0, comment="x" * (COMMENT_MAX + 10))
    assert comment_of(reply) == "x" * COMMENT_MAX


@pytest.mark.parametrize("action, message", [
    ({"type": "bid", "entity": "P0", "target": "X", "price": 1},
     "bid: price 1 is not in 20..40 (step 5)"),
    ({"type": "bid", "entity": "P0", "target": "Y", "price": 20},
     "bid: target 'Y' is not legal (legal: 'X')"),
    ({"type": "buy_train", "entity": "P0", "train": "2", "price": 1},
     "buy_train is not legal now (legal now: bid, pass)"),
])
def test_an_illegal_action_names_the_bad_field(action: dict[str, object], message: str) -> None:
    """Issue 19, item 8: the error says what is wrong, not only "not legal now"."""
    with pytest.raises(ProtocolError) as caught:
        choice_of(ActionReply(seq=1, action=action), LEGAL)
    assert str(caught.value) == message
