"""Ending the game by agreement: "all players agree who has won" (1839 R-10.1.2).

A title that allows it declares the option ``agreed_end`` (a ``bool`` ``OptionSpec``); the
core then runs one mechanism for it, whatever the round:

* At any decision of a remaining (not bankrupt) player's seat -- the player's own, or one
  taken for a company that player directs -- the legal set also offers
  ``ProposeWinner(entity=<the acting entity>, winner=<player id>)`` for every remaining
  player, the proposer included.  A seat may propose once per round (``Game.round_number``),
  so a refused proposal cannot be repeated at every decision.
* A proposal asks every other remaining player, in seat order after the proposer, for
  ``Respond(accept=...)``.  The first refusal ends the vote and play goes on exactly where it
  stopped; when everyone has agreed the game ends at once (reason ``agreed_winner``) and the
  named player ranks first, the others ranking after it by score
  (:meth:`railhouse.engine.game.Game.result`).

Reading (1839 R-10.1.2 says only "all players agree who has won"): a bankrupt or conceded
player is out of the game and has no say; the proposer agrees by proposing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railhouse.engine.actions import LegalAction, ProposeWinner, Respond, find_admitting
from railhouse.engine.errors import IllegalAction
from railhouse.engine.rounds.base import Decider

if TYPE_CHECKING:
    from railhouse.engine.game import Game

RULE = "agreed end (1839 R-10.1.2)"
OPTION = "agreed_end"
REASON = "agreed_winner"


def enabled(game: Game) -> bool:
    return bool(game.options.get(OPTION, False))


def remaining(game: Game) -> list[str]:
    """Player ids still in the game, in seat order."""
    return game.active_players()


def proposer_of(game: Game, decider: Decider[Any]) -> str | None:
    """The remaining player whose seat is asked by ``decider``, if any."""
    entity = decider.acting_entity()
    if entity is None:
        return None
    try:
        player = game.seats[game.seat_of(entity)]
    except (KeyError, IndexError):  # an entity no seat decides for
        return None
    return None if player.bankrupt else player.id


def proposals(game: Game, decider: Decider[Any]) -> list[LegalAction]:
    """The ``ProposeWinner`` choices open at ``decider``'s decision (none if the title
    does not allow agreed ends, during a vote, or once the seat proposed this round)."""
    if not enabled(game) or isinstance(decider, WinnerVote):
        return []
    proposer = proposer_of(game, decider)
    entity = decider.acting_entity()
    if proposer is None or entity is None or (game.round_number, proposer) in game.proposals_made:
        return []
    return [LegalAction(ProposeWinner(entity=entity, winner=w)) for w in remaining(game)]


def check(game: Game, decider: Decider[Any], action: ProposeWinner) -> None:
    """Raise ``IllegalAction`` unless ``action`` is one of :func:`proposals` now."""
    if find_admitting(proposals(game, decider), action) is None:
        raise IllegalAction(f"{action.entity} cannot propose a winner now", RULE)


def propose(game: Game, decider: Decider[Any], action: ProposeWinner) -> None:
    """Open the vote on ``action`` (already passed :func:`check`)."""
    proposer = proposer_of(game, decider)
    if proposer is None:
        raise IllegalAction(f"{action.entity} cannot propose a winner", RULE)
    game.proposals_made.add((game.round_number, proposer))
    game.event("winner_proposed", {"by": proposer, "winner": action.winner})
    vote = WinnerVote(game, proposer, action.winner)
    if vote.voters:
        game.pending.append(vote)
    else:  # nobody else is left to ask
        vote.agree()


class WinnerVote(Decider["Game"]):
    """Asks every other remaining player, one at a time, to agree on ``winner``."""

    rule = RULE

    def __init__(self, game: Game, proposer: str, winner: str) -> None:
        super().__init__(game)
        self.proposer = proposer
        self.winner = winner
        seats = remaining(game)
        start = seats.index(proposer)
        self.voters = seats[start + 1:] + seats[:start]

    def acting_entity(self) -> str | None:
        return self.voters[0]

    def legal_actions(self) -> list[LegalAction]:
        voter = self.voters[0]
        return [LegalAction(Respond(entity=voter, accept=True)),
                LegalAction(Respond(entity=voter, accept=False))]

    def process_respond(self, action: Respond) -> None:
        voter = self.voters.pop(0)
        self.game.event("winner_vote", {"by": voter, "winner": self.winner,
                                        "accept": action.accept})
        if not action.accept:
            self.game.pending.remove(self)
            return
        if not self.voters:
            self.game.pending.remove(self)
            self.agree()

    def agree(self) -> None:
        self.game.agreed_winner = self.winner
        self.game.end_game(REASON)


def agreed_ranks(scores: list[int], winner_seat: int) -> tuple[int, ...]:
    """Rank 1 for the agreed winner; the others rank from 2 by score (ties share)."""
    others = [s for seat, s in enumerate(scores) if seat != winner_seat]
    return tuple(1 if seat == winner_seat else 2 + sum(1 for o in others if o > s)
                 for seat, s in enumerate(scores))
