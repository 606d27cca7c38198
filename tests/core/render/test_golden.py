"""Golden picture of a fixed position (the synthetic map of conftest.py).

A deliberate change to the drawing shows up here as a diff.  To accept it, regenerate the
golden file and look at it before committing::

    RAILHOUSE_REGEN_GOLDEN=1 .venv/bin/python -m pytest -p no:cacheprovider \\
        tests/core/render/test_golden.py
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

from render_fixtures import synthetic_scene

from railhouse.render.scene import picture

GOLDEN = Path(__file__).parent / "golden" / "synthetic.svg"


def test_synthetic_position_matches_the_golden_svg(tmp_path: Path) -> None:
    actual = picture(synthetic_scene()).as_svg()
    if os.environ.get("RAILHOUSE_REGEN_GOLDEN"):
        GOLDEN.write_text(actual, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    if actual != expected:
        (tmp_path / "actual.svg").write_text(actual, encoding="utf-8")
        diff = "".join(list(difflib.unified_diff(
            expected.splitlines(True), actual.splitlines(True), "golden", "actual"))[:40])
        raise AssertionError(f"picture differs from {GOLDEN.name} (new one in {tmp_path}); "
                             f"regenerate as the module docstring says if intended:\n{diff}")
