"""R-14.3.7 (A-28): DRU's dark brown train, held by its owner from dark brown on, given to a
floated company at any moment of that company's turn or in the nationalisation window, its
director agreeing; discarded if the holder goes bankrupt (R-9.2)."""

from __future__ import annotations

from m1839_positions import (
    after_auction,
    float_company,
    give_train,
    operating_turn,
    refresh,
    to_phase,
)

from railhouse.engine.actions import Pass, Respond
from railhouse.engine.phases import enter_phase, leave_after_run
from railhouse.engine.privates import update_private
from railhouse_m1839.actions import GiveDruTrain, Nationalise
from railhouse_m1839.game import M1839
from railhouse_m1839.money import go_bankrupt
from railhouse_m1839.operating import NationalisationWindow
from railhouse_m1839.stock import M1839StockRound


def _holding(holder: str = "p0") -> M1839:
    game = after_auction(4, seed=1)
    update_private(game, "DRU", owner=holder)
    update_private(game, "DRU", closed=False)
    to_phase(game, "DBr")
    assert game.privates["DRU"].closed and game.dru_holder == holder
    assert game.dru_train is not None and game.dru_train.name == "R4"
    return game


def _gives(game: M1839) -> list[GiveDruTrain]:
    return [c.action for c in game.legal_actions() if isinstance(c.action, GiveDruTrain)]


def test_R_14_3_7_holder_directing_the_company_gives_it_directly() -> None:
    game = _holding("p0")
    ams = float_company(game, "AMS", "p0")
    give_train(game, ams)
    operating_turn(game, "AMS")
    game.apply(GiveDruTrain(entity="AMS", company="AMS"))
    assert [t.name for t in ams.trains][-1] == "R4"
    assert game.dru_train is None and game.dru_holder is None


def test_R_14_3_7_other_director_needs_the_holders_agreement() -> None:
    game = _holding("p1")
    ams = float_company(game, "AMS", "p0")
    give_train(game, ams)
    operating_turn(game, "AMS")
    game.apply(GiveDruTrain(entity="AMS", company="AMS"))
    assert game.acting_entity() == "p1"
    game.apply(Respond(entity="p1", accept=False))
    assert game.dru_holder == "p1" and _gives(game) == []  # not asked again this turn
    operating_turn(game, "AMS")
    game.apply(GiveDruTrain(entity="AMS", company="AMS"))
    game.apply(Respond(entity="p1", accept=True))
    assert ams.trains[-1].name == "R4"


def test_R_14_3_7_A_28_not_above_the_train_limit() -> None:
    game = _holding("p0")
    ams = float_company(game, "AMS", "p0")
    for _ in range(3):
        give_train(game, ams)
    operating_turn(game, "AMS")
    assert _gives(game) == []


def test_R_14_3_7_not_before_dark_brown() -> None:
    game = after_auction(4, seed=1)
    update_private(game, "DRU", owner="p0")
    to_phase(game, "MBr")
    ams = float_company(game, "AMS", "p0")
    give_train(game, ams)
    operating_turn(game, "AMS")
    assert game.dru_holder is None and _gives(game) == []


def test_R_14_3_7_R_14_7_1_given_in_the_window_to_qualify() -> None:
    game = _holding("p0")
    ams = float_company(game, "AMS", "p0")
    nbds = float_company(game, "NBDS", "p1", price=74)
    give_train(game, nbds)
    window = NationalisationWindow(game, ["AMS", "NBDS"])
    game.pending.append(window)
    assert game.acting_entity() == "AMS"  # trainless, but the held train can qualify it
    tags = {type(c.action).__name__ for c in game.legal_actions()}
    assert tags == {"GiveDruTrain", "Pass"}
    game.apply(GiveDruTrain(entity="AMS", company="AMS"))
    assert ams.trains and game.acting_entity() == "AMS"
    game.apply(Nationalise(entity="AMS", company="AMS"))
    assert ams.closed and game.acting_entity() == "NBDS"
    game.apply(Pass(entity="NBDS"))
    assert window not in game.pending


