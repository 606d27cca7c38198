"""Answers every request with invalid UTF-8 inside a JSON string."""

from _attack import play

play(
    lambda message: (
        b'{"type":"action","seq":%d,"index":0,"comment":"\xff\xfe\xc3"}' % message["seq"]
    )
)
