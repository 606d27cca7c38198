"""Whatever bytes a bot writes, decoding them raises nothing but ``ProtocolError``, and the
referee turns every malformed line into that seat's own error (never a runner error that
would void the game): arbitrary bytes, deep nesting, huge numbers, broken UTF-8, lone
surrogates."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from protocol_helpers import toy

from railhouse.protocol.codec import MAX_DEPTH, ProtocolError, decode_bot_line, decode_runner_line
from railhouse.protocol.messages import Error, TimeControl
from railhouse.protocol.referee import Referee, Send

DEEP = [
    b"[" * 100_000,
    b"{" * 100_000,
    b'{"type":"action","seq":1,"action":' + b"[" * 100_000,
    b'{"type":"action","seq":1,"action":{"a":' + b'{"a":' * 50_000 + b"1" + b"}" * 50_001 + b"}",
    b'{"type":"ready","name":' + b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1) + b"}",
]
BROKEN_TEXT = [
    b'{"type":"action","seq":1,"index":0,"comment":"\xff\xfe"}',
    b'{"type":"ready","name":"\xc3"}',
    b'{"type":"action","seq":1,"index":0,"comment":"\\ud800"}',
    b'{"type":"action","seq":1,"index":0,"comment":"\\udfff\\ud800"}',
    b"\xef\xbb\xbf{}",
    b'{"type":"action","seq":1' + b"0" * 10_000 + b',"index":0}',
    b'{"type":"action","seq":1,"index":1e999}',
    b'{"type":"action","seq":1,"index":-' + b"9" * 5000 + b"}",
]


def check(line: bytes) -> None:
    for decode in (decode_bot_line, decode_runner_line):
        try:
            decode(line)
        except ProtocolError as exc:
            assert exc.reason in ("invalid_json", "invalid_message", "unknown_type")


@pytest.mark.parametrize("line", DEEP, ids=lambda line: repr(line[:12]))
def test_deep_nesting_is_invalid_json_not_a_recursion_error(line: bytes) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode_bot_line(line)
    assert caught.value.reason == "invalid_json"


@pytest.mark.parametrize("line", BROKEN_TEXT, ids=lambda line: repr(line[:40]))
def test_broken_text_and_huge_numbers_are_protocol_errors(line: bytes) -> None:
    check(line)


def test_nesting_within_the_limit_still_decodes() -> None:
    depth = MAX_DEPTH - 3
    action = {"type": "x", "entity": "p0", "deep": json.loads("[" * depth + "]" * depth)}
    message = decode_bot_line(json.dumps({"type": "action", "seq": 1, "action": action}))
    assert message.seq == 1  # type: ignore[union-attr]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda children: st.lists(children) | st.dictionaries(st.text(), children),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300))
def test_arbitrary_bytes_raise_only_protocol_errors(line: bytes) -> None:
    check(line)


@settings(max_examples=80, deadline=None)
@given(json_values, st.sampled_from([b"", b"\xff", b"\\ud800", b"[" * 200, b"9" * 400]))
def test_mangled_messages_raise_only_protocol_errors(value: object, junk: bytes) -> None:
    text = json.dumps({"type": "action", "seq": 1, "action": value}).encode()
    for cut in (len(text) // 2, len(text) - 1):
        check(text[:cut] + junk + text[cut:])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.binary(max_size=120) | st.sampled_from(DEEP + BROKEN_TEXT), max_size=6))
def test_the_referee_charges_every_malformed_line_to_its_seat(lines: list[bytes]) -> None:
    referee = Referee(toy(["a", "b"], {"pile": 5}), time=TimeControl(), retries=100)
    referee.start(0.0)
    for seat in (0, 1):
        referee.receive(seat, b'{"type":"ready","name":"x"}', 0.0)
    for line in lines:
        out = referee.receive(referee.waiting_on()[0], line, 0.0)
        for output in out:
            if isinstance(output, Send):
                output.line()  # everything the referee answers can be encoded
        errors = [o.message for o in out if isinstance(o, Send) and isinstance(o.message, Error)]
        assert errors or b'"type"' in line  # anything that is not a message is an error
