"""``soh.replay_vs_18xx_games``: our replay of game 181446 against the 18xx.games engine's.

The issue's yardstick for a validated replay is the 18xx.games engine (tobymao/18xx, Ruby)
loading the same real game.  This metric runs both in one run, alternating, and gives the
ratio of CPU times (ours / theirs; lower is better, the target is 0.1).  CPU time, not wall
time: on a busy shared machine wall time was 4-8 times CPU time on both sides.

**Their side** runs only from a snapshot the user supplies: the git directory of a clone of
tobymao/18xx in ``RAILHOUSE_18XX_GIT`` (nothing of that engine is shipped here), and ``ruby``
on the PATH.  Its ``lib`` is exported once into a cache directory per snapshot commit.  The
engine loads its titles through the ``require_all`` gem; we put a small stand-in of our own
first on Ruby's load path (:data:`REQUIRE_SHIM`) that loads only the base game and Steam Over
Holland (loading the other titles costs start-up, not replay time).  The timing script
(:data:`TIMING_SCRIPT`) parses the export once, then times ``Engine::Game.load`` (build the
game and process every action, each validated) ``loads`` times with
``CLOCK_PROCESS_CPUTIME_ID`` and prints one JSON line per load.

**Our side** times :func:`railhouse.engine.record.replay` of the record our importer makes of
the same export, with ``time.process_time`` (invariants off, every action validated).

Each side's first play in a process is left out (Ruby resolves constants lazily on its first
load; Python fills the title's lazy caches).  One sample per repeat: the median of our plays
over the median of theirs.  Without the snapshot or Ruby the metric is ``skipped`` with the
reason; a Ruby run that fails is ``failed`` with its last line of output.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import tarfile
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from railhouse.bench.metric import FAILED, Metric, skipped

NAME = "soh.replay_vs_18xx_games"
UNIT = "x"
#: the environment variable naming the git directory of a tobymao/18xx snapshot
SNAPSHOT_ENV = "RAILHOUSE_18XX_GIT"
#: where exported snapshots are kept (one folder per commit)
CACHE_ENV = "RAILHOUSE_CACHE"

#: Our stand-in for the ``require_all`` gem: ``require_rel DIR`` requires every ``.rb`` file
#: under DIR, again and again while some raise NameError (a file needing one not yet loaded);
#: for the engine's ``engine/game`` folder only the base game and Steam Over Holland.
REQUIRE_SHIM = """\
def require_rel(*paths)
  base = File.dirname(caller_locations(1, 1)[0].absolute_path)
  paths.flatten.each do |path|
    dir = File.expand_path(path, base)
    files =
      if path == 'engine/game'
        [File.join(dir, 'base.rb'), File.join(dir, 'g_steam_over_holland.rb')] +
          Dir.glob(File.join(dir, 'g_steam_over_holland', '**', '*.rb')).sort
      elsif File.directory?(dir)
        Dir.glob(File.join(dir, '**', '*.rb')).sort
      else
        [dir.end_with?('.rb') ? dir : "#{dir}.rb"]
      end
    until files.empty?
      waiting = files.reject do |file|
        require file
        true
      rescue NameError
        false
      end
      raise LoadError, "require_rel: cannot load #{waiting.first}" if waiting.size == files.size

      files = waiting
    end
  end
end
alias require_all require_rel
"""

#: ``ruby TIMING_SCRIPT EXPORT LOADS``: one JSON line per ``Engine::Game.load``
TIMING_SCRIPT = """\
require 'json'
require 'engine'
data = JSON.parse(File.read(ARGV[0]))
ARGV[1].to_i.times do
  cpu = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
  game = Engine::Game.load(data)
  cpu = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - cpu
  puts JSON.generate({ 'cpu_ms' => cpu * 1000.0, 'finished' => game.finished,
                       'result' => game.result })
  $stdout.flush
