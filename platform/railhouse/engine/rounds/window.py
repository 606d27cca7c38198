"""A window: companies in a given order are each asked once (e.g. 1839 R-8.3.8, the
nationalisation window after a rusting purchase: "in operating order, each company ...")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import Pass
from railhouse.engine.rounds.base import Decider, G

if TYPE_CHECKING:
    from railhouse.engine.entities import Company


class CompanyWindow(Decider[G]):
    """The first company of ``order`` that :meth:`eligible` says may act is asked (its
    president answers); a ``pass`` or a title's answer that calls :meth:`answered` moves
    on to the next; the window leaves ``game.pending`` once no company is left.  A title
    pushes it on ``game.pending`` when :meth:`current` is not None and writes its
    ``legal_actions`` (with ``pass``) and answers."""

    def __init__(self, game: G, order: list[str]) -> None:
        super().__init__(game)
        self.queue = list(order)

    def eligible(self, company: Company) -> bool:
        """Whether ``company`` has a decision to make now."""
        return True

    def current(self) -> Company | None:
        while self.queue:
            company = self.game.companies[self.queue[0]]
            if self.eligible(company):
                return company
            self.queue.pop(0)
        return None

    def acting_entity(self) -> str | None:
        company = self.current()
        return None if company is None else company.id

    def process_pass(self, action: Pass) -> None:
        self.answered()

    def answered(self) -> None:
        """The current company has answered: the next one, or the window closes."""
        self.queue.pop(0)
        self.close_if_done()

    def close_if_done(self) -> None:
        if self.current() is None and self in self.game.pending:
            self.game.pending.remove(self)
