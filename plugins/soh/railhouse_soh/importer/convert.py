"""Converting 18xx.games moves into railhouse actions, against a live game.

The converter applies each action as it converts it: ambiguities of the export (which
certificate source a share came from, which of our trains a "6-0" bought as a 3E is, where
tile "15-0" lies) are settled from the game state.  18xx.games lets a company skip an
optional step by acting in a later one, and asks for some passes our steps never ask for:
so before a non-pass move, our optional steps of the same company are passed; a recorded
pass our game has no use for is dropped.  The game changes through ``apply`` only, so the
legal sets the engine computed while settling are reused (``cached_legal_actions``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from railhouse.engine.actions import (
    Action,
    Bid,
    BuyBackShares,
    BuyPrivate,
    BuyShares,
    BuyTrain,
    Dividend,
    IssueShares,
    LayTile,
    OfferPrivate,
    OfferTrain,
    Par,
    Pass,
    PlaceToken,
    Respond,
    RunRoutes,
    SellShares,
    TrainRoute,
)
from railhouse.engine.entities import POOL, TREASURY
from railhouse.engine.errors import InvariantViolation, RailhouseError, RecordError
from railhouse.engine.invariants import check_invariants
from railhouse.engine.steps.routes import RouteStep
from railhouse_soh.game import SteamOverHolland
from railhouse_soh.importer.asks import track_step_open
from railhouse_soh.importer.log import Step
from railhouse_soh.steps import BuyPrivateStep, ShareDealingStep
from railhouse_soh.track import TrackStep


class Converter:
    """Converts and applies 18xx.games moves on ``game``; ``players`` maps their player
    ids to ours (``"4725" -> "p0"``)."""

    def __init__(self, game: SteamOverHolland, players: Mapping[str, str]) -> None:
        self.game = game
        self.players = dict(players)
        self.trains: dict[str, str] = {}  # their train id -> ours
        self.tile_hex: dict[str, str] = {}  # their tile instance id -> hex
        self.source_id = -1
        self.track_open = ""  # the company whose 18xx.games track step awaits its pass
        self.check = False  # check the engine's invariants after every applied action

    def skippable_in_theirs(self, me: str) -> bool:
        """True if our current step of ``me`` is one 18xx.games never asks a pass for:
        issuing/buying back, and buying privates except at the end of the turn."""
        step = self.current_step()
        if self.game.acting_entity() != me or self.game.pending:
            return False
        if isinstance(step, ShareDealingStep):
            return True
        if not isinstance(step, BuyPrivateStep):
            return False
        steps = getattr(self.game.round, "steps", [])
        return any(isinstance(s, BuyPrivateStep) for s in steps[steps.index(step) + 1:])

    def in_track_step(self, me: str) -> bool:
        """True if ``me`` is at a track step that did not settle itself: it has a lay to
        offer, so it lists lays and a pass."""
        return (not self.game.pending and self.game.acting_entity() == me
                and isinstance(self.current_step(), TrackStep))

    def at_route_claim(self, me: str) -> bool:
        """True if ``me`` is at a route step that did not settle itself: a route step
        waits only where the president claims the routes, and then offers a
        ``RunRoutes`` (and nothing else)."""
        return (not self.game.pending and self.game.acting_entity() == me
                and isinstance(self.current_step(), RouteStep))

    def current_step(self) -> object:
        round_ = self.game.round
        step = getattr(round_, "current_step", None)
        return step() if callable(step) else None

    # -- driving ---------------------------------------------------------------------
    def feed(self, step: Step) -> None:
        """Convert and apply one move; errors name the recorded action's id."""
        self.source_id = step.source_id
        if step.data.get("type") != "pass":
            self.track_open = ""
        data = step.data
        kind = str(data.get("type"))
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            raise RecordError(f"18xx.games action {self.source_id}: cannot convert action "
                              f"type {kind!r}")
        try:
            handler(data)
        except RecordError:
            raise
        except (RailhouseError, ValueError, KeyError) as exc:
            self.fail(f"{kind} is illegal here: {exc}")

    def fail(self, message: str) -> NoReturn:
        raise RecordError(f"18xx.games action {self.source_id}: {message}")

    def apply(self, action: Action) -> None:
        """Apply ``action``; with :attr:`check`, then check the engine's invariants."""
        self.game.apply(action)
        if self.check:
            try:
                check_invariants(self.game)
            except InvariantViolation as exc:
                self.fail(f"invariants broken after {type(action).__name__}: {exc}")

    def entity(self, data: Mapping[str, Any]) -> str:
        raw = str(data.get("entity"))
        if data.get("entity_type") == "player":
            if raw not in self.players:
                self.fail(f"unknown player {raw}")
            return self.players[raw]
        return raw

    def skip_to(self, entity: str, accepts: type[Action]) -> None:
        """Pass our optional steps of ``entity`` until its current step offers ``accepts``."""
        for _ in range(50):
            if self.in_track_step(entity):  # offers lays and a pass; no need to list them
                if accepts is LayTile:
                    return
                self.apply(Pass(entity=entity))
                continue
            if accepts is RunRoutes and self.at_route_claim(entity):
                return  # it offers the claim; listing it would solve the routes
            if self.game.acting_entity() != entity:
                if self.skip_idle():
                    continue
                return
            legal = self.game.cached_legal_actions()
            if any(type(la.action) is accepts for la in legal):
                return
            if not any(type(la.action) is Pass for la in legal):
                return
            self.apply(Pass(entity=entity))

    def skip_idle(self) -> bool:
        """Pass for whoever acts now if passing is all they can do (18xx.games skips
        them: it records no pass); True if it did."""
        legal = self.game.cached_legal_actions()
        if len(legal) == 1 and type(legal[0].action) is Pass:
            self.apply(legal[0].action)
            return True
        acting = self.game.acting_entity() or ""
        if acting in self.game.companies and self.skippable_in_theirs(acting):
            self.apply(Pass(entity=acting))  # a step 18xx.games never waits for
            return True
        return False

    def act(self, action: Action) -> None:
        self.skip_to(action.entity, type(action))
        self.apply(action)

    # -- auction and stock round -----------------------------------------------------
    def _on_bid(self, data: Mapping[str, Any]) -> None:
        self.act(Bid(entity=self.entity(data), target=str(data["company"]),
                     price=int(data["price"])))

    def _on_pass(self, data: Mapping[str, Any]) -> None:
        me = self.entity(data)
        while self.game.acting_entity() != me and self.skip_idle():
            pass  # players 18xx.games skipped come before this pass
        if self.game.acting_entity() != me:
            return  # a pass for a step our game settled on its own
        track_open, self.track_open = self.track_open, ""
        if track_open == me and not isinstance(self.current_step(), TrackStep):
            return  # 18xx.games ends its track step with a pass, ours ends by itself
        while self.skippable_in_theirs(me):
            self.apply(Pass(entity=me))  # the pass is for a later step of theirs
        if self.game.acting_entity() != me:
            return
        if self.in_track_step(me) or any(
                type(la.action) is Pass for la in self.game.cached_legal_actions()):
            self.apply(Pass(entity=me))

    def _on_par(self, data: Mapping[str, Any]) -> None:
        price = int(str(data["share_price"]).split(",")[0])
        self.act(Par(entity=self.entity(data), company=str(data["corporation"]), price=price))

    def _on_buy_shares(self, data: Mapping[str, Any]) -> None:
        me = self.entity(data)
        if data.get("entity_type") == "corporation":  # a company buying its shares back
            self.act(BuyBackShares(entity=me, count=self._count(data)))
            return
        company, index = self._share(data)
        cert = next(c for c in self.game.companies[company].certs if c.index == index)
        source = cert.owner if cert.owner in (TREASURY, POOL) else None
        if source is None:
            self.fail(f"share {company}_{index} is held by {cert.owner}")
        self.act(BuyShares(entity=me, company=company, source=str(source),
                           count=self._count(data)))

    def _count(self, data: Mapping[str, Any]) -> int:
        """Shares moved: ``percent`` / 10 (half a president's certificate is one)."""
        percent = data.get("percent")
        return int(percent) // 10 if percent else len(data.get("shares") or [])

    def _share(self, data: Mapping[str, Any]) -> tuple[str, int]:
        shares = data.get("shares") or []
        if not shares:
            self.fail("no shares named")
        company, _, index = str(shares[0]).rpartition("_")
        if company not in self.game.companies or not index.isdigit():
            self.fail(f"unknown share {shares[0]!r}")
        return company, int(index)

    def _on_sell_shares(self, data: Mapping[str, Any]) -> None:
        me = self.entity(data)
        company, _ = self._share(data)
        count = self._count(data)
        if data.get("entity_type") == "corporation":
            self.act(IssueShares(entity=me, count=count))
        else:
            self.act(SellShares(entity=me, company=company, count=count))

    # -- operating round -------------------------------------------------------------
    def _on_buy_company(self, data: Mapping[str, Any]) -> None:
        me = self.entity(data)
        private = str(data["company"])
        price = int(data["price"])
        owner = self.game.privates[private].owner
        if owner == self.game.companies[me].president:
            self.act(BuyPrivate(entity=me, target=private, price=price))
            return
        self.act(OfferPrivate(entity=me, target=private, price=price))
        self.apply(Respond(entity=str(owner), accept=True))

    def _on_lay_tile(self, data: Mapping[str, Any]) -> None:
        me, ability = self.entity(data), ""
        if data.get("entity_type") == "company":
            ability, me = me, str(self.game.privates[me].owner)
        tile_id = str(data["tile"])
        name = tile_id.rpartition("-")[0] or tile_id
        hex_id = str(data["hex"])
        wanted = LayTile(entity=me, hex=hex_id, tile=name, rotation=int(data["rotation"]),
                         ability=ability)
        if name not in self.game.board.map.tiles:
            self.fail(f"unknown tile {name!r}")
        self.skip_to(me, LayTile)
        self.apply(wanted)  # another turn of a symmetric tile is the listed lay (apply)
        self.tile_hex[tile_id] = hex_id
        track = next((s for s in getattr(self.game.round, "steps", [])
                      if isinstance(s, TrackStep)), None)
        lays = 0 if track is None else track.lays_used
        if track_step_open(self.game, me, lays):  # else 18xx.games closed it by itself
            self.track_open = me

    def _on_place_token(self, data: Mapping[str, Any]) -> None:
        me, ability = self.entity(data), ""
        if data.get("entity_type") == "company":
            ability, me = me, str(self.game.privates[me].owner)
        tile_id, _, city = str(data["city"]).rpartition("-")
        hex_id = self.tile_hex.get(tile_id) or tile_id.rpartition("-")[0]
        self.act(PlaceToken(entity=me, hex=hex_id, city=int(city), ability=ability))

    def _on_run_routes(self, data: Mapping[str, Any]) -> None:
        me = self.entity(data)
        routes = tuple(
            TrainRoute(train=self.our_train(str(r["train"])),
                       path=tuple("-".join(leg) for leg in r.get("connections") or ()))
            for r in data.get("routes") or ()
        )
        if self.game.acting_entity() != me and not routes:
            return
        self.act(RunRoutes(entity=me, routes=routes))

    def _on_dividend(self, data: Mapping[str, Any]) -> None:
        self.act(Dividend(entity=self.entity(data), kind=str(data["kind"])))

    def our_train(self, theirs: str) -> str:
        if theirs not in self.trains:
            self.fail(f"unknown train {theirs!r}")
        return self.trains[theirs]

    def _on_buy_train(self, data: Mapping[str, Any]) -> None:
        me = self.entity(data)
        theirs = str(data["train"])
        price = int(data["price"])
        if theirs in self.trains:
            self._buy_used_train(me, self.trains[theirs], price)
            return
        name = str(data.get("variant") or theirs.rpartition("-")[0])
        available = [t for t in self.game.depot.available() if t.name == name]
        if not available:
            self.fail(f"no {name} train on sale")
        ours = available[0].id
        self.trains[theirs] = ours
        self.act(BuyTrain(entity=me, train=ours, price=price))

    def _buy_used_train(self, me: str, ours: str, price: int) -> None:
        seller = next((c for c in self.game.companies.values()
                       if any(t.id == ours for t in c.trains)), None)
        if seller is None:
            self.fail(f"train {ours} has no owner to sell it")
            return
        if seller.president == self.game.companies[me].president:
            self.act(BuyTrain(entity=me, train=ours, price=price, source=seller.id))
            return
        self.act(OfferTrain(entity=me, train=ours, price=price))
        self.apply(Respond(entity=seller.id, accept=True))
