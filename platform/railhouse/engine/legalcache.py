"""The per-position legal-set cache of a game (a mixin of :class:`~railhouse.engine.game.Game`).

Enumerating the legal set is the costly part of a decision.  A position's set is computed
once and reused by ``apply``'s validation of the answer (``Decider.validate``), by
``Step.auto`` and by ``OperatingRound.legal_actions``.  ``Game.legal_actions()`` itself
always recomputes (and stores) the set, so a caller that changed the state directly, as
tests do when they set up a position, never sees a stale one.  ``apply`` empties the store
before processing an action; ``clone()`` carries it over to the cloned deciders.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from railhouse.engine import invariants
from railhouse.engine.actions import LegalAction
from railhouse.engine.errors import StaleLegalActions

if TYPE_CHECKING:
    from railhouse.engine.rounds.base import Decider


class LegalSetCache:
    """``_legal`` maps each decider to its legal set (deciders compare and hash by
    identity: the store holds the decider, so no other object takes its place while its
    set is stored); ``_refresh`` makes every lookup recompute (set while
    ``legal_actions()`` computes)."""

    _legal: dict[Decider[Any], list[LegalAction]]
    _refresh: bool

    def init_legal_cache(self) -> None:
        self._legal = {}
        self._refresh = False

    def legal_for(self, decider: Decider[Any]) -> list[LegalAction]:
        """``decider.legal_actions()``, computed once per position: ``Decider.validate``
        (``apply``'s check of an answer), ``Step.auto`` and ``OperatingRound`` reuse the
        set ``legal_actions()`` or an earlier ``auto()`` computed.  Do not mutate it.

        The store is emptied whenever ``apply`` changes the state (before the action is
        processed) and kept by ``clone()`` for the cloned deciders.  Code that changes a
        game's state outside ``apply`` and then applies without calling
        ``legal_actions()`` first calls :meth:`forget_legal_actions`.  With checking on
        (``--check``, :func:`railhouse.engine.invariants.checking`) every reuse is compared
        with a fresh computation and a difference raises :class:`StaleLegalActions`.
        """
        legal = self._legal.get(decider)
        if legal is not None and not self._refresh:
            if invariants.on:
                self._verify_cached(decider, legal)
            return legal
        legal = self._legal[decider] = decider.legal_actions()
        return legal

    def known_legal(self, decider: Decider[Any]) -> list[LegalAction] | None:
        """The legal set of ``decider`` at this position if it was already computed
        (:meth:`legal_for` would reuse it), else None; computes nothing.  A decider with
        a cheaper direct check than enumerating its set validates against this when it is
        there (a caller that listed the legal set before answering)."""
        if self._refresh or invariants.on:
            return None
        return self._legal.get(decider)

    def forget_legal_actions(self) -> None:
        """Drop every cached legal set (after changing the state outside ``apply``)."""
        self._legal.clear()

    def adopt_legal_cache(self, original: LegalSetCache, memo: Mapping[int, Any]) -> None:
        """Carry ``original``'s cached legal sets over to this clone of it (``memo`` maps
        the original's objects to their copies); legal sets are immutable and shared."""
        self._legal = {}
        for decider, legal in original._legal.items():
            twin = memo.get(id(decider))
            if twin is not None:
                self._legal[twin] = legal

    def _verify_cached(self, decider: Decider[Any], cached: list[LegalAction]) -> None:
        saved, self._refresh = self._refresh, True
        try:
            fresh = decider.legal_actions()
        finally:
            self._refresh = saved
        if fresh != cached:
            raise StaleLegalActions(
                f"the cached legal set of {type(decider).__name__} is stale "
                f"({len(cached)} cached, {len(fresh)} now)"
            )
