"""The reference tracker rebuilds the engine's observation from deltas after every action."""

from __future__ import annotations

import msgspec
import pytest
from protocol_helpers import Recording
from protocol_helpers import toy as new_game

from railhouse.protocol.drive import play
from railhouse.protocol.referee import Referee
from railhouse.protocol.tracker import StateTracker
from railhouse_bots.random_bot import RandomBot


@pytest.mark.parametrize("wire", [False, True])
def test_tracker_equals_the_engine_after_every_action(wire: bool) -> None:
    checked = 0
    for seed in range(60):
        players = [f"n{i}" for i in range(2 + seed % 5)]
        game = new_game(players, {"pile": 10 + seed}, seed=seed)
        seats = [Recording(RandomBot(seed * 10 + i), game, wire=wire) for i in range(len(players))]
        transcript = play(Referee(game), seats)
        assert transcript.result is not None
        for seat in seats:
            tracker = StateTracker()
            for message, truth in seat.seen:
                tracker.update(message)
                if message["type"] in ("game_start", "request", "game_over"):
                    assert tracker.state == truth
                    checked += 1
            # the tracker saw every action of the game, in order, with who chose it
            assert [a["index"] for a in tracker.actions] == list(range(len(game.actions)))
            assert all(a["seat"] is not None for a in tracker.actions)
    assert checked > 1000


class FullRandom(RandomBot):
    observation = "full"


def test_bots_that_choose_full_observations_get_them() -> None:
    game = new_game(["a", "b"], seed=3)
    seats = [Recording(FullRandom(i), game) for i in range(2)]
    play(Referee(game), seats)
    tracker = StateTracker()
    for message, truth in seats[0].seen:
        if message["type"] == "request":
            assert message["observation"] == truth and message["delta"]["patch"] == []
        tracker.update(message)
        if message["type"] != "hello":
            assert tracker.state == truth


def test_a_delta_before_game_start_is_refused() -> None:
    with pytest.raises(ValueError, match="before its game_start"):
        StateTracker().update({"type": "request", "game": "g9", "delta": {}})


_sorted = msgspec.json.Encoder(order="sorted").encode


@pytest.mark.parametrize(("seed", "players", "wire"), [(0, 4, True), (1, 4, False), (2, 3, False)])
def test_tracker_equals_the_soh_engine_as_json_after_every_action(
    seed: int, players: int, wire: bool
) -> None:
    """Joined and compacted step patches rebuild Steam Over Holland exactly: compared as
    JSON text, so 1 and true (equal in Python) would differ."""
    pytest.importorskip("railhouse_soh")
    from railhouse.engine.record import new_game

    game = new_game("soh", [f"n{i}" for i in range(players)], None, seed)
    seats = [Recording(RandomBot(seed * 10 + i), game, wire=wire) for i in range(players)]
    play(Referee(game), seats)
    for seat in seats:
        tracker = StateTracker()
        for message, truth in seat.seen:
            tracker.update(message)
            if message["type"] in ("game_start", "request", "game_over"):
                assert _sorted(tracker.state) == _sorted(truth)
        assert [a["index"] for a in tracker.actions] == list(range(len(game.actions)))
