"""A game replayed action by action into compact frames for the HTML viewer.

Frame ``k`` is the position after ``k`` actions (frame 0: the start).  The board is stored
as deltas: a frame lists only the hexes whose drawing changed, each as an index into a
shared list of SVG fragments (identical drawings are stored once); markets likewise.  Tables
and charts need per-frame numbers, which are small.

Net worth (a reading, for the chart): cash + for each company the player's percent times
its share price / 10 (prices are per 10% share) + the face value of the privates the player
owns.  Titles score differently at the end; the viewer shows the title's own final scores
in the caption of the last frame when the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from railhouse.engine.actions import from_builtins
from railhouse.engine.errors import InvalidAction, RailhouseError, RecordError
from railhouse.engine.record import new_game
from railhouse.render.board import RouteLine, route_layer
from railhouse.render.hexes import MapStyle, draw_hex, hex_key
from railhouse.render.market import draw_market, market_size
from railhouse.render.narrate import Narrator, price_moves, round_title
from railhouse.render.panels import panels
from railhouse.render.routelegend import legend_html, legend_rows
from railhouse.render.scene import describe, map_style, scene_of
from railhouse.render.svgtext import fragment, standalone


@dataclass
class Timeline:
    """Everything the viewer shows, frame by frame (JSON-ready through :meth:`to_json`)."""

    fragments: list[str] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    rounds: list[tuple[int, str]] = field(default_factory=list)
    _seen: dict[Any, int] = field(default_factory=dict)
    _texts: dict[str, int] = field(default_factory=dict)

    def intern(self, key: Any, make: Any) -> int:
        """Index of the fragment for ``key``, drawing it with ``make()`` the first time."""
        index = self._seen.get(key)
        if index is None:
            text = make()
            index = self._texts.setdefault(text, len(self.fragments))
            if index == len(self.fragments):
                self.fragments.append(text)
            self._seen[key] = index
        return index

    def latest(self, key: str) -> Any:
        """The last frame's ``key`` (``players``, ``companies``): frames store the rows
        only when they change."""
        return next((f[key] for f in reversed(self.frames) if key in f), None)

    def rows(self, key: str) -> list[Any]:
        """``key``'s rows of every frame (carried forward where a frame omits them)."""
        out, last = [], None
        for frame in self.frames:
            last = frame.get(key, last)
            out.append(last)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"fragments": self.fragments, "frames": self.frames, "actions": self.actions,
                "log": self.log, "rounds": self.rounds}


def build_timeline(record: Mapping[str, Any]) -> tuple[Timeline, Any]:
    """Replay ``record`` once, recording a frame after every action; returns the timeline
    and the final game.  Raises ``RecordError`` naming the action that does not replay."""
    try:
        game = new_game(record["title"], list(record["players"]), record.get("options"),
                        int(record["seed"]))
    except (KeyError, ValueError, TypeError) as exc:
        raise RecordError(f"cannot set up the recorded game: {exc}") from None
    timeline = Timeline()
    story = _Story(game)
    style = map_style(scene_of(game))
    previous = _frame(timeline, game, style, {}, story)
    for index, raw in enumerate(record["actions"]):
        story.before(timeline, index)
        before = timeline.latest("companies")
        try:
            game.apply(from_builtins(raw))
        except (InvalidAction, RailhouseError, ValueError) as exc:
            raise RecordError(f"action {index} does not replay: {exc}") from None
        timeline.actions.append(dict(raw))
        events = [(e.kind, e.data) for e in game.events_since(index) if e.kind != "action"]
        story.after(events, style)
        previous = _frame(timeline, game, style, previous, story)
        moves = price_moves(before, timeline.latest("companies"))
        text = story.narrator.sentence(raw, events, story.places)
        timeline.log.append(text + (f"; {', '.join(moves)}" if moves else ""))
    return timeline, game


