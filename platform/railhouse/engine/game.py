"""The game: (title, options, seed, players) plus an action log.

The core owns the bookkeeping (validate, record, advance, check invariants); a title owns
its data (:class:`TitleConfig`), its rounds and steps, and the rule hooks.  Replaying the
log reproduces every state exactly: all randomness comes from ``self.rng``.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self

from railhouse.engine import agreed_end, invariants, routes
from railhouse.engine.actions import (
    Action,
    LegalAction,
    ProposeWinner,
    admitted,
    to_builtins,
)
from railhouse.engine.api import Event, GameResult
from railhouse.engine.applog import AppendLog
from railhouse.engine.certificates import ShareLedger
from railhouse.engine.cloning import copy_rng, deepcopy_game, release, sharing_state
from railhouse.engine.config import PhaseSpec, TitleConfig
from railhouse.engine.dispatch import DISPATCH, PROPOSES, dispatch_of, handler_of, proposes
from railhouse.engine.entities import (
    IPO,
    TREASURY,
    Bank,
    Company,
    Player,
    Private,
    Train,
)
from railhouse.engine.errors import IllegalAction, RecordError
from railhouse.engine.gcpolicy import tune_for_play
from railhouse.engine.invariants import check_invariants
from railhouse.engine.legalcache import LegalSetCache
from railhouse.engine.lookahead import LookAhead
from railhouse.engine.market import StockMarket
from railhouse.engine.observation import observe
from railhouse.engine.phases import DiscardDecider, PhaseEvent
from railhouse.engine.rounds.base import Decider, Round
from railhouse.engine.trains import build_depot
from railhouse.engine.turnstate import TurnState
from railhouse.gamehooks import shared_hooks
from railhouse.map.trains import RouteRules
from railhouse.titles import TitleInfo

if TYPE_CHECKING:
    from railhouse.map.board import Board
    from railhouse.map.graph import Operator
    from railhouse.map.problem import RouteProblem
    from railhouse.map.trains import RunContext
    from railhouse.map.trains import TrainSpec as RouteTrain


class Payer(Protocol):
    cash: int

    @property
    def id(self) -> str: ...


class Game(LegalSetCache, LookAhead):
    """Base of every title's game.  Subclasses set ``info`` and ``config`` and may override
    the underscore methods; rules that differ between titles go through ``self.hooks``."""

    info: TitleInfo
    config: TitleConfig
    #: True for a title that draws from ``rng`` after setup: then the seed is secret (the
    #: protocol's ``game_start`` gives bots the seed only when it reveals nothing new)
    random_after_setup: bool = False
    #: the map (:class:`railhouse.map.board.Board`) of a title that has one, built by its
    #: ``_build``; a title with a map narrows the type to ``Board``
    board: Board | None = None
    #: the title's phase-event handlers by event name (``PhaseSpec.events``), over the
    #: core's (:mod:`railhouse.engine.phases`)
    phase_events: ClassVar[Mapping[str, PhaseEvent]] = {}
    #: the class of an operating turn's state (:mod:`railhouse.engine.turnstate`); a title
    #: whose steps remember more names its subclass
    turn_state: ClassVar[type[TurnState]] = TurnState
    #: the title's route rules (:mod:`railhouse.engine.routes`)
    route_rules: ClassVar[RouteRules] = RouteRules()
    #: every train is a choice of its own when a company buys another company's train or
    #: discards (1839: trains of one type differ, e.g. an R train that ran, R-16.5.2);
    #: otherwise identical trains are one choice (SOH)
    each_train_a_choice: bool = False
    #: the title's rule plugins keep no state of their own (it lives in the game), so one
    #: :class:`~railhouse.gamehooks.GameHooks` serves every game of the class with the same
    #: options (:func:`~railhouse.gamehooks.shared_hooks`), as it already serves every clone;
    #: building the hooks was most of a new game's cost.  False: hooks built per game
    hooks_shareable: ClassVar[bool] = False
    #: the game its parts (round, steps, pending deciders) point back at: an inner game
    #: sharing this one's state, so that dropping this one frees the game at once
    #: (:mod:`railhouse.engine.cloning`); a copy made by ``copy.deepcopy`` is its own
    inner: Self

    def __init__(
        self: Self,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        *,
        hooks: Any = None,
    ) -> None:
        tune_for_play()  # once per process: the collector's thresholds for play
        # what the game's parts point at: an inner game sharing this one's state, so that
        # nothing points at the game its user holds and dropping it frees it at once
        self.inner = sharing_state(self)
        if not self.info.min_players <= len(players) <= self.info.max_players:
            raise ValueError(
                f"{self.info.name} takes {self.info.min_players}-{self.info.max_players} "
                f"players, not {len(players)}"
            )
        self.title_id = self.info.id
        self.players = list(players)
        self.options = self.info.resolve_options(options)
        self.seed = seed
        self._rng = random.Random(seed)
        self._rng_shared = False
        self.hooks = hooks if hooks is not None else self._hooks()
        self._actions: AppendLog[Action] = AppendLog()
        #: every event but the actions' own (:meth:`events_since` makes those on reading)
        self._events: AppendLog[Event] = AppendLog()
        #: the index of the latest action (-1 before the first): the index of an event
        #: recorded now (:meth:`event`), kept apart so that no event measures the log
        self._at = -1
        self.init_legal_cache()
        self.init_look_ahead()
        self.end_reason: str | None = None
        #: an end the rules scheduled: at the end of the operating round (:meth:`check_end`)
        #: or else after the current round (``railhouse.engine.rounds.sequence``)
        self.pending_end: str | None = None
        self.agreed_winner: str | None = None  # railhouse.engine.agreed_end
        #: whether the options allow agreed ends (``agreed_end.enabled``), read once: the
        #: options never change after the game is built, and a decision without the
        #: option then asks nothing of the agreed end
        self.agreed_end_on = agreed_end.enabled(self)
        self.proposals_made: set[tuple[int, str]] = set()
        self.pending: list[Decider[Any]] = []
        self.round: Round[Any] | None = None
        self.round_number = 0
        self._build()
        self.hooks.setup_game(self)
        self._next_round()
        self._settle()

    # -- construction ------------------------------------------------------------------
    def _make_hooks(self) -> Any:
        """The game's rule hooks; a function of the class and ``self.options`` alone
        (where :attr:`hooks_shareable`, the result is shared)."""
        raise NotImplementedError("a title's Game subclass builds its hooks")

    def _hooks(self) -> Any:
        if not self.hooks_shareable:
            return self._make_hooks()
        return shared_hooks(type(self), self.options, self._make_hooks)

    def _build(self) -> None:
        cfg = self.config
        n = len(self.players)
        self.seats = [Player(id=f"p{i}", seat=i, name=name) for i, name in enumerate(self.players)]
        limit = cfg.bank_cash
        self.bank = Bank(cash=limit if limit is not None else 10**9, limit=limit)
        self.total_money = self.bank.cash
        for player in self.seats:
            self.pay(self.bank, player, cfg.starting_cash[n])
        self.markets = {spec.id: StockMarket(spec) for spec in cfg.markets}
        self.companies: dict[str, Company] = {}
        unsold = cfg.unsold_shares_at
        for spec in cfg.companies:
            company = Company(spec=spec, certs=[])
            # the ledger itself, not one certificate object per share adopted into it:
            # the views are made on first use, as a clone's are
            company.ledger = ShareLedger(
                spec.id, [(pct, i == 0, unsold, False) for i, pct in enumerate(spec.shares)])
            self.companies[spec.id] = company
        self.privates: dict[str, Private] = {p.id: Private(spec=p) for p in cfg.privates}
        self.depot = build_depot(cfg.trains, n)
        self.phase_index = 0
        self.pending_phase: int | None = None
        self.priority: int = 0  # seat holding the start card / priority deal

    # -- public API (railhouse.engine.api.GameAPI) ---------------------------------------
    @property
    def over(self) -> bool:
        if self.deferred is not None:  # looking ahead: the settled game's answer
            self.settle_deferred()
        return self.end_reason is not None

    @property
    def actions(self) -> Sequence[Action]:
        """The action log so far (a snapshot: later actions do not appear in it)."""
        return self._actions.copy()

    @property
    def action_count(self) -> int:
        """``len(self.actions)`` without the copy: the index the next action gets."""
        return self._at + 1

    def decider(self) -> Decider[Any] | None:
        if self.deferred is not None:  # looking ahead: the settled game's decider
            self.settle_deferred()
        if self.end_reason is not None:
            return None
        pending = self.pending
        return pending[-1] if pending else self.round

    def acting_entity(self) -> str | None:
        decider = self.decider()
        return decider.acting_entity() if decider is not None else None

    def acting_seat(self) -> int | None:
        entity = self.acting_entity()
        return None if entity is None else self.seat_of(entity)

    def legal_actions(self) -> list[LegalAction]:
        """The complete legal set for the acting entity, always computed afresh (so a
        caller that changed the state directly, as tests do, never sees a stale set) and
        stored for ``apply``'s validation of the answer (see :meth:`legal_for`).  Within
        :meth:`looking_ahead_in`, where only ``apply`` changes the game, the sets computed
        since the last action are current: it serves them (:meth:`cached_legal_actions`)."""
        if self.looking_ahead:
            return self.cached_legal_actions()
        decider = self.decider()
        if decider is None:
            return []
        self._refresh = True  # nested lookups (a round asking its step) recompute too
        try:
            legal = decider.legal_actions()
        finally:
            self._refresh = False
        self._legal[decider] = legal
        if not self.agreed_end_on:
            return legal.copy()  # the caller's own list
        return [*legal, *agreed_end.proposals(self, decider)]

    def cached_legal_actions(self) -> list[LegalAction]:
        """The same set as :meth:`legal_actions`, served from the cache when this position's
        set was already computed (by ``auto()`` while settling, or inherited by a clone).
        Only for callers that change the game through ``apply`` alone: search bots, random
        playouts, drivers.  The returned list is the caller's own."""
        decider = self.decider()
        if decider is None:
            return []
        if not self.agreed_end_on:
            return self.legal_for(decider).copy()
        return [*self.legal_for(decider), *agreed_end.proposals(self, decider)]

    def normalise(self, action: Action) -> Action:
        """``action`` in the spelling the legal set lists, where the deciding step knows
        equivalent spellings (e.g. a tile turned to lay the very same track); else as is.
        ``apply`` does this itself; the referee uses it to match a bot's answer."""
        decider = self.decider()
        return action if decider is None else decider.normalise(action)

    def apply(self, action: Action) -> None:
        """Validate ``action``, record it, process it and settle.  The decider is asked
        only what its class answers in its own way (:mod:`railhouse.engine.dispatch`):
        the base class's answers (answering for itself, one spelling, membership in the
        listed legal set, the ``process_<tag>`` method) are given here without the calls."""
        proven = self.resume(action) if self.deferred is not None else None
        if self.end_reason is not None:
            raise IllegalAction("the game is over", "game end")
        pending = self.pending
        decider = pending[-1] if pending else self.round  # self.decider(), the game not over
        assert decider is not None
        # (the tables are plain dicts: read by subscript, filled on a miss; dispatch.py)
        try:
            dispatch = deciding = DISPATCH[type(decider)]
        except KeyError:
            dispatch = deciding = dispatch_of(type(decider))
        answering = decider
        if dispatch.delegates:
            answering = decider.answerer(action)  # asked in its stead: the same answers
            if answering is not decider:
                try:
                    dispatch = DISPATCH[type(answering)]
                except KeyError:
                    dispatch = dispatch_of(type(answering))
        expected = (answering.entity  # type: ignore[attr-defined]  # (a Step: names_entity)
                    if dispatch.names_entity else answering.acting_entity())
        if action.entity != expected:
            raise IllegalAction(f"it is {expected}'s decision, not {action.entity}'s", "turn order")
        proposal: ProposeWinner | None = None
        try:
            proposing = PROPOSES[type(action)]
        except KeyError:
            proposing = proposes(type(action))
        if proposing:  # not the decider's
            assert isinstance(action, ProposeWinner)
            proposal = action
            agreed_end.check(self, decider, proposal)
        elif proven is not None and proven[0] is answering:
            action = proven[1]  # normalised and validated by the step at this very position
        else:
            if dispatch.normalises:
                action = answering.normalise(action)
            # the set listed at this position (known_legal inlined), where validate
            # would check that first
            listed = None if dispatch.validates else self._legal.get(answering)
            if listed is not None and not self._refresh and not invariants.on:
                if not admitted(listed, action):
                    raise IllegalAction(answering.explain(action), answering.rule)
            else:
                answering.validate(action)
        self._legal.clear()
        self._actions.append(action)
        self._at += 1
        if proposal is not None:
            agreed_end.propose(self, decider, proposal)
        else:
            handlers = dispatch.handlers
            handler = None
            if handlers is not None:
                try:
                    handler = handlers[type(action)]
                except KeyError:
                    handler = handler_of(handlers, type(answering), type(action))
            if handler is None:
                answering.process(action)
            else:
                handler(answering, action)
        if self.end_reason is None and not pending:  # else _settle has nothing to do
            round_ = self.round  # _settle's first turn of its loop, inlined
            assert round_ is not None
            if (deciding if round_ is decider else dispatch_of(type(round_))).advances:
                round_.advance()  # (Round.advance does nothing)
            if round_.finished and self.end_reason is None and not pending:
                self._next_rounds()
        hooks = self.hooks
        if hooks.hears_actions:
            hooks.action_applied(self, action)
        if invariants.on:
            check_invariants(self)

    def observation(self) -> dict[str, Any]:
        if self.deferred is not None:
            self.settle_deferred()
        return observe(self)

    def events_since(self, index: int) -> list[Event]:
        """The events of action ``index`` on, each action's own ``action`` event first
        among the events of its index.  The event log records the others, in action
        order (setup ones at -1), so the first of them is found by bisection, not by a
        scan of the whole game's events; an action's event is made from the action log as
        it is read (:func:`action_event`: the same event each time, as actions are
        immutable), so ``apply`` converts no action for an event nobody reads."""
        if self.deferred is not None:  # looking ahead: settling may record more
            self.settle_deferred()
        events = self._events
        recorded = events.since(bisect_left(events, index, key=_event_index))
        first = max(index, 0)
        if first > self._at:
            return recorded
        merged: list[Event] = []
        at, count = 0, len(recorded)
        for number, action in enumerate(self._actions.since(first), first):
            while at < count and recorded[at].index < number:
                merged.append(recorded[at])
                at += 1
            merged.append(action_event(number, action))
        merged += recorded[at:]
        return merged

    def result(self) -> GameResult:
        if not self.over:
            raise ValueError("the game is not over")
        scores = list(self.hooks.final_scores(self))
        ranks = tuple(1 + sum(1 for o in scores if o > s) for s in scores)
        if self.agreed_winner is not None:
            ranks = agreed_end.agreed_ranks(scores, self.seat_of(self.agreed_winner))
        return GameResult(tuple(scores), ranks, self.end_reason or "")

    def clone(self) -> Game:
        """An independent copy that shares every immutable value with this game
        (:mod:`railhouse.engine.cloning`); dropped, it is freed at once (its parts point
        at its inner game, not at the game returned)."""
        return sharing_state(self._settled_copy({}) if self.looking_ahead
                             else deepcopy_game(self, {}))

    def __del__(self, release: Callable[[Game], None] = release) -> None:
        release(self)  # (bound as a default: a game may go after the module's globals)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        if self.looking_ahead:
            return self._settled_copy(memo)
        return deepcopy_game(self, memo)

    def _settled_copy(self, memo: dict[int, Any]) -> Game:
        """A copy made within :meth:`looking_ahead_in`: of the settled game, and outside
        it (:meth:`detach_clone`)."""
        self.settle_deferred()
        twin = deepcopy_game(self, memo)
        self.detach_clone(twin)
        return twin

    @property
    def rng(self) -> random.Random:
        """The game's only source of randomness; a clone shares it until either side
        draws (:meth:`share_rng`)."""
        if self._rng_shared:
            self._rng, self._rng_shared = copy_rng(self._rng), False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng, self._rng_shared = value, False

    def share_rng(self, original: Game) -> None:
        """Give this clone ``original``'s generator: from now on neither draws from it,
        each copies it on first use (so both continue the same sequence alone)."""
        original._rng_shared = True
        self._rng, self._rng_shared = original._rng, True

    def to_record(self) -> dict[str, Any]:
        return {
            "format": "railhouse-record/1",
            "title": self.title_id,
            "title_version": self.info.version,
            "options": dict(self.options),
            "seed": self.seed,
            "players": list(self.players),
            "actions": [to_builtins(a) for a in self._actions],
            "result": None if not self.over else _result_dict(self.result()),
        }

    # -- bookkeeping -------------------------------------------------------------------
    def event(self, kind: str, data: dict[str, Any], index: int | None = None) -> None:
        self._events.append(Event(self._at if index is None else index, kind, data))

    def seat_of(self, entity: str) -> int:
        seat = _SEAT_NUMBERS.get(entity)  # a usual player id: its number, read
        if seat is not None:
            return seat
        # ``entity.startswith("p")`` without the method call (a company id comes here at
        # every agreement between companies)
        if entity and entity[0] == "p" and entity[1:].isdigit():
            return int(entity[1:])
        company = self.companies.get(entity)
        if company is not None and company.president is not None:
            president = company.president
            seat = _SEAT_NUMBERS.get(president)
            return self.seat_of(president) if seat is None else seat
        private = self.privates.get(entity)
        if private is not None and private.owner is not None:
            return self.seat_of(private.owner)
        raise KeyError(f"no seat decides for {entity!r}")

    def player(self, player_id: str) -> Player:
        """The seat whose id is exactly ``player_id`` ("p0", "p1", ...: the number is the
        seat, read directly; "p-1", "p01" or "x1" name no seat)."""
        number = _SEAT_NUMBERS.get(player_id)  # (a usual id: its number without parsing)
        try:
            seat = self.seats[int(player_id[1:]) if number is None else number]
        except (ValueError, IndexError):
            seat = None
        if seat is None or seat.id != player_id:
            raise IllegalAction(f"no player {player_id!r}", "entities")
        return seat

    def company(self, company_id: str) -> Company:
        try:
            return self.companies[company_id]
        except KeyError:
            raise IllegalAction(f"no company {company_id!r}", "entities") from None

    def payer(self, entity_id: str) -> Payer:
        if entity_id == "bank":
            return self.bank
        if entity_id in self.companies:
            return self.companies[entity_id]
        return self.player(entity_id)

    def pay(self, source: Any, target: Any, amount: int) -> None:
        """Move ``amount`` from ``source`` to ``target`` (Bank, Player or Company)."""
        if amount < 0:
            raise ValueError("negative payment")
        bank = self.bank
        if source is not bank and source.cash < amount:
            raise IllegalAction(f"{source.id} cannot pay {amount} (has {source.cash})", "money")
        source.cash -= amount
        target.cash += amount
        if bank.cash < 0 and bank.limit is not None and not bank.broken:
            bank.broken = True
            self.event("bank_broken", {})

    @property
    def phase(self) -> PhaseSpec:
        return self.config.phases[self.phase_index]

    def phase_reached(self, name: str) -> bool:
        """Whether phase ``name`` has begun: it is the current phase or an earlier one
        (False for a phase the title does not have), e.g. a power usable "from the blue
        phase on" (1839 R-14.3.5)."""
        index = self.config.phase_index.get(name)
        return index is not None and index <= self.phase_index

    # -- phases, trains and privates: the title's narrow overrides ---------------------
    def phase_change_at_end_of_turn(self) -> bool:
        """True: a phase starts at the end of the turn that bought its first train
        (:mod:`railhouse.engine.phases`)."""
        return self.config.phase_change_at_end_of_turn

    def train_limit(self) -> int:
        """The current phase's train limit per company."""
        return self.phase.train_limit

    def discard_decider(self, company: Company) -> Decider[Any]:
        """The decision of a company over the train limit."""
        return DiscardDecider(self, company)

    def discards_for_sale(self) -> bool:
        """True: a train discarded over the limit goes back to the depot, for sale again
        until its type rusts (18xx.games ``DISCARDED_TRAINS = :discard``; ``Depot.returned``);
        False (the default): it leaves the game."""
        return False

    def on_private_closed(self, private: Private, owner: str | None) -> None:
        """Called once a private has closed (:func:`railhouse.engine.privates.close_private`);
        ``owner`` held it.  Nothing by default."""

    def active_players(self) -> list[str]:
        """The ids of the players still in the game (not bankrupt), in seat order."""
        return [p.id for p in self.seats if not p.bankrupt]

    def concede(self, player_id: str) -> None:
        """``player_id`` concedes (the ``concede`` action, offered by the rounds and steps
        of a title that allows it, e.g. 1839 R-9.1 "at any time"): the title's rules for
        leaving the game.  No title concedes by default."""
        raise IllegalAction(f"{player_id} cannot concede in this game", "concession")

    def players_after(self, player_id: str) -> list[str]:
        """Active players in the order that breaks ties for a presidency, from the player
        after ``player_id`` (:mod:`railhouse.engine.shares`): seat order by default."""
        seats = self.active_players()
        if player_id not in seats:
            return seats
        start = seats.index(player_id)
        return seats[start + 1 :] + seats[: start + 1]

    # -- routes: the title's narrow overrides (railhouse.engine.routes) ----------------
    def route_problem(self, company_id: str) -> RouteProblem | None:
        """The company's route question now; None without a map or trains."""
        return routes.route_problem(self, self.companies[company_id])

    def route_operator(self, company: Company) -> Operator:
        return routes.default_operator(self, company)

    def route_run(self, company: Company) -> RunContext:
        return routes.default_run(self, company)

    def route_train(self, train: Train) -> RouteTrain:
        return routes.default_train(train)

    def route_bonus_applies(self, company: Company) -> bool:
        """Whether ``railhouse_route_bonus`` is asked for ``company``'s routes."""
        return True

    def market_of(self, company: Company) -> StockMarket:
        return self.markets[company.spec.market]

    def share_price(self, company: Company) -> int:
        """``company``'s price on its market (the market's ``prices``, kept as its marker
        moves: the stock round asks it of every company at every decision)."""
        return self.markets[company.spec.market].prices[company.id]

    def operating_companies(self) -> list[Company]:
        """The companies in play: floated and not closed."""
        return [c for c in self.companies.values() if c.floated and not c.closed]

    def operating_company_holding(self, train_id: str) -> Company | None:
        """The first of :meth:`operating_companies` holding ``train_id`` (a company
        offer's seller).  Asked of that method, so a title that changes which companies
        operate changes this answer too."""
        for company in self.operating_companies():
            for train in company.trains:
                if train.id == train_id:
                    return company
        return None

    # -- round machine -----------------------------------------------------------------
    def _next_round(self) -> None:
        finished = self.round
        if finished is not None and finished.kind == "stock":
            self.check_end("end_of_sr")
            if self.over:
                return
        nxt = self.hooks.next_round(self, finished)
        if nxt is None:
            self.end_game(self.pending_end or "no_more_rounds")
            return
        self.round = nxt
        self.round_number += 1
        self.event("round", {"round": nxt.describe()})
        nxt.start()

    def _settle(self) -> None:
        """Advance automatic play until a decision is needed or the game ends (a round
        machine that starts round after round without one is a bug)."""
        if self.end_reason is None and not self.pending:
            round_ = self.round
            assert round_ is not None
            round_.advance()
            if self.end_reason is None and not self.pending and round_.finished:
                self._next_rounds()

    def _next_rounds(self) -> None:
        """:meth:`_settle` once the current round advanced and finished: the next round
        starts and advances, and so on until a decision is needed or the game ends."""
        started = 0
        while True:
            started += 1
            if started >= 100_000:
                raise RuntimeError("the round machine did not settle")
            self._next_round()
            if self.end_reason is not None or self.pending:
                return
            round_ = self.round
            assert round_ is not None
            round_.advance()
            if self.end_reason is not None or self.pending or not round_.finished:
                return

    def check_end(self, moment: str) -> None:
        """Ask the title whether the game ends now; at the end of an operating round an
        end the rules scheduled in ``pending_end`` (1839 R-10.1.3: f300 reached in an OR
        ends the game at the end of that OR) ends it too."""
        reason = self.hooks.check_game_end(self, moment)
        if not reason and moment == "end_of_or":
            reason = self.pending_end
        if reason:
            self.end_game(reason)

    def end_game(self, reason: str) -> None:
        if self.end_reason is None:
            self.end_reason = reason
            self.pending.clear()
            self.event("game_over", {"reason": reason})
            self.hooks.game_over(self, self.result())

    # -- shares the title rules use --------------------------------------------------
    def unsold_location(self) -> str:
        return IPO if self.config.unsold_shares_at == IPO else TREASURY


#: the seat number of each usual player id ("p0" to "p15", as ``_build`` names the seats),
#: read where the id would otherwise be parsed (``seat_of``, ``player``: several times per
#: action); any other id is parsed as before
_SEAT_NUMBERS = {f"p{number}": number for number in range(16)}


def action_event(index: int, action: Action) -> Event:
    """The event of action ``index`` of the log, ``action``: its JSON-ready form."""
    return Event(index, "action", {"action": to_builtins(action)})


def _event_index(event: Event) -> int:
    return event.index


def _result_dict(result: GameResult) -> dict[str, Any]:
    return {"scores": list(result.scores), "ranks": list(result.ranks), "reason": result.reason}


def check_record_header(record: Mapping[str, Any]) -> None:
    for key in ("title", "players", "seed", "actions"):
        if key not in record:
            raise RecordError(f"game record has no {key!r}")
