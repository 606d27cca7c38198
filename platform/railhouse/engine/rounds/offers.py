"""The shares a stock turn offers for sale: where a company's ordinary certificates are
bought (its unsold location, the Bank Pool, its own treasury) and in what sizes, read
from its ledger alone (SOH "Buying shares"; 1839 R-7.3.1, R-7.3.6).  The stock round
(:mod:`railhouse.engine.rounds.stockchoices`) memoises the answers in the ledger."""

from __future__ import annotations

from railhouse.engine.certificates import ShareLedger
from railhouse.engine.entities import POOL, TREASURY


def buy_sources_at(ledger: ShareLedger, unsold: str) -> list[str]:
    """Where the company of ``ledger`` sells its ordinary shares, ``unsold`` being where
    they start: ``StockChoices.buy_sources`` from scratch."""
    owners = ledger.owners
    # an ordinary certificate there: more certificates there than the president's, if
    # that one is there (C-level counts, no Python code per certificate)
    supply = owners.count(unsold) > _president_at(ledger, unsold)
    sources = [unsold] if supply else []
    if POOL in owners:
        sources.append(POOL)
    if unsold != TREASURY and not supply and TREASURY in owners:
        sources.append(TREASURY)
    return sources


#: the ledger memo key of :func:`offers_at`
OFFERS = ("offers",)


def offers_at(ledger: ShareLedger, sources: list[str]) -> list[tuple[str, int]]:
    """The ordinary certificates on offer: (source, size in percent) for each size at each
    of ``sources`` (in their order, smallest first).  Memoised by ``StockChoices.purchases``
    in the ledger under :data:`OFFERS`: the sources read only the certificates and the
    unsold location, fixed for the game (see ``StockChoices.buy_sources``), the sizes
    only the certificates."""
    offered: list[tuple[str, int]] = []  # (a loop: no comprehension's frame)
    for source in sources:
        for percent in ordinary_sizes(ledger, source):
            offered.append((source, percent))
    return offered


def ordinary_sizes(ledger: ShareLedger, source: str) -> list[int]:
    """The sizes of the ordinary certificates at ``source``, ascending, each once (where
    all ordinary certificates share one size, whether ``source`` holds one of them)."""
    common = ledger.ordinary_size()
    if common:
        return [common] if ledger.owners.count(source) > _president_at(ledger, source) else []
    return sorted({pct for owner, pct, pres in zip(ledger.owners, ledger.percents,
                                                   ledger.presidents, strict=True)
                   if owner == source and not pres})


def _president_at(ledger: ShareLedger, place: str) -> bool:
    """Whether the president's certificate (if the company has one) is at ``place``."""
    presidents = ledger.presidents
    return True in presidents and ledger.owners[presidents.index(True)] == place
