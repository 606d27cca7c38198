"""``railhouse bench``: run the benchmark suite and print a table or one JSON object.

    railhouse bench --quick                 # under a minute
    railhouse bench --only routes --only core.apply_action_us
    railhouse bench --title 1839 --json > bench.json
    railhouse bench --compare main --quick  # this checkout vs main, interleaved in one run

Exit status 1 when a benchmark failed or a correctness bound was violated (the figures
themselves are never asserted).
"""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command("bench", help="Measure engine, map, protocol and runner speed.")(bench)


def bench(
    quick: Annotated[bool, typer.Option(help="A smaller run (under a minute).")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    only: Annotated[
        list[str] | None,
        typer.Option(help="Metric name, or its leading dotted parts such as 'routes' "
                          "(repeatable, or comma-separated)."),
    ] = None,
    title: Annotated[
        str | None,
        typer.Option(help="Title for the engine/map/protocol metrics (default soh); "
                          "leaves out other titles' own metrics."),
    ] = None,
    compare_ref: Annotated[
        str | None,
        typer.Option("--compare", metavar="REF",
                     help="Also build git REF in a cached virtualenv and run both suites "
                          "interleaved in one run; print each metric's ratio."),
    ] = None,
    rounds: Annotated[
        int, typer.Option(min=1, max=50, help="Interleaved rounds for --compare.")
    ] = 3,
) -> None:
    import time

    from railhouse.bench import report
    from railhouse.bench.metric import FAILED, VIOLATED
    from railhouse.bench.suite import FULL, QUICK, run_suite, select
    from railhouse.plugins import registry

    chosen = select(only or [])
    installed = {info.id for info in registry().titles()}
    if title is not None and title not in installed:
        known = ", ".join(sorted(installed)) or "none"
        raise ValueError(f"title {title!r} is not installed (installed: {known})")
    run_title = title or "soh"
    if compare_ref is not None:
        compare_with(compare_ref, chosen, rounds=rounds, json_out=json_out,
                     options=(["--quick"] if quick else [])
                     + (["--title", title] if title else []))
        return

    def progress(names: str) -> None:
        if not json_out:
            typer.echo(f"measuring {names} ...", err=True)

    started = time.perf_counter()
    metrics = run_suite(run_title, QUICK if quick else FULL, installed, chosen,
                        title_given=title is not None, progress=progress)
    seconds = time.perf_counter() - started
    if json_out:
        typer.echo(report.as_json(metrics, title=run_title, quick=quick, seconds=seconds))
    else:
        report.print_table(metrics, title=run_title, quick=quick, seconds=seconds)
    if any(m.status in (FAILED, VIOLATED) for m in metrics):
        raise typer.Exit(1)


def compare_with(ref: str, chosen: set[str], *, rounds: int, json_out: bool,
                 options: list[str]) -> None:
    from railhouse.bench import compare

    def say(line: str) -> None:
        typer.echo(line, err=True)

    commit, rows, base, this = compare.compare(ref, chosen, rounds=rounds, options=options,
                                               say=say)
    if json_out:
        typer.echo(compare.as_json(commit, rows, base, this))
    else:
        compare.print_table(rows, base, this, rounds)
    if base.failed or this.failed:
        raise typer.Exit(1)
