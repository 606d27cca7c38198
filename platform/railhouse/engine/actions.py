"""Actions: small frozen value objects that name entities by id.

Every action is a ``msgspec.Struct`` tagged by ``type`` so a JSON object such as
``{"type": "bid", "entity": "p0", "target": "P3", "price": 80}`` decodes to ``Bid``.
``entity`` is who acts: a player id (``"p0"``, ``"p1"`` ...) or a company id (``"NRS"``).

Titles may add their own action types with :func:`register_action`; the codec is rebuilt
from every registered class, so records and bot messages of that title decode.

Legal actions are :class:`LegalAction` values: a concrete action plus, for parameterised
choices, the ``ranges`` its integer fields may take (a bid from 80 to 400 in steps of 5).
The concrete action always carries the minimum, so a bot that answers with the index of a
legal action gets the minimum of every range.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Union

import msgspec

from railhouse.engine.cloning import shared_on_copy
from railhouse.engine.errors import InvalidAction
from railhouse.engine.rangecheck import SINGLE_RANGE


@shared_on_copy
class Action(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", omit_defaults=True):
    """Base of every action. ``entity`` names who acts."""

    entity: str


# --- turn structure -------------------------------------------------------------------
class Pass(Action, frozen=True, tag="pass"):
    """Decline the current choice (an auction, a stock turn, an optional step)."""


# --- private distribution -------------------------------------------------------------
class Bid(Action, frozen=True, tag="bid"):
    """Bid ``price`` for ``target`` (a private) in an auction."""

    target: str
    price: int


class BuyPrivate(Action, frozen=True, tag="buy_private"):
    """Buy a private outright (1839 auction; company purchase after an accepted offer)."""

    target: str
    price: int


class Discount(Action, frozen=True, tag="discount"):
    """Lower the price of ``target`` (a private nobody bought) in a buy-or-discount auction."""

    target: str


# --- shares ---------------------------------------------------------------------------
class Par(Action, frozen=True, tag="par"):
    """Start (par) a company at ``price``; ``homes`` for titles whose companies choose them."""

    company: str
    price: int
    homes: tuple[str, ...] = ()


class BuyShares(Action, frozen=True, tag="buy_shares"):
    """Buy ``count`` shares of ``company`` from ``source``: ``ipo``, ``treasury`` or ``pool``."""

    company: str
    source: str
    count: int = 1


class SellShares(Action, frozen=True, tag="sell_shares"):
    """Sell ``count`` shares of ``company`` to the open market."""

    company: str
    count: int


class ActivateShare(Action, frozen=True, tag="activate_share"):
    """Turn one face-down share face up (Steam Over Holland optional rule)."""

    company: str


class Redeem(Action, frozen=True, tag="redeem"):
    """A company buys its own shares back (1839 redemption)."""

    company: str
    count: int


class IssueShares(Action, frozen=True, tag="issue_shares"):
    """The acting company sells ``count`` treasury shares to the open market."""

    count: int


class BuyBackShares(Action, frozen=True, tag="buy_back_shares"):
    """The acting company buys ``count`` of its own shares from the open market."""

    count: int


# --- track, tokens, routes ------------------------------------------------------------
class LayTile(Action, frozen=True, tag="lay_tile"):
    """Lay (or upgrade to) ``tile`` on ``hex`` in orientation ``rotation`` (0-5)."""

    hex: str
    tile: str
    rotation: int
    ability: str = ""  # id of a private whose power this lay uses, if any


class LayTileAllocated(LayTile, frozen=True, kw_only=True, tag="lay_tile_allocated"):
    """A lay whose markers go to the tile's cities as the director chose (R-15.3.5):
    old city ``k`` -> new city ``tokens[k]``."""

    # offered by the core's track step with ``allocates`` (1839)

    tokens: tuple[int, ...]


class PlaceToken(Action, frozen=True, tag="place_token"):
    """Place a station token in city ``city`` of ``hex``.  ``ability``: the private whose
    power is used ("" for none).  ``replaces``: the owner of a token the new one replaces
    (1839 ``"NS"``: a government station marker, which returns to the supply), "" when it
    goes in an empty place; where a city has both, both placements are listed."""

    hex: str
    city: int = 0
    ability: str = ""
    replaces: str = ""


@shared_on_copy
class TrainRoute(msgspec.Struct, frozen=True):
    """One train's route: ``path`` is a sequence of node ids defined by ``railhouse.map``."""

    train: str
    path: tuple[str, ...]


