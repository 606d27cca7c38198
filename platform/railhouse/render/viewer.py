"""``railhouse view``: ONE self-contained HTML file to step through a game.

The page holds the map as inline SVG (one ``<g id="slot-<hex>">`` per hex, filled from
the timeline's fragments), the markets, the action log, player and company tables and two
inline SVG charts (share prices, player net worth); the script and style are inlined from
``assets/``.  No network access, no CDN.  Data travels as JSON in a
``<script type="application/json">`` element, with ``<``, ``>`` and ``&`` written as JSON
``\\u`` escapes so that no text in it can close the element.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from importlib import resources
from string import Template
from typing import Any

import drawsvg as dw

from railhouse.render.board import edge_layer
from railhouse.render.charts import Series, line_chart
from railhouse.render.hexes import MapStyle, draw_hex
from railhouse.render.panels import certificates_table
from railhouse.render.position import looks
from railhouse.render.scene import MARGIN, map_style, scene_of
from railhouse.render.stops import r1
from railhouse.render.svgtext import new_drawing
from railhouse.render.timeline import Timeline, build_timeline

_JSON_SAFE = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026"})

PAGE = Template("""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title</title>
<style>
$css
</style>
</head>
<body>
<header><h1>$title</h1><div id="caption"></div></header>
<nav id="controls">
<button id="first" type="button" title="Start (Home)">|&#x25C0;</button>
<button id="prev" type="button" title="Previous action (Left arrow)">&#x25C0;</button>
<input id="slider" type="range" min="0" max="$last" value="$last" aria-label="action">
<button id="next" type="button" title="Next action (Right arrow)">&#x25B6;</button>
<button id="last" type="button" title="End (End)">&#x25B6;|</button>
<span id="step-label"></span>
</nav>
<main>
<section id="board-pane">$board<div id="slot-legend" class="legend"></div></section>
<section id="side"><h2>Game log</h2><ol id="log"></ol></section>
</main>
<section class="wide"><h2>Stock markets</h2><div id="market-slots">$markets</div></section>
<section class="wide panels"><div>$certificates</div>
<div id="slot-panel-privates"></div><div id="slot-panel-depot"></div>
<div id="slot-panel-bank"></div></section>
<section class="wide tables">
<div><h2>Players</h2><table id="players"><thead><tr><th>player</th><th>cash</th>
<th>shares</th><th>net worth</th></tr></thead><tbody></tbody></table></div>
<div><h2>Companies</h2><table id="companies"><thead><tr><th>company</th><th>president</th>
<th>price</th><th>cash</th><th>trains</th><th>status</th></tr></thead><tbody></tbody></table></div>
</section>
<section class="wide charts">$charts</section>
<script type="application/json" id="game-data">$data</script>
<script>
$js
</script>
</body>
</html>
""")


def asset(name: str) -> str:
    return resources.files("railhouse.render").joinpath("assets", name).read_text("utf-8")


def build_html(record: Mapping[str, Any]) -> str:
    """The viewer page of ``record`` (raises ``RecordError`` if it does not replay)."""
    timeline, game = build_timeline(record)
    style = map_style(scene_of(game))
    company_looks = looks(game)
    companies = [{"id": cid, "fill": look.fill, "text": look.text}
                 for cid, look in company_looks.items()]
    payload = {"players": list(game.players), "companies": companies, **timeline.to_json()}
    title = f"{getattr(game, 'title_id', '')} · {', '.join(game.players)}"
    return PAGE.substitute(
        title=html.escape(title),
        css=asset("viewer.css"),
        js=asset("viewer.js"),
        last=len(timeline.frames) - 1,
        board=board_svg(game, style) if style is not None else "<p>This title has no map.</p>",
        certificates=certificates_table(game),
        markets="".join(f'<div id="market-slot-{html.escape(mid)}"></div>'
                        for mid in getattr(game, "markets", {})),
        charts=price_chart(timeline, companies) + worth_chart(timeline, list(game.players)),
        data=json.dumps(payload, separators=(",", ":")).translate(_JSON_SAFE),
    )


def board_svg(game: Any, style: MapStyle) -> str:
    """The map with one ``slot-<hex>`` group per hex (drawn as the game ended)."""
    board = game.board
    min_x, min_y, max_x, max_y = style.geometry.bounds(board.map.hexes)
    drawing = new_drawing(max_x - min_x + 2 * MARGIN, max_y - min_y + 2 * MARGIN, id="board")
    layer = dw.Group(id="map", transform=f"translate({r1(MARGIN - min_x)},{r1(MARGIN - min_y)})")
    hexes = dw.Group(id="hexes")
    for coord in sorted(board.map.hexes):
        slot = dw.Group(id=f"slot-{coord}")
        slot.append(draw_hex(board, coord, style))
        hexes.append(slot)
    layer.append(hexes)
    layer.append(dw.Group(id="slot-routes"))
    layer.append(edge_layer(board, style))
    drawing.append(layer)
    text: str = drawing.as_svg(header="")
    return text


def price_chart(timeline: Timeline, companies: list[dict[str, str]]) -> str:
    series = []
    for company in companies:
        values = [rows.get(company["id"], {}).get("price")
                  for rows in timeline.rows("companies")]
        if any(v is not None for v in values):
            series.append(Series(company["id"], company["fill"], values))
    return line_chart("Share prices", series, "price-chart")


#: Line colours of players in the net worth chart (players have no colour of their own).
PLAYER_COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
                 "#e377c2", "#7f7f7f")


def worth_chart(timeline: Timeline, players: list[str]) -> str:
    series = [
        Series(name, PLAYER_COLORS[seat % len(PLAYER_COLORS)],
               [rows[seat]["worth"] for rows in timeline.rows("players")])
        for seat, name in enumerate(players)
    ]
    return line_chart("Player net worth", series, "worth-chart")
