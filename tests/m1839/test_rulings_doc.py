"""plugins/m1839/RULINGS.md documents a reading for every ambiguity A-01..A-51 of the digest
(issue 6: "every reading you choose is documented in plugins/m1839 (a RULINGS.md citing
A-nn)")."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "plugins" / "m1839" / "RULINGS.md"
DIGEST = ROOT / "tests" / "fixtures" / "1839" / "facts-1839.md"  # the digest, vendored
AMBIGUITIES = {f"A-{n:02d}" for n in range(1, 52)}


def _cited(text: str) -> set[str]:
    return set(re.findall(r"A-\d\d", text))


def test_rulings_cite_every_ambiguity() -> None:
    missing = sorted(AMBIGUITIES - _cited(RULINGS.read_text(encoding="utf-8")))
    assert not missing, f"RULINGS.md has no reading for {', '.join(missing)}"


def test_rulings_cite_no_ambiguity_the_digest_lacks() -> None:
    assert _cited(RULINGS.read_text(encoding="utf-8")) <= AMBIGUITIES


def test_the_ambiguity_list_is_the_digests() -> None:
    listed = set(re.findall(r"^\* \*\*(A-\d\d)", DIGEST.read_text(encoding="utf-8"), re.M))
    assert listed == AMBIGUITIES
