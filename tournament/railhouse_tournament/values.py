"""Typed readers for raw config mappings; every error names its dotted key.

>>> integer({"players": "four"}, "players", 2)
Traceback (most recent call last):
...
railhouse_tournament.errors.ConfigError: players: expected an integer, got 'four'
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Mapping
from typing import Any

from railhouse_tournament.errors import ConfigError


def reject_unknown(raw: Mapping[str, Any], known: Collection[str], prefix: str) -> None:
    for key in raw:
        if key not in known:
            allowed = ", ".join(sorted(known))
            raise ConfigError(prefix + key, f"unknown key (known: {allowed})")


def integer(
    raw: Mapping[str, Any],
    key: str,
    default: int,
    minimum: int | None = None,
    prefix: str = "",
) -> int:
    value = raw.get(key, default)
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(prefix + key, f"expected an integer, got {value!r}")
    if minimum is not None and value < minimum:
        raise ConfigError(prefix + key, f"must be at least {minimum}, got {value}")
    return value


def number(
    raw: Mapping[str, Any], key: str, default: float, prefix: str = "", positive: bool = False
) -> float:
    value = raw.get(key, default)
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            value = float(value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        kind = "a positive number" if positive else "a number"
        raise ConfigError(prefix + key, f"expected {kind}, got {value!r}")
    if value < 0 or (positive and value == 0):
        raise ConfigError(prefix + key, f"must be {'> 0' if positive else '>= 0'}, got {value}")
    return float(value)


def string(raw: Mapping[str, Any], key: str, default: str | None, prefix: str = "") -> str | None:
    value = raw.get(key, default)
    if value is not None and (not isinstance(value, str) or not value):
        raise ConfigError(prefix + key, f"expected a non-empty string, got {value!r}")
    return value


def choice(
    raw: Mapping[str, Any], key: str, default: str, allowed: Collection[str], prefix: str = ""
) -> str:
    value = raw.get(key, default)
    if value not in allowed:
        raise ConfigError(prefix + key, f"must be one of {', '.join(allowed)}; got {value!r}")
    return str(value)


def table(raw: Mapping[str, Any], key: str, prefix: str = "") -> Mapping[str, Any]:
    value = raw.get(key, {})
    if not isinstance(value, Mapping):
        raise ConfigError(prefix + key, f"expected a table, got {value!r}")
    return value


def string_map(raw: Mapping[str, Any], key: str, prefix: str = "") -> dict[str, str]:
    value = table(raw, key, prefix)
    result = {}
    for name, item in value.items():
        if not isinstance(item, str | int | float) or isinstance(item, bool):
            raise ConfigError(f"{prefix}{key}.{name}", f"expected a string, got {item!r}")
        result[str(name)] = str(item)
    return result
