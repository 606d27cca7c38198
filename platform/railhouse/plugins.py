"""The process-wide plugin registry: titles, bots and CLI commands, loaded lazily once.

    >>> from railhouse.plugins import registry
    >>> [t.id for t in registry().titles()]          # doctest: +SKIP
    ['m1839', 'soh']
    >>> registry().title("soh").name                  # doctest: +SKIP
    'Steam Over Holland'

Plugins are modules named by entry points in the ``railhouse.titles`` group; the built-in
plugin :mod:`railhouse.builtin` registers through the same hooks.  ``RAILHOUSE_PLUGINS``
(comma-separated entry-point names) restricts which entry points load: unset loads all, the
empty string loads none.  After loading, every ``railhouse_*`` implementation must match a
hook specification, so a misspelt hook fails loudly with a one-line :class:`PluginError`.

The per-game facade :class:`GameHooks` lives in :mod:`railhouse.gamehooks`.
"""

from __future__ import annotations

import contextlib
import difflib
import inspect
import os
import types
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import import_module, metadata
from typing import TYPE_CHECKING, Any, cast

import pluggy

from railhouse import hookspecs
from railhouse.engine.errors import RailhouseError
from railhouse.hookspecs import hookimpl
from railhouse.titles import TitleInfo

if TYPE_CHECKING:
    import typer

__all__ = [
    "ENTRY_POINT_GROUP",
    "BotInfo",
    "NotRegistered",
    "PluginError",
    "PluginInfo",
    "Registry",
    "hookimpl",
    "new_plugin_manager",
    "registry",
    "reset_registry",
]

ENTRY_POINT_GROUP = "railhouse.titles"
PLUGINS_ENV = "RAILHOUSE_PLUGINS"
BUILTIN_NAME = "railhouse"


class PluginError(RailhouseError):
    """A plugin could not be loaded or misbehaved; the message names the plugin."""


class NotRegistered(RailhouseError, LookupError):
    """No title or bot is registered under the requested name."""

    def __str__(self) -> str:  # LookupError would repr() a single argument
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class PluginInfo:
    """One loaded plugin: its entry-point name and the distribution that ships it."""

    name: str
    distribution: str
    version: str


@dataclass(frozen=True)
class BotInfo:
    """A registered bot: ``factory`` is a ``"module:attribute"`` string imported on demand."""

    name: str
    factory: str
    help: str
    plugin: str

    def load_factory(self) -> Callable[..., Any]:
        module_name, _, attribute = self.factory.partition(":")
        loaded: Callable[..., Any] = getattr(import_module(module_name), attribute)
        return loaded


class _Manager(pluggy.PluginManager):
    """Treats any callable ``railhouse_*`` attribute as a hook implementation, decorated or
    not (as pytest does), so a misspelt undecorated hook is caught instead of ignored."""

    def parse_hookimpl_opts(self, plugin: Any, name: str) -> pluggy.HookimplOpts | None:
        opts = super().parse_hookimpl_opts(plugin, name)
        is_hook_name = name.startswith(f"{hookspecs.PROJECT}_")
        if opts is None and is_hook_name and _is_plain_function(plugin, name):
            # pluggy fills in the missing options with their defaults
            opts = cast(pluggy.HookimplOpts, {})
        return opts


def _is_plain_function(plugin: Any, name: str) -> bool:
    # Looked up statically, as pluggy does, so properties are never evaluated.
    found = inspect.getattr_static(plugin, name, None)
    return inspect.isfunction(found) or isinstance(
        found, staticmethod | classmethod | types.MethodType
    )


def new_plugin_manager() -> pluggy.PluginManager:
    """A plugin manager that knows every railhouse hook specification."""
    pm = _Manager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


def register_plugin(pm: pluggy.PluginManager, plugin: object, name: str) -> None:
    """Register ``plugin`` under ``name``, turning pluggy's errors into one-line ones."""
    try:
        pm.register(plugin, name=name)
    except (pluggy.PluginValidationError, ValueError) as exc:
        detail = " ".join(str(exc).split())
        raise PluginError(f"plugin {name!r} cannot be registered: {detail}") from exc


