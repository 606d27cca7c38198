"""The per-game rule hooks behind a typed facade.

One :class:`GameHooks` per game.  Plugins are registered in this order: the title's rules
plugin, then variant plugins, then observers.  pluggy calls the most recently registered
implementation first, so for ``firstresult`` hooks a variant that answers wins over the title,
and a variant can wrap a title's hook with ``@hookimpl(wrapper=True)``.

    hooks = GameHooks(rules=SohRules(), variants=[ShortGame()], observers=[Recorder()])
    hooks.setup_game(game)
    first = hooks.next_round(game, None)

Every call checks the hook's return contract and raises :class:`HookContractError` naming
the hook when a plugin breaks it.  ``RAILHOUSE_TRACE_HOOKS=1`` logs every hook call.

A hook that one plain implementation answers (no wrapper, no tracing: every rule hook of
the shipped titles) is called directly, as pluggy's call loop would call it, without the
loop (:meth:`GameHooks._call`); a hook nobody implements is not called at all.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import pluggy

from railhouse.hookspecs import END_MOMENTS, EndMoment
from railhouse.logs import get_logger
from railhouse.plugins import PluginError, check_unknown_hooks, new_plugin_manager, register_plugin

__all__ = ["GameHooks", "HookContractError", "shared_hooks"]

TRACE_ENV = "RAILHOUSE_TRACE_HOOKS"

_log = get_logger("railhouse.hooks")


class HookContractError(PluginError):
    """A rule hook returned something its specification does not allow."""


def _display_name(plugin: object) -> str:
    name = getattr(plugin, "__name__", None)  # modules and classes
    return name if isinstance(name, str) else type(plugin).__name__


class GameHooks:
    """Typed access to one game's rule hooks; see the module docstring for ordering."""

    def __init__(
        self,
        rules: object,
        variants: Sequence[object] = (),
        observers: Sequence[object] = (),
        *,
        trace: bool | None = None,
    ) -> None:
        self._pm = new_plugin_manager()
        self.names: list[str] = []
        for plugin in (rules, *variants, *observers):
            name = _display_name(plugin)
            if name in self.names:
                name = f"{name}#{len(self.names)}"
            register_plugin(self._pm, plugin, name)
            self.names.append(name)
        check_unknown_hooks(self._pm)
        if trace is None:
            trace = os.environ.get(TRACE_ENV, "") not in ("", "0")
        self.traced = trace
        if trace:
            self._pm.add_hookcall_monitoring(_trace_before, _trace_after)
        #: how each hook called so far is called (:meth:`_call`); None: through pluggy
        self._direct: dict[str, _Direct | None] = {}
        #: False once the manager was handed out (a plugin may have been registered since)
        self._fixed = not trace
        #: whether ``Game.apply`` calls :meth:`action_applied`: False while the plugins are
        #: fixed and none implements ``railhouse_action_applied`` (decided here, as
        #: :meth:`_call` would decide it; True again once the manager is handed out)
        self.hears_actions = True
        if self._fixed:
            heard = self._direct["railhouse_action_applied"] = _direct_call(
                self._pm.hook.railhouse_action_applied)
            self.hears_actions = heard is not _UNHEARD

    @property
    def plugin_manager(self) -> pluggy.PluginManager:
        """The underlying manager, for registering plugins mid-game (rarely needed).  A
        game's hooks serve its clones too, and a title's :func:`shared_hooks` every game
        of the title with the same options: a plugin for one game only goes in the
        hooks given to that game (``Game(..., hooks=GameHooks(...))``).  Once it is
        handed out every hook is called through pluggy (:meth:`_call`)."""
        self._fixed = False
        self._direct.clear()
        self.hears_actions = True
        return self._pm

    def _call(self, hook: str, *args: Any) -> Any:
        """Call ``hook`` with ``args``, every argument of its specification in the
        specification's order, and return what pluggy's call would.  Where the plugins
        are fixed (:attr:`plugin_manager` never handed out, nothing traced) and the hook
        has no implementation or one that is no wrapper, that implementation is called
        directly with the arguments it names: the same call, result and exceptions as
        pluggy's loop, which costs several calls of its own per hook call (and takes the
        arguments by name: a dict built per call).  How each hook is called is decided on
        its first call; that is sufficient because its implementations change only
        through the manager, and handing the manager out drops the decisions."""
        direct = self._direct.get(hook, _UNDECIDED) if self._fixed else None
        if direct is _UNDECIDED:
            direct = self._direct[hook] = _direct_call(getattr(self._pm.hook, hook))
        if direct is None:
            caller = getattr(self._pm.hook, hook)
            spec = caller.spec
            assert spec is not None, "every railhouse hook is specified (new_plugin_manager)"
            return caller(**dict(zip(spec.argnames, args, strict=True)))
        function, picks, firstresult = direct
        if function is None:
            result = None
        elif picks is None:
            result = function(*args)
        else:
            result = function(*[args[at] for at in picks])
        if firstresult:
            return result
        return [] if result is None else [result]

    # -- setup and round structure ---------------------------------------------------------

    def setup_game(self, game: Any) -> None:
        self._call("railhouse_setup_game", game)

    def next_round(self, game: Any, finished: Any | None) -> Any:
        """The round after ``finished`` (None at game start); some plugin must answer."""
        return self._required(
            "railhouse_next_round",
            self._call("railhouse_next_round", game, finished),
        )

    def operating_steps(self, game: Any, company: Any) -> list[Any]:
        steps = self._required(
            "railhouse_operating_steps",
            self._call("railhouse_operating_steps", game, company),
        )
        return _as_list("railhouse_operating_steps", steps, object)

    # -- revenue and market -----------------------------------------------------------------

    def route_bonus(self, game: Any, company: Any, route: Any) -> int:
        """Sum of every plugin's bonus for ``route`` (0 when nobody adds one)."""
        results = self._pm.hook.railhouse_route_bonus(game=game, company=company, route=route)
        return sum(_as_list("railhouse_route_bonus", results, int))

    def route_bonus_function(self, game: Any, company: Any) -> Callable[[Any], int] | None:
        """``route -> route_bonus(game, company, route)`` for the route optimiser, or None
        when no plugin implements the hook.  It is called for every route the search
        values, so one plain implementation (no wrapper, no tracing) is called directly,
        with the same contract check, instead of through pluggy's call loop."""
        impls = self._pm.hook.railhouse_route_bonus.get_hookimpls()
        if not impls:
            return None
        impl = impls[0]
        if len(impls) > 1 or impl.hookwrapper or impl.wrapper or self.traced:
            return lambda route: self.route_bonus(game, company, route)
        function, names = impl.function, impl.argnames
        given = {"game": game, "company": company}

        def bonus(route: Any) -> int:
            given["route"] = route
            value = function(*[given[name] for name in names])
            if value is None:
                return 0
            if not isinstance(value, int) or isinstance(value, bool):
                raise HookContractError(
                    f"railhouse_route_bonus returned {value!r}; expected an int or None")
            return value

        return bonus

    def price_moves_after_dividend(
        self, game: Any, company: Any, kind: str, total: int
    ) -> list[str]:
        moves = self._required(
            "railhouse_price_moves_after_dividend",
            self._call("railhouse_price_moves_after_dividend", game, company, kind, total),
        )
        return _as_list("railhouse_price_moves_after_dividend", moves, str)

    # -- phases and the end -----------------------------------------------------------------

    def phase_changed(self, game: Any, old: Any, new: Any) -> None:
        self._call("railhouse_phase_changed", game, old, new)

    def check_game_end(self, game: Any, moment: EndMoment) -> str | None:
        """The end reason if the game ends at ``moment``, else None."""
        if moment not in END_MOMENTS:
            raise ValueError(f"unknown game-end moment {moment!r}; expected one of {END_MOMENTS}")
        reason = self._call("railhouse_check_game_end", game, moment)
        if reason is not None and not (isinstance(reason, str) and reason):
            raise HookContractError(
                f"railhouse_check_game_end returned {reason!r}; expected a non-empty string"
            )
        return reason

    def final_scores(self, game: Any) -> list[int]:
        scores = _as_list(
            "railhouse_final_scores",
            self._required(
                "railhouse_final_scores", self._call("railhouse_final_scores", game)
            ),
            int,
        )
        seats = getattr(game, "players", None)
        if isinstance(seats, Sequence) and len(seats) != len(scores):
            raise HookContractError(
                f"railhouse_final_scores returned {len(scores)} scores for {len(seats)} seats"
            )
        return scores

    def observe_title_state(self, game: Any) -> dict[str, Any]:
        """Every plugin's ``railhouse_observe_title_state`` keys, merged."""
        merged: dict[str, Any] = {}
        for part in self._call("railhouse_observe_title_state", game):
            if not isinstance(part, Mapping):
                raise HookContractError(
                    f"railhouse_observe_title_state returned {part!r}; expected a mapping")
            clash = merged.keys() & part.keys()
            if clash:
                raise HookContractError(
                    f"railhouse_observe_title_state: two plugins give {sorted(clash)}")
            merged.update(part)
        return merged

    # -- observers --------------------------------------------------------------------------

    def action_applied(self, game: Any, action: Any) -> None:
        """Called after every action where :attr:`hears_actions` (not at all when no
        plugin observes it, :meth:`_call`; that known, not even :meth:`_call` is)."""
        if self._direct.get("railhouse_action_applied") is not _UNHEARD:
            self._call("railhouse_action_applied", game, action)

    def game_over(self, game: Any, result: Any) -> None:
        self._call("railhouse_game_over", game, result)

    def _required(self, hook: str, value: Any) -> Any:
        if value is None:
            raise HookContractError(
                f"no plugin answered {hook} (plugins: {', '.join(self.names)}); "
                "the title's rules plugin must implement it"
            )
        return value


