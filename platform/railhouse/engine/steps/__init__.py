"""Generic steps of a company's operating turn, with narrow override points.

A title's operating turn is a list of steps (``railhouse_operating_steps``); the steps every
18xx shares live here, and a title subclasses one only where its rules differ, overriding a
small method (in the manner of the 18xx.games engine), never the whole step:

- :class:`TurnStep`: the base: the acting company and the turn's state
  (``OperatingRound.turn``, a :class:`~railhouse.engine.turnstate.TurnState`: e.g.
  ``revenue`` and ``routes``, written by the route step).
- :class:`DividendStep`: pay out or withhold the turn's revenue.  Override points:
  :meth:`~DividendStep.dividend_kinds`, :meth:`~DividendStep.split`,
  :meth:`~DividendStep.pay_holders`, :meth:`~DividendStep.price_basis` and
  :meth:`~DividendStep.price_moved`.  The core asks ``railhouse_price_moves_after_dividend``
  for the share price moves and makes them.
- :class:`TrackStep`: lay and upgrade tiles through :mod:`railhouse.map.lays`.  Override
  points: :attr:`~TrackStep.tile_lays` (:class:`LaySlot`), :meth:`~TrackStep.powers`
  (:class:`LayPower`), :meth:`~TrackStep.only_hexes`, :meth:`~TrackStep.no_upgrade`,
  :meth:`~TrackStep.track_restriction` (:mod:`railhouse.map.restriction`),
  :meth:`~TrackStep.may_lay`, :meth:`~TrackStep.terrain_cost`, :meth:`~TrackStep.lay_cost`,
  :meth:`~TrackStep.lay_action` and :meth:`~TrackStep.laid`.
- :class:`HomeTokenStep` and :class:`TokenStep`: place the home token(s) and the turn's
  token through :mod:`railhouse.map.tokens`.  Override points: :meth:`~HomeTokenStep.homes`,
  :meth:`~HomeTokenStep.home_places`, :meth:`~HomeTokenStep.placed`;
  :meth:`~TokenStep.token_cost`, :meth:`~TokenStep.one_per`, :meth:`~TokenStep.powers`
  (:class:`TokenPower`), :meth:`~TokenStep.may_place`, :meth:`~TokenStep.other_actions`,
  :meth:`~TokenStep.finish`.
- :class:`BuyTrainStep`: buy trains from the depot and from other companies (the core's
  agreements), a forced purchase with the core's emergency money.  Override points:
  :meth:`~BuyTrainStep.depot_trains`, :meth:`~BuyTrainStep.depot_price`,
  :meth:`~BuyTrainStep.take_from_depot`, :meth:`~BuyTrainStep.bought_from_depot`,
  :meth:`~BuyTrainStep.must_buy_without_train`, :meth:`~BuyTrainStep.declined`,
  :meth:`~BuyTrainStep.emergency_raise`.  The phase changes through
  :func:`railhouse.engine.phases.train_bought`.
- :class:`RouteStep`: run the trains: the core computes the maximum-revenue routes from
  the title's route question (:mod:`railhouse.engine.routes`: ``Game.route_rules``,
  ``route_operator``, ``route_run``, ``route_train``, ``route_bonus_applies``) and fires
  ``railhouse_route_bonus`` itself; writes ``turn.revenue`` and ``turn.routes``.  Override
  point: :meth:`~RouteStep.best`.  :class:`ClaimedRouteStep`: the president claims the
  routes, checked for legality (18xx.games; SOH's 18xx-games rule set).  Override point:
  :meth:`~ClaimedRouteStep.chosen_by_president`.
- :class:`BuyPrivateStep`: buy a private from a player (agreement), in phases marked
  ``privates_buyable``.  Override points: :meth:`~BuyPrivateStep.may_buy`,
  :meth:`~BuyPrivateStep.buyable`; :func:`private_purchase_choices` serves a title that
  offers the purchase at any moment of the turn (1839).
- :class:`ShareIssueStep`: the company issues treasury shares or buys them back
  (:mod:`railhouse.engine.steps.issues`, the limits as :class:`IssueRules` data).
  Override points: :meth:`~ShareIssueStep.issue_rules`, :meth:`~ShareIssueStep.price_drop`,
  :meth:`~ShareIssueStep.open_now`.
- :class:`PhaseChangeStep`: the turn's last step where a phase begins at the end of the
  turn (``Game.phase_change_at_end_of_turn``).
- The discard of trains over the limit is :class:`railhouse.engine.phases.DiscardDecider`
  (``Game.discard_decider``).
"""

from railhouse.engine.steps.base import T, TurnStep
from railhouse.engine.steps.claims import ClaimedRouteStep
from railhouse.engine.steps.dividend import DividendStep, move_after_operating
from railhouse.engine.steps.issues import IssueRules, ShareIssueStep
from railhouse.engine.steps.mapstep import MapStep
from railhouse.engine.steps.phase import PhaseChangeStep
from railhouse.engine.steps.privates import BuyPrivateStep, private_purchase_choices
from railhouse.engine.steps.routes import RouteStep
from railhouse.engine.steps.tokens import (
    HomeTokenStep,
    Place,
    TokenPower,
    TokenStep,
    free_circles,
    listed_placement,
    place_token,
    places_left,
)
from railhouse.engine.steps.track import NOT_IF_UPGRADED, LayPower, LaySlot, TrackStep, power_of
from railhouse.engine.steps.trains import BuyTrainStep, CompletePurchase, ForcedPurchase, acquire

__all__ = [
    "NOT_IF_UPGRADED",
    "BuyPrivateStep",
    "BuyTrainStep",
    "ClaimedRouteStep",
    "CompletePurchase",
    "DividendStep",
    "ForcedPurchase",
    "HomeTokenStep",
    "IssueRules",
    "LayPower",
    "LaySlot",
    "MapStep",
    "PhaseChangeStep",
    "Place",
    "RouteStep",
    "ShareIssueStep",
    "T",
    "TokenPower",
    "TokenStep",
    "TrackStep",
    "TurnStep",
    "acquire",
    "free_circles",
    "listed_placement",
    "move_after_operating",
    "place_token",
    "places_left",
    "power_of",
    "private_purchase_choices",
]