def test_R_14_3_7_in_the_window_another_holder_must_agree() -> None:
    """The holder is not AMS's director: in the window AMS asks, the holder answers."""
    game = _holding("p1")
    ams = float_company(game, "AMS", "p0")
    window = NationalisationWindow(game, ["AMS"])
    game.pending.append(window)
    game.apply(GiveDruTrain(entity="AMS", company="AMS"))
    assert game.acting_entity() == "p1" and not ams.trains
    game.apply(Respond(entity="p1", accept=True))
    assert [t.name for t in ams.trains] == ["R4"] and game.dru_holder is None
    assert game.acting_entity() == "AMS"  # now qualified: nationalise or pass
    tags = {type(c.action).__name__ for c in game.legal_actions()}
    assert tags == {"Nationalise", "Pass"}


def test_R_14_3_7_R_14_7_1_a_refused_train_closes_the_window_of_a_trainless_company() -> None:
    """The holder refuses: the trainless company no longer qualifies, so the window moves
    on (here: it was the last company, the window ends and play continues).  Seeded random
    1839 games used to stall here with nobody to act."""
    game = _holding("p1")
    float_company(game, "AMS", "p0")
    window = NationalisationWindow(game, ["AMS"])
    game.pending.append(window)
    game.apply(GiveDruTrain(entity="AMS", company="AMS"))
    game.apply(Respond(entity="p1", accept=False))
    assert window not in game.pending
    assert game.over or (game.acting_entity() is not None and game.legal_actions())


def test_R_9_2_bankrupt_holder_loses_the_train() -> None:
    game = _holding("p2")
    go_bankrupt(game, "p2")
    assert game.dru_train is None and game.dru_holder is None


def test_R_14_3_7_holder_gives_it_in_their_sr_turn_with_the_directors_agreement() -> None:
    game = _holding("p1")  # p1 acts first in this SR
    assert isinstance(game.round, M1839StockRound) and game.acting_entity() == "p1"
    own = float_company(game, "AMS", "p1")
    other = float_company(game, "NBDS", "p2", price=74)
    refresh(game)
    assert {g.company for g in _gives(game)} == {"AMS", "NBDS"}
    game.apply(GiveDruTrain(entity="p1", company="NBDS"))
    assert game.acting_entity() == "NBDS"  # its director answers for it
    game.apply(Respond(entity="NBDS", accept=False))
    assert game.acting_entity() == "p1" and _gives(game) == []  # not again this turn
    assert other.trains == [] and own.trains == []
    game.round._new_turn()  # a later turn of the same player
    refresh(game)
    game.apply(GiveDruTrain(entity="p1", company="AMS"))
    assert [t.name for t in own.trains] == ["R4"] and game.dru_train is None


def test_A_28_held_train_rusts_after_its_first_run_once_gray_began() -> None:
    game = _holding("p0")
    ams = float_company(game, "AMS", "p0")
    gray = next(i for i, p in enumerate(game.config.phases) if p.name == "GR")
    enter_phase(game, gray)
    game.pending.clear()
    train = game.dru_train
    assert train is not None and train.rusted
    operating_turn(game, "AMS")
    game.apply(GiveDruTrain(entity="AMS", company="AMS"))
    assert train in ams.trains
    index = ams.trains.index(train)
    ams.trains[index] = ams.trains[index].having_run()
    leave_after_run(game, ams)
    assert train not in ams.trains


def test_R_14_3_7_R_11_1_a_clone_remembers_its_own_refusal() -> None:
    """A refused offer is not repeated this turn (R-11.1) in a clone taken while the
    holder is asked, and the refusal does not leak into the original (Game.clone)."""
    game = _holding("p1")
    ams = float_company(game, "AMS", "p0")
    give_train(game, ams)
    operating_turn(game, "AMS")
    game.apply(GiveDruTrain(entity="AMS", company="AMS"))
    twin = game.clone()
    assert isinstance(twin, M1839)
    twin.apply(Respond(entity="p1", accept=False))
    assert _gives(twin) == []
    assert game.acting_entity() == "p1"
    game.apply(Respond(entity="p1", accept=False))
    assert _gives(game) == []
