"""The JSON Schema of protocol ``railhouse/1``, generated from :mod:`.messages`.

``railhouse protocol schema`` prints :func:`schema`; the same document ships as
``railhouse-1.schema.json`` next to this module (a test keeps the two equal).

:func:`validate` checks a message against it with the ``jsonschema`` package, as
``railhouse protocol check`` and the tests do (and as a bot author can, in any language,
with that language's JSON Schema library).
"""

from __future__ import annotations

import inspect
import json
from importlib import resources
from typing import Any

import msgspec

from railhouse.protocol.messages import PROTOCOL, BotMessage, RunnerMessage

SCHEMA_FILE = "railhouse-1.schema.json"


def schema() -> dict[str, Any]:
    """The whole protocol: ``$defs/RunnerMessage`` and ``$defs/BotMessage`` plus parts."""
    (runner, bot), components = msgspec.json.schema_components((RunnerMessage, BotMessage))
    defs = clean_descriptions({"RunnerMessage": runner, "BotMessage": bot, **components})
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


def clean_descriptions(node: Any) -> Any:
    """``node`` with every ``description`` taken from a docstring cleaned as
    :func:`inspect.cleandoc` does (msgspec 0.23 stopped doing it; earlier versions did), so
    the document does not depend on the msgspec version installed."""
    if isinstance(node, dict):
        return {key: inspect.cleandoc(value) if key == "description" and isinstance(value, str)
                else clean_descriptions(value) for key, value in node.items()}
    if isinstance(node, list):
        return [clean_descriptions(item) for item in node]
    return node


def schema_json() -> str:
    """:func:`schema` as stable, indented JSON text (what the CLI prints)."""
    return json.dumps(schema(), indent=2, sort_keys=True) + "\n"


def shipped_schema_json() -> str:
    """The schema file shipped in the package."""
    return resources.files("railhouse.protocol").joinpath(SCHEMA_FILE).read_text("utf-8")


def validate(instance: Any, document: dict[str, Any], ref: str = "") -> list[str]:
    """Errors (empty when valid) of ``instance`` against ``document``, or against the part
    of it at the local reference ``ref`` (e.g. ``"#/$defs/BotMessage"``), validated by the
    ``jsonschema`` package (JSON Schema 2020-12).  Each error is one line: where (a JSON
    path such as ``$.action``) and what is wrong.  A union with a ``discriminator`` (every
    message union: ``type`` names the message) is narrowed to the member the instance
    names first, so the errors are that message's, not "valid under none of them"."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match, relevance

    while ref:
        union = _local(document, ref).get("discriminator")
        if union is None:
            break
        key, mapping = union["propertyName"], union["mapping"]
        if not isinstance(instance, dict):
            return [f"$: {instance!r} is not of type 'object'"]
        if instance.get(key) not in mapping:
            return [f"$.{key}: {instance.get(key)!r} is not one of {sorted(mapping)}"]
        ref = mapping[instance[key]]
    root = document
    if ref:
        root = {"$schema": document.get("$schema"), "$defs": document.get("$defs", {}),
                "$ref": ref}  # fmt: skip
    errors = sorted(Draft202012Validator(root).iter_errors(instance), key=relevance)
    # best_match descends into an anyOf (e.g. an object or null) to the closest member
    return [_line(best_match([error]) or error) for error in errors]


def _line(error: Any) -> str:
    return f"{error.json_path}: {error.message}"


def _local(document: dict[str, Any], ref: str) -> dict[str, Any]:
    """The part of ``document`` at a local reference ``#/a/b``."""
    node: Any = document
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return dict(node)
