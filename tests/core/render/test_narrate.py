"""The viewer's log and panels read as a player reads them: sentences with player names
(never ``p0``), what an action cost and what followed, readable round names; panels of
both titles name every private, every certificate holder, the depot and the bank."""

from __future__ import annotations

import re

import pytest
from render_fixtures import installed_title_ids, played_record

from railhouse.engine.record import replay
from railhouse.render.narrate import Narrator, round_title
from railhouse.render.panels import panels
from railhouse.render.timeline import build_timeline


@pytest.mark.parametrize(("described", "title"), [
    ({"kind": "operating", "number": 2, "of": 2, "set": 3}, "Operating round 3.2"),
    ({"kind": "auction", "items": ["A"]}, "Auction of the private companies"),
    ({"kind": "stock", "priority": 1}, "Stock round 4"),
    ({"kind": "kabinet"}, "Kabinet round"),
])
def test_round_titles(described: dict[str, object], title: str) -> None:
    assert round_title(described, stock_rounds=4) == title


def test_sentences_name_players_costs_and_consequences() -> None:
    narrator = Narrator(["Ann", "Bo"])
    assert narrator.sentence(
        {"type": "buy_shares", "entity": "p1", "company": "NBD", "source": "ipo"},
        [("buy", {"price": 70}), ("president", {"company": "NBD", "old": "p0", "new": "p1"})],
        {}) == "Bo buys a share of NBD from the ipo at 70; Bo becomes president of NBD"
    routes = {"company": "NBD", "revenue": 120,
              "routes": [{"train": "4-0", "revenue": 120, "stops": [], "segments": []}]}
    assert narrator.sentence({"type": "run_routes", "entity": "NBD"}, [("routes", routes)],
                             {}) == "NBD runs 4-train 120: 120 in all"
    dividend = {"company": "NBD", "kind": "payout", "revenue": 120, "per_share": 12}
    assert narrator.sentence({"type": "dividend", "entity": "NBD", "kind": "payout"},
                             [("dividend", dividend)], {}) == "NBD pays out 12 per share"
    assert narrator.sentence({"type": "place_token", "entity": "NBD", "hex": "E14"},
                             [("token", {"cost": 40})], {"E14": "Apeldoorn"}
                             ) == "NBD places a station in E14 (Apeldoorn) for 40"


@pytest.mark.parametrize("title_id", installed_title_ids())
def test_every_action_has_a_sentence_with_names_under_a_round(title_id: str) -> None:
    record = played_record(title_id)
    timeline, _ = build_timeline(record)
    assert len(timeline.log) == len(record["actions"])
    seat_ids = re.compile(r"\bp\d+\b")
    assert not [t for t in timeline.log if seat_ids.search(t)]
    assert all(t and "{" not in t and "_" not in t for t in timeline.log)
    assert timeline.rounds[0][0] == 0
    titles = [title for _, title in timeline.rounds]
    assert any(t.startswith("Operating round ") for t in titles)
    assert not any(re.search(r"operating \d", t) for t in titles)
    ran = [t for t in timeline.log if " runs " in t and " in all" in t]
    assert ran, "no route revenue in the log"
    moved = [t for t in timeline.log if " price " in t and "\u2192" in t]
    assert moved, "no share price move in the log"


@pytest.mark.parametrize("title_id", installed_title_ids())
def test_panels_show_privates_holders_depot_and_bank(title_id: str) -> None:
    record = played_record(title_id)
    game = replay(record, upto=len(record["actions"]) // 2)
    names = {f"p{i}": name for i, name in enumerate(game.players)}
    shown = panels(game, lambda who: names.get(who, who))
    for private in game.privates.values():
        assert f"<b>{private.id}</b>" in shown["panel-privates"]
    certificates = "".join(shown[f"certs-{c}"] for c in game.companies)
    for company in game.companies.values():
        for cert in company.certs:
            if cert.owner in names:
                assert f"{names[cert.owner]} " in certificates
    assert "(president)" in certificates and "p0 " not in certificates
    depot = shown["panel-depot"]
    assert f"Phase {game.phase.name}" in depot
    for train in game.depot.trains[:1]:
        assert f"<b>{train.spec.name}</b>" in depot
    assert "Bank cash" in shown["panel-bank"]