class RunRoutes(Action, frozen=True, tag="run_routes"):
    """Run the company's trains: one route per train (none: run nothing)."""

    routes: tuple[TrainRoute, ...] = ()


class Dividend(Action, frozen=True, tag="dividend"):
    """``kind``: ``payout``, ``withhold`` or ``half``."""

    kind: str


# --- trains ---------------------------------------------------------------------------
class BuyTrain(Action, frozen=True, tag="buy_train"):
    """Buy ``train`` from ``source`` (``depot`` or a company id) for ``price``."""

    train: str
    price: int
    source: str = "depot"


class DiscardTrain(Action, frozen=True, tag="discard_train"):
    """Discard ``train`` to the open market (a company over its train limit)."""

    train: str


# --- agreements between two parties ---------------------------------------------------
class OfferPrivate(Action, frozen=True, tag="offer_private"):
    """The acting company offers to buy ``target`` (a private) from its owner for ``price``."""

    target: str
    price: int


class OfferTrain(Action, frozen=True, tag="offer_train"):
    """The acting company offers to buy ``train`` from another company for ``price``."""

    train: str
    price: int


class Respond(Action, frozen=True, tag="respond"):
    """The other party's answer to a pending offer."""

    accept: bool


# --- endings --------------------------------------------------------------------------
class Bankrupt(Action, frozen=True, tag="bankrupt"):
    """Declare that the money cannot (or will not) be raised."""


class Concede(Action, frozen=True, tag="concede"):
    """Leave the game (titles that allow it)."""


class ProposeWinner(Action, frozen=True, tag="propose_winner"):
    """Propose that the game ends now with player ``winner`` (a player id) as its winner;
    every other remaining player is asked to agree (titles with the ``agreed_end`` option,
    :mod:`railhouse.engine.agreed_end`)."""

    winner: str


_REGISTRY: dict[str, type[Action]] = {}
_decoder: msgspec.json.Decoder[Any] | None = None
_encoder = msgspec.json.Encoder()


def register_action(cls: type[Action]) -> type[Action]:
    """Register an action class (usable as a decorator) so it encodes and decodes."""
    global _decoder
    tag = cls.__struct_config__.tag
    if not isinstance(tag, str):
        raise TypeError(f"{cls.__name__} needs a string tag")
    existing = _REGISTRY.get(tag)
    if existing is not None and existing is not cls:
        raise TypeError(f"action type {tag!r} is already registered by {existing.__name__}")
    _REGISTRY[tag] = cls
    _decoder = None
    return cls


for _cls in (
    Pass, Bid, BuyPrivate, Discount, Par, BuyShares, SellShares, ActivateShare, Redeem,
    IssueShares, BuyBackShares, LayTile, LayTileAllocated, PlaceToken, RunRoutes, Dividend,
    BuyTrain,
    DiscardTrain, OfferPrivate, OfferTrain, Respond, Bankrupt, Concede, ProposeWinner,
):
    register_action(_cls)


def action_types() -> Mapping[str, type[Action]]:
    return dict(_REGISTRY)


def _get_decoder() -> msgspec.json.Decoder[Any]:
    global _decoder
    if _decoder is None:
        union = Union[tuple(_REGISTRY.values())]  # type: ignore[valid-type]  # noqa: UP007
        _decoder = msgspec.json.Decoder(union)
    return _decoder


def to_builtins(action: Action) -> dict[str, Any]:
    """The JSON-ready dict of ``action`` (with its ``type`` tag)."""
    data: dict[str, Any] = msgspec.to_builtins(action)
    return data


def from_builtins(data: Mapping[str, Any]) -> Action:
    """Decode a dict (e.g. parsed JSON) into an action, or raise ``InvalidAction``."""
    return decode_json(_encoder.encode(data))


def decode_json(raw: bytes | str) -> Action:
    try:
        action: Action = _get_decoder().decode(raw)
    except msgspec.ValidationError as exc:
        raise InvalidAction(f"not a valid action: {exc}") from None
    except msgspec.DecodeError as exc:
        raise InvalidAction(f"action is not valid JSON: {exc}") from None
    return action


def encode_json(action: Action) -> bytes:
    return _encoder.encode(action)


_replace = msgspec.structs.replace


