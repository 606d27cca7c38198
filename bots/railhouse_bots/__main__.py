"""``python -m railhouse_bots NAME [SEED]``: run a built-in bot on stdio (as ``railhouse bot``
does, without loading the CLI)."""

from __future__ import annotations

import sys

from railhouse_bots.stdio import serve

BUILTIN = {
    "random": "railhouse_bots.random_bot:RandomBot",
    "random-any": "railhouse_bots.random_bot:UniformRandomBot",
    "greedy": "railhouse_bots.greedy:GreedyBot",
    "search": "railhouse_bots.search:SearchBot",
}


def main(argv: list[str]) -> int:
    from importlib import import_module

    if not argv or argv[0] not in BUILTIN:
        print(f"usage: python -m railhouse_bots {{{','.join(BUILTIN)}}} [SEED]", file=sys.stderr)
        return 2
    module, _, name = BUILTIN[argv[0]].partition(":")
    seed = int(argv[1]) if len(argv) > 1 else None
    return serve(getattr(import_module(module), name)(seed))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
