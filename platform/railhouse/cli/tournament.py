"""``railhouse tournament run|resume|report|check``: bot tournaments (package
``railhouse_tournament``).

Every config key has a flag; a flag overrides the file.  Without a config file, ``--title``
and at least ``--players`` entrants (``--entrant``) are enough.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any

import typer

from railhouse.engine.errors import RailhouseError

app = typer.Typer(
    name="tournament",
    help="Run, resume and report bot tournaments.",
    no_args_is_help=True,
    add_completion=False,
)


def register(parent: typer.Typer) -> None:
    parent.add_typer(app, name="tournament")


Opt = typer.Option


@app.command("run")
def run(
    config: Annotated[Path | None, typer.Argument(help="Tournament config (TOML).")] = None,
    out: Annotated[Path | None, Opt("--out", help="Tournament directory to create.")] = None,
    title: Annotated[str | None, Opt(help="Title id.")] = None,
    entrant: Annotated[
        list[str] | None,
        Opt(help="NAME=COMMAND or a built-in bot name (repeatable; replaces the file's)."),
    ] = None,
    players: Annotated[int | None, Opt(help="Players per game.")] = None,
    games: Annotated[int | None, Opt(help="At least this many games (whole seed blocks).")] = None,
    seed_blocks: Annotated[int | None, Opt(help="Seed blocks to play.")] = None,
    seed: Annotated[int | None, Opt(help="Base seed.")] = None,
    format: Annotated[str | None, Opt(help="round-robin or gauntlet.")] = None,
    challenger: Annotated[str | None, Opt(help="The gauntlet's challenger.")] = None,
    seating: Annotated[str | None, Opt(help="rotate or all (every permutation).")] = None,
    concurrency: Annotated[int | None, Opt(help="Games at once (0: one per core).")] = None,
    max_game_actions: Annotated[int | None, Opt(
        help="A game still going after this many actions ends unrated (0: never).")] = None,
    per_decision: Annotated[float | None, Opt(help="Seconds per decision.")] = None,
    bank: Annotated[float | None, Opt(help="Extra seconds per game (time bank).")] = None,
    handshake: Annotated[float | None, Opt(help="Seconds for hello/ready.")] = None,
    retries: Annotated[int | None, Opt(help="Retries before the failure policy applies.")] = None,
    on_failure: Annotated[str | None, Opt(help="forfeit or abort.")] = None,
    grace: Annotated[float | None, Opt(help="Seconds between EOF, SIGTERM and SIGKILL.")] = None,
    max_line_bytes: Annotated[int | None, Opt(help="Longest line a bot may send.")] = None,
    stderr_bytes: Annotated[int | None, Opt(help="Cap of each bot's stderr log.")] = None,
    max_notices: Annotated[
        int | None, Opt(help="Free errors per seat and game before it fails (flood).")
    ] = None,
    memory_mb: Annotated[int | None, Opt(help="Memory per bot process, MiB (0: none).")] = None,
    processes: Annotated[int | None, Opt(help="Processes per bot (0: no limit).")] = None,
    cpu_seconds: Annotated[int | None, Opt(help="CPU seconds per bot process (0: none).")] = None,
    option: Annotated[list[str] | None, Opt(help="Title option KEY=VALUE (repeatable).")] = None,
    backend: Annotated[
        str | None, Opt(help="local, or ray (needs the extra railhouse[ray]).")
    ] = None,
    address: Annotated[
        str | None, Opt(help="Ray cluster address (auto, HOST:PORT); unset: start one here.")
    ] = None,
    quiet: Annotated[bool, Opt("--quiet", help="No progress output.")] = False,
) -> None:
    """Create a tournament directory and play it."""
    from railhouse_tournament import config as cfg
    from railhouse_tournament import runner
    from railhouse_tournament.errors import BotStartError, ConfigError

    overrides: dict[str, Any] = {
        "title": title, "players": players, "games": games, "seed_blocks": seed_blocks,
        "seed": seed, "format": format, "challenger": challenger, "seating": seating,
        "concurrency": concurrency, "max_game_actions": max_game_actions,
        "time.per_decision": per_decision, "time.bank": bank,
        "time.handshake": handshake, "failure.retries": retries,
        "failure.on_failure": on_failure, "time.grace": grace,
        "failure.max_line_bytes": max_line_bytes, "failure.stderr_bytes": stderr_bytes,
        "failure.max_notices": max_notices, "limits.memory_mb": memory_mb,
        "limits.processes": processes, "limits.cpu_seconds": cpu_seconds,
        "cluster.backend": backend, "cluster.address": address,
    }  # fmt: skip
    if entrant:
        overrides["entrants"] = [_entrant_flag(text) for text in entrant]
    for text in option or []:
        key, sep, value = text.partition("=")
        if not sep:
            raise ConfigError("--option", f"expected KEY=VALUE, got {text!r}")
        overrides[f"options.{key}"] = value
    if config is not None:
        loaded = cfg.load(config, overrides)
    else:
        loaded = cfg.parse(cfg.apply_overrides({}, overrides), base_dir=Path.cwd())
    stem = config.stem if config is not None else "tournament"
    default = Path("tournaments") / f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}"
    directory = out or (Path(loaded.output) if loaded.output else default)
    runner.create(loaded, directory)
    typer.echo(f"tournament directory: {directory}")
    try:
        _play(directory, quiet)
    except BotStartError as exc:
        raise BotStartError(exc.entrant, f"{exc.detail}; nothing was played: fix the bot and "
                            f"'railhouse tournament resume {directory}', or remove {directory}",
                            exc.stderr) from None


def _entrant_flag(text: str) -> dict[str, str]:
    name, sep, command = text.partition("=")
    if not sep:
        return {"name": text, "bot": text}
    return {"name": name, "command": command}


@app.command("resume")
def resume(
    directory: Annotated[Path, typer.Argument(help="Tournament directory.")],
    quiet: Annotated[bool, Opt("--quiet", help="No progress output.")] = False,
    repair: Annotated[
        bool, Opt("--repair", help="First repair what 'tournament check' finds wrong.")
    ] = False,
) -> None:
    """Continue an interrupted tournament: no finished game is lost or played twice."""
    from railhouse_tournament import integrity

    if repair:
        for line in integrity.repair(directory):
            typer.echo(f"repaired: {line}")
    else:
        _require_intact(directory)
    _play(directory, quiet)


@app.command("check")
def check_command(
    directory: Annotated[Path, typer.Argument(help="Tournament directory.")],
) -> None:
    """Verify a tournament directory: say what is damaged and how to repair it."""
    from railhouse_tournament.jail import Host

    found = _require_intact(directory)
    for note in found.notes:
        typer.echo(f"note: {note}")
    typer.echo(f"ok: {len(found.entries)} of {found.total} games finished")
    typer.echo(f"bots here: {Host.probe().describe()}")


def _require_intact(directory: Path) -> Any:
    """The directory's inspection; damage is one line per problem and exit status 1."""
    from railhouse_tournament import integrity

    found = integrity.inspect(directory)
    if not found.ok:
        for line in str(found.error()).splitlines():
            typer.echo(f"railhouse: {line.strip()}", err=True)
        raise typer.Exit(1)
    return found


