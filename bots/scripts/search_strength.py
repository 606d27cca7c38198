"""How strong is ``search``?  4-player games of one ``search`` seat against three ``greedy``,
the search seat rotated through the seats, seeded; prints how often it finished first (ties
for first count as a share: 1/k of a win for a k-way tie), its mean rank, and how deep it
searched.  Parity is 25%.

    python bots/scripts/search_strength.py --title soh --games 100 --ms 300
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from railhouse.engine.record import new_game
from railhouse.protocol.drive import InProcess, play
from railhouse.protocol.messages import TimeControl
from railhouse.protocol.referee import Referee
from railhouse_bots.greedy import GreedyBot
from railhouse_bots.search import SearchBot

PLAYERS = 4


def one_game(title: str, seed: int, seat: int, ms: int) -> tuple[float, int, list[int]]:
    game = new_game(title, [f"P{i}" for i in range(PLAYERS)], None, seed)
    search = SearchBot(seed, ms=ms)
    bots: list[Any] = [GreedyBot(seed * 10 + i) for i in range(PLAYERS)]
    bots[seat] = search
    horizons: list[int] = []

    class Watch(InProcess):
        def answer(self, deadline: float) -> Any:
            reply = super().answer(deadline)
            if search.last.get("searched"):
                horizons.append(int(search.last["horizon"]))
            return reply

    seats = [Watch(b) if b is search else InProcess(b) for b in bots]
    clock = TimeControl(decision_ms=max(1000, 2 * ms), bank_ms=10**9, hello_ms=10_000)
    transcript = play(Referee(game, time=clock), seats)
    assert transcript.result is not None
    ranks = transcript.result.ranks
    firsts = [i for i, r in enumerate(ranks) if r == 1]
    win = 1 / len(firsts) if seat in firsts else 0.0
    return win, ranks[seat], horizons


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--title", default="soh")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--ms", type=int, default=300)
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args()
    wins: list[float] = []
    ranks: list[int] = []
    depth: list[int] = []
    started = time.perf_counter()
    for n in range(args.games):
        seed = args.first_seed + n
        win, rank, horizons = one_game(args.title, seed, n % PLAYERS, args.ms)
        wins.append(win)
        ranks.append(rank)
        depth += horizons
        print(f"seed {seed} seat {n % PLAYERS}: rank {rank} "
              f"(first: {sum(wins) / len(wins):.0%} after {len(wins)})", flush=True)
    print(f"{args.title}: {len(wins)} games, {args.ms} ms/decision: search first in "
          f"{sum(wins) / len(wins):.1%} (parity 25%), mean rank {statistics.mean(ranks):.2f}, "
          f"median horizon {statistics.median(depth) if depth else 0} actions, "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
