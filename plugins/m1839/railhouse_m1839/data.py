"""1839's tables as data: companies (R-14.5), privates (R-14.3), trains and phases (R-17.1,
R-4.4), cash and limits (R-4.3, R-2.8).

Train names are the rulebook's (2, 2+1, 3, 3+, 4+, R5, R4+1, R4, PR2+, PR3+1, 4, 7); the
train ``group`` is the rank, so only the current rank is on sale (R-8.3.D.3).  Phase ids are
the contract's colour codes (LY ... PU).  The government railway NS is not a company with
shares; ``NS`` is only the owner id of its station markers (``NS_SPEC`` documents its kind).
"""

from __future__ import annotations

from railhouse.engine.config import (
    CompanySpec,
    PhaseSpec,
    PrivateSpec,
    TitleConfig,
    TrainSpec,
)
from railhouse_m1839.markets import LOCAL, MAJOR, market_specs

NS = "NS"
NS_SPEC = CompanySpec(id=NS, name="Nederlandsche Spoorwegen (government)", home=(),
                      shares=(), kind="government")

# -- public companies (R-14.5) -------------------------------------------------------------
_MAJORS = (
    ("AMS", "Aken-Maastrichtsche Spoorweg-Maatschappij", ("L17", "N15"), 5, "#c0392b"),
    ("HIJSM", "Hollandsche IJzeren Spoorweg-Maatschappij", ("B13", "G8"), 4, "#e67e22"),
    ("MSS", "Maatschappij tot Exploitatie van Staatsspoorwegen", ("B19", "K12"), 5, "#2c3e50"),
    ("NBDS", "Noord-Brabantsch-Duitsche Spoorweg-Maatschappij", ("K8", "L13"), 4, "#27ae60"),
    ("NCS", "Nederlandsche Centraal Spoorweg-Maatschappij", ("G10", "H13"), 3, "#8e44ad"),
    ("NRS", "Nederlandsche Rhijnspoorweg-Maatschappij", ("I12", "I16", "K16"), 3, "#2980b9"),
    ("NWS", "Nederlandsche Westfaalsch Spoorweg-Maatschappij", ("G16", "F17"), 5, "#7f8c8d"),
    ("ZHESM", "Zuid-Hollandsche Electricsche Spoorweg-Maatschappij", ("E10", "H5"), 5,
     "#d4ac0d"),
)
MAJOR_IDS = tuple(m[0] for m in _MAJORS)
LOCAL_IDS = tuple(f"L{i}" for i in range(1, 9))
STATION_FEE = 80  # .B.2


def _token_costs(markers: int) -> tuple[int, ...]:
    """Two home markers are free; every further marker costs the flat f80 (R-8.3.B.2)."""
    return (0, 0) + (STATION_FEE,) * (markers - 2)


def companies() -> tuple[CompanySpec, ...]:
    """NRS's home tuple is Utrecht then the Arnhem/Venlo choice (R-8.3.1).  Locals have no
    homes until parred: the game replaces their spec with the two chosen hexes (R-7.5.5)."""
    majors = tuple(
        CompanySpec(id=cid, name=name, home=home, color=color, text_color="#ffffff",
                    token_costs=_token_costs(markers), market=MAJOR, kind="major",
                    extra={"markers": markers})
        for cid, name, home, markers, color in _MAJORS
    )
    locals_ = tuple(
        CompanySpec(id=cid, name=f"Lokaalspoorwegen #{cid[1:]}", home=(), color="#f5e6a8",
                    token_costs=_token_costs(3), market=LOCAL, kind="local",
                    extra={"markers": 3})
        for cid in LOCAL_IDS
    )
    return majors + locals_


