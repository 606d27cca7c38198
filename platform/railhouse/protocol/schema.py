"""The JSON Schema of protocol ``railhouse/1``, generated from :mod:`.messages`.

``railhouse protocol schema`` prints :func:`schema`; the same document ships as
``railhouse-1.schema.json`` next to this module (a test keeps the two equal).

:func:`validate` is a small validator for exactly the subset of JSON Schema 2020-12 that
the generated document uses (:data:`KEYWORDS`); it lets tests and
``railhouse protocol check`` validate real messages without a third-party dependency.
A document using any other keyword is refused rather than half-checked.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import msgspec

from railhouse.protocol.messages import PROTOCOL, BotMessage, RunnerMessage

SCHEMA_FILE = "railhouse-1.schema.json"

#: Keywords :func:`validate` understands; annotations are listed so they are accepted.
KEYWORDS = frozenset(
    {
        "$schema", "$id", "$defs", "$ref", "title", "description", "default",
        "type", "enum", "const", "properties", "required", "additionalProperties",
        "items", "anyOf", "oneOf", "discriminator", "minimum", "maximum",
    }
)  # fmt: skip


def schema() -> dict[str, Any]:
    """The whole protocol: ``$defs/RunnerMessage`` and ``$defs/BotMessage`` plus parts."""
    (runner, bot), components = msgspec.json.schema_components((RunnerMessage, BotMessage))
    defs = {"RunnerMessage": runner, "BotMessage": bot, **components}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": PROTOCOL,
        "description": (
            f"Messages of the railhouse bot protocol {PROTOCOL}: one JSON object per line. "
            "RunnerMessage goes to the bot, BotMessage comes back. See docs/protocol.md."
        ),
        "anyOf": [{"$ref": "#/$defs/RunnerMessage"}, {"$ref": "#/$defs/BotMessage"}],
        "$defs": defs,
    }


def schema_json() -> str:
    """:func:`schema` as stable, indented JSON text (what the CLI prints)."""
    return json.dumps(schema(), indent=2, sort_keys=True) + "\n"


def shipped_schema_json() -> str:
    """The schema file shipped in the package."""
    return resources.files("railhouse.protocol").joinpath(SCHEMA_FILE).read_text("utf-8")


class SchemaError(ValueError):
    """The schema document itself uses something :func:`validate` does not support."""


def validate(instance: Any, document: dict[str, Any], ref: str = "") -> list[str]:
    """Errors (empty when valid) of ``instance`` against ``document``, or against the part
    of it at the local reference ``ref`` (e.g. ``"#/$defs/BotMessage"``)."""
    node = _resolve(document, ref) if ref else document
    errors: list[str] = []
    _check(instance, node, document, "$", errors)
    return errors


def _resolve(document: dict[str, Any], ref: str) -> dict[str, Any]:
    if not ref.startswith("#/"):
        raise SchemaError(f"only local references are supported, not {ref!r}")
    node: Any = document
    for part in ref[2:].split("/"):
        node = node[part]
    if not isinstance(node, dict):
        raise SchemaError(f"{ref!r} does not name a schema")
    return node


_TYPES: dict[str, Any] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def _check(value: Any, node: dict[str, Any], doc: dict[str, Any], at: str, out: list[str]) -> None:
    unknown = set(node) - KEYWORDS
    if unknown:
        raise SchemaError(f"unsupported schema keywords {sorted(unknown)} at {at}")
    if "$ref" in node:
        _check(value, _resolve(doc, node["$ref"]), doc, at, out)
    if "type" in node:
        kinds = node["type"] if isinstance(node["type"], list) else [node["type"]]
        if not any(_TYPES[k](value) for k in kinds):
            out.append(f"{at}: expected {' or '.join(kinds)}, got {_json_type(value)}")
            return
    if "enum" in node and not any(_same(value, option) for option in node["enum"]):
        out.append(f"{at}: {value!r} is not one of {node['enum']!r}")
    if "const" in node and not _same(value, node["const"]):
        out.append(f"{at}: expected {node['const']!r}")
    if "minimum" in node and _TYPES["number"](value) and value < node["minimum"]:
        out.append(f"{at}: {value} is below the minimum {node['minimum']}")
    if "maximum" in node and _TYPES["number"](value) and value > node["maximum"]:
        out.append(f"{at}: {value} is above the maximum {node['maximum']}")
    if isinstance(value, dict):
        _check_object(value, node, doc, at, out)
    if isinstance(value, list) and "items" in node:
        for i, item in enumerate(value):
            _check(item, node["items"], doc, f"{at}[{i}]", out)
    for keyword in ("anyOf", "oneOf"):
        if keyword in node:
            _check_alternatives(value, node[keyword], keyword, doc, at, out)


def _check_object(
    value: dict[str, Any], node: dict[str, Any], doc: dict[str, Any], at: str, out: list[str]
) -> None:
    properties: dict[str, Any] = node.get("properties", {})
    for name in node.get("required", ()):
        if name not in value:
            out.append(f"{at}: missing required property {name!r}")
    extra = node.get("additionalProperties", True)
    for name, item in value.items():
        if name in properties:
            _check(item, properties[name], doc, f"{at}.{name}", out)
        elif extra is False:
            out.append(f"{at}: unexpected property {name!r}")
        elif isinstance(extra, dict):
            _check(item, extra, doc, f"{at}.{name}", out)


def _check_alternatives(
    value: Any, options: list[Any], keyword: str, doc: dict[str, Any], at: str, out: list[str]
) -> None:
    results = [validate_node(value, option, doc, at) for option in options]
    passing = sum(1 for errors in results if not errors)
    if passing == 0:
        closest = min(results, key=len)
        out.append(f"{at}: matches none of the {keyword} alternatives ({'; '.join(closest)})")
    elif keyword == "oneOf" and passing > 1:
        out.append(f"{at}: matches {passing} oneOf alternatives, exactly one expected")


def validate_node(value: Any, node: dict[str, Any], doc: dict[str, Any], at: str) -> list[str]:
    errors: list[str] = []
    _check(value, node, doc, at, errors)
    return errors


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _json_type(value: Any) -> str:
    for name in ("null", "boolean", "integer", "number", "string", "array", "object"):
        if _TYPES[name](value):
            return name
    return type(value).__name__
