"""Plays properly after starting ``argv[2]`` sleepers that escape every marker: each one
double-forked, in a new session (``setsid``) with a cleared environment (``env -i``).
Their pids go to the file ``argv[1]`` so the test can look for survivors."""

import os
import subprocess
import sys

from _attack import play

pids: list[str] = []
for _number in range(int(sys.argv[2])):
    middle = subprocess.Popen(
        ["setsid", "env", "-i", "/bin/sh", "-c", "sleep 600 >/dev/null 2>&1 & echo $!"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    printed = middle.communicate()[0]
    pids.append(printed.decode().strip())  # the sleeper; its parent shell is gone: an orphan
with open(sys.argv[1], "a") as handle:
    handle.write("\n".join(pids) + "\n")
os.environ.pop("RAILHOUSE_BOT_ID", None)
play()