#: how :meth:`GameHooks._call` calls a hook directly: its one implementation (None: it has
#: none), where the arguments it takes stand among the specification's (None: all of them,
#: in order), and whether the hook is firstresult
_Direct = tuple[Callable[..., Any] | None, tuple[int, ...] | None, bool]
_UNDECIDED: Any = object()
#: the direct call of a hook that is not firstresult and has no implementation
_UNHEARD: _Direct = (None, None, False)


def _direct_call(caller: pluggy.HookCaller) -> _Direct | None:
    """How to call the hook of ``caller`` directly, or None when only pluggy's loop will
    do (several implementations, a wrapper, no specification, a historic hook)."""
    spec = caller.spec
    if spec is None or caller.is_historic():
        return None
    firstresult = bool(spec.opts.get("firstresult", False))
    impls = caller.get_hookimpls()
    if not impls:
        return (None, None, True) if firstresult else _UNHEARD
    impl = impls[0]
    if len(impls) > 1 or impl.hookwrapper or impl.wrapper:
        return None
    if not set(impl.argnames) <= set(spec.argnames):
        return None  # pluggy's call fails on such an argument: let it say so
    names = tuple(spec.argnames)
    if tuple(impl.argnames) == names:
        return impl.function, None, firstresult
    return impl.function, tuple(names.index(name) for name in impl.argnames), firstresult


