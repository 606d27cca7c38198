"""``[cluster]``: where the games of a tournament run.

``backend = "local"`` (the default) plays them in this process's trio runner; ``"ray"``
schedules each game on a Ray cluster (``railhouse_tournament.ray_backend``, the optional
extra ``railhouse[ray]``).  ``address`` is Ray's (``auto``, ``HOST:PORT``, ``ray://...``;
unset: start a Ray instance on this machine), ``actors`` how many game workers (0: one per
CPU of the cluster), ``working_dir`` a directory (relative to the config file) Ray ships to
every worker, where entrant commands and cwds inside it are found again, and
``runtime_env`` any further Ray runtime-environment keys (``pip``, ``env_vars``, ...), given
to Ray as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from railhouse_tournament.errors import ConfigError
from railhouse_tournament.values import choice, integer, reject_unknown, string, table

BACKENDS = ("local", "ray")


@dataclass(frozen=True)
class ClusterSettings:
    backend: str = "local"
    address: str | None = None
    actors: int = 0
    working_dir: str | None = None
    runtime_env: Mapping[str, Any] = field(default_factory=dict)


def parse_cluster(raw: Mapping[str, Any], base_dir: Path) -> ClusterSettings:
    prefix = "cluster."
    reject_unknown(raw, {"backend", "address", "actors", "working_dir", "runtime_env"}, prefix)
    working_dir = string(raw, "working_dir", None, prefix)
    runtime_env = dict(table(raw, "runtime_env", prefix))
    if "working_dir" in runtime_env:
        raise ConfigError(prefix + "runtime_env.working_dir", "use cluster.working_dir")
    resolved = (base_dir / working_dir).resolve() if working_dir else None
    if resolved is not None and not resolved.is_dir():
        raise ConfigError(prefix + "working_dir", f"{resolved} is not a directory")
    return ClusterSettings(
        backend=choice(raw, "backend", "local", BACKENDS, prefix),
        address=string(raw, "address", None, prefix),
        actors=integer(raw, "actors", 0, minimum=0, prefix=prefix),
        working_dir=str(resolved) if resolved else None,
        runtime_env=runtime_env,
    )
