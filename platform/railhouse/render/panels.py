"""The viewer's side panels as HTML fragments, read from any title's game state: private
companies (owner, income, ability, closed), each company's certificates by holder, the
trains in the depot with the current and next phase, and the bank.

Each panel is a pure function of the position, so the timeline stores each distinct
panel once and frames refer to it (as they do for hexes).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

#: Certificate holders that are not players, in words.
HOLDERS = {"ipo": "IPO", "treasury": "treasury", "market": "bank pool", "pool": "bank pool"}


def _table(table_id: str, head: Iterable[str], rows: Iterable[Iterable[str]]) -> str:
    """A table; cells are already HTML."""
    th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table id="{table_id}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


def is_player(owner: str) -> bool:
    """``p0``, ``p1`` ... (not ``pool``)."""
    return owner[:1] == "p" and owner[1:].isdigit()


def _esc(value: Any) -> str:
    return html.escape(str(value))


def privates_panel(game: Any, name: Callable[[str], str]) -> str:
    privates = list(getattr(game, "privates", {}).values())
    if not privates:
        return ""
    rows = []
    for private in privates:
        spec = private.spec
        income = spec.revenue_by_phase.get(game.phase.name, spec.revenue) \
            if spec.revenue_by_phase else spec.revenue
        owner = name(private.owner) if private.owner else "" if private.closed else "unsold"
        state = "closed" if private.closed else "open"
        rows.append([f"<b>{_esc(spec.id)}</b> {_esc(spec.name)}", _esc(owner),
                     _esc(income or ""), _esc(_ability(spec)),
                     f'<span class="{state}">{state}</span>'])
    return "<h2>Private companies</h2>" + _table(
        "privates", ("private", "owner", "income", "ability", ""), rows)


def _ability(spec: Any) -> str:
    """The private's text, else its abilities' names, plus when it closes if known."""
    text = spec.text or ", ".join(a.replace("_", " ") for a in spec.abilities)
    closes = spec.closes_on_phase or spec.extra.get("closes")
    if closes:
        text += f"{'; c' if text else 'C'}loses in phase {closes}"
    return str(text)


def certificates_table(game: Any) -> str:
    """The certificates table with an empty row ``slot-certs-<company>`` per company (the
    rows, :func:`certificate_rows`, change one at a time)."""
    rows = "".join(f'<tr id="slot-certs-{_esc(c)}"></tr>' for c in game.companies)
    return ('<h2>Certificates</h2><table id="certificates"><thead><tr><th>company</th>'
            f"<th>held by</th></tr></thead><tbody>{rows}</tbody></table>")


def certificate_rows(game: Any, name: Callable[[str], str]) -> dict[str, str]:
    """Per company (slot ``certs-<company>``): who holds how much, the president first."""
    rows = {}
    for company in game.companies.values():
        held: dict[str, int] = {}
        for cert in company.certs:
            held[cert.owner] = held.get(cert.owner, 0) + cert.percent
        parts = []
        for owner, percent in sorted(held.items(), key=lambda kv: (
                kv[0] != company.president, not is_player(kv[0]), -kv[1], kv[0])):
            who = name(owner) if is_player(owner) else HOLDERS.get(owner, owner)
            mark = " (president)" if owner == company.president else ""
            parts.append(f"{_esc(who)} {percent}%{mark}")
        if company.closed:
            parts.insert(0, "closed")
        chip = (f'<span class="chip" style="background:{_esc(company.spec.color)};'
                f'color:{_esc(company.spec.text_color)}">{_esc(company.id)}</span>')
        rows[f"certs-{company.id}"] = f"<td>{chip}</td><td>{' · '.join(parts)}</td>"
    return rows


def depot_panel(game: Any) -> str:
    """Trains still in the depot by type (price, how many) and the phases."""
    depot = getattr(game, "depot", None)
    if depot is None:
        return ""
    counts: dict[str, list[Any]] = {}
    for train in depot.trains:
        counts.setdefault(train.spec.name, [train.spec, 0])[1] += 1
    for spec_name, spec in depot.unlimited.items():
        counts.setdefault(spec_name, [spec, "unlimited"])
    rows = [[f"<b>{_esc(spec_name)}</b>", _esc(spec.price), _esc(count)]
            for spec_name, (spec, count) in counts.items()]
    phases = game.config.phases
    now = game.phase
    text = (f"Phase {_esc(now.name)}: tiles {_esc(', '.join(now.tiles))}, train limit "
            f"{now.train_limit}.")
    index = getattr(game, "phase_index", 0)
    if index + 1 < len(phases):
        after = phases[index + 1]
        trigger = " or ".join(after.on_trains) or "?"
        text += f" Next: phase {_esc(after.name)} when the first {_esc(trigger)}-train is bought."
    discarded = len(getattr(depot, "discarded", ()))
    extra = f"<p>{discarded} discarded train(s) for sale.</p>" if discarded else ""
    return (f"<h2>Trains and phase</h2><p id=\"phase\">{text}</p>"
            + _table("depot", ("train", "price", "in depot"), rows) + extra)


def bank_panel(game: Any) -> str:
    bank = game.bank
    cash = "unlimited" if bank.limit is None else str(bank.cash)
    broken = " (broken)" if bank.broken else ""
    return f'<h2>Bank</h2><p id="bank-cash">Bank cash: {_esc(cash)}{broken}</p>'


def panels(game: Any, name: Callable[[str], str]) -> dict[str, str]:
    """Slot name -> HTML of every panel."""
    return {"panel-privates": privates_panel(game, name), **certificate_rows(game, name),
            "panel-depot": depot_panel(game), "panel-bank": bank_panel(game)}
