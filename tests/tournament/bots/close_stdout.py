"""Answers the handshake, then closes its stdout and keeps running (until killed)."""

import json
import os
import sys
import time

hello = json.loads(sys.stdin.buffer.readline())
sys.stdout.buffer.write(json.dumps({"type": "ready", "name": "x"}).encode() + b"\n")
sys.stdout.buffer.flush()
os.close(1)
time.sleep(600)