def _play(directory: Path, quiet: bool) -> None:
    import trio

    from railhouse.cli.main import only_interrupts
    from railhouse_tournament import report, runner
    from railhouse_tournament.progress import Reporter

    resume_hint = f"continue with: railhouse tournament resume {directory}"
    try:
        summary = trio.run(runner.run_directory, directory, Reporter(quiet=quiet), True)
    except BaseException as exc:  # Ctrl-C before the run's own handler was in place
        if not only_interrupts(exc):
            raise
        typer.echo(f"railhouse: interrupted; {resume_hint}", err=True)
        raise typer.Exit(130) from None
    if summary.interrupted == "SIGINT":
        typer.echo(f"railhouse: interrupted; {resume_hint}", err=True)
        raise typer.Exit(130)
    typer.echo(
        f"played {summary.played} games in {summary.seconds:.1f}s "
        f"({summary.skipped} already done, {summary.total} in all)"
    )
    if summary.verdict is not None:
        typer.echo(f"SPRT decided: {summary.verdict} accepted; the remaining games are not played")
    elif summary.played + summary.skipped < summary.total:
        typer.echo(f"stopped early; continue with: railhouse tournament resume {directory}")
        raise typer.Exit(1)
    report.render(report.summary(directory), report.console())
    typer.echo(_where_reports_are(directory))


def _where_reports_are(directory: Path) -> str:
    """The closing line of a run: the report command, and the HTML report (written now
    when the ``render`` extra is installed)."""
    from railhouse_tournament import report

    again = f"report: railhouse tournament report {directory}"
    try:
        from railhouse.cli.render import require_render_extra

        require_render_extra("tournament report --html")
    except RailhouseError:
        return f"{again}; HTML report: add --html (needs the render extra)"
    target = directory / "report.html"
    report.write_html(directory, target)
    return f"{again}; HTML report: {target}"


@app.command("report")
def report_command(
    directory: Annotated[Path, typer.Argument(help="Tournament directory.")],
    as_json: Annotated[bool, Opt("--json", help="Print JSON instead of a table.")] = False,
    html: Annotated[
        bool, Opt("--html", help="Write a self-contained HTML page with rating charts.")
    ] = False,
    out: Annotated[
        Path | None, Opt("-o", "--out", help="The HTML file (default: DIR/report.html).")
    ] = None,
    viewers: Annotated[
        bool,
        Opt("--viewers/--no-viewers",
            help="With --html: write each game's viewer page beside the report."),
    ] = True,
) -> None:
    """Standings: games, wins, average rank and score, OpenSkill rating, failure counters."""
    import json

    from railhouse_tournament import report

    if html:
        from railhouse.cli.render import require_render_extra

        require_render_extra("tournament report --html")
        target = out or directory / "report.html"
        _require_intact(directory)
        pages = report.write_html(directory, target, viewers)
        typer.echo(f"wrote {target}; {pages.line()}")
        return
    _require_intact(directory)
    data = report.summary(directory)
    if as_json:
        typer.echo(json.dumps(data, indent=2))
    else:
        report.render(data, report.console())
