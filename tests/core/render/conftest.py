"""Fixtures of the picture tests (helpers live in ``render_fixtures``)."""

from __future__ import annotations

import pytest
from render_fixtures import synthetic_scene

from railhouse.render.scene import Scene


@pytest.fixture
def scene() -> Scene:
    """The synthetic position every feature test draws."""
    return synthetic_scene()
