"""Rebuild the golden records: ``python tests/golden/regenerate.py [--title soh] [--jobs 2]``.

Plays every golden game of :func:`golden_set.specs`, converts the fixture records, and writes
``tests/golden/records/<title>.jsonl.gz``.  Run it after a deliberate change of behaviour
(a rule fix) and say in the commit which behaviour changed; ``--check`` instead reports
which records differ from the stored ones without writing anything; ``--replay`` keeps the
stored actions and only recomputes what the engine says about them (quicker), playing again
only the games whose recorded actions are no longer legal.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import golden_set as golden


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--title", action="append", choices=golden.titles())
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--check", action="store_true",
                        help="compare with the stored records instead of writing")
    parser.add_argument("--replay", action="store_true",
                        help="keep the stored actions, recompute the rest")
    args = parser.parse_args()
    differ = 0
    for title in args.title or golden.titles():
        with ProcessPoolExecutor(args.jobs) as pool:
            if args.replay:
                records = list(pool.map(golden.refresh, golden.load_records(title)))
            else:
                played = list(pool.map(golden.play_spec, golden.specs(title)))
                records = played + [golden.make_record(record, name)
                                    for name, record in golden.fixture_records(title)]
        if args.check:
            known = {r["name"]: r for r in golden.load_records(title)}
            for record in records:
                if known.get(record["name"]) != json.loads(json.dumps(record)):
                    differ += 1
                    print(f"differs: {record['name']}")
        else:
            golden.save_records(title, records)
        actions = sum(len(r["actions"]) for r in records)
        print(f"{title}: {len(records)} records, {actions} actions")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
