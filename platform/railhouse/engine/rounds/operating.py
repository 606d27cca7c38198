"""The operating round: private income, then each floated company takes one turn.

The operating order is derived from the markets and recomputed after every company
(SOH EN "Operating rounds"; 1839 R-8.2.3): the next company is the first, in the title's
order, among floated companies that have not operated in this round.  A company's turn is
the ordered list of steps the title returns from ``railhouse_operating_steps``; an action
goes to the first step that is not done.

Any-moment choices (1839 R-8.3.10 "at any moment of its turn", R-14.3.7, R-9.1): a title
lists their action kinds in :attr:`OperatingRound.anytime_kinds` and offers them with
:meth:`OperatingRound.anytime_choices`; they are offered at every decision of a step that
waits for the operating company (steps that resolve themselves offer no moment), after the
step's own choices, and carried out by :meth:`OperatingRound.process_anytime`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from railhouse.engine.actions import Action, LegalAction, find_admitting
from railhouse.engine.errors import IllegalAction
from railhouse.engine.privates import revenue_of
from railhouse.engine.rounds.base import Decider, G, Round, Step
from railhouse.engine.rounds.turnplan import MADE_AT_START, StepPlan, plan_turn
from railhouse.engine.turnstate import TurnState

if TYPE_CHECKING:
    from railhouse.engine.entities import Company, Private


class OperatingRound(Round[G]):
    kind = "operating"
    rule = "operating round"
    #: the action kinds of the company's any-moment choices (module doc); none by default
    anytime_kinds: tuple[type[Action], ...] = ()

    def __init__(self, game: G, number: int, of: int, set_number: int = 0) -> None:
        super().__init__(game)
        self.number = number
        self.of = of
        self.set_number = set_number
        self.operated: list[str] = []
        self.company: Company | None = None
        #: the turn's steps made so far, in turn order, and the factories of all of them
        #: (each step is made when the turn reaches it, :mod:`~.turnplan`; a title that
        #: answers with made steps has them all in ``_made`` and plans nothing)
        self._made: list[Step[G]] = []
        self._plan: StepPlan = MADE_AT_START
        #: the first open step :meth:`current_step` found, and where
        self._open_step: Step[G] | None = None
        self._open = 0
        #: the current turn's state (the title's ``Game.turn_state`` class)
        self.turn: TurnState = game.turn_state()

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "number": self.number, "of": self.of, "set": self.set_number}

    def start(self) -> None:
        self.pay_private_income()

    # -- title knobs -------------------------------------------------------------------
    def pay_private_income(self) -> None:
        """Each open, owned private pays its owner its revenue in the current phase; a
        negative revenue is charged to the owner (:mod:`railhouse.engine.privates`)."""
        game = self.game
        for private in game.privates.values():
            if private.closed or private.owner is None:
                continue
            amount = self.private_revenue(private)
            if amount > 0:
                game.pay(game.bank, game.payer(private.owner), amount)
            elif amount < 0:
                self.charge_private_owner(private.owner, -amount)
            else:
                continue
            game.event("private_income", {"private": private.id, "owner": private.owner,
                                          "amount": amount})

    def private_revenue(self, private: Private) -> int:
        """What ``private`` pays its owner now: its revenue in the current phase
        (:func:`railhouse.engine.privates.revenue_of`); a title with revenues of another
        kind (1839 R-14.3.6, KF's growing revenue) overrides this."""
        return revenue_of(self.game, private)

    def charge_private_owner(self, owner: str, amount: int) -> None:
        """The owner of a negative-revenue private pays ``amount`` to the bank.  The core
        takes what the owner has and no more; a title with emergency money raising for
        the charge (1839 R-8.1.2, R-8.4) overrides this."""
        game = self.game
        payer = game.payer(owner)
        game.pay(payer, game.bank, min(amount, payer.cash))

    def order(self) -> list[str]:
        """Companies in operating order (all markets; the title may override)."""
        return self.order_of([c.id for c in self.game.operating_companies()])

    def order_of(self, companies: list[str]) -> list[str]:
        """``companies`` in operating order: each market's, in the markets' order (a market
        orders a subset as it orders them all, ``StockMarket.order``)."""
        ordered: list[str] = []
        for part in self.market_orders(companies):
            ordered.extend(part)
        return ordered

    def market_orders(self, companies: list[str]) -> Iterator[list[str]]:
        """:meth:`order_of` market by market: each market's order of ``companies``, in the
        markets' order (their concatenation is :meth:`order_of`)."""
        for market in self.game.markets.values():
            yield market.order(companies)

    def on_turn_start(self, company: Company) -> None:
        """Hook before a company's first step."""

    def on_turn_end(self, company: Company) -> None:
        """Hook after a company's last step."""

    def anytime_choices(self, company: Company) -> list[LegalAction]:
        """The operating company's any-moment choices now (kinds in :attr:`anytime_kinds`)."""
        return []

    def process_anytime(self, company: Company, action: Action) -> None:
        """Carry out an any-moment choice already validated against :meth:`anytime_choices`."""
        raise NotImplementedError

    # -- machine -----------------------------------------------------------------------
    def next_company(self) -> Company | None:
        """The first company in :meth:`order` that has not operated in this round.  With
        the core's order only the companies yet to operate are put in order (the first of
        them is the first of the whole order that has not operated), none at the end of
        the round, and only up to the first market that has one of them (the markets'
        orders follow one another, :meth:`market_orders`), whose first of them it is
        (``StockMarket.first``)."""
        game = self.game
        operated = self.operated
        if type(self).order is not OperatingRound.order:
            ordered = [c for c in self.order() if c not in operated]
            return game.companies[ordered[0]] if ordered else None
        waiting = [c.id for c in game.operating_companies() if c.id not in operated]
        if not waiting:
            return None
        cls = type(self)
        if cls.order_of is OperatingRound.order_of and (
                cls.market_orders is OperatingRound.market_orders):
            for market in game.markets.values():  # its first of them, not its whole order
                first = market.first(waiting)
                if first is not None:
                    return game.companies[first]
            return None
        parts = (self.market_orders(waiting) if cls.order_of is OperatingRound.order_of
                 else (self.order_of(waiting),))
        for part in parts:
            if part:
                return game.companies[part[0]]
        return None

    @property
    def steps(self) -> list[Step[G]]:
        """The turn's steps, every one made (those the turn has not reached too): for
        readers of the whole turn (the SOH exporter and importer, tests).  Play itself
        makes a step only when the turn reaches it (:meth:`current_step`)."""
        made, plan = self._made, self._plan
        if len(made) < len(plan):
            assert self.company is not None
            made.extend(make(self.game, self.company.id) for make in plan[len(made):])
        return made

    def current_step(self) -> Step[G] | None:
        """The turn's first step that is not done.  A step's ``done`` never turns back to
        False, so the step found last is still the answer while it is not done; else the
        search goes on from where it was found (:meth:`begin_turn` starts it over), making
        each step it reaches: the round asks this several times per action, and a turn
        has a dozen steps."""
        step = self._open_step
        if step is not None and not step.done:
            return step
        made, plan, index = self._made, self._plan, self._open
        count = len(plan) or len(made)
        while index < count:
            if index < len(made):
                step = made[index]
            else:  # the turn reaches a step not made yet: made now (the plan's next)
                step = plan[index](self.game, self.company.id)  # type: ignore[union-attr]
                made.append(step)
            if not step.done:
                self._open_step, self._open = step, index
                return step
            index += 1
        self._open_step, self._open = None, index
        return None

    def advance(self) -> None:
        game = self.game
        looking_ahead = game.looking_ahead  # (unchanged while the round advances)
        while not self.finished and game.end_reason is None and not game.pending:
            if self.company is None:
                company = self.next_company()
                if company is None:
                    self.finish()
                    return
                self.begin_turn(company)
                continue
            step = self.current_step()
            if step is None:
                self.end_turn()
                continue
            if looking_ahead and step.open_if_chosen:
                game.deferred = step  # the next action may prove it open (Game.apply)
                return
            if not step.auto():
                return

    def begin_turn(self, company: Company) -> None:
        self.company = company
        self.operated.append(company.id)
        self.turn = self.game.turn_state()
        self.on_turn_start(company)
        self._plan, self._made = plan_turn(
            self.game, company.id, self.game.hooks.operating_steps(self.game, company))
        self._open_step, self._open = None, 0
        self.game.event("operate", {"company": company.id})

    def end_turn(self) -> None:
        """The company's turn is over: it counts as an operating turn of the company unless
        the company left play during it (1839: nationalised, R-14.7.2; a Local "can be
        floated again as new companies", R-14.7.3 / rules.md 14.3.2.1.1, and a new
        company's first run places its home markers, R-8.3.1)."""
        company = self.company
        assert company is not None
        if company.floated:
            company.operated_count += 1
        self.on_turn_end(company)
        self.company = None
        self._plan, self._made = MADE_AT_START, []
        self._open_step, self._open = None, 0
        self.game.check_end("end_of_operating_turn")

    def finish(self) -> None:
        self.finished = True
        for market in self.game.markets.values():
            market.turn_face_up()  # 1839; nothing to do where no marker is face down
        self.game.check_end("end_of_or")
        if self.number >= self.of and not self.game.over:
            self.game.check_end("end_of_or_set")

    # -- decisions ---------------------------------------------------------------------
    def acting_entity(self) -> str | None:
        step = self.current_step()
        return None if step is None else step.acting_entity()

    def answerer(self, action: Action) -> Decider[G]:
        """The current step, unless ``action`` is of an any-moment kind (the round judges
        and carries out those itself): for any other action the round passes the acting
        entity, normalising, validating and processing on to the step."""
        kinds = self.anytime_kinds
        if kinds and isinstance(action, kinds):
            return self
        step = self.current_step()
        return self if step is None else step

    def legal_actions(self) -> list[LegalAction]:
        step = self.current_step()
        if step is None:
            return []
        own = self.game.legal_for(step)
        return own + self.anytime(step) if own and self.anytime_kinds else own

    def anytime(self, step: Step[G]) -> list[LegalAction]:
        """The any-moment choices at ``step``'s decision, if it waits for the company."""
        company = self.company
        if company is None or step.acting_entity() != company.id:
            return []
        return self.anytime_choices(company)

    def normalise(self, action: Action) -> Action:
        step = self.current_step()
        return action if step is None else step.normalise(action)

    def validate(self, action: Action) -> None:
        step = self.current_step()
        assert step is not None
        if isinstance(action, self.anytime_kinds) and self.game.legal_for(step):
            if find_admitting(self.anytime(step), action) is None:
                raise IllegalAction(f"{type(action).__name__} by {action.entity} is not "
                                    "legal now", self.rule)
            return
        step.validate(action)

    def process(self, action: Action) -> None:
        step = self.current_step()
        assert step is not None
        if isinstance(action, self.anytime_kinds) and self.company is not None:
            self.process_anytime(self.company, action)
            return
        step.process(action)
