"""A company's certificates, kept in one compact ledger.

Who holds which certificate changes all game long, and the rules ask "how much of this
company does X hold" many times per decision.  :class:`ShareLedger` keeps the mutable facts
of all of a company's certificates in flat lists (holder and face-down flag by certificate)
beside the fixed ones (size, president's certificate), and answers "percent held by X"
from a per-holder total (``holdings``) it recomputes in one pass when first asked after a
change, or carries over a move of certificates known totals (:meth:`ShareLedger.give`: every
sale and purchase).  A clone copies one flat
record (its tuples shared), not one record per certificate.

:class:`Certificate` is a view of one entry: reading or assigning ``owner``,
``face_down`` or ``percent`` reads or writes the ledger, so rules and tests that move a
certificate by assigning its ``owner`` keep the totals right.  A company makes its views
on first use (a clone makes none until something asks for them); within one game a
certificate is always the same object.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise
from typing import Any

from railhouse.engine.cloning import fast_deepcopy, flat_on_deepcopy


def _tallied(tally: dict[str, int], before: tuple[str, ...], slots: list[int],
             owner: str) -> dict[str, int]:
    """The counts ``tally`` (of certificates held as in ``before``) once the ones at
    ``slots`` went to ``owner``: a copy (a clone may share ``tally``), each moved
    certificate taken from its holder's count (0 left listed) and added to ``owner``'s."""
    counts = tally.copy()
    for slot in slots:
        counts[before[slot]] -= 1
    counts[owner] = counts.get(owner, 0) + len(slots)
    return counts


@flat_on_deepcopy
class ShareLedger:
    """The certificates of one company, by position: fixed ``indexes`` (the certificates'
    numbers) and ``presidents``; ``owners``, ``face_down`` and ``percents`` (tuples a
    change replaces) and ``holdings``, the percent held per holder (counted when first
    asked after a change, carried over a :meth:`give`; the methods below are the only
    writers).  Every attribute in
    its ``__dict__`` is immutable or a cache that is replaced, never changed in place, so
    a clone's ledger is a flat copy of that dict sharing them all, the per-holder totals
    and the :meth:`derived` memo among them (equal ledgers, equal answers; the side that
    changes first replaces them).  The certificate views belong to one ledger: they live
    in a slot, outside the dict, so a copy has none until :meth:`views` makes its own."""

    __slots__ = ("__dict__", "_views")
    #: the attributes ``__init__`` sets, in its order: a clone's copier is written from
    #: them (:mod:`railhouse.engine.recordcopy`); the views' slot is not copied
    __record_attributes__ = ("company", "indexes", "percents", "presidents", "owners",
                             "face_down", "some_face_down", "in_index_order",
                             "_ordinary_size", "memo", "holdings", "tally")

    def __init__(self, company: str, entries: Iterable[tuple[int, bool, str, bool]] = (),
                 indexes: Iterable[int] | None = None) -> None:
        """``entries``: (percent, president, owner, face_down) per certificate, in order;
        ``indexes``: the certificates' numbers (their positions by default)."""
        rows = list(entries)
        self.company = company
        self.indexes: tuple[int, ...] = (
            tuple(range(len(rows))) if indexes is None else tuple(indexes))
        self.percents: tuple[int, ...] = tuple(r[0] for r in rows)
        self.presidents: tuple[bool, ...] = tuple(r[1] for r in rows)
        self.owners: tuple[str, ...] = tuple(r[2] for r in rows)
        self.face_down: tuple[bool, ...] = tuple(r[3] for r in rows)
        #: ``True in face_down``, kept by the writers of ``face_down``: asked at every
        #: sale and purchase (``give``, ``take_slots``) and recount, where the test
        #: compared ``True`` with every flag (~1k instructions; SOH's face-down
        #: certificates are an optional rule, 1839 has none)
        self.some_face_down = True in self.face_down
        #: whether the certificate numbers ascend with the positions (fixed: the order of
        #: positions is then the order :func:`~railhouse.engine.shares.take_slots` picks in)
        self.in_index_order = all(a < b for a, b in pairwise(self.indexes))
        self._ordinary_size: int | None = None
        #: :meth:`derived`'s memo, read as an attribute where it is asked per company
        self.memo: dict[Any, Any] = {}
        self._views: list[Certificate] | None = None
        #: :meth:`held`, or None until it is asked after a change (of holder, flag or
        #: size): replaced, never changed in place, so a clone shares it until either
        #: side changes; a reader asking per company takes it without a call
        self.holdings: dict[str, int] | None = None
        #: :meth:`counts`, or None until first asked: then carried over every change of
        #: holder (:func:`_tallied`), replaced, never changed in place (shared by a clone
        #: like ``holdings``); a title without a certificate limit never asks for it
        self.tally: dict[str, int] | None = None

    # -- queries -----------------------------------------------------------------------
    def held(self) -> dict[str, int]:
        """Percent held per holder, face-down certificates not counted (do not mutate).
        Holders in no fixed order: a recount lists them by first certificate, a total
        carried over a :meth:`give` lists a new holder last (an observation, which lists
        them by first certificate, orders them itself)."""
        held = self.holdings
        if held is None:
            held = self.holdings = self._count_held()
        return held

    def _count_held(self) -> dict[str, int]:
        """:meth:`held` from the certificates, holders in the order of their first
        certificate.  With every certificate face up, ordinary ones of one size and a
        president's certificate, each holder's total is its count of certificates times
        that size, the president's certificate's holder adding the difference, added up
        in one pass over the certificates (a count per holder, each a scan of every
        certificate, cost more as soon as there are a few holders)."""
        owners, presidents = self.owners, self.presidents
        size = self._ordinary_size  # (ordinary_size() where it is known: no call)
        if size is None:
            size = self.ordinary_size()
        if size and not self.some_face_down and True in presidents:
            held: dict[str, int] = {}
            counted = held.get
            for owner in owners:
                held[owner] = counted(owner, 0) + size
            president = presidents.index(True)
            held[owners[president]] += self.percents[president] - size
            return held
        held = {}
        for owner, percent, down in zip(owners, self.percents, self.face_down, strict=True):
            if not down:
                held[owner] = held.get(owner, 0) + percent
        return held

    def percent_of(self, owner: str) -> int:
        held = self.holdings
        return (self.held() if held is None else held).get(owner, 0)

    def derived(self) -> dict[Any, Any]:
        """A scratch memo of answers computed from this ledger's certificates alone (who
        holds which, their sizes and flags) and the key: the stock round's sale sizes and
        purchase sources (:mod:`railhouse.engine.rounds.sales`, ``StockChoices``), a
        player's sale and purchase answers under the player's id
        (:class:`~railhouse.engine.rounds.holderanswers.HolderAnswers`), the presidency's
        standing (:data:`railhouse.engine.shares.SETTLED`); the
        attribute ``memo`` (readers asking per company take it without a call).  Every
        change to the ledger replaces it by an empty one, so a key must name everything
        else its answer reads (e.g. whether the seller is the president), and what it
        reads besides may only be fixed for the game (its config, its seats).  A clone
        shares it until either side changes: the two ledgers are equal until then, and
        the side that changes drops it."""
        return self.memo

    def ordinary_size(self) -> int:
        """The size in percent all ordinary (non-president) certificates share, or 0 if
        they differ (or there are none).  Kept until a certificate's size changes
        (:meth:`set_percent`, the only writer of ``percents`` after ``__init__``)."""
        size = self._ordinary_size
        if size is None:
            sizes = {pct for pct, pres in zip(self.percents, self.presidents, strict=True)
                     if not pres}
            size = self._ordinary_size = sizes.pop() if len(sizes) == 1 else 0
        return size

    def count_of(self, owner: str) -> int:
        """Certificates ``owner`` holds, face-down ones too."""
        tally = self.tally
        return (self.counts() if tally is None else tally).get(owner, 0)

    def counts(self) -> dict[str, int]:
        """Certificates held per holder, face-down ones too (do not mutate; a holder left
        without any may be listed with 0): what a certificate limit counts, asked of
        every company per stock listing (one dict read per company, where
        ``owners.count`` compared the player's id with every holder's).  Counted in one
        pass when first asked, then carried over each change of holder (a recount cost
        ~8k instructions, about as much as it saved)."""
        tally = self.tally
        if tally is None:
            tally = {}
            counted = tally.get
            for owner in self.owners:
                tally[owner] = counted(owner, 0) + 1
            self.tally = tally
        return tally

    def views(self) -> list[Certificate]:
        """The certificates as objects, made on first use (a copy starts without)."""
        try:
            views = self._views
        except AttributeError:  # a flat copy: the slot is unset
            views = None
        if views is None:
            views = self._views = [_view(self, i) for i in range(len(self.owners))]
        return views

    def of(self, owner: str) -> list[Certificate]:
        """The certificates ``owner`` holds, in index order."""
        if owner not in self.owners:
            return []
        views = self.views()
        return [views[i] for i, held_by in enumerate(self.owners) if held_by == owner]

    def slots_of(self, owner: str) -> list[int]:
        """The positions of the certificates ``owner`` holds (face down too), ascending;
        found by C-level searches (``tuple.index``), no Python code per other holder's
        certificate."""
        owners = self.owners
        found: list[int] = []
        at = -1
        try:
            while True:
                at = owners.index(owner, at + 1)
                found.append(at)
        except ValueError:
            return found

    def president_index(self) -> int:
        return self.presidents.index(True)

    def president_owner(self) -> str:
        """Who holds the president's certificate (no view made)."""
        return self.owners[self.presidents.index(True)]

    # -- changes -----------------------------------------------------------------------
    def set_owner(self, index: int, owner: str) -> None:
        owners = self.owners
        self.owners = (*owners[:index], owner, *owners[index + 1 :])
        tally = self.tally
        if tally is not None:
            self.tally = _tallied(tally, owners, [index], owner)
        self._changed()

    def give(self, slots: list[int], owner: str, *, face_up: bool = False) -> None:
        """Give the certificates at positions ``slots`` to ``owner`` in one change (the
        same as assigning each one's ``owner``); ``face_up``: and turn them face up."""
        before = self.owners
        owners = list(before)
        for slot in slots:
            owners[slot] = owner
        after = self.owners = tuple(owners)
        held = self.holdings
        if self.some_face_down:
            held = None  # (a face-down certificate counts for nobody: recounted)
            flags = self.face_down
            if face_up and any(flags[slot] for slot in slots):
                flags = self.face_down = tuple(False if i in slots else down
                                               for i, down in enumerate(flags))
                self.some_face_down = True in flags
        if held is not None:
            # The totals (of certificates ``before``, all face up) carried over the move,
            # not recounted (a sale or purchase moves one or two certificates; a recount
            # adds up all of them): a copy, each moved certificate's percent carried from
            # its holder to ``owner`` (a new holder listed last), a holder left without a
            # certificate dropped.  (Keeping the recount's order, holders by first
            # certificate through ``dict.fromkeys``, cost more than the recount.)
            held = held.copy()
            percents, moved = self.percents, 0
            for slot in slots:
                percent = percents[slot]
                held[before[slot]] -= percent
                moved += percent
            held[owner] = held.get(owner, 0) + moved
            for slot in slots:
                if before[slot] not in after:
                    held.pop(before[slot], None)
        self.holdings = held  # (_changed() inlined: every purchase and sale comes here)
        tally = self.tally
        if tally is not None:  # (_tallied inlined: every purchase and sale comes here)
            counts = self.tally = tally.copy()
            for slot in slots:
                counts[before[slot]] -= 1
            counts[owner] = counts.get(owner, 0) + len(slots)
        self.memo = {}

    def set_face_down(self, index: int, down: bool) -> None:
        flags = self.face_down
        flags = self.face_down = (*flags[:index], down, *flags[index + 1 :])
        self.some_face_down = True in flags
        self._changed()

    def set_percent(self, index: int, percent: int) -> None:
        sizes = self.percents
        self.percents = (*sizes[:index], percent, *sizes[index + 1 :])
        self._ordinary_size = None
        self._changed()

    def _changed(self) -> None:
        """After a change of holder, flag or size: the totals and the memo dropped."""
        self.holdings = None
        self.memo = {}

    def adopt(self, certs: list[Certificate]) -> None:
        """Make ``certs`` (made alone, in index order) the views of this ledger."""
        rows = [(c.percent, c.president, c.owner, c.face_down) for c in certs]
        ShareLedger.__init__(self, self.company, rows, [c.index for c in certs])
        for i, cert in enumerate(certs):
            cert._ledger, cert._slot = self, i
        self._views = list(certs)


