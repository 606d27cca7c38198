"""EN optional rule "Start card / priority deal" (option ``priority_deal``): the variant
plugin railhouse_soh.priority_deal, against the printed "End of the round"."""

from __future__ import annotations

import pytest
from soh_scenario import apply, fresh, give_private, legal_of, set_cash, set_phase, start_company

from railhouse.engine.actions import ActivateShare, Par, Pass
from railhouse_soh.game import SteamOverHolland
from railhouse_soh.priority_deal import PriorityDealStockRound
from railhouse_soh.rounds import SohStockRound, give_nrs_share


def kinds(game: SteamOverHolland) -> set[str]:
    return {type(c.action).__name__ for c in game.legal_actions()}


def play_round(game: SteamOverHolland, par_by_second: bool = True) -> None:
    """Holder passes, the next player starts AR, then everybody passes."""
    holder = game.priority
    apply(game, Pass(entity=f"p{holder}"))
    if par_by_second:
        second = game.acting_entity() or ""
        apply(game, Par(entity=second, company="AR", price=100))
    while isinstance(game.round, SohStockRound):
        apply(game, Pass(entity=game.acting_entity() or ""))


@pytest.mark.parametrize(("option", "offset"), [(False, 1), (True, 2)])
def test_start_card_after_the_stock_round_en_end_of_the_round(option: bool,
                                                               offset: int) -> None:
    """Printed: to the holder's left (+1).  Optional rule: to the first player of the
    closing run of passes, here the one after the player who started AR (+2)."""
    game = fresh(priority_deal=option)
    holder = game.priority
    play_round(game)
    assert game.priority == (holder + offset) % 4


def test_variant_plugin_registered_only_with_the_option() -> None:
    assert "PriorityDeal" not in fresh().hooks.names
    game = fresh(priority_deal=True)
    assert "PriorityDeal" in game.hooks.names
    assert isinstance(game.round, PriorityDealStockRound)


@pytest.mark.parametrize(("phase", "face_down"), [("2", 0), ("3", 1), ("4", 2)])
def test_shares_bought_at_start_turned_face_down_en_start_card_priority_deal(
        phase: str, face_down: int) -> None:
    game = fresh(priority_deal=True)
    set_phase(game, phase)
    me = game.acting_entity() or ""
    apply(game, Par(entity=me, company="AR", price=65))
    ar = game.companies["AR"]
    assert sum(c.face_down for c in ar.certs if c.owner == me) == face_down
    assert ar.percent_of(me) == 20  # face-down shares are not active yet
    assert ar.cash == 65 * int(phase)  # but they are paid for


def test_face_down_shares_printed_rules_untouched() -> None:
    game = fresh()
    set_phase(game, "4")
    me = game.acting_entity() or ""
    apply(game, Par(entity=me, company="AR", price=65))
    assert game.companies["AR"].percent_of(me) == 40
    assert not any(c.face_down for c in game.companies["AR"].certs)


def to_turn_of(game: SteamOverHolland, player: str) -> None:
    while game.acting_entity() != player:
        apply(game, Pass(entity=game.acting_entity() or ""))


def test_face_down_player_may_not_pass_but_activates_en_start_card_priority_deal() -> None:
    """Each face-down share takes a turn to activate; no pass (and no purchase) until all
    are face up, so the round cannot end meanwhile."""
    game = fresh(priority_deal=True)
    set_phase(game, "4")
    me = game.acting_entity() or ""
    apply(game, Par(entity=me, company="AR", price=65))  # 2 shares face down
    start_company(game, "NCS", next(p.id for p in game.seats if p.id != me), 65)
    set_cash(game, game.player(me), 200)  # could buy an NCS share, cannot start another
    ar = game.companies["AR"]
    for active in (30, 40):
        to_turn_of(game, me)
        assert kinds(game) == {"ActivateShare"}
        apply(game, ActivateShare(entity=me, company="AR"))
        assert ar.percent_of(me) == active and isinstance(game.round, SohStockRound)
    to_turn_of(game, me)
    assert {"Pass", "BuyShares"} <= kinds(game) and "ActivateShare" not in kinds(game)


def test_face_down_player_may_start_another_company_en_start_card_priority_deal() -> None:
    game = fresh(priority_deal=True)
    set_phase(game, "3")
    me = game.acting_entity() or ""
    apply(game, Par(entity=me, company="AR", price=65))
    set_cash(game, game.player(me), 400)
    to_turn_of(game, me)
    assert kinds(game) == {"ActivateShare", "Par"}
    apply(game, Par(entity=me, company="NCS", price=65))
    to_turn_of(game, me)
    assert {a.company for a in legal_of(game, ActivateShare)} == {"AR", "NCS"}


def test_private_7_share_stays_active_en_start_card_priority_deal() -> None:
    """Only the shares bought to start NRS go face down, not the one from private #7."""
    game = fresh(priority_deal=True)
    set_phase(game, "3")
    me = game.acting_entity() or ""
    give_private(game, "KO", me)
    give_nrs_share(game, me)
    apply(game, Par(entity=me, company="NRS", price=65))
    nrs = game.companies["NRS"]
    assert nrs.percent_of(me) == 30
    assert sum(c.face_down for c in nrs.certs) == 1


@pytest.mark.parametrize("players", [3, 4])
def test_priority_deal_random_playout_ends_and_replays(players: int) -> None:
    from railhouse.testing.conformance import check_replay, random_playout
    from railhouse_soh.game import new_game

    def optional(**kwargs: object) -> SteamOverHolland:
        return new_game(kwargs["players"], {"priority_deal": True},  # type: ignore[arg-type]
                        kwargs["seed"])  # type: ignore[arg-type]

    game = random_playout(optional, players, 5)
    assert game.over
    check_replay(game)
