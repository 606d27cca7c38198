"""Says ``ready`` with a wrong protocol first (that costs a retry), then properly, and
plays well: the error is journaled as a retry and the process is reused for later games."""

import json
import sys

from _attack import first_legal, send

for raw in sys.stdin.buffer:
    message = json.loads(raw)
    if message["type"] == "hello":
        send({"type": "ready", "name": "x", "protocol": "railhouse/0"})
    elif message["type"] == "error" and message["reason"] == "invalid_message":
        send({"type": "ready", "name": "x", "protocol": "railhouse/1"})
    elif message["type"] == "request":
        send(first_legal(message))
    elif message["type"] == "bye":
        break
