"""One player's stock-round answers about one company, kept in one entry of the company's
ledger memo (:meth:`~railhouse.engine.certificates.ShareLedger.derived`) under the
player's id.

A stock listing asks of every company what the player whose turn it is may sell of it
(:func:`~railhouse.engine.rounds.sales.sale_choice`) and, where a title memoises its own,
buy of it (1839's purchases): facts of the company's certificates and of that player, so
memoised in the ledger.  Kept under a key per question (its kind and the player, a tuple
built, hashed and compared at every question: ~600 instructions), a listing paid that per
company; kept together under the player's id (a string, its hash cached), a listing reads
one entry and then plain slots.
"""

from __future__ import annotations

from typing import Any

#: a slot not worked out yet (None is an answer: nothing to sell)
UNKNOWN: Any = object()


class HolderAnswers:
    """What one player may do with one company's certificates, as far as they and the
    player decide it (every change of the certificates drops the ledger's memo, and this
    with it).  ``sale``: the sale open to the player while not the company's president,
    ``sale_as_president``: while president (:func:`~railhouse.engine.rounds.sales.sale_choice`,
    UNKNOWN until asked); ``purchases``: a title's own answer about buying (None until
    asked; 1839: where the director's certificate is, and the purchases then open)."""

    __slots__ = ("purchases", "sale", "sale_as_president")

    def __init__(self) -> None:
        self.sale: Any = UNKNOWN
        self.sale_as_president: Any = UNKNOWN
        self.purchases: Any = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HolderAnswers):
            return NotImplemented
        mine = (self.sale, self.sale_as_president, self.purchases)
        theirs = (other.sale, other.sale_as_president, other.purchases)
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"HolderAnswers(sale={self.sale!r}, sale_as_president="
                f"{self.sale_as_president!r}, purchases={self.purchases!r})")


def holder_answers(memo: dict[Any, Any], player: str) -> HolderAnswers:
    """``player``'s entry in the ledger memo ``memo``, made empty if there is none."""
    answers: HolderAnswers | None = memo.get(player)
    if answers is None:
        answers = memo[player] = HolderAnswers()
    return answers
