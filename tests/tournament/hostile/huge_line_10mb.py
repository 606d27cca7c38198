"""Answers its first request with one 10 MB line, then plays properly: the runner must
skip the line without holding it in memory."""

from _attack import first_legal, play

sent = False


def decide(message: dict[str, object]) -> object:
    global sent
    if sent:
        return first_legal(message)
    sent = True
    return b'{"type":"action","comment":"' + b"x" * (10 * 1024 * 1024) + b'"}'


play(decide)
