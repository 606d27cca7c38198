"""The JSON Schema: shipped file == generated document, a valid JSON Schema 2020-12 document
(checked by the ``jsonschema`` package), and every message of real games validates
against it."""

from __future__ import annotations

import inspect
import json
from typing import Any

import msgspec
import pytest
from jsonschema import Draft202012Validator
from protocol_helpers import toy as new_game

from railhouse.protocol.drive import InProcess, play
from railhouse.protocol.referee import Referee, Send
from railhouse.protocol.schema import (
    clean_descriptions,
    schema,
    schema_json,
    shipped_schema_json,
    validate,
)
from railhouse_bots.random_bot import RandomBot

DOC = schema()


def test_shipped_schema_is_the_generated_one() -> None:
    assert shipped_schema_json() == schema_json(), (
        "regenerate with: railhouse protocol schema --write"
    )


def test_descriptions_are_cleaned_docstrings_whatever_msgspec_does_with_them() -> None:
    """msgspec 0.23 cleans docstrings (``inspect.cleandoc``) and earlier versions did not:
    the schema cleans them itself, so the shipped file matches under either."""
    descriptions = [node["description"] for node in walk(DOC) if "description" in node]
    assert len(descriptions) > 20
    assert all(inspect.cleandoc(text) == text for text in descriptions)


def test_docstring_bodies_are_dedented_wherever_they_sit() -> None:
    raw = {"description": "Head.\n\n    Body\n    more.",
           "$defs": {"A": {"description": "a\n    b", "enum": ["x\n    y"]}},
           "anyOf": [{"description": "c\n  d"}]}
    assert clean_descriptions(raw) == {
        "description": "Head.\n\nBody\nmore.",
        "$defs": {"A": {"description": "a\nb", "enum": ["x\n    y"]}},
        "anyOf": [{"description": "c\nd"}]}


def walk(node: Any) -> Any:
    if isinstance(node, dict):
        yield node
        for key, value in node.items():
            if key not in ("properties", "$defs", "default", "enum", "const", "discriminator"):
                yield from walk(value)
            elif key in ("properties", "$defs"):
                for sub in value.values():
                    yield from walk(sub)
    elif isinstance(node, list):
        for item in node:
            yield from walk(item)


def test_schema_document_is_well_formed() -> None:
    assert DOC["$schema"].endswith("2020-12/schema")
    Draft202012Validator.check_schema(DOC)  # raises on an invalid schema document
    defs = DOC["$defs"]
    for node in walk(DOC):
        if "$ref" in node:
            assert node["$ref"].removeprefix("#/$defs/") in defs
        for name in node.get("required", ()):
            assert name in node["properties"]
    runner = {ref["$ref"].rsplit("/", 1)[1] for ref in defs["RunnerMessage"]["anyOf"]}
    assert runner == {"Hello", "GameStart", "Request", "Simulation", "Error", "GameOver", "Bye"}
    bot = {ref["$ref"].rsplit("/", 1)[1] for ref in defs["BotMessage"]["anyOf"]}
    assert bot == {"Ready", "ActionReply", "Simulate"}
    assert defs["Hello"]["properties"]["protocol"]["default"] == "railhouse/1"
    assert set(defs["Error"]["properties"]["reason"]["enum"]) >= {
        "invalid_json", "unknown_type", "wrong_seq", "illegal_action", "timeout", "too_long"
    }  # fmt: skip


class FullRandom(RandomBot):
    observation = "full"


class Validating(InProcess):
    def __init__(self, bot: RandomBot) -> None:
        super().__init__(bot, wire=True)
        self.count = 0

    def deliver(self, send: Send) -> None:
        data = json.loads(send.line())
        assert validate(data, DOC, "#/$defs/RunnerMessage") == []
        assert validate(data, DOC) == []
        super().deliver(send)
        for line in self.pending:
            assert isinstance(line, bytes)
            assert validate(json.loads(line), DOC, "#/$defs/BotMessage") == []
        self.count += 1


@pytest.mark.parametrize("bot", [RandomBot, FullRandom])
def test_every_message_of_full_games_validates(bot: type[RandomBot]) -> None:
    for seed in range(5):
        game = new_game(["a", "b", "c"], seed=seed)
        seats = [Validating(bot(seed + i)) for i in range(3)]
        play(Referee(game), seats)
        assert sum(s.count for s in seats) > 20


def test_error_messages_validate() -> None:
    referee = Referee(new_game(["a", "b"]), retries=1)
    out = referee.start(0.0)
    out = referee.receive(0, b"{}", 0.0)
    assert out and all(validate(o.to_builtins(), DOC) == [] for o in out if isinstance(o, Send))


@pytest.mark.parametrize(
    ("message", "fragment"),
    [
        ({"type": "ready"}, "'name' is a required property"),
        ({"type": "ready", "name": 3}, "$.name: 3 is not of type 'string'"),
        ({"type": "action", "seq": 1.5}, "$.seq: 1.5 is not of type 'integer'"),
        ({"type": "action", "seq": True}, "$.seq: True is not of type 'integer'"),
        ({"type": "action", "seq": 1, "action": {"type": "pass"}}, "'entity'"),
        ({"type": "ready", "name": "x", "observation": "half"}, "is not one of"),
        ({"type": "hello"}, "'hello'"),
        ([], "is not of type 'object'"),
    ],
)
def test_validator_rejects_bad_messages(message: Any, fragment: str) -> None:
    errors = validate(message, DOC, "#/$defs/BotMessage")
    assert errors and fragment in " ".join(errors)


def test_validation_is_the_jsonschema_packages() -> None:
    """``protocol check`` validates with the ``jsonschema`` package (issue 19, item 10):
    keywords the generated schema never uses are enforced too."""
    assert validate("x", {"pattern": "^a"}) == ["$: 'x' does not match '^a'"]
    doc = {"oneOf": [{"type": "integer"}, {"minimum": 0}]}
    assert validate(-1, doc) == []
    assert "is valid under each of" in validate(5, doc)[0]
    assert validate(msgspec.to_builtins({"a": 1}), {"type": "object"}) == []
