"""Fixtures shared by the whole suite.

``fake_plugin_dist`` puts a real (importlib.metadata-visible) distribution with a
``railhouse.titles`` entry point on ``sys.path``, so tests exercise genuine entry-point
discovery in-process; ``isolated_registry`` swaps the process-wide registry for a test.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from railhouse.plugins import Registry, reset_registry

#: Source of a minimal title plugin; ``{title_id}``/``{title_name}`` are filled in.
TITLE_PLUGIN_SOURCE = """\
from railhouse.plugins import hookimpl
from railhouse.titles import OptionSpec, TitleInfo


@hookimpl
def railhouse_register_titles(register):
    register(
        TitleInfo(
            id="{title_id}",
            name="{title_name}",
            designer="Test Designer",
            min_players=2,
            max_players=4,
            version="0.0.1",
            rules_source="tests",
            game_factory="{module}.rules:create_game",
            options=(OptionSpec("short", False, "play a short game"),),
        )
    )
"""


def write_plugin_module(root: Path, module: str, source: str) -> None:
    package = root / module
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "plugin.py").write_text(source)


FakeDist = Callable[..., str]


@pytest.fixture
def fake_plugin_dist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDist]:
    """Factory: ``fake_plugin_dist(name, source=None, title_name=..., group=...)`` installs
    (on ``sys.path``) a distribution ``railhouse-test-<name>`` whose entry point ``<name>`` in
    ``group`` (default ``railhouse.titles``) is the module ``<name>_pkg.plugin``; returns the
    module name."""
    created: list[str] = []

    def make(
        name: str,
        source: str | None = None,
        title_name: str = "Test Title",
        group: str = "railhouse.titles",
    ) -> str:
        root = tmp_path / f"site-{name}"
        module = f"{name}_pkg"
        text = source or TITLE_PLUGIN_SOURCE.format(
            title_id=name, title_name=title_name, module=module
        )
        write_plugin_module(root, module, textwrap.dedent(text))
        info = root / f"railhouse_test_{name}-0.0.1.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: railhouse-test-{name}\nVersion: 0.0.1\n"
        )
        (info / "entry_points.txt").write_text(f"[{group}]\n{name} = {module}.plugin\n")
        monkeypatch.syspath_prepend(str(root))
        created.append(module)
        return module

    yield make
    for module in created:
        for loaded in [m for m in sys.modules if m == module or m.startswith(f"{module}.")]:
            del sys.modules[loaded]


@pytest.fixture
def isolated_registry() -> Iterator[Callable[[Registry], Registry]]:
    """``install(Registry(...))`` makes it the process-wide registry until the test ends."""
    previous = reset_registry(None)

    def install(new: Registry) -> Registry:
        reset_registry(new)
        return new

    yield install
    reset_registry(previous)