def check_unknown_hooks(pm: pluggy.PluginManager) -> None:
    """Raise :class:`PluginError` naming the plugin and hook of any unspecified hookimpl."""
    for hook_name, caller in vars(pm.hook).items():
        if hook_name.startswith("_") or caller.has_spec():
            continue
        for impl in caller.get_hookimpls():
            if impl.optionalhook:
                continue
            known = [n for n, c in vars(pm.hook).items() if c.has_spec()]
            close = difflib.get_close_matches(hook_name, known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise PluginError(
                f"plugin {impl.plugin_name!r} implements unknown hook {hook_name!r}{hint}"
            )
    pm.check_pending()  # belt and braces: pluggy's own check must agree


def _title_ids(plugin: object) -> list[str]:
    """The ids of the titles ``plugin`` registers (its registration hook, called alone)."""
    hook = getattr(plugin, "railhouse_register_titles", None)
    found: list[str] = []
    if callable(hook):
        hook(register=lambda info: found.append(getattr(info, "id", "")))
    return found


def _selected_from_env() -> frozenset[str] | None:
    raw = os.environ.get(PLUGINS_ENV)
    if raw is None:
        return None
    return frozenset(part.strip() for part in raw.split(",") if part.strip())


def _did_you_mean(name: str, known: Collection[str]) -> str:
    """``"did you mean X? "`` for the registered name nearest ``name``, else ``""``."""
    close = difflib.get_close_matches(name, sorted(known), n=1)
    return f"did you mean {close[0]}? " if close else ""


class Registry:
    """Titles, bots and commands contributed by the built-in plugin and entry points.

    Nothing is imported until the first query; loading happens once.  If loading fails the
    error is kept and raised again by every later query, while the built-in plugin stays
    registered so ``railhouse --help`` keeps working.
    """

    def __init__(
        self,
        *,
        group: str = ENTRY_POINT_GROUP,
        only: Collection[str] | None = None,
        extra_plugins: Sequence[tuple[str, object]] = (),
    ) -> None:
        """``only`` restricts entry points by name (default: ``RAILHOUSE_PLUGINS``);
        ``extra_plugins`` are ``(name, plugin)`` pairs registered as if found by entry point
        (for tests and embedding)."""
        self._group = group
        self._only = frozenset(only) if only is not None else _selected_from_env()
        self._extra = tuple(extra_plugins)
        self._pm: pluggy.PluginManager | None = None
        self._error: PluginError | None = None
        self._plugins: dict[str, PluginInfo] = {}
        self._titles: dict[str, TitleInfo] = {}
        self._bots: dict[str, BotInfo] = {}

    # -- loading --------------------------------------------------------------------------

    @property
    def loaded(self) -> bool:
        return self._pm is not None

    def load(self) -> None:
        """Load built-ins and entry points once; re-raise the first loading error."""
        if self._pm is None:
            self._pm = new_plugin_manager()
            import railhouse.builtin as builtin

            register_plugin(self._pm, builtin, BUILTIN_NAME)
            self._plugins[BUILTIN_NAME] = PluginInfo(BUILTIN_NAME, "railhouse", _core_version())
            try:
                self._load_external(self._pm)
                self._collect(self._pm)
            except PluginError as exc:
                self._error = exc
                self._fall_back_to_builtin(self._pm)
        if self._error is not None:
            raise self._error

    def _load_external(self, pm: pluggy.PluginManager) -> None:
        for name, plugin, info in self._discover():
            register_plugin(pm, plugin, name)
            self._plugins[name] = info
        check_unknown_hooks(pm)

    def _discover(self) -> Iterator[tuple[str, object, PluginInfo]]:
        points: dict[str, metadata.EntryPoint] = {}
        for ep in metadata.entry_points(group=self._group):
            if ep.name in points and points[ep.name].value != ep.value:
                raise PluginError(
                    f"plugin name {ep.name!r} is claimed twice: {points[ep.name].value} "
                    f"and {ep.value}"
                )
            points[ep.name] = ep
        only = self._selected(points) if self._only is not None else None
        for name in sorted(points):
            if only is not None and name not in only:
                continue
            yield name, _load_entry_point(points[name]), _plugin_info(points[name])
        for name, plugin in self._extra:
            yield name, plugin, PluginInfo(name, "", "")

    def _selected(self, points: Mapping[str, metadata.EntryPoint]) -> set[str]:
        """The entry points ``only`` selects: named by plugin id, or by the id of a title a
        plugin registers (users know ``1839``, not the plugin ``m1839``)."""
        assert self._only is not None
        chosen = set(self._only) & set(points)
        wanted = set(self._only) - chosen
        titles: dict[str, str] = {}
        if wanted:
            for name in sorted(set(points) - chosen):
                for title_id in _title_ids(_load_entry_point(points[name])):
                    titles.setdefault(title_id, name)
            chosen |= {titles[t] for t in wanted if t in titles}
            wanted -= set(titles)
        if wanted:
            installed = ", ".join(sorted(points)) or "none"
            raise PluginError(
                f"{PLUGINS_ENV} names unknown plugin(s) {', '.join(sorted(wanted))} "
                f"(installed plugins: {installed}; or name a title id)"
            )
        return chosen

    def _fall_back_to_builtin(self, pm: pluggy.PluginManager) -> None:
        for name, plugin in list(pm.list_name_plugin()):
            if name != BUILTIN_NAME:
                pm.unregister(plugin)
        self._plugins = {BUILTIN_NAME: self._plugins[BUILTIN_NAME]}
        self._titles.clear()
        self._bots.clear()

    def _collect(self, pm: pluggy.PluginManager) -> None:
        for name, plugin in pm.list_name_plugin():
            distribution = self._plugins[name].distribution

            def add_title(info: TitleInfo, _name: str = name, _dist: str = distribution) -> None:
                self._add_title(_name, _dist, info)

            def add_bot(bot: str, factory: str, help: str = "", _name: str = name) -> None:
                self._add_bot(_name, bot, factory, help)

            _call_one(pm, plugin, name, "railhouse_register_titles", register=add_title)
            _call_one(pm, plugin, name, "railhouse_register_bots", register=add_bot)

    def _add_title(self, plugin: str, distribution: str, info: TitleInfo) -> None:
        if not isinstance(info, TitleInfo):
            raise PluginError(f"plugin {plugin!r} registered {info!r}, not a TitleInfo")
        if info.id in self._titles:
            raise PluginError(
                f"plugin {plugin!r} registered title {info.id!r}, already registered by "
                f"{self._titles[info.id].distribution or 'another plugin'}"
            )
        if not info.distribution and distribution:
            info = replace(info, distribution=distribution)
        self._titles[info.id] = info

    def _add_bot(self, plugin: str, name: str, factory: str, help: str) -> None:
        if ":" not in factory:
            raise PluginError(
                f"plugin {plugin!r} registered bot {name!r} with factory {factory!r}; "
                "expected 'module:attribute'"
            )
        if name in self._bots:
            other = self._bots[name].plugin
            raise PluginError(f"plugin {plugin!r} registered bot {name!r}, already from {other!r}")
        self._bots[name] = BotInfo(name, factory, help, plugin)

    # -- queries --------------------------------------------------------------------------

    @property
    def plugin_manager(self) -> pluggy.PluginManager:
        self.load()
        assert self._pm is not None
        return self._pm

    def plugins(self) -> list[PluginInfo]:
        self.load()
        return [self._plugins[name] for name in sorted(self._plugins)]

    def titles(self) -> list[TitleInfo]:
        """Every registered title, sorted by id."""
        self.load()
        return [self._titles[key] for key in sorted(self._titles)]

    def title(self, title_id: str) -> TitleInfo:
        self.load()
        try:
            return self._titles[title_id]
        except KeyError:
            known = ", ".join(sorted(self._titles)) or "none installed"
            hint = _did_you_mean(title_id, self._titles)
            raise NotRegistered(f"unknown title {title_id!r} ({hint}known: {known})") from None

    def bots(self) -> list[BotInfo]:
        """Every registered bot, sorted by name."""
        self.load()
        return [self._bots[key] for key in sorted(self._bots)]

    def bot(self, name: str) -> BotInfo:
        self.load()
        try:
            return self._bots[name]
        except KeyError:
            known = ", ".join(sorted(self._bots)) or "none"
            hint = _did_you_mean(name, self._bots)
            raise NotRegistered(f"unknown bot {name!r} ({hint}known: {known})") from None

    def add_commands(self, app: typer.Typer) -> None:
        """Let every plugin add commands to ``app``; built-ins go first.

        A loading error does not stop the built-in commands from being added: it is raised
        by the next query instead (the CLI's root callback makes one), so ``--help`` works.
        """
        with contextlib.suppress(PluginError):
            self.load()
        assert self._pm is not None
        names = sorted(self._plugins, key=lambda n: (n != BUILTIN_NAME, n))
        for name in names:
            plugin = self._pm.get_plugin(name)
            _call_one(self._pm, plugin, name, "railhouse_register_commands", app=app)


def _call_one(
    pm: pluggy.PluginManager, plugin: object, name: str, hook_name: str, **kwargs: Any
) -> None:
    """Call one plugin's implementation of a registration hook, so errors can name it."""
    others = [p for p in pm.get_plugins() if p is not plugin]
    caller = pm.subset_hook_caller(hook_name, remove_plugins=others)
    try:
        caller(**kwargs)
    except PluginError:
        raise
    except Exception as exc:
        raise PluginError(f"plugin {name!r} failed in {hook_name}: {exc!r}") from exc


def _load_entry_point(ep: metadata.EntryPoint) -> object:
    try:
        return ep.load()
    except Exception as exc:
        raise PluginError(
            f"plugin {ep.name!r} ({ep.value}) cannot be imported: {type(exc).__name__}: {exc}"
        ) from exc


def _plugin_info(ep: metadata.EntryPoint) -> PluginInfo:
    dist = ep.dist
    if dist is None:
        return PluginInfo(ep.name, "", "")
    return PluginInfo(ep.name, dist.metadata["Name"] or dist.name, dist.version)


def _core_version() -> str:
    from railhouse import __version__

    return __version__


_REGISTRY: Registry | None = None


def registry() -> Registry:
    """The process-wide registry (created on first use, loaded on first query)."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = Registry()
    return _REGISTRY


def reset_registry(new: Registry | None = None) -> Registry | None:
    """Replace the process-wide registry (tests); returns the previous one."""
    global _REGISTRY
    previous, _REGISTRY = _REGISTRY, new
    return previous
