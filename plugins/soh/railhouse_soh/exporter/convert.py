"""Mapping railhouse actions to 18xx.games actions, replaying the record as it goes.

The record is replayed on a live game; before each action the game says which round and
step take it, and the mapping follows what the 18xx.games engine asks for:

* auction and stock round passes are sent one for one, except those of a player who could
  do nothing else (18xx.games skips such a player: no Bid in the auction, only Pass in a
  stock round);
* operating-round passes are sent for the steps 18xx.games blocks on (track, token, train
  purchase, the late private purchase); its issue step and early private purchase never
  block, so passes there are dropped; a company whose track step ended with fewer than two
  lays and no pass (nothing left to lay) still owes 18xx.games its track pass;
* ids: certificates as :mod:`.certs` follows them, tile instances ``"57-0"`` (the lowest
  not on the map), trains ``"2-0"`` in purchase order (one stack of 6 / 3E cards, bought
  as variant ``"3E"``), cities ``"<tile id>-<city>"``;
* a route names its train, its legs as hex chains (``connections``) and the stops read
  (``nodes``: ``"<hex>-<index>"``), so two-town hexes resolve the same way;
* an accepted offer is the buyer's purchase (18xx.games has no offers); the president
  letting the company go bankrupt is 18xx.games' "Close <company>" pass of Buy Trains.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from railhouse.engine.actions import (
    Bid,
    Pass,
    RunRoutes,
    from_builtins,
)
from railhouse.engine.errors import InvalidAction, RailhouseError, RecordError
from railhouse.engine.record import new_game
from railhouse.engine.steps import RouteStep
from railhouse.engine.steps.claims import run_claimed
from railhouse.map.graph import track_graph
from railhouse_soh.exporter.certs import POOL, Certificates
from railhouse_soh.exporter.draw import seed_for
from railhouse_soh.importer.asks import track_step_open
from railhouse_soh.steps import BuyPrivateStep, ShareDealingStep
from railhouse_soh.track import TrackStep
from railhouse_soh.trainbuy import BuyTrainStep

TITLE_NAME = "Steam Over Holland"
PRICES = (50, 55, 60, 65, 70, 75, 80, 90, 100, 110, 125, 140, 160, 180, 210, 240, 270, 300,
          330, 360)
MIN_PAR = 65  # the lowest par price: 18xx.games' price of a share not yet started
SHARED_STACK = {"6": "6", "3E": "6"}  # one stack of cards, bought as 6 or 3E


class Exporter:
    def __init__(self, record: Mapping[str, Any]) -> None:
        self.record = record
        players = [str(p) for p in record["players"]]
        try:
            self.game = new_game("soh", players, record.get("options"), int(record["seed"]))
        except (ValueError, TypeError) as exc:
            raise RecordError(f"cannot set up the recorded game: {exc}") from None
        n = len(players)
        start = self.game.priority
        self.order = [(start + i) % n for i in range(n)]
        self.pid = {f"p{seat}": i + 1 for i, seat in enumerate(self.order)}
        self.players = [{"id": self.pid[f"p{s}"], "name": players[s]} for s in self.order]
        self.certs = Certificates(list(self.game.companies), list(range(1, n + 1)))
        self.actions: list[dict[str, Any]] = []
        self.tiles: dict[str, str] = {}  # hex -> tile instance id on it
        self.trains: dict[str, str] = {}  # our train id -> theirs
        self.bought: dict[str, int] = {}  # their stack name -> trains bought from it
        self.offer: Mapping[str, Any] | None = None
        self.track_of: str | None = None  # the company whose track pass may be owed
        self.track: TrackStep | None = None  # its track step (None: its turn is over)
        self.track_closed = False  # it passed its track step
        self.bought_this_turn = ""  # the stock round player who bought this turn

    # -- driving ----------------------------------------------------------------------
    def run(self) -> dict[str, Any]:
        dealt = list(self.game.dealt_privates)
        for index, raw in enumerate(self.record["actions"]):
            try:
                action = from_builtins(raw)
                self.one(raw)
                self.game.apply(action)
                self.note_purchase(raw)
            except (InvalidAction, RailhouseError, ValueError, KeyError) as exc:
                raise RecordError(f"action {index} cannot be exported: {exc}") from None
            self.watch_track(index)
            self.watch_nrs_share(index)
        self.owe_track_pass()
        return {"id": 1, "title": TITLE_NAME, "players": self.players,
                "settings": {"seed": seed_for(dealt, len(self.players)),
                             "optional_rules": []},
                "actions": self.actions}

    def note_purchase(self, raw: Mapping[str, Any]) -> None:
        """Remember a player who bought in this stock turn (forgotten when another entity
        acts)."""
        who = str(raw["entity"])
        if raw["type"] in ("buy_shares", "par") and getattr(self.game.round, "kind", "") \
                == "stock":
            self.bought_this_turn = who
        elif self.bought_this_turn != who:
            self.bought_this_turn = ""

    def send(self, data: dict[str, Any]) -> None:
        data["id"] = len(self.actions) + 1
        self.actions.append(data)

    def entity(self, name: str) -> dict[str, Any]:
        if name in self.pid:
            return {"entity": self.pid[name], "entity_type": "player"}
        if name in self.game.companies:
            return {"entity": name, "entity_type": "corporation"}
        return {"entity": name, "entity_type": "company"}

    def step(self) -> object:
        round_ = self.game.round
        current = getattr(round_, "current_step", None)
        return None if self.game.pending or current is None else current()

    def watch_nrs_share(self, since: int) -> None:
        """Private #7 (KO) comes with NRS's certificate 1 (18xx.games ``NRS_1``)."""
        for event in self.game.events_since(since):
            if event.kind == "nrs_share":
                self.certs.give("NRS", 1, self.pid[str(event.data["player"])])

    # -- the track pass 18xx.games still asks for -------------------------------------
    def watch_track(self, since: int) -> None:
        """18xx.games asks every company for its track until it has laid two tiles or
        passed (``Track#actions``), even with nothing left to lay, where our step ends by
        itself: that pass is sent as soon as our track step is over (for a turn that
        ended without any decision, at once)."""
        for event in self.game.events_since(since):
            if event.kind == "operate":
                self.owe_track_pass()
                self.track, self.track_closed = None, False
                self.track_of = str(event.data["company"])
        if self.track_of is None:
            return
        steps = getattr(self.game.round, "steps", [])
        company = getattr(self.game.round, "company", None)
        if company is None or company.id != self.track_of:
            self.owe_track_pass()
            return
        self.track = next((s for s in steps if isinstance(s, TrackStep)), None)
        if self.track is not None and self.track.done:
            self.owe_track_pass()

    def owe_track_pass(self) -> None:
        company, step = self.track_of, self.track
        self.track_of, self.track = None, None
        if company is None or self.track_closed:
            return
        lays = 0 if step is None else step.lays_used
        if not track_step_open(self.game, company, lays):
            return
        self.send({"type": "pass", **self.entity(company)})

    # -- one action -------------------------------------------------------------------
    def one(self, raw: Mapping[str, Any]) -> None:
        kind = raw["type"]
        if kind == "pass":
            self.pass_(raw)
        elif kind in ("offer_train", "offer_private"):
            self.offer = raw
        elif kind == "respond":
            offer, self.offer = self.offer, None
            if raw.get("accept") and offer is not None:
                self.accepted(offer)
        else:
            self.mapped(raw)

    def pass_(self, raw: Mapping[str, Any]) -> None:
        kind = getattr(self.game.round, "kind", "")
        legal = self.game.legal_actions()
        if kind == "auction" and not any(isinstance(c.action, Bid) for c in legal):
            return  # 18xx.games drops a player who cannot bid by itself
        if kind == "stock" and all(isinstance(c.action, Pass) for c in legal) \
                and not self.asked_anyway(raw["entity"]):
            return  # ... and skips a player with nothing to do
        step = self.step()
        if isinstance(step, ShareDealingStep):
            return  # its issue step never blocks
        if isinstance(step, BuyPrivateStep) and not self.late_purchase(step):
            return  # nor does its first private purchase
        if isinstance(step, TrackStep):
            self.track_closed = True
        elif kind == "operating" and all(isinstance(c.action, Pass) for c in legal):
            return  # nothing else to do (a full train roster, no cash): not asked
        self.send({"type": "pass", **self.entity(raw["entity"])})

    def asked_anyway(self, player: str) -> bool:
        """Whether 18xx.games asks a player our stock round only offers the pass: its
        ``can_ipo_any?`` prices a share of a company not yet started at the lowest par
        price (65) whatever the par, so a player with that much cash, room for a
        certificate and no purchase this turn is asked (and passes) while some company is
        still to be started."""
        game, round_ = self.game, self.game.round
        if self.bought_this_turn == player or game.player(player).cash < MIN_PAR:
            return False
        room = getattr(round_, "can_take_certificates", None)
        if room is not None and not room(player, 1):
            return False
        return any(not c.started and not c.closed for c in game.companies.values())

    def late_purchase(self, step: BuyPrivateStep) -> bool:
        steps = list(getattr(self.game.round, "steps", []))
        return any(isinstance(s, BuyTrainStep) for s in steps[:steps.index(step)])

    def accepted(self, offer: Mapping[str, Any]) -> None:
        if offer["type"] == "offer_train":
            self.mapped({"type": "buy_train", "entity": offer["entity"],
                         "train": offer["train"], "price": offer["price"], "source": "other"})
        else:
            self.mapped({"type": "buy_private", "entity": offer["entity"],
                         "target": offer["target"], "price": offer["price"]})

    def mapped(self, raw: Mapping[str, Any]) -> None:
        kind = raw["type"]
        who = self.entity(raw["entity"])
        handler = getattr(self, f"map_{kind}", None)
        if handler is None:
            raise RecordError(f"no 18xx.games action for {kind!r}")
        handler(raw, who)

    # -- the mappings ------------------------------------------------------------------
    def map_bid(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        self.send({"type": "bid", **who, "company": raw["target"], "price": raw["price"]})

    def map_par(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        company, price = raw["company"], raw["price"]
        units = int(self.game.phase.name) - 1  # the president's certificate counts twice
        numbers = sorted(self.certs.of(company, company))[:units]
        self.certs.take_president(company, who["entity"], numbers)
        self.send({"type": "par", **who, "corporation": company,
                   "share_price": f"{price},0,{PRICES.index(price)}"})

    def shares(self, who: dict[str, Any], company: str, source: Any, to: Any,
               count: int, kind: str) -> None:
        numbers = self.certs.pick(company, source, count)
        whole = sum(20 if n == 0 else 10 for n in numbers)
        percent = min(whole, 10 * count)
        self.certs.move(company, numbers, source, to, percent)
        self.send({"type": kind, **who, "shares": self.certs.ids(company, numbers),
                   "percent": percent})

    def map_buy_shares(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        company = raw["company"]
        source = POOL if raw.get("source") == "pool" else company
        self.shares(who, company, source, who["entity"], int(raw.get("count", 1)),
                    "buy_shares")

    def map_sell_shares(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        self.shares(who, raw["company"], who["entity"], POOL, int(raw["count"]),
                    "sell_shares")

    def map_issue_shares(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        company = raw["entity"]
        self.shares(who, company, company, POOL, int(raw["count"]), "sell_shares")

    def map_buy_back_shares(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        company = raw["entity"]
        self.shares(who, company, POOL, company, int(raw["count"]), "buy_shares")

    def map_lay_tile(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        if raw.get("ability"):
            who = self.entity(raw["ability"])
        name, hex_id = raw["tile"], raw["hex"]
        on_map = set(self.tiles.values())
        k = 0
        while f"{name}-{k}" in on_map:
            k += 1
        self.tiles[hex_id] = f"{name}-{k}"
        self.send({"type": "lay_tile", **who, "hex": hex_id, "tile": f"{name}-{k}",
                   "rotation": raw["rotation"]})

    def map_place_token(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        if raw.get("ability"):
            who = self.entity(raw["ability"])
        hex_id = raw["hex"]
        if hex_id not in self.tiles:
            raise RecordError(f"token in {hex_id}, a hex without a laid tile")
        self.send({"type": "place_token", **who,
                   "city": f"{self.tiles[hex_id]}-{raw.get('city', 0)}"})

    def map_run_routes(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        routes = raw.get("routes") or []
        nodes = self.route_nodes(raw) if routes else []
        out = []
        for k, route in enumerate(routes):
            item: dict[str, Any] = {
                "train": self.trains.get(route["train"], route["train"]),
                "connections": [leg.split("-") for leg in route["path"]]}
            if k < len(nodes):
                item["nodes"] = nodes[k]
            out.append(item)
        self.send({"type": "run_routes", **who, "routes": out})

    def route_nodes(self, raw: Mapping[str, Any]) -> list[list[str]]:
        """18xx.games node names (``"<hex>-<index>"``) of the stops of each route."""
        action = from_builtins(raw)
        assert isinstance(action, RunRoutes)
        step = self.step()
        if not isinstance(step, RouteStep):
            raise RecordError("run_routes outside the route step")
        _, described = run_claimed(self.game, step.company, action.routes)
        g = track_graph(self.game.board)
        out = []
        for route in described:
            names = []
            for stop in route["stops"]:
                node = g.nodes[g.index[stop]]
                index = node.city if node.kind == "city" else (
                    int(stop.rsplit(".t", 1)[1]) if ".t" in stop else 0)
                names.append(f"{node.hex}-{index}")
            out.append(names)
        return out

    def map_dividend(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        self.send({"type": "dividend", **who, "kind": raw["kind"]})

    def map_discard_train(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        self.send({"type": "discard_train", **who,
                   "train": self.trains.get(raw["train"], raw["train"])})

    def map_buy_train(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        ours = raw["train"]
        data: dict[str, Any] = {"type": "buy_train", **who, "price": raw["price"]}
        if raw.get("source", "depot") == "depot" and ours in self.trains:
            data["train"] = self.trains[ours]  # a discarded train, back in the depot
            data["variant"] = ours.rsplit("-", 1)[0]
        elif raw.get("source", "depot") == "depot":
            name = ours.rsplit("-", 1)[0]
            stack = SHARED_STACK.get(name, name)
            theirs = f"{stack}-{self.bought.get(stack, 0)}"
            self.bought[stack] = self.bought.get(stack, 0) + 1
            self.trains[ours] = theirs
            data["train"] = theirs
            data["variant"] = name
        else:
            data["train"] = self.trains[ours]
        self.send(data)

    def map_buy_private(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        self.send({"type": "buy_company", **who, "company": raw["target"],
                   "price": raw["price"]})

    def map_bankrupt(self, raw: Mapping[str, Any], who: dict[str, Any]) -> None:
        step = self.step()
        if not isinstance(step, BuyTrainStep):
            raise RecordError("bankruptcy outside a company's train purchase")
        # before a sale, "Close <company>" (the pass of Buy Trains); after one, 18xx.games
        # offers only its bankrupt action (and may refuse it: a dead end of its own)
        kind = "bankrupt" if step.turn.emergency_sales else "pass"
        self.send({"type": kind, **self.entity(step.entity)})
