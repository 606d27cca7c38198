"""How the greedy bot fares in seeded 4-player 1839 games: bankruptcies, scores, ends.

    .venv/bin/python bots/scripts/greedy_1839_report.py greedy 20   # four greedy bots
    .venv/bin/python bots/scripts/greedy_1839_report.py random 20   # greedy vs 3 random

``random`` seats greedy at ``seed % 4`` among three ``random`` bots.  One line per game,
then a summary: greedy seats bankrupt, games with a greedy bankruptcy, the mean greedy
score, greedy ranked first alone, the game ends, and seconds per game (a measurement of
this machine, not a test).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import Any, cast

import msgspec

from railhouse.engine.api import GameAPI
from railhouse.protocol.drive import InProcess, play
from railhouse.protocol.referee import Referee
from railhouse_bots.greedy import GreedyBot
from railhouse_bots.random_bot import RandomBot
from railhouse_m1839.game import new_game


def one_game(seed: int, mode: str) -> tuple[Any, list[bool], list[int], str]:
    game = new_game([f"P{i}" for i in range(4)], None, seed)
    bots: list[Any]
    if mode == "random":
        bots = [RandomBot(seed * 4 + i) for i in range(4)]
        bots[seed % 4] = GreedyBot(seed)
        greedy = [seed % 4]
    else:
        bots = [GreedyBot(seed * 4 + i) for i in range(4)]
        greedy = list(range(4))
    referee = Referee(cast(GameAPI, game), game_id=f"g{seed}")
    transcript = play(referee, [InProcess(b) for b in bots])
    players = msgspec.to_builtins(game.observation())["players"]
    reason = str(game.end_reason)
    return transcript.result, [bool(p["bankrupt"]) for p in players], greedy, reason


def main(argv: list[str]) -> int:
    mode = argv[0] if argv else "greedy"
    games = int(argv[1]) if len(argv) > 1 else 20
    start = time.perf_counter()
    ruined = games_ruined = firsts = 0
    scores: list[int] = []
    ends: Counter[str] = Counter()
    for seed in range(games):
        result, bankrupt, greedy, reason = one_game(seed, mode)
        ends[reason] += 1
        lost = sum(bankrupt[s] for s in greedy)
        ruined += lost
        games_ruined += lost > 0
        for seat in greedy:
            scores.append(result.scores[seat])
            firsts += result.ranks[seat] == 1 and list(result.ranks).count(1) == 1
        print(seed, "scores", result.scores, "bankrupt", bankrupt, reason, flush=True)
    seconds = (time.perf_counter() - start) / games
    print(f"{mode}: {games} games, {len(scores)} greedy seats, {ruined} bankrupt, "
          f"{games_ruined} games with a greedy bankruptcy, mean greedy score "
          f"{sum(scores) / len(scores):.0f}, first alone {firsts}, ends {dict(ends)}, "
          f"{seconds:.2f} s/game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
