"""Ending the game by agreement (railhouse.engine.agreed_end; 1839 R-10.1.2 "all players
agree who has won") on the mini title with the ``agreed_end`` option declared."""

from __future__ import annotations

import dataclasses
import random

import pytest
from minititle import MINI, MiniGame

from railhouse.engine.actions import Pass, ProposeWinner, Respond
from railhouse.engine.errors import IllegalAction
from railhouse.engine.game import Game
from railhouse.testing.conformance import choose
from railhouse.titles import OptionSpec

AGREED = dataclasses.replace(
    MINI, options=(OptionSpec("agreed_end", True, "players may agree who has won"),))


class AgreedMini(MiniGame):
    info = AGREED


def game(players: int = 3, **options: object) -> AgreedMini:
    return AgreedMini([f"P{i}" for i in range(players)], options, 0)


def proposals(g: Game) -> list[ProposeWinner]:
    return [c.action for c in g.legal_actions() if isinstance(c.action, ProposeWinner)]


def proposer(g: MiniGame) -> str:
    return g.seats[g.acting_seat() or 0].id


def test_without_the_option_nothing_is_offered() -> None:
    plain = MiniGame(["P0", "P1", "P2"], None, 0)
    assert proposals(plain) == []
    entity = plain.acting_entity()
    assert entity is not None
    with pytest.raises(IllegalAction):
        plain.apply(ProposeWinner(entity=entity, winner="p0"))


def test_every_remaining_player_can_be_proposed_by_the_acting_seat() -> None:
    g = game(3, agreed_end=True)
    entity = g.acting_entity()
    assert [p.winner for p in proposals(g)] == ["p0", "p1", "p2"]
    assert all(p.entity == entity for p in proposals(g))


def test_unanimous_agreement_ends_the_game_with_the_named_winner_first() -> None:
    g = game(3)
    me = proposer(g)
    g.apply(ProposeWinner(entity=g.acting_entity() or "", winner="p2"))
    asked = []
    while not g.over:
        voter = g.acting_entity()
        assert voter is not None and voter != me
        asked.append(voter)
        g.apply(Respond(entity=voter, accept=True))
    seats = [p.id for p in g.seats]
    start = seats.index(me)
    assert asked == (seats[start + 1:] + seats[:start])  # every other player, in seat order
    assert g.end_reason == "agreed_winner"
    result = g.result()
    assert result.ranks[2] == 1
    assert result.ranks.count(1) == 1 and set(result.ranks) - {1} <= {2, 3}
    assert g.to_record()["result"]["ranks"][2] == 1


def test_one_refusal_resumes_play_where_it_stopped_and_the_seat_cannot_ask_again() -> None:
    g = game(3)
    before = g.legal_actions()
    entity = g.acting_entity() or ""
    g.apply(ProposeWinner(entity=entity, winner=proposer(g)))
    g.apply(Respond(entity=g.acting_entity() or "", accept=False))
    assert not g.over and g.acting_entity() == entity
    after = g.legal_actions()
    assert [c for c in after if not isinstance(c.action, ProposeWinner)] == [
        c for c in before if not isinstance(c.action, ProposeWinner)]
    assert proposals(g) == []  # once per round
    with pytest.raises(IllegalAction):
        g.apply(ProposeWinner(entity=entity, winner="p0"))


def test_no_proposal_during_a_vote_and_only_the_voter_answers() -> None:
    g = game(3)
    g.apply(ProposeWinner(entity=g.acting_entity() or "", winner="p0"))
    voter = g.acting_entity() or ""
    assert proposals(g) == []
    assert {type(c.action) for c in g.legal_actions()} == {Respond}
    with pytest.raises(IllegalAction):
        g.apply(Pass(entity=voter))


def test_bankrupt_players_neither_vote_nor_can_be_named() -> None:
    g = game(3)
    out = next(p for p in g.seats if p.id != proposer(g))
    out.bankrupt = True
    g.forget_legal_actions()
    assert out.id not in {p.winner for p in proposals(g)}
    g.apply(ProposeWinner(entity=g.acting_entity() or "", winner=proposer(g)))
    g.apply(Respond(entity=g.acting_entity() or "", accept=True))
    assert g.over and g.end_reason == "agreed_winner"  # one vote: the third seat is out


def test_an_agreed_game_replays_and_clones() -> None:
    g = game(3)
    rng = random.Random(3)
    for _ in range(5):
        legal = [c for c in g.legal_actions() if not isinstance(c.action, ProposeWinner)]
        g.apply(choose(rng, legal))
    twin = g.clone()
    g.apply(ProposeWinner(entity=g.acting_entity() or "", winner="p1"))
    while not g.over:
        g.apply(Respond(entity=g.acting_entity() or "", accept=True))
    again = game(3)
    for action in g.actions:
        again.apply(action)
    assert again.over and again.result() == g.result()
    assert not twin.over and proposals(twin)


def test_agreed_ranks_put_the_winner_first_and_rank_the_rest_by_score() -> None:
    from railhouse.engine.agreed_end import agreed_ranks

    assert agreed_ranks([10, 50, 30], 0) == (1, 2, 3)
    assert agreed_ranks([10, 50, 50], 0) == (1, 2, 2)
    assert agreed_ranks([90, 50, 70], 1) == (2, 1, 3)


def test_the_option_is_read_once_per_game_and_kept_by_clones() -> None:
    """``Game.agreed_end_on`` is ``agreed_end.enabled`` of the game's options (fixed once
    the game is built); the legal set lists proposals exactly where it is on, on clones
    too, from ``legal_actions`` and ``cached_legal_actions`` alike."""
    from railhouse.engine import agreed_end

    for g in (game(), game(agreed_end=False), MiniGame(["P0", "P1", "P2"], None, 0)):
        assert g.agreed_end_on == agreed_end.enabled(g)
        twin = g.clone()
        assert twin.agreed_end_on == g.agreed_end_on
        for played in (g, twin):
            cached = [c.action for c in played.cached_legal_actions()]
            listed = proposals(played)
            assert bool(listed) == played.agreed_end_on
            assert [a for a in cached if isinstance(a, ProposeWinner)] == listed
