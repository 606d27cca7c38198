"""A well-behaved bot: the built-in random bot over stdio (the reference for the others)."""

import sys

from railhouse_bots.random_bot import RandomBot
from railhouse_bots.stdio import serve

if __name__ == "__main__":
    sys.exit(serve(RandomBot(seed=int(sys.argv[1]) if len(sys.argv) > 1 else 0)))