# -- privates (R-14.3) --------------------------------------------------------------------
_PRIVATES = (
    # id, name, colour, face, revenue, players, closes-at-phase
    ("LP", "Lodewijk Pincoffs", "yellow", 90, 0, (2, 3, 4), "DY"),
    ("JJB", "J J Beijnes", "yellow", 100, 0, (2, 3, 4), "DG"),
    ("LVG", "Het Laantje van Van der Gaag", "green", 90, 10, (2, 3, 4), "GR"),
    ("SRV", "Spoorlijn Roosendaal - Vlissingen", "green", 100, 10, (2, 3, 4), "GR"),
    ("KR", "Kabinet-Rochussen", "blue", 110, 30, (2, 3, 4), "GR"),
    ("KF", "Koninklijke Fabriek van Stoom en andere Werktuigen", "blue", 120, 0, (3, 4), "GR"),
    ("DRU", "Diepenbrock en Reigers te Ulft", "blue", 130, 0, (2, 3, 4), "DBr"),
    ("CM", "Credit Mobilier", "blue", 140, 0, (4,), "DBr"),
    ("STK", "Weefgoederenfabrique C.T. Stork & Co", "blue", 240, 30, (2, 3, 4), "GR"),
    ("CO", "Cornelis Outshoorn", "brown", 200, 40, (2, 3, 4), "LBr"),
    ("AB", "August Borsig", "brown", 210, 40, (2, 3, 4), "LBr"),
    ("AV", "Albert Voombergh", "brown", 240, 60, (2, 3, 4), "LBr"),
    ("RH", "Rotterdamsch Handelsvereeniging", "red", 0, -100, (4,), None),
)
BROWN_PRIVATES = ("CO", "AB", "AV")
NEW_LOCAL_PRIVATES = ("LP", "JJB", *BROWN_PRIVATES)
GREEN_PRIVATES = ("LVG", "SRV")
KF_STEP = 20
CM_PAYOUT = 800
RH_CHARGE = 100
NEW_LOCAL_FALLBACK = 80
#: the powers a company uses through the core's ``power_of`` (R-14.3.12): LVG's extra
#: yellow lay (R-14.3.3), SRV's lay and station on Arnhem/Venlo (R-14.3.4)
EXTRA_LAY = "extra_yellow_lay"
NRS_HEX_LAY = "arnhem_venlo_lay"
ABILITIES = {"LVG": (EXTRA_LAY,), "SRV": (NRS_HEX_LAY,)}


def privates() -> tuple[PrivateSpec, ...]:
    return tuple(
        PrivateSpec(id=pid, number=i + 1, name=name, value=face, revenue=revenue,
                    abilities=ABILITIES.get(pid, ()), closes_on_phase=closes,
                    extra={"colour": colour, "players": players})
        for i, (pid, name, colour, face, revenue, players, closes) in enumerate(_PRIVATES)
    )


# -- trains and phases (R-17.1, R-4.4, R-16.1) ----------------------------------------------
# phase, train, kind, distance, 2p/3p/4p counts, cost, rusts-when-phase-starts, R train, P
_RANKS = (
    ("LY", "2", "N", 2, (5, 5, 5), 80, "DG", False, False),
    ("DY", "2+1", "N+1", 2, (4, 4, 4), 120, "BL", False, False),
    ("LG", "3", "N", 3, (5, 5, 5), 140, "LBr", False, False),
    ("DG", "3+", "N+", 3, (3, 3, 3), 180, "MBr", False, False),
    ("BL", "4+", "N+", 4, (4, 3, 4), 240, "DBr", False, False),
    ("LBr", "R5", "N", 5, (4, 4, 4), 320, "LR", True, False),
    ("MBr", "R4+1", "N+1", 4, (2, 2, 2), 340, "DR", True, False),
    ("DBr", "R4", "N", 4, (3, 3, 3), 380, "GR", True, False),
    ("LR", "PR2+", "N+", 2, (4, 4, 4), 240, "PU", True, True),
    ("DR", "PR3+1", "N+1", 3, (2, 2, 2), 260, "PU", True, True),
    ("GR", "4", "N", 4, (3, 3, 4), 460, None, False, False),
    ("PU", "7", "N", 7, (0, 0, 0), 640, None, False, False),
)
PHASE_IDS = tuple(r[0] for r in _RANKS)
TRAIN_OF_PHASE = {r[0]: r[1] for r in _RANKS}
RUSTING_RANKS = frozenset(r[0] for r in _RANKS if any(x[6] == r[0] for x in _RANKS))


