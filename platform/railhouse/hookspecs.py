"""Hook specifications: every point where a plugin can extend railhouse.

Two families live here, both named ``railhouse_*``:

* Registration hooks run once per process on the process-wide plugin manager
  (:func:`railhouse.plugins.registry`): entry points in the ``railhouse.titles`` group and the
  built-in plugin :mod:`railhouse.builtin` implement them.
* Rule hooks run on one plugin manager per game (:class:`railhouse.plugins.GameHooks`): the
  title's rules plugin is registered first, then variant plugins, then observers.  pluggy calls
  the most recently registered implementation first, so a variant's answer to a ``firstresult``
  hook wins over the title's, and an optional rule can wrap a hook with ``wrapper=True``.

Core code never calls ``pm.hook.<name>`` directly; it goes through the typed facades in
:mod:`railhouse.plugins`.  Hooks evolve by adding arguments only: an implementation may accept
any subset of a hook's parameters, so adding one never breaks existing plugins.

Every docstring follows one template, checked by ``tests/core/test_hookspecs.py``::

    One-line summary.

    Fires: when the hook is called, and by whom.

    :param <name>: one line per parameter.
    :returns: the return contract.
    Calling: "firstresult: stops at first non-None result." or "all implementations ...".

    .. versionadded:: 0.1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

import pluggy

if TYPE_CHECKING:
    import typer

    from railhouse.titles import TitleInfo

PROJECT = "railhouse"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

#: The moments at which ``railhouse_check_game_end`` is asked.
EndMoment = Literal["end_of_operating_turn", "end_of_or", "end_of_sr", "end_of_or_set"]
END_MOMENTS: tuple[EndMoment, ...] = (
    "end_of_operating_turn",
    "end_of_or",
    "end_of_sr",
    "end_of_or_set",
)

#: ``register(info)`` as passed to ``railhouse_register_titles``.
TitleRegistrar = Callable[["TitleInfo"], None]
#: ``register(name, factory, help)`` as passed to ``railhouse_register_bots``.
BotRegistrar = Callable[[str, str, str], None]

# The game object handed to rule hooks is the engine's ``Game`` (``railhouse.engine.game``);
# it is typed ``Any`` here so this module never imports the engine.
Game = Any


# -------------------------------------------------------------------------------------------
# Registration hooks: once per process, on the process-wide plugin manager.
# -------------------------------------------------------------------------------------------


@hookspec
def railhouse_register_titles(register: TitleRegistrar) -> None:
    """Register the game titles a plugin provides.

    Fires: once per process, the first time the registry is queried (listing titles, creating
    a game, building the CLI), for every plugin loaded from the ``railhouse.titles`` group.

    :param register: call ``register(TitleInfo(...))`` once per title; a duplicate title id
        or anything that is not a ``TitleInfo`` is a plugin error.
    :returns: nothing; the return value is ignored.
    Calling: all implementations are called, each with its own ``register``.

    .. versionadded:: 0.1
    """


@hookspec
def railhouse_register_bots(register: BotRegistrar) -> None:
    """Register bots that can be named in tournaments and ``railhouse bot`` commands.

    Fires: once per process, when the registry is first queried, for every loaded plugin
    (the built-in ``random`` and ``greedy`` bots come from :mod:`railhouse.builtin`).

    :param register: call ``register(name, factory, help)``: ``factory`` is a
        ``"module:attribute"`` string imported only when the bot is created.
    :returns: nothing; the return value is ignored.
    Calling: all implementations are called, each with its own ``register``.

    .. versionadded:: 0.1
    """


@hookspec
def railhouse_register_commands(app: typer.Typer) -> None:
    """Add commands or sub-applications to the ``railhouse`` command line.

    Fires: once per process, when ``railhouse`` builds its command line, before arguments are
    parsed.

    :param app: the root ``typer.Typer``; use ``app.command()`` or ``app.add_typer()``.
    :returns: nothing; the return value is ignored.
    Calling: all implementations are called; the built-in commands are registered first.

    .. versionadded:: 0.1
    """


# -------------------------------------------------------------------------------------------
# Game setup and round structure: one plugin manager per game.
# -------------------------------------------------------------------------------------------


@hookspec
def railhouse_setup_game(game: Game) -> None:
    """Finish setting up a new game (title-specific starting state).

    Fires: once per game, after the core built the initial state from the title's data and
    before the first round starts; also during replay, so it must be deterministic (use only
    ``game``'s seeded RNG).

    :param game: the game being created.
    :returns: nothing; the return value is ignored.
    Calling: all implementations are called (variants first, then the title's rules plugin).

    .. versionadded:: 0.1
    """


@hookspec(firstresult=True)
def railhouse_next_round(game: Game, finished: Any | None) -> Any | None:
    """Choose the round that follows ``finished``.

    Fires: whenever a round ends, and once at game start with ``finished=None``.

    :param game: the game in progress.
    :param finished: the round object that just ended, or None at game start.
    :returns: the next round object; None means "no opinion, ask the next plugin".
    Calling: firstresult: stops at first non-None result.

    .. versionadded:: 0.1
    """


@hookspec(firstresult=True)
def railhouse_operating_steps(game: Game, company: Any) -> Sequence[Any] | None:
    """List the steps of one company's operating turn.

    Fires: when a company starts its operating turn in an operating round.

    :param game: the game in progress.
    :param company: the company about to operate.
    :returns: the ordered list of step objects, or of step factories (a step class, or
        any callable ``(game, company_id) -> step`` holding nothing mutable) that the round
        calls when the turn reaches each step (:mod:`railhouse.engine.rounds.turnplan`: a
        clone copies only the steps made); None means "no opinion".
    Calling: firstresult: stops at first non-None result.

    .. versionadded:: 0.1
    """


# -------------------------------------------------------------------------------------------
# Revenue and the stock market.
# -------------------------------------------------------------------------------------------


@hookspec
def railhouse_route_bonus(game: Game, company: Any, route: Any) -> int | None:
    """Extra revenue of one route beyond the sum of its stops (e.g. an off-board bonus).

    Fires: from the core's route question (:mod:`railhouse.engine.routes`, solved by the
    route step :class:`railhouse.engine.steps.RouteStep`, the bench and analysis tools), for
    every route the optimiser values while computing a company's revenue, candidate routes
    of the maximum-revenue search included, so it must be pure; only for a company whose
    ``Game.route_bonus_applies`` (SOH: it owns a bonus private; 1839: a Major), as asking
    costs search time; and where the title's run names ``RunContext.bonus_stops`` (the
    stops its bonus pays at: SOH a bonus private's stop, 1839 Ruhrgebiet), only for
    routes visiting one of them (every other route's bonus is taken as 0).

    :param game: the game in progress.
    :param company: the company running the route.
    :param route: the route being valued, a :class:`railhouse.map.trains.RouteView` (stop
        names in order, their values in the current phase, their kinds, the train).
    :returns: an integer bonus (may be negative) or None for no bonus.
    Calling: all implementations are called; the caller sums the non-None results.

    .. versionadded:: 0.1
    """


@hookspec(firstresult=True)
def railhouse_price_moves_after_dividend(
    game: Game, company: Any, kind: str, total: int
) -> Sequence[str] | None:
    """Decide how a company's share price moves after its dividend decision.

    Fires: from the core's dividend step (:class:`railhouse.engine.steps.DividendStep`),
    after a company's revenue is paid out, withheld or split, before the next company
    operates; the core then makes the moves (runs of one direction together, the last as
    the move that ends the company's turn).

    :param game: the game in progress.
    :param company: the company that just decided its dividend.
    :param kind: the decision, e.g. ``"payout"``, ``"withhold"`` or ``"half"``.
    :param total: the total the decision is judged by: the revenue, or what the title's
        ``DividendStep.price_basis`` makes of it (1839: the dividends paid).
    :returns: the market moves in order, e.g. ``["up", "up"]`` (``[]`` for none);
        None means "no opinion".
    Calling: firstresult: stops at first non-None result.

    .. versionadded:: 0.1
    """


@hookspec
def railhouse_phase_changed(game: Game, old: Any, new: Any) -> None:
    """React to a phase change beyond what the phase table says.

    Fires: from :func:`railhouse.engine.phases.enter_phase`, once per phase entered (a
    skipped phase too), when the first train of a type moves the game from phase ``old``
    to phase ``new`` -- at once, or at the end of the buying company's turn
    (:class:`railhouse.engine.steps.PhaseChangeStep`) where
    ``Game.phase_change_at_end_of_turn`` says so --, after the core applied the phase's
    data-driven effects: rusting, the phase's ``events`` (the core's ``close_privates`` and
    the title's registered handlers) and ``PrivateSpec.closes_on_phase``; before the
    forced discards.

    :param game: the game in progress.
    :param old: the phase that ended.
    :param new: the phase that began.
    :returns: nothing; the return value is ignored.
    Calling: all implementations are called.

    .. versionadded:: 0.1
    """


@hookspec(firstresult=True)
def railhouse_check_game_end(game: Game, moment: EndMoment) -> str | None:
    """Say whether the game ends now, and why.

    Fires: from the core at the end of each operating turn (``"end_of_operating_turn"``)
    and operating round (``"end_of_or"``), after the last operating round of a set (the
    round's ``number`` reaching its ``of``: ``"end_of_or_set"``), and when a stock round (a
    round of kind ``"stock"``) has ended, before the next round is chosen
    (``"end_of_sr"``).  (A rule that ends the game mid-round, e.g. a share price reaching
    the top, notes it and answers at the next moment, or calls ``Game.end_game``.)

    :param game: the game in progress.
    :param moment: one of ``"end_of_operating_turn"``, ``"end_of_or"``, ``"end_of_sr"``,
        ``"end_of_or_set"``.
    :returns: an end reason such as ``"bank_broken"``; None means the game goes on.
    Calling: firstresult: stops at first non-None result.

    .. versionadded:: 0.1
    """


@hookspec(firstresult=True)
def railhouse_final_scores(game: Game) -> Sequence[int] | None:
    """Compute the final scores.

    Fires: whenever a finished game's result is asked (``Game.result``): first as the game
    ends, just before ``railhouse_game_over``; so it must be pure.

    :param game: the finished game.
    :returns: one integer score per seat, in seat order; None means "no opinion".
    Calling: firstresult: stops at first non-None result.

    .. versionadded:: 0.1
    """


@hookspec
def railhouse_observe_title_state(game: Game) -> Mapping[str, Any] | None:
    """Add the title's own public state to the observation (key ``title_state``).

    Fires: whenever the observation is built (every decision in a protocol game).

    :param game: the game.
    :returns: JSON-ready keys for public state the core observation does not carry (e.g.
        1839's number cards or the player holding DRU's train); None adds nothing.
    Calling: all implementations are called; their keys are merged, and two plugins giving
        the same key is a contract error.

    .. versionadded:: 0.1
    """


# -------------------------------------------------------------------------------------------
# Observers: notified, never consulted.
# -------------------------------------------------------------------------------------------


@hookspec
def railhouse_action_applied(game: Game, action: Any) -> None:
    """Observe an action that was validated and applied.

    Fires: after every successful ``game.apply(action)`` and for every action during replay;
    never for a rejected action.

    :param game: the game, already updated.
    :param action: the applied action (a frozen value object).
    :returns: nothing; the return value is ignored.
    Calling: all implementations are called.

    .. versionadded:: 0.1
    """


@hookspec
def railhouse_game_over(game: Game, result: Any) -> None:
    """Observe the end of a game.

    Fires: once per game, after ``railhouse_final_scores``, with the final result.

    :param game: the finished game.
    :param result: the ``railhouse.engine.api.GameResult``.
    :returns: nothing; the return value is ignored.
    Calling: all implementations are called.

    .. versionadded:: 0.1
    """


REGISTRATION_HOOKS = (
    "railhouse_register_titles",
    "railhouse_register_bots",
    "railhouse_register_commands",
)
RULE_HOOKS = (
    "railhouse_setup_game",
    "railhouse_next_round",
    "railhouse_operating_steps",
    "railhouse_route_bonus",
    "railhouse_price_moves_after_dividend",
    "railhouse_phase_changed",
    "railhouse_check_game_end",
    "railhouse_final_scores",
    "railhouse_observe_title_state",
)
OBSERVER_HOOKS = ("railhouse_action_applied", "railhouse_game_over")
