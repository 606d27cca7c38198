"""Player number cards of two colours (R-4.9, R-6.3, R-6.8, R-7.1).

The *current* colour orders the turns of a round; the *other* colour records the order in
which players passed and stayed passed during a stock round: a passing player without one
takes the lowest free card; an acting player returns theirs and the higher holders move down
(R-7.1.3).  When every active player holds an other-colour card the SR ends and the colours
swap (R-7.1.4), so the next SR runs in passing order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from railhouse.engine.cloning import flat_except


@flat_except(shallow=("current", "other"))  # a clone copies the two dicts of numbers
@dataclass
class NumberCards:
    current: dict[str, int] = field(default_factory=dict)  # player id -> 1..n
    other: dict[str, int] = field(default_factory=dict)
    colour: str = "blue"
    #: the last :meth:`order`: a copy of the numbers it was worked out from, and the order
    #: (never changed in place, so a clone may share it)
    _order: tuple[dict[str, int], tuple[str, ...]] | None = field(
        default=None, init=False, compare=False, repr=False)

    def order(self) -> list[str]:
        """Players in ascending current-colour number (a fresh list).  Asked several times
        per decision while the numbers change a few times per round: the last answer is
        kept with a copy of the numbers it came from, and given again while they are equal
        (whatever changed them, in place or not)."""
        current = self.current
        known = self._order
        if known is not None and known[0] == current:
            return list(known[1])
        ordered = sorted(current, key=current.__getitem__)
        self._order = (dict(current), tuple(ordered))
        return ordered

    def next_after(self, player: str) -> str:
        """The next holder in ascending order, wrapping from the highest to #1 (R-6.3)."""
        ordered = self.order()
        return ordered[(ordered.index(player) + 1) % len(ordered)]

    def first(self) -> str:
        return self.order()[0]

    def on_pass(self, player: str) -> None:
        if player not in self.other:
            self.other[player] = len(self.other) + 1

    def on_act(self, player: str) -> None:
        number = self.other.pop(player, None)
        if number is None:
            return
        for holder, j in self.other.items():
            if j > number:
                self.other[holder] = j - 1

    def all_passed(self) -> bool:
        return len(self.other) >= len(self.current)

    def swap(self) -> None:
        """R-7.1.4: the other colour becomes current and gives the next SR's order."""
        self.current, self.other = self.other, {}
        self.colour = "red" if self.colour == "blue" else "blue"

    def redeal(self, ranked: list[str]) -> None:
        """R-6.8: re-deal the current colour in the given order (#1 first)."""
        self.current = {p: i + 1 for i, p in enumerate(ranked)}
        self.other = {}

    def remove(self, player: str) -> None:
        """R-9.6: a bankrupt player's card leaves; the others keep their relative order."""
        for cards in (self.current, self.other):
            if player in cards:
                gone = cards.pop(player)
                for holder, j in cards.items():
                    if j > gone:
                        cards[holder] = j - 1

    def rotation_after(self, player: str) -> list[str]:
        """Players in card order starting after ``player`` (A-41 tie-break; a fresh list,
        :func:`_rotation` of the kept order, without a copy of it)."""
        known = self._order
        if known is None or known[0] != self.current:
            self.order()
            known = self._order
            assert known is not None
        return list(_rotation(known[1], player))


@lru_cache(maxsize=512)
def _rotation(ordered: tuple[str, ...], player: str) -> tuple[str, ...]:
    """``ordered`` from the one after ``player``, wrapping, without ``player``; ``ordered``
    itself if ``player`` is not in it.  Memoised per order and player (immutable values:
    a few dozen orders of a table's players)."""
    if player not in ordered:
        return ordered
    i = ordered.index(player)
    return ordered[i + 1:] + ordered[:i]
