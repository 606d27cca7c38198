"""The codec: typed encode/decode of lines, and the reason code of every kind of bad line."""

from __future__ import annotations

import msgspec
import pytest

from railhouse.protocol.codec import (
    ProtocolError,
    bot_message_from_builtins,
    decode_bot_line,
    decode_runner_line,
    encode,
)
from railhouse.protocol.messages import (
    PROTOCOL,
    ActionReply,
    Bye,
    Clock,
    DelOp,
    Delta,
    Hello,
    Ready,
    Request,
    SetOp,
    TimeControl,
)


def test_encode_is_one_compact_line() -> None:
    line = encode(Ready("me", "2"))
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert msgspec.json.decode(line) == {
        "type": "ready", "name": "me", "version": "2", "observation": "delta", "patch": "railhouse",
        "protocol": PROTOCOL,
    }  # fmt: skip


def test_hello_carries_the_protocol_version() -> None:
    hello = Hello("toy", "1", {"pile": 9}, 2, 0, "p0", TimeControl(), 2, 1000)
    data = msgspec.json.decode(encode(hello))
    assert data["protocol"] == "railhouse/1" and data["type"] == "hello"
    assert decode_runner_line(encode(hello)) == hello


def test_request_round_trips_with_patch_ops() -> None:
    request = Request(
        game="g", seq=4, seat=1, player="p1", entity="p1",
        legal=[{"type": "pass", "entity": "p1"}], time=Clock(1000, 500),
        delta=Delta([], [], [SetOp(["pile"], 3), DelOp(["x", 0])]),
    )  # fmt: skip
    data = msgspec.json.decode(encode(request))
    assert data["delta"]["patch"] == [
        {"op": "set", "path": ["pile"], "value": 3}, {"op": "del", "path": ["x", 0]}
    ]
    assert data["observation"] is None
    assert decode_runner_line(encode(request)) == request


def test_action_reply_by_index_or_object() -> None:
    assert decode_bot_line(b'{"type":"action","seq":3,"index":1}') == ActionReply(3, index=1)
    reply = decode_bot_line('{"type":"action","seq":3,"action":{"type":"pass","entity":"p0"}}')
    assert isinstance(reply, ActionReply) and reply.action == {"type": "pass", "entity": "p0"}


def test_unknown_fields_are_tolerated_for_forward_compatibility() -> None:
    message = decode_bot_line(b'{"type":"ready","name":"x","future":1}')
    assert message == Ready("x")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"{not json", "invalid_json"),
        (b"[1, 2]", "invalid_json"),
        (b"\xff\xfe", "invalid_json"),
        (b'{"type": "dance"}', "unknown_type"),
        (b'{"seq": 1}', "unknown_type"),
        (b'{"type": "action"}', "invalid_message"),
        (b'{"type": "action", "seq": "one"}', "invalid_message"),
        (b'{"type": "ready", "name": "x", "observation": "some"}', "invalid_message"),
        (b'{"type": "hello"}', "unknown_type"),  # a runner message is not a bot message
    ],
)
def test_bad_bot_lines_get_their_reason_code(line: bytes, reason: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode_bot_line(line)
    assert caught.value.reason == reason
    assert str(caught.value)


def test_in_process_dicts_are_checked_like_lines() -> None:
    assert bot_message_from_builtins({"type": "action", "seq": 1, "index": 0}) == ActionReply(
        1, index=0
    )
    for data, reason in [
        ([], "invalid_json"),
        ({"type": "nope"}, "unknown_type"),
        ({"type": "action", "seq": None}, "invalid_message"),
    ]:
        with pytest.raises(ProtocolError) as caught:
            bot_message_from_builtins(data)
        assert caught.value.reason == reason


def test_bye_defaults() -> None:
    assert msgspec.json.decode(encode(Bye())) == {"type": "bye", "reason": ""}
