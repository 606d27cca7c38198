"""Every golden record replays to the same legal sets, scores and final observation.

The golden set (``tests/golden/golden_set.py``) pins the behaviour of both titles across
refactorings: seeded random and bot games for every player count plus the game records
the tests and issues use.  A failure names the record and the first checkpoint window
(:data:`golden.CHECKPOINT` actions) whose legal sets differ.  After a deliberate change of
behaviour (a rule fix), rebuild them with ``python tests/golden/regenerate.py`` and say in
the commit which behaviour changed.
"""

from __future__ import annotations

from typing import Any

import golden_set as golden
import pytest

RECORDS = [record for title in golden.titles() for record in golden.load_records(title)]
#: the quick run (``-m "not slow"``): the first records of each kind
QUICK = {"soh/random+random+random/s300", "soh/greedy+greedy/s400",
         "1839/random+random+random/s300", "1839/greedy+greedy/s400"}


def _params() -> list[Any]:
    return [
        pytest.param(record, id=record["name"],
                     marks=() if record["name"] in QUICK else pytest.mark.slow)
        for record in RECORDS
    ]


def test_golden_set_covers_every_title_with_50_records() -> None:
    for title in golden.titles():
        records = golden.load_records(title)
        assert len(records) >= 50, (title, len(records))
        assert {len(r["players"]) for r in records} >= {2, 3, 4}
    assert {r["name"] for r in RECORDS} >= QUICK


@pytest.mark.parametrize("record", _params())
def test_golden_record_replays_identically(record: dict[str, Any]) -> None:
    again = golden.replay_golden(record)
    first = next((i for i, (a, b) in enumerate(zip(again["legal"], record["legal"],
                                                   strict=False)) if a != b), None)
    if first is not None:
        start = first * golden.CHECKPOINT
        pytest.fail(f"{record['name']}: the legal sets differ within actions "
                    f"{start}..{start + golden.CHECKPOINT - 1}")
    assert (again["scores"], again["reason"]) == (record["scores"], record["reason"])
    assert again["observation"] == record["observation"], "final observation differs"
    assert again["legal"] == record["legal"]