end
"""


class RivalError(RuntimeError):
    """The 18xx.games side could not be prepared or run (one line)."""


def cache_root() -> Path:
    given = os.environ.get(CACHE_ENV)
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "railhouse"


def snapshot_commit(git_dir: Path) -> str:
    done = subprocess.run(["git", "--git-dir", str(git_dir), "rev-parse", "HEAD"],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RivalError(f"{git_dir} is not a git directory of a tobymao/18xx snapshot")
    return done.stdout.strip()


def prepare(git_dir: Path, root: Path | None = None) -> Path:
    """The folder holding the snapshot's ``lib``, our shim and our timing script, made
    once per snapshot commit (an interrupted export is never reused)."""
    commit = snapshot_commit(git_dir)
    home = (root or cache_root()) / "t18" / commit[:12]
    if not (home / "lib" / "engine.rb").is_file():
        home.parent.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(dir=home.parent, prefix=".partial-"))
        with tempfile.TemporaryFile() as tar:
            done = subprocess.run(["git", "--git-dir", str(git_dir), "archive", commit, "lib"],
                                  stdout=tar, stderr=subprocess.PIPE, check=False)
            if done.returncode != 0:
                shutil.rmtree(partial, ignore_errors=True)
                raise RivalError(f"git archive of {git_dir} failed: "
                                 f"{done.stderr.decode(errors='replace').strip()}")
            tar.seek(0)
            with tarfile.open(fileobj=tar) as archive:
                archive.extractall(partial, filter="data")
        if not (partial / "lib" / "engine.rb").is_file():
            shutil.rmtree(partial, ignore_errors=True)
            raise RivalError(f"{git_dir} has no lib/engine.rb: not a tobymao/18xx snapshot")
        shutil.rmtree(home, ignore_errors=True)
        partial.rename(home)
    (home / "shim").mkdir(exist_ok=True)
    (home / "shim" / "require_all.rb").write_text(REQUIRE_SHIM, encoding="utf-8")
    (home / "time_load.rb").write_text(TIMING_SCRIPT, encoding="utf-8")
    return home


def their_cpu_ms(home: Path, export: Path, loads: int, ruby: str = "ruby") -> list[float]:
    """CPU ms of each ``Engine::Game.load`` of ``export`` in one Ruby process."""
    env = dict(os.environ, ENGINE_LOG_LEVEL="4")
    command = [ruby, "-I", str(home / "shim"), "-I", str(home / "lib"),
               str(home / "time_load.rb"), str(export), str(loads)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or len(lines) != loads:
        said = (done.stderr.strip() or done.stdout.strip() or "no output").splitlines()
        raise RivalError(f"the 18xx.games engine failed (exit {done.returncode}): {said[-1]}")
    plays = [json.loads(line) for line in lines]
    if not all(play.get("finished") for play in plays):
        raise RivalError("the 18xx.games engine did not finish the game")
    return [float(play["cpu_ms"]) for play in plays]


def our_cpu_ms(record: dict[str, Any], plays: int) -> list[float]:
    """CPU ms of each validated :func:`~railhouse.engine.record.replay` of ``record``."""
    from railhouse.engine.record import replay

    out: list[float] = []
    for _ in range(plays):
        start = time.process_time()
        replay(record)
        out.append((time.process_time() - start) * 1e3)
    return out


def after_first(samples: Sequence[float]) -> float:
    return statistics.median(samples[1:] if len(samples) > 1 else samples)


def replay_ratio(repeats: int, plays: int = 4,
                 theirs: Callable[[Path, int], list[float]] | None = None) -> Metric:
    """The metric (see the module doc); ``theirs`` replaces the Ruby run in tests."""
    try:
        from railhouse_soh.importer import GAME_181446, import_18xx_games
    except ImportError as exc:
        return skipped(NAME, UNIT, f"cannot import the 18xx.games importer: {exc}")
    git_dir = os.environ.get(SNAPSHOT_ENV)
    if theirs is None:
        if not git_dir:
            return skipped(NAME, UNIT, f"set {SNAPSHOT_ENV} to the git directory of a "
                                       "tobymao/18xx snapshot to compare with its engine")
        if shutil.which("ruby") is None:
            return skipped(NAME, UNIT, "ruby is not on the PATH (the 18xx.games engine is Ruby)")
    try:
        run_theirs = theirs
        if run_theirs is None:
            run_theirs = partial(their_cpu_ms, prepare(Path(git_dir or "")))
        record = import_18xx_games(GAME_181446)
        samples: list[float] = []
        ours_ms: list[float] = []
        theirs_ms: list[float] = []
        for repeat in range(repeats):
            # alternate which side goes first, so a drift in the machine's load hits both
            order = ("ours", "theirs") if repeat % 2 == 0 else ("theirs", "ours")
            got: dict[str, float] = {}
            for side in order:
                if side == "ours":
                    got[side] = after_first(our_cpu_ms(record, plays + 1))
                else:
                    got[side] = after_first(run_theirs(GAME_181446, plays + 1))
            ours_ms.append(got["ours"])
            theirs_ms.append(got["theirs"])
            samples.append(got["ours"] / got["theirs"])
    except RivalError as exc:
        return Metric(NAME, UNIT, status=FAILED, note=str(exc))
    return Metric(NAME, UNIT, samples, extra={
        "ours_cpu_ms": [round(x, 1) for x in ours_ms],
        "theirs_cpu_ms": [round(x, 1) for x in theirs_ms],
        "actions": len(record["actions"]), "plays_per_sample": plays})
