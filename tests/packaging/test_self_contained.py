"""A fresh clone is all a user has: nothing in the product, its tests or its configuration
may read material outside the repository (issue 19, item 1).  The files the product needs
are package data of the package that reads them (``railhouse_soh.importer.GAME_181446``);
what only the tests read is under tests/fixtures/<title>/."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
#: the material folder beside the checkout: this guard only names it, it reads nothing there
SIBLING = "shared"
#: that folder spelt as a relative path or built with ``/ "<name>"``, or the variable that
#: used to point at it
OUTSIDE = re.compile(
    rf"\.\./{SIBLING}|RAILHOUSE_{SIBLING.upper()}|{SIBLING}_dir\(|/ ['\"]{SIBLING}['\"]"
)
TEXT = (".py", ".toml", ".ini", ".cfg", ".md", ".js", ".sh", ".json", ".txt")


def tracked_files() -> list[Path]:
    done = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip("not a git checkout")
    return [REPO / name for name in done.stdout.splitlines() if name.endswith(TEXT)]


def test_no_file_reads_material_outside_the_repository() -> None:
    here = Path(__file__).resolve()
    offenders = [
        f"{path.relative_to(REPO)}:{number}"
        for path in tracked_files()
        if path.resolve() != here and path.is_file()
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert offenders == []


def test_the_real_18xx_games_record_is_package_data() -> None:
    pytest.importorskip("railhouse_soh")
    from railhouse_soh.importer import GAME_181446

    assert GAME_181446.is_file()
    assert GAME_181446.is_relative_to(REPO / "plugins" / "soh" / "railhouse_soh")
