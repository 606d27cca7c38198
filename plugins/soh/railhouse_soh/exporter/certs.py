"""Which 18xx.games certificate ids an exported share move names.

18xx.games names each certificate (``"AR_0"`` the president's 20%, ``"AR_1"`` ... ``"AR_8"``)
and its share actions list the ids moved, so the exporter follows every certificate the way
that engine moves it (``share_pool.rb``): a holder's certificates in the order received; a
move picks the lowest-numbered ordinary certificates of the source, the president's last;
a change of president hands the new president's first two certificates (in the order
received) to the old president (or the market, if he kept less than 20%) for the
president's certificate; a sale of half a president's certificate takes one ordinary
certificate back from the market.  Holders: a player id (int), the company itself
(its treasury) or ``"pool"``.
"""

from __future__ import annotations

from collections.abc import Sequence

Holder = int | str
POOL = "pool"
PRESIDENT_PERCENT = 20


class Certificates:
    """The certificates of every company and who holds them, in 18xx.games' order."""

    def __init__(self, companies: Sequence[str], seats: Sequence[int]) -> None:
        self.seats = list(seats)  # 18xx.games player ids in seating order
        self.held: dict[str, dict[Holder, list[int]]] = {
            c: {c: list(range(9))} for c in companies}
        self.president: dict[str, int | None] = dict.fromkeys(companies)

    def of(self, company: str, holder: Holder) -> list[int]:
        return self.held[company].setdefault(holder, [])

    def percent(self, company: str, holder: Holder) -> int:
        return sum(PRESIDENT_PERCENT if n == 0 else 10 for n in self.of(company, holder))

    def pick(self, company: str, holder: Holder, count: int) -> list[int]:
        """Certificates of ``holder`` worth ``count`` shares: ordinary ones, lowest first,
        then the president's (a sale may take half of it)."""
        mine = sorted(self.of(company, holder), key=lambda n: (n == 0, n))
        out, pct = [], 0
        for n in mine:
            if pct >= 10 * count:
                break
            out.append(n)
            pct += PRESIDENT_PERCENT if n == 0 else 10
        return out

    def ids(self, company: str, numbers: Sequence[int]) -> list[str]:
        return [f"{company}_{n}" for n in numbers]

    def move(self, company: str, numbers: Sequence[int], source: Holder, to: Holder,
             percent: int) -> None:
        """Move certificates (``percent`` of them change hands: less than their sum when
        half a president's certificate is sold) and settle the presidency."""
        previous = self.president[company]
        for n in numbers:
            self.of(company, source).remove(n)
            self.of(company, to).append(n)
        self.settle(company, numbers, source, to, previous)
        whole = sum(PRESIDENT_PERCENT if n == 0 else 10 for n in numbers)
        if whole > percent and self.president[company] != source:
            for _ in range((whole - percent) // 10):  # handle_partial
                taken = self.of(company, POOL).pop(0)
                self.of(company, source).append(taken)

    def take_president(self, company: str, player: int, numbers: Sequence[int]) -> None:
        """A company started by ``player``: ``numbers`` (the president's first) from the
        treasury."""
        for n in numbers:
            self.of(company, company).remove(n)
            self.of(company, player).append(n)
        self.president[company] = player

    def give(self, company: str, number: int, player: int) -> None:
        """A certificate handed out from the treasury (private #7's NRS share)."""
        self.of(company, company).remove(number)
        self.of(company, player).append(number)

    def settle(self, company: str, numbers: Sequence[int], source: Holder, to: Holder,
               previous: int | None) -> None:
        if previous is None:
            return
        shares = {p: self.percent(company, p) for p in self.seats}
        best = max(shares.values())
        leaders = [p for p in self.seats if shares[p] == best]
        if previous in leaders:
            return
        start = self.seats.index(previous)
        order = self.seats[start:] + self.seats[:start]
        new = next((p for p in order if p in leaders and shares[p] >= PRESIDENT_PERCENT),
                   None)
        if new is None:
            return
        self.president[company] = new
        if to == new and source == previous and 0 in numbers:
            return
        if source == new:
            return
        swap_to: Holder = previous if self.percent(company, previous) >= PRESIDENT_PERCENT \
            else POOL
        holder = next(h for h, ns in self.held[company].items() if 0 in ns)
        for n in self.of(company, new)[:2]:
            self.of(company, new).remove(n)
            self.of(company, swap_to).append(n)
        self.of(company, holder).remove(0)
        self.of(company, new).append(0)
