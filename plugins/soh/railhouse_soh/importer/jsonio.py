"""Reading a JSON object (an 18xx.games export, a game record) with one-line errors."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from railhouse.engine.errors import RecordError


def load_object(source: str | os.PathLike[str] | Mapping[str, Any], what: str,
                expected: str) -> Mapping[str, Any]:
    """``source`` as a dict: itself, JSON text, or a path to JSON; ``what`` names it in
    errors ("export", "record"), ``expected`` says what it should be."""
    if isinstance(source, Mapping):
        return source
    text = str(source)
    if not text.lstrip().startswith("{"):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {source}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{what} is not JSON ({exc.msg} at line {exc.lineno}): "
                          f"truncated or damaged?") from None
    if not isinstance(data, dict):
        raise RecordError(f"{what} is not {expected} (expected a JSON object)")
    return data