def trains() -> tuple[TrainSpec, ...]:
    """The purple 7 is unlimited (R-4.4).  One R4 is taken out for DRU at setup (R-4.5)."""
    specs = []
    for rank, (_phase, name, kind, dist, counts, cost, rusts, r_train, _p) in enumerate(
            _RANKS, start=1):
        by_players: dict[int, int | None] = dict(zip((2, 3, 4), counts, strict=True))
        if name == "7":
            by_players = {2: None, 3: None, 4: None}
        specs.append(TrainSpec(
            name=name, distance=dist, price=cost, counts=by_players, kind=kind,
            rusts_on=rusts, rust_after_run=r_train, group=rank,
        ))
    return tuple(specs)


def is_r_train(spec: TrainSpec) -> bool:
    """R modifier (R-16.1): re-counts stops and rusts after its next run (R-16.5.2)."""
    return spec.rust_after_run


def max_offboards(spec: TrainSpec) -> int | None:
    """P modifier (R-16.1): a PR train's route holds at most one off-board."""
    return 1 if spec.name.startswith("P") else None


_TILES = {"LY": ("yellow",), "LG": ("yellow", "green"), "LBr": ("yellow", "green", "brown"),
          "GR": ("yellow", "green", "brown", "gray")}


def _phase_events(phase: str) -> tuple[str, ...]:
    """R-17.2's one-off effects beyond rusting and closing privates (trains.PHASE_EVENTS):
    a rusting phase rusts a held DRU train (A-28) and opens the nationalisation window
    (R-8.3.8); dark red converts Locals (R-13.5)."""
    events: tuple[str, ...] = ()
    if phase in RUSTING_RANKS:
        events += ("held_train_rusts", "nationalisation_window")
    if phase == "DR":
        events += ("convert_locals",)
    return events


def phases() -> tuple[PhaseSpec, ...]:
    """R-17.1 table.  ``train_limit`` of LR is the A-02 default (the game reads the option).
    ``extra``: ``number`` 1..12, ``dividends``, ``major_pars``, ``barriers`` (R-12.7)."""
    result = []
    tiles: tuple[str, ...] = ()
    for number, (phase, name, *_rest) in enumerate(_RANKS, start=1):
        tiles = _TILES.get(phase, tiles)
        result.append(PhaseSpec(
            name=phase,
            on_trains=() if number == 1 else (name,),
            tiles=tiles,
            train_limit=3 if number <= 8 else 2,
            operating_rounds=1 if number <= 2 else (2 if number <= 8 else 3),
            offboard_column=0 if number <= 5 else (1 if number <= 10 else 2),
            events=_phase_events(phase),
            extra={
                "number": number,
                "dividends": ("half", "withhold") if number <= 4 else ("payout", "withhold"),
                "major_pars": (67, 74, 82) if number <= 4 else ((67, 74) if number == 5
                                                                 else (67,)),
                "barriers": number <= 8,
            },
        ))
    return tuple(result)


STARTING_CASH = {2: 700, 3: 500, 4: 420}


def config() -> TitleConfig:
    """No certificate limit and no pool limit (R-2.8); unlimited bank (R-2.5, A-48)."""
    return TitleConfig(
        starting_cash=STARTING_CASH,
        certificate_limit={2: None, 3: None, 4: None},
        companies=companies(),
        privates=privates(),
        trains=trains(),
        phases=phases(),
        markets=market_specs(),
        bank_cash=None,
        max_holding_percent=60,
        pool_limit_percent=None,
        unsold_shares_at="ipo",
    )
