"""Title metadata: what a title plugin registers, loadable without importing its rules.

A title plugin implements ``railhouse_register_titles(register)`` and calls
``register(TitleInfo(...))``.  ``TitleInfo.game_factory`` is a ``"module:attribute"``
string that is imported only when a game is actually created, so listing titles never
imports rules code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railhouse.engine.game import Game


@dataclass(frozen=True)
class OptionSpec:
    """One title option: a name, its default, allowed values (``choices``) and help text."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()

    def validate(self, value: Any) -> Any:
        """Return ``value`` coerced to the default's type, or raise ``ValueError``."""
        if isinstance(self.default, bool):
            if isinstance(value, str):
                lowered = value.lower()
                if lowered in {"1", "true", "yes", "on"}:
                    value = True
                elif lowered in {"0", "false", "no", "off"}:
                    value = False
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name!r} takes true/false, not {value!r}")
        elif isinstance(self.default, int) and not isinstance(value, int):
            try:
                value = int(value)
            except (TypeError, ValueError):
                raise ValueError(f"option {self.name!r} takes an integer, not {value!r}") from None
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise ValueError(f"option {self.name!r} must be one of {allowed}; got {value!r}")
        return value


GameFactory = Callable[..., "Game"]


@dataclass(frozen=True)
class TitleInfo:
    """Everything about a title that can be known without importing its rules."""

    id: str
    name: str
    designer: str
    min_players: int
    max_players: int
    version: str
    rules_source: str
    game_factory: str  # "module:attribute"; called as factory(players=, options=, seed=)
    options: tuple[OptionSpec, ...] = ()
    distribution: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(o.name for o in self.options) or "none"
        raise ValueError(f"title {self.id!r} has no option {name!r} (known: {known})")

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with ``given``; every name and value is validated."""
        resolved = {o.name: o.default for o in self.options}
        for name, value in (given or {}).items():
            resolved[name] = self.option(name).validate(value)
        return resolved

    def load_factory(self) -> GameFactory:
        module_name, _, attribute = self.game_factory.partition(":")
        module = importlib.import_module(module_name)
        factory: GameFactory = getattr(module, attribute)
        return factory
