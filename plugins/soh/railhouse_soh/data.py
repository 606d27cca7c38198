"""Steam Over Holland as data: cash, limits, market, trains, phases, companies, privates.

Sources: rules-english.md (EN) and facts/soh.md, whose section numbers are cited.
"""

from __future__ import annotations

from railhouse.engine.config import (
    CompanySpec,
    MarketCell,
    MarketSpec,
    PhaseSpec,
    PrivateSpec,
    TitleConfig,
    TrainSpec,
)

STARTING_CASH = {2: 600, 3: 400, 4: 300, 5: 240}  # EN "Game preparation"
CERTIFICATE_LIMIT = {2: 18, 3: 16, 4: 14, 5: 12}  # EN "Maximum number of certificates"

# EN "Adjusting share price"; facts §2: 20 spaces, par 65-100, ledges below 110/160/240/330,
# 360 ends the game.
_PRICES = (50, 55, 60, 65, 70, 75, 80, 90, 100, 110, 125, 140, 160, 180, 210, 240, 270, 300,
           330, 360)
_PARS = {65, 70, 75, 80, 90, 100}
_LEDGE_ABOVE = {110, 160, 240, 330}  # "There are ledges below the 110, 160, 240 and 330"

MARKET = MarketSpec(
    id="main",
    rows=(tuple(
        MarketCell(price=p, par=p in _PARS, ledge_below=p in _LEDGE_ABOVE, end_game=p == 360)
        for p in _PRICES
    ),),
)

# facts §3: counts per player count are the same for every count; 6 and 3E are separate
# stacks of 6 each (EN: 27 train cards), on sale together (group 4).
TRAINS = (
    TrainSpec("2", 2, 100, {n: 5 for n in range(2, 6)}, rusts_on="4", group=0),
    TrainSpec("3", 3, 200, {n: 4 for n in range(2, 6)}, rusts_on="5", group=1),
    TrainSpec("4", 4, 300, {n: 3 for n in range(2, 6)}, rusts_on="6", group=2),
    TrainSpec("5", 5, 400, {n: 3 for n in range(2, 6)}, group=3),
    TrainSpec("6", 6, 500, {n: 6 for n in range(2, 6)}, group=4),
    TrainSpec("3E", 3, 600, {n: 6 for n in range(2, 6)}, kind="E", multiplier=2, group=4),
)

# EN "Phases 2 to 6"; the first 6 or 3E starts phase 6.
PHASES = (
    PhaseSpec("2", (), ("yellow",), 4, offboard_column=0),
    PhaseSpec("3", ("3",), ("yellow", "green"), 4, events=("privates_buyable",)),
    PhaseSpec("4", ("4",), ("yellow", "green"), 3, events=("privates_buyable",)),
    PhaseSpec("5", ("5",), ("yellow", "green", "brown"), 2, events=("close_privates",),
              offboard_column=1),
    PhaseSpec("6", ("6", "3E"), ("yellow", "green", "brown"), 2, offboard_column=1),
)

# EN "Companies"; homes per facts §5 / §8.6.  Amsterdam city 0 = SW+SE (NRS), 1 = W+NW.
COMPANIES = (
    CompanySpec("NBD", "Noord Brabantsch Duitse Spoorweg Maatschappij", ("K12",), "#1f4fd8",
                "#ffffff"),
    CompanySpec("HYSM", "Hollandsche IJzeren Spoorweg Maatschappij", ("F9",), "#0a7d2c",
                "#ffffff", home_city=1),
    CompanySpec("NRS", "Nederlansche Rijnspoorweg", ("F9",), "#f2d21b", "#000000", home_city=0),
    CompanySpec("OSM", "Overijsselsche Spoorweg Maatschappij", ("E14",), "#111111", "#ffffff"),
    CompanySpec("AR", "Société Anonyme des Chemins de Fer d'Anvers à Rotterdam", ("J7",),
                "#d62828", "#ffffff"),
    CompanySpec("NCS", "Nederlansche Centraal Spoorweg Maatschappij", ("H9",), "#7b2cbf",
                "#ffffff"),
    CompanySpec("NSM", "Nijmeegsche Spoorweg Maatschappij", ("I12",), "#f5f5f5", "#000000"),
)

# EN "Private companies"; ids follow 18xx.games' symbols so imported records map directly.
PRIVATES = (
    PrivateSpec("SMAS", 1, "Spoorweg Maatschappij Almelo - Salzbergen", 20, 5, ("extra_tile",),
                text="One time place or upgrade one extra tile, free of charge; then closes."),
    PrivateSpec("KKI", 2, "Koninklijk Korps van Ingenieurs", 40, 10, ("river_free",),
                text="Pays one time the costs for crossing a river; then closes."),
    PrivateSpec("VES", 3, "Veerdienst Enkhuizen - Stavoren", 75, 15, ("ferry_bonus",),
                text="fl. 20 bonus revenue for the owning company if it uses the ferry."),
    PrivateSpec("VVL", 4, "Veerdienst Vlissingen - Londen", 75, 15, ("vlissingen_bonus",),
                text="fl. 20 bonus each time the owning company starts or ends a route in "
                "Vlissingen."),
    PrivateSpec("RW", 5, "Rijks Waterstaat", 80, 20, ("free_token",),
                text="Pays one time the cost of placing a company token; then closes."),
    PrivateSpec("W", 6, "Werkspoor", 100, 20, ("train_discount",),
                text="10% discount on all trains the owning company buys from the bank."),
    PrivateSpec("KO", 7, "Koninklijke Ondersteuning", 100, 10, ("nrs_share",),
                text="The buyer also gets one share of the NRS; NRS receives a subsidy when "
                "started."),
)


def config() -> TitleConfig:
    return TitleConfig(
        starting_cash=STARTING_CASH,
        certificate_limit=CERTIFICATE_LIMIT,
        companies=COMPANIES,
        privates=PRIVATES,
        trains=TRAINS,
        phases=PHASES,
        markets=(MARKET,),
        max_holding_percent=60,
        pool_limit_percent=50,
        unsold_shares_at="treasury",
        phase_change_at_end_of_turn=True,
    )
