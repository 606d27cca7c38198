"""``railhouse bench --compare REF``: this checkout against another git ref, in one run.

The machine is shared and noisy, so figures from two runs do not compare; two suites run
*interleaved* in one run do.  The ref is exported (``git archive``) into a cache directory and
installed, with the title plugins it ships, into a virtualenv of its own (kept per commit, so
the second comparison against the same ref starts at once).  Then, for ``rounds`` rounds, each
benchmark group runs once in each interpreter, alternating which goes first (ABBA), every run
a fresh ``railhouse bench --only GROUP --json`` process.  A metric's figure per side is the
median of its per-round medians; the ratio is ``this / base``, and ``better`` reads it with the
metric's direction (rates up, times and sizes down).

Only what both sides measure is compared; a metric the base does not have shows ``-``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from railhouse.bench.suite import BENCHES

#: units where a larger figure is better; every other unit is a cost
HIGHER_IS_BETTER = {"games/s", "games/min"}
#: ``railhouse bench`` in a given interpreter, whatever its entry points look like
BENCH_MAIN = "from railhouse.cli.main import main; main()"


class CompareError(ValueError):
    """The base could not be built or run (the CLI prints it as one line)."""


@dataclass
class Side:
    """One interpreter's medians per metric, one entry per round."""

    label: str
    python: str
    rounds: dict[str, list[float]] = field(default_factory=dict)
    units: dict[str, str] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)

    def add(self, document: dict[str, Any]) -> None:
        for name, metric in document.get("metrics", {}).items():
            if metric.get("status") != "ok" or metric.get("median") is None:
                if metric.get("status") not in (None, "ok", "skipped", "absent"):
                    self.failed[name] = metric.get("note", metric.get("status", ""))
                continue
            self.rounds.setdefault(name, []).append(float(metric["median"]))
            self.units[name] = str(metric.get("unit", ""))

    def figure(self, name: str) -> float | None:
        values = self.rounds.get(name)
        return statistics.median(values) if values else None


@dataclass(frozen=True)
class Row:
    name: str
    unit: str
    base: float | None
    this: float | None

    @property
    def ratio(self) -> float | None:
        if self.base is None or self.this is None or self.base == 0:
            return None
        return self.this / self.base

    @property
    def speedup(self) -> float | None:
        """How many times better this side is (> 1: better), by the unit's direction."""
        ratio = self.ratio
        if ratio is None or ratio == 0:
            return None
        return ratio if self.unit in HIGHER_IS_BETTER else 1 / ratio


def repo_root() -> Path:
    """The git checkout this railhouse is installed from (``--compare`` needs one)."""
    import railhouse

    here = Path(railhouse.__file__).resolve().parent
    done = subprocess.run(["git", "-C", str(here), "rev-parse", "--show-toplevel"],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise CompareError("--compare needs railhouse installed from a git checkout "
                           f"(no git repository at {here})")
    return Path(done.stdout.strip())


def resolve(root: Path, ref: str) -> str:
    done = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", "--quiet",
                           f"{ref}^{{commit}}"], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise CompareError(f"--compare: {ref!r} is not a commit in {root}")
    return done.stdout.strip()


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "railhouse" / "bench-compare"


def build_base(root: Path, commit: str, say: Callable[[str], None]) -> str:
    """The python of a virtualenv holding railhouse (and its title plugins) at ``commit``;
    built once per commit under the cache directory."""
    home = cache_dir() / commit[:16]
    python = home / "venv" / "bin" / "python"
    if (home / "ready").is_file() and python.is_file():
        return str(python)
    say(f"building the base {commit[:12]} in {home} (once per commit) ...")
    shutil.rmtree(home, ignore_errors=True)
    source = home / "src"
    source.mkdir(parents=True)
    with tempfile.TemporaryFile() as archive:
        _run(["git", "-C", str(root), "archive", "--format=tar", commit], stdout=archive)
        archive.seek(0)
        with tarfile.open(fileobj=archive) as tar:
            tar.extractall(source, filter="data")
    _run([sys.executable, "-m", "venv", str(home / "venv")])
    plugins = sorted(source.glob("plugins/*/pyproject.toml"))
    packages = [str(source)] + [str(p.parent) for p in plugins]
    _run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
          *packages])
    (home / "ready").write_text(commit + "\n", encoding="utf-8")
    return str(python)


