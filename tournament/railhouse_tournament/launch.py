"""The first program of every bot process: join the bot's cgroups, set its rlimits, exec it.

Run as ``python -I -S launch.py [--cgroup DIR]... [--rlimit NAME=VALUE]... -- ARGV...``
(standard library only, so it starts in milliseconds).  Doing this before ``exec``, in the
bot's own process, means no line of the bot ever runs outside its limits, and needs no
``preexec_fn`` (unsafe in a runner with threads).  If the command cannot be executed the
launcher exits with status 127 and says why on stderr, as a shell would.
"""

from __future__ import annotations

import os
import resource
import sys

RLIMITS = {"data": resource.RLIMIT_DATA, "cpu": resource.RLIMIT_CPU}
if hasattr(resource, "RLIMIT_NPROC"):
    RLIMITS["nproc"] = resource.RLIMIT_NPROC


def main(args: list[str]) -> None:
    split = args.index("--")
    options, argv = args[:split], args[split + 1 :]
    for flag, value in zip(options[::2], options[1::2], strict=True):
        if flag == "--cgroup":
            with open(os.path.join(value, "cgroup.procs"), "w") as procs:
                procs.write("0")  # "0": the writing process itself
        elif flag == "--rlimit":
            name, _, amount = value.partition("=")
            soft, _, hard = amount.partition(":")
            resource.setrlimit(RLIMITS[name], (int(soft), int(hard or soft)))
    try:
        os.execvp(argv[0], argv)
    except OSError as exc:
        sys.stderr.write(f"[railhouse] cannot start {argv!r}: {exc.strerror or exc}\n")
        os._exit(127)


if __name__ == "__main__":
    main(sys.argv[1:])
