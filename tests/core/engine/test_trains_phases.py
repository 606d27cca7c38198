"""Trains and phases as data: counts, availability, phase changes, rusting, train limits."""

from __future__ import annotations

from engine_positions import mini, start

from railhouse.engine.actions import DiscardTrain
from railhouse.engine.config import TrainSpec
from railhouse.engine.invariants import find_problems
from railhouse.engine.phases import DiscardDecider, apply_pending_phase, train_bought
from railhouse.engine.privates import update_private
from railhouse.engine.trains import build_depot, rust_trains
from railhouse.gamehooks import GameHooks
from railhouse.hookspecs import hookimpl


def give(game, company_id: str, train_name: str):  # type: ignore[no-untyped-def]
    company = game.companies[company_id]
    train = next(t for t in game.depot.available() if t.name == train_name)
    game.depot.take(train.id)
    train = train.to(company_id)
    company.trains.append(train)
    return train


def test_train_counts_depend_on_the_player_count() -> None:
    for players, twos in ((2, 3), (3, 4), (4, 5)):
        depot = mini(players).depot
        assert sum(1 for t in depot.trains if t.name == "2") == twos
    assert "D" in mini().depot.unlimited


def test_trains_are_available_group_by_group_in_order() -> None:
    game = mini(2)
    assert {t.name for t in game.depot.available()} == {"2"}
    for _ in range(3):
        game.depot.take(game.depot.available()[0].id)
    assert {t.name for t in game.depot.available()} == {"3"}


def test_the_depot_keeps_its_trains_in_group_order_whatever_the_data_order() -> None:
    """``Depot.available`` stops at the first train of a later group: the depot is built
    in group order (the title's order within a group) and the invariants check it."""
    twos = TrainSpec("2", 2, 80, {2: 2}, group=0)
    threes = TrainSpec("3", 3, 180, {2: 2}, group=1)
    fours = TrainSpec("4", 4, 300, {2: 1}, group=1)
    depot = build_depot((threes, twos, fours), 2)
    assert [t.id for t in depot.trains] == ["2-0", "2-1", "3-0", "3-1", "4-0"]
    assert [t.name for t in depot.available()] == ["2"]
    depot.take("2-0")
    depot.take("2-1")
    assert [t.name for t in depot.available()] == ["3", "4"]
    game = mini(2)
    game.depot.trains.reverse()
    assert "the depot's trains are not in group order" in find_problems(game)


def test_unlimited_trains_get_fresh_ids() -> None:
    game = mini(2)
    game.depot.trains.clear()
    first = game.depot.available()[0]
    assert first.name == "D" and game.depot.take(first.id).id == "D-0"
    assert game.depot.available()[0].id == "D-1"


class PhaseLog:
    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []

    @hookimpl
    def railhouse_phase_changed(self, old, new) -> None:  # type: ignore[no-untyped-def]
        self.seen.append((old.name, new.name))


def test_first_train_of_a_type_changes_the_phase_at_once_with_hook_and_event() -> None:
    from minititle import MiniGame, MiniRules

    log = PhaseLog()
    game = MiniGame(["a", "b"], hooks=GameHooks(rules=MiniRules(), observers=[log]))
    train_bought(game, "2")
    assert game.phase.name == "2" and log.seen == []
    train_bought(game, "4")  # skipping phase 3: both changes fire, in order
    assert game.phase.name == "4" and log.seen == [("2", "3"), ("3", "4")]
    assert [e.data["phase"] for e in game._events if e.kind == "phase"] == ["3", "4"]


def test_rusting_is_immediate_or_after_the_next_run_r_16_5_2() -> None:
    game = mini()
    start(game, "A", "p0", 70).floated = True
    two = give(game, "A", "2")
    game.depot.trains = [t for t in game.depot.trains if t.spec.group >= 1]
    three = give(game, "A", "3")
    removed = rust_trains(game, "4")
    assert removed == [two.id]
    trains = game.companies["A"].trains
    assert trains == [three] and trains[0].rusted  # runs once more
    trains[0] = trains[0].having_run()
    assert rust_trains(game, "4") == [three.id]


def test_over_the_new_train_limit_the_president_discards_en_number_of_trains() -> None:
    game = mini()
    company = start(game, "A", "p0", 70)
    company.floated = True
    for _ in range(3):
        give(game, "A", "2")
    game.pending_phase = 2  # phase "4": limit 2, the 2-trains rust
    game.depot.trains = [t for t in game.depot.trains if t.spec.group >= 1]
    give(game, "A", "3")
    give(game, "A", "3")
    game.depot.trains = [t for t in game.depot.trains if t.spec.group >= 2]
    give(game, "A", "4")
    apply_pending_phase(game)
    decider = game.decider()
    assert isinstance(decider, DiscardDecider) and game.acting_entity() == "A"
    assert [t.name for t in company.trains] == ["3", "3", "4"]  # 3s rust after next run
    game.apply(DiscardTrain(entity="A", train=company.trains[0].id))
    assert len(company.trains) == 2 and not game.pending