def _run(argv: Sequence[str], **kwargs: Any) -> None:
    done = subprocess.run(list(argv), capture_output="stdout" not in kwargs,
                          check=False, **kwargs)
    if done.returncode != 0:
        tail = (done.stderr or b"").decode("utf-8", "replace").strip().splitlines()
        raise CompareError(f"{argv[0]} {argv[1] if len(argv) > 1 else ''} failed: "
                           f"{tail[-1] if tail else 'exit ' + str(done.returncode)}")


def groups(chosen: set[str]) -> list[list[str]]:
    """The chosen metrics grouped as the suite measures them (one process per group)."""
    out = []
    for bench in BENCHES:
        names = [n for n in bench.produces if n in chosen]
        if names:
            out.append(names)
    return out


#: ``railhouse bench --only`` naming a metric an older version lacks
UNKNOWN_METRIC = re.compile(r"unknown metric '[^']+'; known: (.*)$")


def measure(python: str, names: list[str], options: list[str]) -> dict[str, Any]:
    """One ``railhouse bench --only NAMES --json`` run in ``python``.  A version that lacks
    some of the group's metrics (a ref older than the metric) measures the rest; the ones it
    lacks are ``absent`` (shown as ``-``, not as a failure)."""
    argv = [python, "-c", BENCH_MAIN, "bench", "--json", "--only", ",".join(names), *options]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    # exit 1 means a metric failed or was violated: the JSON still says which
    try:
        document: dict[str, Any] = json.loads(done.stdout)
    except json.JSONDecodeError:
        tail = done.stderr.strip().splitlines()
        note = tail[-1] if tail else "no output"
        unknown = UNKNOWN_METRIC.search(note)
        if unknown is not None:
            known = {n.strip() for n in unknown.group(1).split(",")}
            present = [n for n in names if n in known]
            document = measure(python, present, options) if present else {"metrics": {}}
            for name in names:
                if name not in known:
                    document.setdefault("metrics", {})[name] = {"status": "absent"}
            return document
        return {"metrics": {n: {"status": "failed", "note": note} for n in names}}
    return document


def compare(
    ref: str,
    chosen: set[str],
    *,
    rounds: int,
    options: list[str],
    say: Callable[[str], None],
) -> tuple[str, list[Row], Side, Side]:
    """Build ``ref`` and run both suites interleaved; returns (commit, rows, base, this)."""
    root = repo_root()
    commit = resolve(root, ref)
    base = Side(f"{ref} ({commit[:10]})", build_base(root, commit, say))
    this = Side("this checkout", sys.executable)
    for index in range(rounds):
        for number, names in enumerate(groups(chosen)):
            order = (base, this) if (index + number) % 2 == 0 else (this, base)
            for side in order:
                say(f"round {index + 1}/{rounds}: {', '.join(names)} on {side.label} ...")
                side.add(measure(side.python, names, options))
    rows = []
    for names in groups(chosen):
        for name in names:
            unit = this.units.get(name) or base.units.get(name, "")
            rows.append(Row(name, unit, base.figure(name), this.figure(name)))
    return commit, rows, base, this


def as_json(commit: str, rows: list[Row], base: Side, this: Side) -> str:
    def number(value: float | None) -> float | None:
        return None if value is None else round(value, 4)

    return json.dumps({
        "base": {"label": base.label, "commit": commit, "failed": base.failed},
        "this": {"label": this.label, "failed": this.failed},
        "rounds": max((len(v) for v in this.rounds.values()), default=0),
        "metrics": {r.name: {"unit": r.unit, "base": number(r.base), "this": number(r.this),
                             "ratio": number(r.ratio), "speedup": number(r.speedup)}
                    for r in rows},
    }, indent=2)


def print_table(rows: list[Row], base: Side, this: Side, rounds: int) -> None:
    from rich.console import Console
    from rich.table import Table

    from railhouse.bench.report import number_text

    table = Table(title=f"railhouse bench --compare: {this.label} vs {base.label}, "
                        f"{rounds} interleaved rounds (medians of round medians)")
    for header in ("metric", "base", "this", "unit", "this/base", "better by"):
        table.add_column(header, justify="left" if header in ("metric", "unit") else "right")
    for row in rows:
        ratio = "-" if row.ratio is None else f"{row.ratio:.2f}"
        speedup = "-" if row.speedup is None else f"{row.speedup:.2f}x"
        table.add_row(row.name, number_text(row.base), number_text(row.this), row.unit,
                      ratio, speedup)
    console = Console()
    if not console.is_terminal:
        console = Console(width=160)
    console.print(table)
    for side in (base, this):
        for name, note in side.failed.items():
            console.print(f"{side.label}: {name} failed: {note}")

