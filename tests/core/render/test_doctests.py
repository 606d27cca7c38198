"""The examples in the picture modules' docstrings hold."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["geometry", "scene", "charts", "layout", "routelegend"])
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"railhouse.render.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