@shared_on_copy
class Range(msgspec.Struct, frozen=True):
    """An inclusive integer range with a step: the legal values of one action field."""

    min: int
    max: int
    step: int = 1

    def __contains__(self, value: object) -> bool:
        return (
            isinstance(value, int)
            and self.min <= value <= self.max
            and (value - self.min) % self.step == 0
        )

    def values(self) -> range:
        return range(self.min, self.max + 1, self.step)


@shared_on_copy
class LegalAction(msgspec.Struct, frozen=True, gc=False):
    """A legal choice: ``action`` as is, or with any field in ``ranges`` set within its
    range, or any value of a field named in ``free``.

    A ``free`` field is one whose legal values are too many to list (the routes a
    president claims): ``action`` carries one legal value (the best one, so an answer by
    index is sensible) and any other value is admitted here and judged by the engine when
    the action is applied (the step's ``validate`` / ``process``), which rejects an illegal
    one with an ``IllegalAction`` naming the rule.

    Not tracked by the cyclic garbage collector (``gc=False``): a listing makes dozens of
    choices at every decision, and a choice holds only immutable actions, ranges and names
    (its ``ranges`` mapping is never given anything else), so it is never part of a
    reference cycle."""

    action: Action
    ranges: dict[str, Range] = msgspec.field(default_factory=dict)
    free: tuple[str, ...] = ()

    def admits(self, candidate: Action) -> bool:
        """True if ``candidate`` is this choice with every ranged field inside its range
        (a ``free`` field may hold anything).  A choice with one ranged field and no free
        one (a sale's count, an offer's price: apply validates every such answer here) is
        judged by the checker written for its class and field
        (:mod:`railhouse.engine.rangecheck`); any other by its ranged fields, then the
        rest compared in one struct comparison: ``candidate`` with those fields set as in
        ``action`` must equal ``action``."""
        action = self.action
        if type(candidate) is not type(action):
            return False
        ranges, free = self.ranges, self.free
        if not ranges and not free:
            return candidate == action
        if not free and len(ranges) == 1:
            for name in ranges:  # (its one ranged field)
                return SINGLE_RANGE[type(action), name](candidate, action, ranges[name])
        listed = {}
        for name in ranges:  # (the keys and a lookup: cheaper than the items' pairs)
            bounds = ranges[name]
            if name not in free:
                # ``value in bounds`` (Range.__contains__) without the call: apply
                # validates every ranged answer here
                value = getattr(candidate, name)
                if not (isinstance(value, int) and bounds.min <= value <= bounds.max
                        and (value - bounds.min) % bounds.step == 0):
                    return False
            listed[name] = getattr(action, name)
        for name in free:
            listed[name] = getattr(action, name)
        return _replace(candidate, **listed) == action

    def to_builtins(self) -> dict[str, Any]:
        data = to_builtins(self.action)
        if self.ranges:
            data["ranges"] = {k: msgspec.to_builtins(v) for k, v in self.ranges.items()}
        if self.free:
            data["free"] = list(self.free)
        return data


def admitted(legal: list[LegalAction], candidate: Action) -> bool:
    """Whether some choice of ``legal`` admits ``candidate`` (:func:`find_admitting` is
    not None).  An answer that is the very action a choice lists (what a caller that
    picks from the legal set answers: playouts, search bots) is found by identity first,
    a pass of ``is`` tests that builds nothing; anything else (an equal copy, a value
    drawn from a range) is judged by a second pass, :func:`find_admitting`'s inlined (no
    call: apply validates every answer here, and a ranged answer always comes to it)."""
    for choice in legal:
        if choice.action is candidate and (
            (not choice.ranges and not choice.free) or choice.admits(candidate)
        ):
            return True
    kind = type(candidate)
    for choice in legal:  # (find_admitting's judgement of a choice, as one condition)
        action = choice.action
        if type(action) is kind and (choice.admits(candidate) if choice.ranges or choice.free
                                     else action == candidate):
            return True
    return False


def find_admitting(legal: Iterable[LegalAction], candidate: Action) -> LegalAction | None:
    """The first choice of ``legal`` that :meth:`~LegalAction.admits` ``candidate``, or
    None.  A choice of another kind, or a plain one (no ranged or free field), is judged
    here without the method call: apply validates every answer with this scan."""
    kind = type(candidate)
    for choice in legal:
        action = choice.action
        if type(action) is not kind:
            continue
        if not choice.ranges and not choice.free:
            if action == candidate:
                return choice
        elif choice.admits(candidate):
            return choice
    return None