@dataclass
class _Story:
    """What the log and the route overlay remember between actions: the round (for the
    log's headings) and the routes last run in this round."""

    game: Any
    narrator: Narrator = field(init=False)
    places: dict[str, str] = field(init=False)
    round: Any = None
    stock_rounds: int = 0
    routes: tuple[RouteLine, ...] = ()

    def __post_init__(self) -> None:
        self.narrator = Narrator(self.game.players)
        board = getattr(self.game, "board", None)
        self.places = {c: h.name for c, h in board.map.hexes.items() if h.name} if board else {}

    def before(self, timeline: Timeline, index: int) -> None:
        """A heading when the action is the first of a new round."""
        current = self.game.round
        if current is self.round:
            return
        self.round = current
        self.routes = ()
        described = current.describe() if current is not None else {}
        if isinstance(described, dict) and described.get("kind") == "stock":
            self.stock_rounds += 1
        title = round_title(described, self.stock_rounds)
        if not timeline.rounds or timeline.rounds[-1][1] != title:
            timeline.rounds.append((index, title))

    def after(self, events: list[tuple[str, Any]], style: MapStyle | None) -> None:
        for kind, data in events:
            if kind == "routes" and data.get("routes"):
                self.routes = tuple(RouteLine(data["company"], str(r.get("train", "")),
                                              tuple(r.get("segments", ())),
                                              int(r.get("revenue", 0)), tuple(r.get("stops", ())))
                                    for r in data["routes"])


def _frame(timeline: Timeline, game: Any, style: MapStyle | None, previous: dict[str, int],
           story: _Story) -> dict[str, int]:
    current: dict[str, int] = {}
    board = getattr(game, "board", None)
    if board is not None and style is not None:
        for coord in board.map.hexes:
            key = ("hex", coord, hex_key(board, coord, style))
            current[coord] = timeline.intern(
                key, lambda c=coord: fragment(draw_hex(board, c, style)))
        routes = story.routes
        current["routes"] = timeline.intern(("routes", routes), lambda: fragment(
            route_layer(board, routes, style)) if routes else "")
        current["legend"] = timeline.intern(("legend", routes), lambda: legend_html(
            legend_rows(board, routes, style.column), style.looks))
    for market_id, market in getattr(game, "markets", {}).items():
        key = ("market", market_id, tuple(sorted((p, tuple(s)) for p, s in
                                                  market.stacks.items() if s)))
        current[f"market:{market_id}"] = timeline.intern(
            key, lambda m=market: standalone(draw_market(m, style_looks(game), 0, 0),
                                             *market_size(m)))
    for slot, text in panels(game, story.narrator.name).items():
        current[slot] = timeline.intern(text, lambda t=text: t)
    changed = {k: v for k, v in current.items() if previous.get(k) != v}
    frame: dict[str, Any] = {"parts": changed, "caption": caption(game),
                             "acting": game.acting_entity()}
    for table, rows in (("players", players_row(game)), ("companies", companies_row(game))):
        if rows != timeline.latest(table):
            frame[table] = rows
    timeline.frames.append(frame)
    return current


def style_looks(game: Any) -> Any:
    from railhouse.render.position import looks

    return looks(game)


def caption(game: Any) -> str:
    text = describe(game)
    if getattr(game, "over", False):
        result = game.result()
        scores = ", ".join(f"{name} {score}" for name, score in
                           zip(game.players, result.scores, strict=True))
        text += f" · final scores: {scores}"
    return text


def players_row(game: Any) -> list[dict[str, Any]]:
    rows = []
    for player in getattr(game, "seats", []):
        shares = {c.id: c.percent_of(player.id) for c in game.companies.values()
                  if c.percent_of(player.id)}
        rows.append({"cash": player.cash, "shares": shares,
                     "worth": net_worth(game, player.id)})
    return rows


def net_worth(game: Any, player_id: str) -> int:
    """See the module docstring."""
    total = int(game.player(player_id).cash)
    for company in game.companies.values():
        percent = company.percent_of(player_id)
        price = company_price(game, company)
        if percent and price is not None:
            total += percent * price // 10
    for private in getattr(game, "privates", {}).values():
        if private.owner == player_id and not private.closed:
            total += private.spec.value
    return total


def company_price(game: Any, company: Any) -> int | None:
    market = game.market_of(company)
    pos = market.positions.get(company.id)
    return market.cell(pos).price if pos is not None else None


def companies_row(game: Any) -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = {}
    for company in game.companies.values():
        rows[company.id] = {
            "cash": company.cash,
            "price": company_price(game, company),
            "president": company.president,
            "floated": company.floated,
            "closed": company.closed,
            "trains": [t.name for t in company.trains],
        }
    return rows
