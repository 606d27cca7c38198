"""Every rule ID of the 1839 digest has a test named after it (issue 6 acceptance).

``RULE_IDS`` are the 272 ids ``R-x.y.z`` of facts/1839.md (Part 1, copied here so the suite
runs without the shared folder; when the digest sits beside the checkout the list is
compared with it).  An id with ids inside it (a section such as ``R-8.3.C``, or an item
with sub-items such as ``R-13.4``) is covered by a test named after it or by a covered id
inside it; every other id needs a test of its own.  A test covers ``R-8.3.C.1`` when its
name contains the token run ``R_8_3_C_1`` that is the longest known id there
(``test_R_8_3_C_1_...``, ``test_1839_R_8_3_C_1_...``; ``test_R_7_2_6_R_7_4_1_...`` covers
both).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
DIGEST = TESTS / "fixtures" / "1839" / "facts-1839.md"  # the digest, vendored

_RULE_IDS = """
    R-2 R-2.1 R-2.2 R-2.3 R-2.4 R-2.5 R-2.6 R-2.7 R-2.8 R-4 R-4.1 R-4.2 R-4.3 R-4.4 R-4.5
    R-4.6 R-4.7 R-4.8 R-4.9 R-4.10 R-5 R-5.1 R-5.2 R-5.3 R-5.4 R-6 R-6.1 R-6.2 R-6.3 R-6.4
    R-6.4.1 R-6.5 R-6.5.1 R-6.5.2 R-6.5.3 R-6.6 R-6.7 R-6.8 R-7 R-7.1 R-7.1.1 R-7.1.2
    R-7.1.3 R-7.1.4 R-7.1.5 R-7.2 R-7.2.1 R-7.2.2 R-7.2.3 R-7.2.4 R-7.2.5 R-7.2.6 R-7.2.7
    R-7.3 R-7.3.1 R-7.3.2 R-7.3.3 R-7.3.4 R-7.3.5 R-7.3.6 R-7.3.7 R-7.3.8 R-7.3.9 R-7.3.10
    R-7.4 R-7.4.1 R-7.4.2 R-7.4.3 R-7.4.4 R-7.4.5 R-7.5 R-7.5.1 R-7.5.2 R-7.5.3 R-7.5.4
    R-7.5.5 R-7.5.6 R-7.5.7 R-7.5.8 R-7.5.9 R-7.6 R-7.6.1 R-7.6.2 R-7.6.3 R-7.6.4 R-7.6.5
    R-8 R-8.1 R-8.1.1 R-8.1.2 R-8.1.3 R-8.2 R-8.2.1 R-8.2.2 R-8.2.3 R-8.2.4 R-8.3 R-8.3.1
    R-8.3.2 R-8.3.3 R-8.3.4 R-8.3.5 R-8.3.6 R-8.3.7 R-8.3.8 R-8.3.9 R-8.3.10 R-8.3.A
    R-8.3.A.1 R-8.3.A.2 R-8.3.A.3 R-8.3.A.4 R-8.3.B R-8.3.B.1 R-8.3.B.2 R-8.3.B.3 R-8.3.C
    R-8.3.C.1 R-8.3.C.2 R-8.3.C.3 R-8.3.C.4 R-8.3.C.5 R-8.3.C.6 R-8.3.D R-8.3.D.1 R-8.3.D.2
    R-8.3.D.3 R-8.3.D.4 R-8.3.D.5 R-8.3.D.6 R-8.4 R-8.4.1 R-8.4.2 R-8.4.3 R-8.4.4 R-8.4.5
    R-8.4.6 R-8.4.7 R-9 R-9.1 R-9.2 R-9.3 R-9.4 R-9.5 R-9.6 R-9.7 R-9.8 R-9.9 R-10 R-10.1
    R-10.1.1 R-10.1.2 R-10.1.3 R-10.1.4 R-10.2 R-11 R-11.1 R-11.2 R-12 R-12.1 R-12.2 R-12.3
    R-12.4 R-12.4.1 R-12.4.2 R-12.4.3 R-12.5 R-12.6 R-12.7 R-12.8 R-12.9 R-13 R-13.1 R-13.2
    R-13.3 R-13.4 R-13.4.1 R-13.4.2 R-13.4.3 R-13.4.4 R-13.4.5 R-13.5 R-13.6 R-14 R-14.1
    R-14.1.1 R-14.1.2 R-14.2 R-14.2.1 R-14.2.2 R-14.2.3 R-14.2.4 R-14.2.5 R-14.3 R-14.3.1
    R-14.3.2 R-14.3.3 R-14.3.4 R-14.3.5 R-14.3.6 R-14.3.7 R-14.3.8 R-14.3.9 R-14.3.10
    R-14.3.11 R-14.3.12 R-14.4 R-14.5 R-14.5.1 R-14.6 R-14.6.1 R-14.6.2 R-14.6.3 R-14.6.4
    R-14.7 R-14.7.1 R-14.7.2 R-14.7.3 R-14.7.4 R-15 R-15.1 R-15.1.1 R-15.1.2 R-15.1.3 R-15.2
    R-15.2.1 R-15.2.2 R-15.2.3 R-15.2.4 R-15.2.5 R-15.3 R-15.3.1 R-15.3.2 R-15.3.3 R-15.3.4
    R-15.3.5 R-15.4 R-15.4.1 R-15.4.2 R-15.4.3 R-15.4.4 R-15.4.5 R-16 R-16.1 R-16.2 R-16.2.1
    R-16.2.2 R-16.2.3 R-16.2.4 R-16.2.5 R-16.2.6 R-16.2.7 R-16.2.8 R-16.3 R-16.3.1 R-16.3.2
    R-16.3.3 R-16.3.4 R-16.3.5 R-16.3.6 R-16.4 R-16.4.1 R-16.4.2 R-16.4.3 R-16.5 R-16.5.1
    R-16.5.2 R-16.5.3 R-17 R-17.1 R-17.2 R-17.3
