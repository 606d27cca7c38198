"""R-10 game end by agreement (digest facts/1839.md R-10.1.2, rules/1839/rules.md §10):
"all players agree who has won" ends the game at once.  The mechanism is the core's
(railhouse.engine.agreed_end), switched on by the title option ``agreed_end``."""

from __future__ import annotations

from m1839_helpers import finish_auction

from railhouse.engine.actions import ProposeWinner, Respond
from railhouse_m1839.game import M1839, new_game
from railhouse_m1839.plugin import TITLE


def _game(**options: object) -> M1839:
    return new_game(["P0", "P1", "P2", "P3"], options, 1)


def test_R_10_1_2_agreed_end_is_an_option_of_the_title_off_by_default() -> None:
    assert TITLE.option("agreed_end").default is False
    game = _game()
    assert not any(isinstance(c.action, ProposeWinner) for c in game.legal_actions())


def test_R_10_1_2_all_players_agreeing_on_a_winner_ends_the_game_at_once() -> None:
    game = _game(agreed_end=True)
    finish_auction(game, 1)
    assert not game.over
    entity = game.acting_entity()
    assert entity is not None
    named = "p3"
    game.apply(ProposeWinner(entity=entity, winner=named))
    votes = 0
    while not game.over:
        game.apply(Respond(entity=game.acting_entity() or "", accept=True))
        votes += 1
    assert votes == 3  # the three other players
    assert game.end_reason == "agreed_winner"
    assert game.result().ranks[3] == 1 and game.result().ranks.count(1) == 1


def test_R_10_1_2_one_player_disagreeing_lets_the_game_go_on() -> None:
    game = _game(agreed_end=True)
    finish_auction(game, 1)
    entity = game.acting_entity() or ""
    game.apply(ProposeWinner(entity=entity, winner="p0"))
    game.apply(Respond(entity=game.acting_entity() or "", accept=True))
    game.apply(Respond(entity=game.acting_entity() or "", accept=False))
    assert not game.over and game.acting_entity() == entity


def test_R_10_1_2_a_company_director_may_propose_in_an_operating_turn() -> None:
    from m1839_positions import float_company, operating_turn

    game = _game(agreed_end=True)
    finish_auction(game, 1)
    float_company(game, "AMS", "p1")
    operating_turn(game, "AMS")
    offered = [c.action for c in game.legal_actions() if isinstance(c.action, ProposeWinner)]
    assert offered and all(a.entity == "AMS" for a in offered)
    game.apply(offered[0])
    assert game.acting_entity() != "AMS" and game.acting_entity() != "p1"  # others vote
