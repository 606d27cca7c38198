"""The SPRT: its maths against values computed by hand the way fishtest and fastchess do,
its config keys, and a gauntlet that stops early with a verdict."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
import trio
from rich.console import Console

from railhouse_tournament import config, report, runner
from railhouse_tournament.errors import ConfigError
from railhouse_tournament.sprt import (
    SprtSettings,
    bounds,
    challenger_score,
    expected_score,
    llr,
    replay,
)

from .conftest import bot_command, write_config


def test_wald_bounds() -> None:
    # alpha = beta = 0.05: log(0.05 / 0.95) = -2.944439, log(0.95 / 0.05) = +2.944439
    assert bounds(0.05, 0.05) == pytest.approx((-2.944439, 2.944439), abs=1e-6)
    # alpha = 0.05, beta = 0.10: log(0.10 / 0.95) = -2.251292, log(0.90 / 0.05) = 2.890372
    assert bounds(0.05, 0.10) == pytest.approx((-2.251292, 2.890372), abs=1e-6)


def test_logistic_elo() -> None:
    assert expected_score(0) == 0.5
    # 400 Elo stronger: odds 10 to 1 -> 10/11
    assert expected_score(400) == pytest.approx(10 / 11)
    assert expected_score(-400) == pytest.approx(1 / 11)


def test_trinomial_llr_by_hand() -> None:
    """2-player games: 60 wins, 20 draws, 40 losses; H0 elo 0, H1 elo 10.

    N = 120, w = 1/2, d = 1/6: score s = w + d/2 = 0.583333, E[x^2] = w + d/4 = 0.541667,
    variance = 0.541667 - 0.583333^2 = 0.201389, per game mean: 0.201389 / 120 = 0.00167824.
    s0 = 0.5, s1 = 1 / (1 + 10^(-10/400)) = 0.514387.
    LLR = (s1 - s0)(2 s - s0 - s1) / (2 * 0.00167824)
        = 0.014387 * 0.152279 / 0.00335648 = 0.65273
    """
    scores = [1.0] * 60 + [0.5] * 20 + [0.0] * 40
    assert llr(scores, 0, 10) == pytest.approx(0.65273, abs=1e-5)
    # the order of the games does not matter, only the counts
    assert llr(scores[::-1], 0, 10) == pytest.approx(0.65273, abs=1e-5)
    # symmetric hypotheses around an even score: LLR 0
    assert llr([1.0, 0.0, 0.5, 0.5], -5, 5) == pytest.approx(0.0, abs=1e-12)


def test_multiplayer_llr_by_hand() -> None:
    """3-player games: the challenger's game scores 1, 1, 1/2, 0 (mean of its pairs).

    mean 0.625, E[x^2] = (1 + 1 + 0.25 + 0) / 4 = 0.5625, variance 0.171875, / N = 0.04296875;
    LLR(0, 10) = 0.0143872 * (1.25 - 1.0143872) / (2 * 0.04296875) = 0.0394453
    """
    assert llr([1.0, 1.0, 0.5, 0.0], 0, 10) == pytest.approx(0.0394453, abs=1e-6)


def test_all_equal_scores_use_the_exact_binomial_llr() -> None:
    # variance 0: Wald's Bernoulli LLR, log(s1/s0) per win.  elo1 = 50: s1 = 0.571463,
    # log(0.571463 / 0.5) = 0.133592 per win; 22 wins = 2.939 < 2.944 < 23 wins = 3.073
    assert llr([1.0], 0, 50) == pytest.approx(0.133592, abs=1e-6)
    assert llr([1.0] * 22, 0, 50) < bounds(0.05, 0.05)[1] < llr([1.0] * 23, 0, 50)
    # a loss costs log((1 - s1) / (1 - s0)) = log(0.428537 / 0.5) = -0.154231
    assert llr([0.0] * 3, 0, 50) == pytest.approx(3 * -0.154231, abs=1e-5)
    assert math.isfinite(llr([0.5] * 7, 0, 50))


def test_challenger_score_from_entries() -> None:
    game = {"seats": ["c", "x", "y", "z"], "ranks": [2, 1, 2, 4], "status": "ok"}
    # behind x, level with y, ahead of z: (0 + 0.5 + 1) / 3
    assert challenger_score(game, "c") == pytest.approx(0.5)
    assert challenger_score(game | {"forfeits": [1]}, "c") == pytest.approx(2.5 / 3)
    assert challenger_score(game | {"status": "aborted"}, "c") is None


def test_replay_stops_at_the_first_crossing() -> None:
    entries = [{"seats": ["c", "f"], "ranks": [1, 2], "status": "ok"}] * 400
    test = replay(SprtSettings(0, 50, 0.05, 0.05), "c", entries)
    assert test is not None and test.verdict == "H1"
    assert test.history[-1][1] >= bounds(0.05, 0.05)[1] > test.history[-2][1]
    assert len(test.scores) == 23


def test_config_keys(tmp_path: Path) -> None:
    top: dict[str, Any] = {"title": "toy", "format": "gauntlet", "challenger": "a",
                           "stop": {"sprt": {"elo0": 0, "elo1": 5}}}  # fmt: skip
    entrants = [{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}]
    loaded = config.load(write_config(tmp_path / "a.toml", top, entrants))
    assert loaded.stop.sprt == SprtSettings(0.0, 5.0, 0.05, 0.05)
    assert config.TournamentConfig.from_dict(loaded.to_dict()) == loaded
    bad = [
        ({"elo0": 5, "elo1": 5}, "stop.sprt.elo1: must be greater than elo0 (5)"),
        ({"elo0": 0, "elo1": 5, "alpha": 0.6, "beta": 0.5}, "stop.sprt.beta: alpha + beta"),
        ({"elo0": 0, "elo1": 5, "gamma": 1}, "stop.sprt.gamma: unknown key"),
        ({"elo1": 5}, "stop.sprt.elo0: expected a number"),
    ]
    for sprt, message in bad:
        path = write_config(tmp_path / "b.toml", top | {"stop": {"sprt": sprt}}, entrants)
        with pytest.raises(ConfigError) as caught:
            config.load(path)
        assert str(caught.value).startswith(message)
    path = write_config(tmp_path / "c.toml", {"title": "toy", "stop": top["stop"]}, entrants)
    with pytest.raises(ConfigError, match=r"stop\.sprt: tests a challenger"):
        config.load(path)


def gauntlet(tmp_path: Path, field_command: list[str] | None, sprt: dict[str, float]) -> Path:
    field: list[dict[str, Any]] = [
        {"name": f"f{i}", "command": field_command} if field_command else
        {"name": f"f{i}", "bot": "random"} for i in range(2)
    ]  # fmt: skip
    top = {"title": "toy", "players": 2, "format": "gauntlet", "challenger": "c",
           "seed_blocks": 100, "concurrency": 2, "failure": {"retries": 0},
           "time": {"per_decision": 2.0, "bank": 2.0, "grace": 0.3},
           "stop": {"sprt": sprt}}  # fmt: skip
    path = write_config(tmp_path / "g.toml", top, [{"name": "c", "bot": "random"}, *field])
    out = tmp_path / "out"
    runner.create(config.load(path), out)
    return out


def test_gauntlet_stops_with_h1_and_resume_plays_nothing(tmp_path: Path) -> None:
    # the field crashes early in every game and forfeits it: the challenger is ahead every
    # time (a bot that cannot even start stops the run before anything is played)
    out = gauntlet(tmp_path, bot_command("crash_mid.py"), {"elo0": 0, "elo1": 50})
    summary = trio.run(runner.run_directory, out)
    assert summary.verdict == "H1" and summary.played < summary.total
    data = report.summary(out)
    test = data["sprt"]
    assert test["verdict"] == "H1" and test["llr"] >= test["upper"]
    assert test["games"] == len(test["history"]) == data["games_done"]
    assert json.loads(json.dumps(data)) == data
    console = Console(record=True, width=200)
    report.render(data, console)
    text = console.export_text()
    assert "stopped by the SPRT: H1 accepted" in text
    assert f"LLR {test['llr']:.2f} in [-2.94, 2.94] after {test['games']} games: H1" in text
    again = trio.run(runner.run_directory, out)
    assert again.played == 0 and again.verdict == "H1"


def test_gauntlet_between_equals_stops_with_h0(tmp_path: Path) -> None:
    # random against random is 0 Elo: far from H1's 400, so H0 comes quickly
    out = gauntlet(tmp_path, None, {"elo0": 200, "elo1": 400})
    summary = trio.run(runner.run_directory, out)
    assert summary.verdict == "H0" and summary.played < summary.total
    assert report.summary(out)["sprt"]["llr"] <= report.summary(out)["sprt"]["lower"]


def test_the_example_config_loads() -> None:
    example = Path(__file__).parents[2] / "tournament" / "examples" / "sprt-gauntlet.toml"
    loaded = config.load(example)
    assert loaded.stop.sprt == SprtSettings(0.0, 50.0, 0.05, 0.05)
    assert loaded.format == "gauntlet" and loaded.challenger == "greedy"
