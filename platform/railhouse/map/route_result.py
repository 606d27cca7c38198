"""What the route optimiser answers: the routes run and the revenue (:func:`best_routes`
in :mod:`optimize`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Route:
    """One train's route: ``stops`` are revenue-stop node names in travel order (cities
    ``"H9.c0"``, towns ``"H7.t0"``, off-boards ``"J1"``); ``segments`` the track paths used
    in order (``"H9:0-c0"``); ``revenue`` what it adds to the company's total."""

    train: str
    train_index: int
    stops: tuple[str, ...]
    segments: tuple[str, ...]
    revenue: int


@dataclass(frozen=True)
class RouteResult:
    """Best routes.  ``exact`` is False (with ``reason``) if a safety limit was hit; the
    routes are then legal but possibly not optimal."""

    revenue: int
    routes: tuple[Route, ...]
    exact: bool = True
    reason: str = ""
    candidates: int = 0
