"""The examples in the runner's docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["lines", "values", "schedule", "standings", "bench"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"railhouse_tournament.{name}")
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0 and (attempted > 0 or name == "bench")
