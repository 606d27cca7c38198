"""Drawings and their SVG text: :func:`new_drawing` (every drawing of this package), a
fragment (one element, for the viewer to insert into a page) or a standalone ``<svg>``.

drawsvg escapes text content but writes attribute values as they are, so a quote or ``<``
in a name from title data would break the SVG.  :class:`EscapingContext` passes every
string attribute through :func:`xml.sax.saxutils.escape` (plus ``"``) on its way out; it
hooks drawsvg 2's ``Context._write_tag_args`` (version pinned in pyproject.toml; the test
``test_attribute_values_are_escaped`` fails loudly if a new drawsvg changes that).
"""

from __future__ import annotations

import dataclasses
from typing import Any
from xml.sax.saxutils import escape

import drawsvg as dw
from drawsvg.types import Context

from railhouse.render.stops import r1

_QUOTES = {'"': "&quot;"}


@dataclasses.dataclass(frozen=True)
class EscapingContext(Context):  # type: ignore[misc]
    """A drawsvg context that escapes string attribute values."""

    def _write_tag_args(self, args: dict[str, Any], output_file: Any,
                        id_map: Any = None) -> None:
        safe = {k: escape(v, _QUOTES) if isinstance(v, str) else v for k, v in args.items()}
        super()._write_tag_args(safe, output_file, id_map)


def new_drawing(width: float, height: float, **attrs: Any) -> dw.Drawing:
    """A drawing whose attribute values are escaped (see the module docstring)."""
    return dw.Drawing(r1(width), r1(height), context=EscapingContext(), **attrs)

_DEFS_END = "</defs>\n"


def _body(drawing: dw.Drawing) -> str:
    text: str = drawing.as_svg(header="")
    start = text.index(_DEFS_END) + len(_DEFS_END)
    end = text.rindex("</svg>")
    return text[start:end].strip()


def fragment(element: dw.DrawingElement) -> str:
    """The SVG markup of ``element`` alone (no ``<svg>`` wrapper)."""
    drawing = new_drawing(1, 1)
    drawing.append(element)
    return _body(drawing)


def standalone(element: dw.DrawingElement, width: float, height: float) -> str:
    """``element`` in its own ``<svg>`` of ``width`` x ``height`` (no XML header)."""
    drawing = new_drawing(width, height)
    drawing.append(element)
    text: str = drawing.as_svg(header="")
    return text.replace("<defs>\n</defs>\n", "")
