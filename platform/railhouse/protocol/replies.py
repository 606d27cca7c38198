"""Reading a bot's ``action`` reply: which legal action it names, and its comment."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from railhouse.engine.actions import (
    Action,
    LegalAction,
    find_admitting,
    from_builtins,
    to_builtins,
)
from railhouse.engine.errors import IllegalAction, InvalidAction
from railhouse.protocol.codec import ProtocolError
from railhouse.protocol.messages import COMMENT_MAX, ActionReply


def choice_of(reply: ActionReply, legal: Sequence[LegalAction],
              judge: Callable[[Action], None] | None = None, *,
              normalise: Callable[[Action], Action] | None = None) -> Action:
    """The action ``reply`` chooses from ``legal``: by ``index``, or an ``action`` object
    some legal choice admits (a ranged field within its range, a free field anything), or
    that ``normalise`` (the game's) turns into such an object: an equivalent spelling, e.g.
    a tile turned to lay the same track, is answered as the listed one.  An answer that
    sets a free field is passed to ``judge`` (the engine's validation, which raises
    ``IllegalAction`` and changes nothing).  Raises ``ProtocolError`` with reason
    ``invalid_message`` or ``illegal_action``."""
    if (reply.action is None) == (reply.index is None):
        raise ProtocolError("invalid_message", "give exactly one of 'action' and 'index'")
    if reply.index is not None:
        if not 0 <= reply.index < len(legal):
            raise ProtocolError("illegal_action", f"index {reply.index} is out of range")
        return legal[reply.index].action
    try:
        action = from_builtins(reply.action or {})
    except InvalidAction as exc:
        raise ProtocolError("illegal_action", str(exc)) from None
    choice = find_admitting(legal, action)
    if choice is None and normalise is not None:
        listed = normalise(action)
        choice = find_admitting(legal, listed) if listed != action else None
        action = listed if choice is not None else action
    if choice is None:
        raise ProtocolError("illegal_action", why_not_legal(action, legal))
    if choice.free and judge is not None and action != choice.action:
        try:
            judge(action)
        except IllegalAction as exc:
            raise ProtocolError("illegal_action", str(exc)) from None
    return action


def why_not_legal(action: Action, legal: Sequence[LegalAction]) -> str:
    """Why no choice of ``legal`` admits ``action``, naming the bad field: ``buy_train:
    price 1 is not in 80..400 (step 5)``, or the legal values of a fixed field, or the
    action types that are legal now."""
    kind = to_builtins(action)["type"]
    same = [c for c in legal if type(c.action) is type(action)]
    if not same:
        types = sorted({to_builtins(c.action)["type"] for c in legal})
        return f"{kind} is not legal now (legal now: {', '.join(types)})"
    problems = min((_mismatches(action, choice) for choice in same), key=len)
    return f"{kind}: {'; '.join(problems)}"


def _mismatches(action: Action, choice: LegalAction) -> list[str]:
    """What keeps ``choice`` from admitting ``action`` (of the same type), field by field."""
    found: list[str] = []
    for name in action.__struct_fields__:
        value, bounds = getattr(action, name), choice.ranges.get(name)
        if bounds is not None:
            if value not in bounds:
                step = f" (step {bounds.step})" if bounds.step != 1 else ""
                found.append(f"{name} {value!r} is not in {bounds.min}..{bounds.max}{step}")
        elif value != getattr(choice.action, name):
            found.append(f"{name} {value!r} is not legal (legal: {getattr(choice.action, name)!r})")
    return found


def comment_of(reply: ActionReply) -> str:
    """A reply's comment, truncated to :data:`COMMENT_MAX` characters."""
    return reply.comment[:COMMENT_MAX]
