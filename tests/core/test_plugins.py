"""The process-wide registry: entry-point discovery, registration hooks, loud plugin errors."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
import typer

from railhouse.hookspecs import BotRegistrar, TitleRegistrar
from railhouse.plugins import (
    BotInfo,
    NotRegistered,
    PluginError,
    Registry,
    hookimpl,
    registry,
    reset_registry,
)
from railhouse.titles import TitleInfo

#: the ``fake_plugin_dist`` fixture (tests/conftest.py): installs a plugin, returns its module
FakeDist = Callable[..., str]


def title(title_id: str, **changes: object) -> TitleInfo:
    fields: dict[str, object] = {
        "id": title_id,
        "name": f"Title {title_id}",
        "designer": "D",
        "min_players": 2,
        "max_players": 5,
        "version": "1.0",
        "rules_source": "tests",
        "game_factory": "no_such_module_anywhere:create",
    }
    fields.update(changes)
    return TitleInfo(**fields)  # type: ignore[arg-type]


def plugin(**hooks: Callable[..., object]) -> object:
    """A plugin object whose attributes are the given hook functions."""
    return type("Plugin", (), {name: staticmethod(fn) for name, fn in hooks.items()})()


def titles_plugin(*infos: TitleInfo) -> object:
    @hookimpl
    def railhouse_register_titles(register: TitleRegistrar) -> None:
        for info in infos:
            register(info)

    return plugin(railhouse_register_titles=railhouse_register_titles)


def test_entry_point_plugin_is_discovered_and_its_title_listed(fake_plugin_dist: FakeDist) -> None:
    fake_plugin_dist("alpha", title_name="Alpha Railways")
    reg = Registry(only={"alpha"})
    [info] = reg.titles()
    assert (info.id, info.name) == ("alpha", "Alpha Railways")
    assert info.distribution == "railhouse-test-alpha"  # filled in from the entry point
    assert [p.name for p in reg.plugins()] == ["alpha", "railhouse"]
    assert reg.title("alpha") is info


def test_railhouse_plugins_env_restricts_loading(
    fake_plugin_dist: FakeDist, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_plugin_dist("alpha")
    fake_plugin_dist("beta")
    monkeypatch.setenv("RAILHOUSE_PLUGINS", "beta , ")
    assert [t.id for t in Registry().titles()] == ["beta"]
    monkeypatch.setenv("RAILHOUSE_PLUGINS", "")
    assert Registry().titles() == []
    monkeypatch.setenv("RAILHOUSE_PLUGINS", "beta,gamma")
    with pytest.raises(PluginError, match=r"RAILHOUSE_PLUGINS names unknown plugin\(s\) gamma"):
        Registry().titles()


def test_railhouse_plugins_accepts_title_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    """Users know the title 1839, not the plugin m1839 (issue 19, item 8): both select it."""
    pytest.importorskip("railhouse_m1839")
    for selection in ("1839", "m1839"):
        monkeypatch.setenv("RAILHOUSE_PLUGINS", selection)
        assert [t.id for t in Registry().titles()] == ["1839"]


def test_unset_railhouse_plugins_loads_every_entry_point(
    fake_plugin_dist: FakeDist, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A private group, so the real title plugins installed in the dev venv stay out of it.
    fake_plugin_dist("alpha", group="railhouse.test.titles")
    fake_plugin_dist("beta", group="railhouse.test.titles")
    monkeypatch.delenv("RAILHOUSE_PLUGINS", raising=False)
    reg = Registry(group="railhouse.test.titles")
    assert [t.id for t in reg.titles()] == ["alpha", "beta"]
    assert [p.distribution for p in reg.plugins()] == [
        "railhouse-test-alpha",
        "railhouse-test-beta",
        "railhouse",
    ]


def test_loading_is_lazy_and_happens_once() -> None:
    calls: list[str] = []

    @hookimpl
    def railhouse_register_titles(register: TitleRegistrar) -> None:
        calls.append("titles")
        register(title("lazy"))

    reg = Registry(
        only=(),
        extra_plugins=[("lazy", plugin(railhouse_register_titles=railhouse_register_titles))],
    )
    assert not reg.loaded and calls == []
    reg.titles()
    reg.title("lazy")
    reg.bots()
    assert reg.loaded and calls == ["titles"]


def test_titles_never_import_the_game_factory() -> None:
    reg = Registry(only=(), extra_plugins=[("p", titles_plugin(title("x")))])
    assert reg.title("x").game_factory == "no_such_module_anywhere:create"
    assert "no_such_module_anywhere" not in sys.modules
    with pytest.raises(ModuleNotFoundError):
        reg.title("x").load_factory()


def test_unknown_title_names_the_known_ones() -> None:
    reg = Registry(only=(), extra_plugins=[("p", titles_plugin(title("b"), title("a")))])
    assert [t.id for t in reg.titles()] == ["a", "b"]
    with pytest.raises(NotRegistered, match=r"^unknown title 'zzz' \(known: a, b\)$"):
        reg.title("zzz")


def test_duplicate_title_id_is_a_plugin_error() -> None:
    reg = Registry(
        only=(),
        extra_plugins=[
            ("first", titles_plugin(title("dup", distribution="dist-one"))),
            ("second", titles_plugin(title("dup"))),
        ],
    )
    with pytest.raises(PluginError, match="plugin 'second' registered title 'dup', already"):
        reg.titles()


def test_registering_something_else_than_a_titleinfo_fails() -> None:
    @hookimpl
    def railhouse_register_titles(register: Callable[[object], None]) -> None:
        register({"id": "dict"})

    reg = Registry(
        only=(),
        extra_plugins=[("sloppy", plugin(railhouse_register_titles=railhouse_register_titles))],
    )
    with pytest.raises(PluginError, match=r"plugin 'sloppy' registered .* not a TitleInfo"):
        reg.titles()


def test_builtin_bots_are_registered_by_name_without_importing_them() -> None:
    reg = Registry(only=())
    assert [(b.name, b.factory, b.plugin) for b in reg.bots()] == [
        ("greedy", "railhouse_bots.greedy:GreedyBot", "railhouse"),
        ("random", "railhouse_bots.random_bot:RandomBot", "railhouse"),
        ("random-any", "railhouse_bots.random_bot:UniformRandomBot", "railhouse"),
        ("search", "railhouse_bots.search:SearchBot", "railhouse"),
    ]
    assert reg.bot("greedy").help and reg.bot("random").help and reg.bot("search").help
    # Other tests import the bots, so check in a fresh interpreter that listing does not.
    probe = (
        "import sys; from railhouse.plugins import Registry; Registry(only=()).bots(); "
        "print(sorted(m for m in sys.modules if m.startswith('railhouse_bots')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"


def test_plugin_bots_and_their_errors() -> None:
    @hookimpl
    def railhouse_register_bots(register: BotRegistrar) -> None:
        register("echo", "json:dumps", "echoes")

    reg = Registry(
        only=(), extra_plugins=[("extra", plugin(railhouse_register_bots=railhouse_register_bots))]
    )
    echo = reg.bot("echo")
    assert echo == BotInfo("echo", "json:dumps", "echoes", "extra")
    assert echo.load_factory()([1]) == "[1]"
    with pytest.raises(NotRegistered, match="unknown bot 'nobody'"):
        reg.bot("nobody")

    @hookimpl
    def clash(register: BotRegistrar) -> None:
        register("random", "x:y", "")

    bad = Registry(only=(), extra_plugins=[("clash", plugin(railhouse_register_bots=clash))])
    with pytest.raises(
        PluginError, match="plugin 'clash' registered bot 'random', already from 'railhouse'"
    ):
        bad.bots()

    @hookimpl
    def no_colon(register: BotRegistrar) -> None:
        register("b", "module_only", "")

    with pytest.raises(PluginError, match="expected 'module:attribute'"):
        Registry(only=(), extra_plugins=[("nc", plugin(railhouse_register_bots=no_colon))]).bots()


@pytest.mark.parametrize("decorated", [True, False])
def test_misspelt_hook_fails_naming_plugin_and_hook(decorated: bool) -> None:
    def railhouse_register_tittles(register: TitleRegistrar) -> None:
        return None

    impl = hookimpl(railhouse_register_tittles) if decorated else railhouse_register_tittles
    reg = Registry(only=(), extra_plugins=[("typo", plugin(railhouse_register_tittles=impl))])
    with pytest.raises(PluginError) as info:
        reg.titles()
    message = str(info.value)
    assert message == (
        "plugin 'typo' implements unknown hook 'railhouse_register_tittles' "
        "(did you mean 'railhouse_register_titles'?)"
    )
    assert "\n" not in message


def test_hookimpl_with_a_parameter_the_spec_lacks_is_one_line() -> None:
    @hookimpl
    def railhouse_register_titles(register: TitleRegistrar, colour: str) -> None:
        return None

    reg = Registry(
        only=(),
        extra_plugins=[("argy", plugin(railhouse_register_titles=railhouse_register_titles))],
    )
    with pytest.raises(PluginError) as info:
        reg.titles()
    assert str(info.value).startswith("plugin 'argy' cannot be registered:")
    assert "colour" in str(info.value) and "\n" not in str(info.value)


def test_plugin_that_fails_to_import_names_itself(fake_plugin_dist: FakeDist) -> None:
    fake_plugin_dist("broken", source="raise RuntimeError('boom')\n")
    with pytest.raises(
        PluginError,
        match=r"^plugin 'broken' \(broken_pkg.plugin\) cannot be imported: RuntimeError: boom$",
    ):
        Registry(only={"broken"}).titles()


def test_exception_inside_a_hook_names_plugin_and_hook() -> None:
    @hookimpl
    def railhouse_register_titles(register: TitleRegistrar) -> None:
        raise KeyError("oops")

    reg = Registry(
        only=(),
        extra_plugins=[("raiser", plugin(railhouse_register_titles=railhouse_register_titles))],
    )
    with pytest.raises(
        PluginError, match="plugin 'raiser' failed in railhouse_register_titles: KeyError"
    ):
        reg.titles()


def test_loading_error_is_kept_and_builtins_survive() -> None:
    reg = Registry(
        only=(), extra_plugins=[("typo", plugin(railhouse_register_titels=lambda register: None))]
    )
    with pytest.raises(PluginError):
        reg.titles()
    with pytest.raises(PluginError):  # raised again, not silently forgotten
        reg.bots()
    app = typer.Typer()
    reg.add_commands(app)  # the built-in commands are still added, so --help works
    assert any(c.name == "titles" for c in app.registered_commands)


def test_register_commands_lets_plugins_add_commands_after_builtins() -> None:
    order: list[str] = []

    @hookimpl
    def railhouse_register_commands(app: typer.Typer) -> None:
        order.append(",".join(c.name or "?" for c in app.registered_commands))

        @app.command("hello")
        def hello() -> None:
            typer.echo("hi")

    reg = Registry(
        only=(),
        extra_plugins=[
            ("greeter", plugin(railhouse_register_commands=railhouse_register_commands))
        ],
    )
    app = typer.Typer()
    reg.add_commands(app)
    names = [c.name for c in app.registered_commands]
    assert "hello" in names and "titles" in names
    assert order and "titles" in order[0]  # built-ins were registered first


def test_registry_is_process_wide_and_replaceable() -> None:
    mine = Registry(only=())
    previous = reset_registry(mine)
    try:
        assert registry() is mine and registry() is registry()
    finally:
        reset_registry(previous)


def test_undecorated_hooks_count_but_properties_are_never_evaluated() -> None:
    class Undecorated:
        def railhouse_register_titles(self, register: Any) -> None:
            register(title("plain"))

        @property
        def railhouse_not_a_hook(self) -> None:
            raise AssertionError("a property must not be evaluated while registering")

    reg = Registry(only=(), extra_plugins=[("plain", Undecorated())])
    assert [t.id for t in reg.titles()] == ["plain"]
