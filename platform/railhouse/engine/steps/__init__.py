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
- The discard of trains over the limit is :class:`railhouse.engine.phases.DiscardDecider`.
"""

from railhouse.engine.steps.base import T, TurnStep
from railhouse.engine.steps.dividend import DividendStep, move_after_operating

__all__ = ["DividendStep", "T", "TurnStep", "move_after_operating"]
