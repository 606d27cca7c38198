"""``railhouse play``: one game between bots; prints the result and the record's path.

    railhouse play --title soh --seat greedy --seat random --seat "node bots/examples/node/bot.js"

A ``--seat`` is a registered bot name (run in-process) or a command line, split with shlex
into an argv list (never run by a shell).  Every command seat is started and greeted before
the game; one that cannot start is an error (exit status 1) and nothing is played.
Nothing is written unless ``--record FILE`` asks (then the bots' stderr logs go beside it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command("play", help="Play one game between bots and print the result.")(play)


def play(
    seat: Annotated[
        list[str], typer.Option("--seat", help="A bot name or a command line (one per seat).")
    ],
    title: Annotated[str, typer.Option(help="Title id (see 'railhouse titles').")] = "soh",
    seed: Annotated[int, typer.Option(help="Game seed.")] = 0,
    option: Annotated[
        list[str] | None, typer.Option(help="Title option KEY=VALUE (repeatable).")
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(help="Write the game record (JSON) here, and the bots' stderr logs "
                          "beside it (FILE-logs/); without it nothing is written."),
    ] = None,
    per_decision: Annotated[float, typer.Option(help="Seconds per decision.")] = 5.0,
    bank: Annotated[float, typer.Option(help="Extra seconds per game (time bank).")] = 60.0,
    retries: Annotated[int, typer.Option(help="Retries before a seat forfeits.")] = 2,
    max_game_actions: Annotated[int, typer.Option(
        help="Stop a game still going after this many actions (0: never).")] = 20_000,
    check: Annotated[
        bool, typer.Option("--check", help="Check the engine's invariants after every action.")
    ] = False,
) -> None:
    import trio

    from railhouse.engine.invariants import set_checking
    from railhouse_tournament.config import FailurePolicy, TimeControl
    from railhouse_tournament.errors import ConfigError
    from railhouse_tournament.single import play_game

    options: dict[str, str] = {}
    for text in option or []:
        key, sep, value = text.partition("=")
        if not sep:
            raise ConfigError("--option", f"expected KEY=VALUE, got {text!r}")
        options[key] = value
    if check:
        set_checking(True)  # an invariant violation is then a one-line error naming it
    try:
        played = trio.run(
            lambda: play_game(
                title, seat, record_path=record, seed=seed, options=options,
                time=TimeControl(per_decision=per_decision, bank=bank),
                failure=FailurePolicy(retries=retries), max_actions=max_game_actions,
            )
        )  # fmt: skip
    except ExceptionGroup as group:
        raise _invariant_violation(group) or group from None
    result = played.outcome.result
    typer.echo(f"{title} seed {seed}: {played.outcome.status} ({result.reason})")
    for index, name in enumerate(played.seats):
        note = "  forfeit" if index in result.forfeits else ""
        score = result.scores[index] if result.scores else "-"
        rank = result.ranks[index] if result.ranks else "-"
        typer.echo(f"  seat {index} {name:24} score {score!s:>6}  rank {rank}{note}")
    for failure in played.outcome.failures:
        who = "the game" if failure["seat"] is None else f"seat {failure['seat']}"
        typer.echo(
            f"  failure: {who} {failure['reason']} ({failure['action']}): {failure['detail']}"
        )
    if played.record_path is not None:
        typer.echo(f"record: {played.record_path}")


def _invariant_violation(group: ExceptionGroup[Exception]) -> Exception | None:
    """The first ``InvariantViolation`` inside ``group`` (``--check`` found an engine bug),
    so the CLI reports it on one line instead of as a nursery's exception group."""
    from railhouse.engine.errors import InvariantViolation

    found: BaseException | None = group.split(InvariantViolation)[0]
    while isinstance(found, BaseExceptionGroup):
        found = found.exceptions[0]
    return found if isinstance(found, InvariantViolation) else None