"""

RULE_IDS = _RULE_IDS.split()


def _test_names() -> list[str]:
    names = []
    for path in TESTS.rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.append(node.name)
    return names


def _named_ids(names: list[str]) -> set[str]:
    """The ids the test names cite: at each ``R`` token, the longest run of tokens that
    spells a known id (so ``R_7_6_4_A_41`` cites R-7.6.4 and ``R_8_3_C_1`` R-8.3.C.1)."""
    known = set(RULE_IDS)
    cited = set()
    for name in names:
        tokens = name.split("_")
        for i, token in enumerate(tokens):
            if token != "R":
                continue
            for end in range(len(tokens), i + 1, -1):
                candidate = "R-" + ".".join(tokens[i + 1:end])
                if candidate in known:
                    cited.add(candidate)
                    break
    return cited


def _named(rule_id: str, names: list[str]) -> bool:
    return rule_id in _named_ids(names)


def _covered(rule_id: str, cited: set[str]) -> bool:
    if rule_id in cited:
        return True
    children = [i for i in RULE_IDS if i.startswith(rule_id + ".")]
    return any(_covered(c, cited) for c in children)


def test_every_rule_id_of_the_digest_has_a_test_named_after_it() -> None:
    cited = _named_ids(_test_names())
    missing = [i for i in RULE_IDS if not _covered(i, cited)]
    assert not missing, f"rule ids without a test named after them: {' '.join(missing)}"


def test_the_coverage_check_reads_names_as_documented() -> None:
    names = ["test_R_7_2_6_R_7_4_1_redemption", "test_1839_R_12_5_water", "test_R_8_3_C_1_x",
             "test_R_7_6_4_A_41_tie"]
    assert _named("R-7.2.6", names) and _named("R-7.4.1", names) and _named("R-12.5", names)
    assert _named("R-8.3.C.1", names) and _named("R-7.6.4", names)
    assert not _named("R-8.3", names) and not _named("R-8.3.C", names)
    assert not _named("R-7.2", names) and not _named("R-12", names)


def test_the_id_list_is_the_digests() -> None:
    text = DIGEST.read_text(encoding="utf-8")
    ids = {m.rstrip(".") for m in re.findall(r"R-\d+(?:\.[0-9A-Za-z]+)*", text)}
    assert ids == set(RULE_IDS)
