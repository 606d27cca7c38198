"""``railhouse bench``: every performance figure, measured the same way by anyone.

:data:`railhouse.bench.suite.METRICS` lists the stable metric names; :func:`run_suite`
runs a selection and returns :class:`Metric` values (median, p95, spread, repeats, unit).
Positions come from seeded random playouts (:mod:`railhouse.bench.positions`), so runs
are comparable.  Speed targets live here, never in timed unit tests.
"""

from railhouse.bench.metric import Metric
from railhouse.bench.suite import FULL, METRICS, QUICK, run_suite, select

__all__ = ["FULL", "METRICS", "QUICK", "Metric", "run_suite", "select"]