def _view(ledger: ShareLedger, slot: int) -> Certificate:
    cert = Certificate.__new__(Certificate)
    cert._ledger, cert._slot, cert.index = ledger, slot, ledger.indexes[slot]
    return cert


class Certificate:
    """One certificate of a company: ``index`` within the company, ``percent`` (10% units
    times ten), ``president`` (the president's certificate), ``owner`` (a player id,
    ``"treasury"``, ``"ipo"``, ``"pool"`` or a title's place), ``face_down`` (SOH optional
    rule: paid for, not yet active)."""

    __slots__ = ("_ledger", "_slot", "index")
    _ledger: ShareLedger
    _slot: int  # the entry in the ledger
    index: int

    def __init__(self, company: str, index: int, percent: int, president: bool, owner: str,
                 face_down: bool = False) -> None:
        """A certificate on its own, in a ledger of one (a company's
        :meth:`ShareLedger.adopt` takes it into the company's ledger)."""
        self._ledger = ShareLedger(company, [(percent, president, owner, face_down)])
        self._slot = 0
        self.index = index

    @property
    def company(self) -> str:
        return self._ledger.company

    @property
    def president(self) -> bool:
        return self._ledger.presidents[self._slot]

    @property
    def owner(self) -> str:
        return self._ledger.owners[self._slot]

    @owner.setter
    def owner(self, value: str) -> None:
        self._ledger.set_owner(self._slot, value)

    @property
    def face_down(self) -> bool:
        return self._ledger.face_down[self._slot]

    @face_down.setter
    def face_down(self, value: bool) -> None:
        self._ledger.set_face_down(self._slot, value)

    @property
    def percent(self) -> int:
        return self._ledger.percents[self._slot]

    @percent.setter
    def percent(self, value: int) -> None:
        self._ledger.set_percent(self._slot, value)

    def __deepcopy__(self, memo: dict[int, Any]) -> Certificate:
        """The same certificate of the copied ledger (copied here unless it already is)."""
        twin: Certificate = fast_deepcopy(self._ledger, memo).views()[self._slot]
        memo[id(self)] = twin
        return twin

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Certificate):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def _key(self) -> tuple[str, int, int, bool, str, bool]:
        return (self.company, self.index, self.percent, self.president, self.owner,
                self.face_down)

    def __repr__(self) -> str:
        return (f"Certificate(company={self.company!r}, index={self.index}, "
                f"percent={self.percent}, president={self.president}, "
                f"owner={self.owner!r}, face_down={self.face_down})")