def test_phase_dependent_operating_round_count() -> None:
    game = mini()
    assert game.phase.operating_rounds == 1
    train_bought(game, "3")
    assert game.phase.operating_rounds == 2


def test_privates_close_when_the_phase_their_data_names_starts_en_notes_on_privates() -> None:
    """Closing conditions as data (``PrivateSpec.closes_on_phase``; SOH EN "Notes on
    private companies": every private closes at the start of phase 5)."""
    from dataclasses import replace

    from minititle import CONFIG, MiniGame

    privates = tuple(replace(p, closes_on_phase="4") if p.id != "P1" else p
                     for p in CONFIG.privates)

    class Closing(MiniGame):
        config = replace(CONFIG, privates=privates)

    game = Closing(["A", "B", "C"])
    start(game, "A", "p0", 70)
    update_private(game, "P2", owner="A")
    game.companies["A"].privates.append("P2")
    update_private(game, "P3", owner="p1")
    update_private(game, "P1", owner="p1")
    train_bought(game, "3")
    assert not any(p.closed for p in game.privates.values())
    train_bought(game, "4")  # phase 4 starts
    assert game.privates["P2"].closed and game.privates["P3"].closed
    assert not game.privates["P1"].closed and game.companies["A"].privates == []
    closed = [e.data for e in game.events_since(-1) if e.kind == "private_closed"]
    assert [d["private"] for d in closed] == ["P2", "P3"] and closed[0]["reason"] == "phase 4"


def test_discards_for_sale_return_to_the_depot_until_their_type_rusts() -> None:
    """18xx.games ``DISCARDED_TRAINS = :discard`` (SOH 18xx-games rule set, facts §11.2
    "Discarded trains"): a train discarded over the limit is on sale again; it rusts with
    its type.  By default it leaves the game."""
    from minititle import MiniGame

    from railhouse.engine.phases import discard_train

    class Returning(MiniGame):
        def discards_for_sale(self) -> bool:
            return True

    for for_sale in (False, True):
        game = (Returning if for_sale else MiniGame)(["P0", "P1", "P2"])
        company = start(game, "A", "p0", 70)
        two = give(game, "A", "2")
        discard_train(game, company, two)
        assert two in game.depot.discarded
        assert (two in game.depot.for_sale()) is for_sale
        if for_sale:
            assert game.depot.take_for_sale(two.id) == two  # the same card, now unowned
            assert two not in game.depot.discarded and not game.depot.returned
            give(game, "A", "2")
            discard_train(game, company, company.trains[0])
            rust_trains(game, "4")
            assert not game.depot.returned


def test_twin_types_share_one_stack_of_cards() -> None:
    """18xx.games train variants (SOH 18xx-games rule set, facts §11.2 "Number of 6 / 3E
    trains"): buying one type takes the next card of its twin out of the game."""
    game = mini()
    game.depot.twins = {"2": "3"}
    threes = sum(1 for t in game.depot.trains if t.name == "3")
    taken = game.depot.take_twin("2")
    assert taken is not None and taken.startswith("3-")
    assert sum(1 for t in game.depot.trains if t.name == "3") == threes - 1
    assert game.depot.take_twin("3") is None  # not a twin both ways unless listed


def test_phase_tables_answer_as_a_scan_of_the_phases() -> None:
    """``TitleConfig.phase_index`` and ``phase_on_train`` (made once per config) give what
    a scan of the phases gives: ``Game.phase_reached`` and ``phase_for_train``, for every
    phase of both titles and of the mini title, at every phase index."""
    from railhouse.engine.record import new_game
    from railhouse.engine.trains import phase_for_train

    for game in (mini(), new_game("soh", ["a", "b", "c"], None, 1),
                 new_game("1839", ["a", "b", "c"], None, 1)):
        phases = game.config.phases
        names = {p.name for p in phases} | {"no such phase"}
        trains = {t.name for t in game.config.trains} | {"no such train"}
        for name in trains:
            scan = next((i for i, p in enumerate(phases) if name in p.on_trains), None)
            assert phase_for_train(game.config, name) == scan
        for index in range(len(phases)):
            game.phase_index = index
            for name in names:
                assert game.phase_reached(name) == any(
                    p.name == name for p in phases[: index + 1])
