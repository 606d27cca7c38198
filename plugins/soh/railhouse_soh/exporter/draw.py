"""18xx.games' private draw for Steam Over Holland, so an export gets a seed that deals the
record's privates.

18xx.games seeds its own generator with the game's seed (``Game::Base#rand``: the linear
congruential ``x -> (1103515245 x + 12345) mod 2**31``, starting at ``seed mod 2**31``)
and deals the privates by sorting its list on one draw each, keeping as many as there are
players (``GSteamOverHolland::Game#setup_preround``).
"""

from __future__ import annotations

from collections.abc import Sequence

from railhouse.engine.errors import RecordError

PRIVATES = ("SMAS", "KKI", "VES", "VVL", "RW", "W", "KO")  # 18xx.games' list order
MODULUS = 2**31
SEARCH = 1_000_000


def draw(seed: int, players: int) -> list[str]:
    """The privates 18xx.games deals for ``seed``, in number order."""
    state = seed % MODULUS
    keys = []
    for private in PRIVATES:
        state = (1103515245 * state + 12345) % MODULUS
        keys.append((state, private))
    kept = [private for _, private in sorted(keys)][:players]
    return sorted(kept, key=PRIVATES.index)


def seed_for(dealt: Sequence[str], players: int) -> int:
    """The smallest seed from 1 whose draw is ``dealt``."""
    want = sorted(dealt, key=PRIVATES.index)
    for seed in range(1, SEARCH):
        if draw(seed, players) == want:
            return seed
    raise RecordError(f"no 18xx.games seed deals {want}")