def _as_list(hook: str, value: Any, kind: type) -> list[Any]:
    if type(value) is not list and (
        isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence)
    ):
        raise HookContractError(f"{hook} returned {value!r}; expected a list")
    items = list(value)
    if kind is object:
        return items
    for item in items:
        if not isinstance(item, kind) or (kind is int and isinstance(item, bool)):
            raise HookContractError(f"{hook} returned {value!r}; items must be {kind.__name__}")
    return items


def _trace_before(
    hook_name: str, impls: Sequence[pluggy.HookImpl], kwargs: Mapping[str, object]
) -> None:
    _log.info(
        "hook call",
        hook=hook_name,
        plugins=[impl.plugin_name for impl in impls],
        args=sorted(kwargs),
    )


def _trace_after(
    outcome: pluggy.Result[object],
    hook_name: str,
    impls: Sequence[pluggy.HookImpl],
    kwargs: Mapping[str, object],
) -> None:
    if outcome.exception is not None:
        _log.info("hook raised", hook=hook_name, error=repr(outcome.exception))
    else:
        _log.info("hook result", hook=hook_name, result=repr(outcome.get_result())[:200])


#: shared hooks by (game class, options, tracing); bounded, as option sets are few
_SHARED: dict[Hashable, GameHooks] = {}
_SHARED_LIMIT = 64


def shared_hooks(owner: type, options: Mapping[str, Any],
                 make: Callable[[], GameHooks]) -> GameHooks:
    """One :class:`GameHooks` per game class, option values and tracing switch, made by
    ``make`` on first use (``Game.hooks_shareable``: rule plugins that keep no state).  The
    key holds everything a title's ``_make_hooks`` may read; options with unhashable
    values get hooks of their own."""
    traced = os.environ.get(TRACE_ENV, "") not in ("", "0")
    try:
        key: Hashable = (owner, frozenset(options.items()), traced)
        hooks = _SHARED.get(key)
    except TypeError:
        return make()
    if hooks is None:
        if len(_SHARED) >= _SHARED_LIMIT:
            _SHARED.clear()
        hooks = _SHARED[key] = make()
    return hooks

