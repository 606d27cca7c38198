"""Stock-round choices that depend on nothing but their fields, made once per process.

A legal choice is an immutable value (:class:`~railhouse.engine.actions.LegalAction`, a
frozen struct), and building one costs more than looking it up: a stock listing names the
same ``pass``, ``concede``, ``par``, purchase and sale choices at every turn of a player.
The tables are keyed on every field of the choice and nothing else, so a hit is the very
value a fresh construction would give; they grow to at most players x companies x (par
prices, sources and sizes, or sale ranges) entries (the lists of pars, players x
companies x the affordable prefixes of each title's par price lists).
"""

from __future__ import annotations

from railhouse.engine.actions import BuyShares, Concede, LegalAction, Par, Pass, Range, SellShares

_PASS: dict[str, LegalAction] = {}
_CONCEDE: dict[str, LegalAction] = {}
_PAR: dict[tuple[str, str, int], LegalAction] = {}
_PARS: dict[tuple[str, str, tuple[int, ...]], list[LegalAction]] = {}
_BUY: dict[tuple[str, str, str, int], LegalAction] = {}
_SELL: dict[tuple[str, str, int, int], LegalAction] = {}


def pass_choice(entity: str) -> LegalAction:
    """``LegalAction(Pass(entity=entity))``."""
    choice = _PASS.get(entity)
    if choice is None:
        choice = _PASS[entity] = LegalAction(Pass(entity=entity))
    return choice


def concede_choice(entity: str) -> LegalAction:
    """``LegalAction(Concede(entity=entity))``."""
    choice = _CONCEDE.get(entity)
    if choice is None:
        choice = _CONCEDE[entity] = LegalAction(Concede(entity=entity))
    return choice


def par_choice(entity: str, company: str, price: int) -> LegalAction:
    """``LegalAction(Par(entity=entity, company=company, price=price))``."""
    key = (entity, company, price)
    choice = _PAR.get(key)
    if choice is None:
        choice = _PAR[key] = LegalAction(Par(entity=entity, company=company, price=price))
    return choice


def par_choices_at(entity: str, company: str, prices: tuple[int, ...]) -> list[LegalAction]:
    """``[par_choice(entity, company, p) for p in prices]``, one shared list per key: do
    not mutate it (callers copy it into their listing)."""
    key = (entity, company, prices)
    choices = _PARS.get(key)
    if choices is None:
        choices = _PARS[key] = [par_choice(entity, company, p) for p in prices]
    return choices


def buy_choice(entity: str, company: str, source: str, count: int) -> LegalAction:
    """``LegalAction(BuyShares(entity=entity, company=company, source=source,
    count=count))``."""
    key = (entity, company, source, count)
    choice = _BUY.get(key)
    if choice is None:
        choice = _BUY[key] = LegalAction(BuyShares(entity=entity, company=company,
                                                   source=source, count=count))
    return choice


def sale_range_choice(entity: str, company: str, step: int, top: int) -> LegalAction:
    """The sale of ``step`` to ``top`` shares in steps of ``step``:
    ``LegalAction(SellShares(entity=entity, company=company, count=step),
    {"count": Range(step, top, step)})``."""
    key = (entity, company, step, top)
    choice = _SELL.get(key)
    if choice is None:
        action = SellShares(entity=entity, company=company, count=step)
        choice = _SELL[key] = LegalAction(action, {"count": Range(step, top, step)})
    return choice
