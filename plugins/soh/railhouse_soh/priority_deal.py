"""EN optional rule "Start card / priority deal" as a variant plugin (option
``priority_deal``).

EN: a player who starts a company pays for as many shares as the phase number; if the
phase number is greater than 2, every share except the president's certificate is turned
face down ("paid in advance but not yet active").  Each face-down share needs a turn of
its own in the stock round to become active; a player with face-down shares may not pass,
but must start another company (the same way) or turn one share face up.  Whatever the
phase, when all players have passed the Start card goes to the first player who passed
in the closing run of passes.

The plugin wraps the title's ``railhouse_next_round`` (``wrapper=True``) and replaces each
printed stock round by :class:`PriorityDealStockRound`; everything else is the printed
rules.  Readings: a face-down share is not held yet for dividends, presidency and the 60%
cap (the core's ``Certificate.face_down``), but it is a certificate toward the limit; a
player with face-down shares may still sell first in his turn (selling is step 1 of every
turn, EN "Stock round"; the rule restricts only the pass and the purchase).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from railhouse.engine.actions import ActivateShare, LegalAction, Par
from railhouse.engine.entities import Company
from railhouse.engine.rounds.base import Round
from railhouse.engine.shares import update_president
from railhouse.hookspecs import hookimpl
from railhouse_soh.rounds import SohStockRound

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland


class PriorityDeal:
    """Variant plugin: the optional rule's stock round instead of the printed one."""

    @hookimpl(wrapper=True)
    def railhouse_next_round(
        self, game: SteamOverHolland, finished: Round[Any] | None
    ) -> Generator[None, Any, Any]:
        result = yield
        if type(result) is SohStockRound:
            return PriorityDealStockRound(game)
        return result


class PriorityDealStockRound(SohStockRound):
    rule = "SOH EN optional rule 'Start card / priority deal'"
    priority_deal = "first_passer"  # the core deals it to the first of the closing passes

    def face_down(self, me: str) -> list[Company]:
        """Companies in which ``me`` holds face-down shares."""
        return [c for c in self.game.companies.values()
                if any(cert.face_down and cert.owner == me for cert in c.certs)]

    def legal_actions(self) -> list[LegalAction]:
        me = self.player_id()
        pending = self.face_down(me)
        if not pending or self.bought_this_turn:
            return super().legal_actions()
        legal = self.sell_choices(me) + self.par_choices(me)
        legal += [LegalAction(ActivateShare(entity=me, company=c.id)) for c in pending]
        return legal

    def process_par(self, action: Par) -> None:
        """Start as printed; in phases 3+ the ordinary shares bought (not private #7's NRS
        share, held before) are turned face down."""
        phase = int(self.game.phase.name)
        company = self.game.company(action.company)
        held_before = {id(c) for c in company.certs if c.owner == action.entity}
        super().process_par(action)
        if phase > 2:
            for cert in company.certs:
                if (cert.owner == action.entity and not cert.president
                        and id(cert) not in held_before):
                    cert.face_down = True

    def process_activate_share(self, action: ActivateShare) -> None:
        company = self.game.company(action.company)
        cert = next(c for c in company.certs if c.face_down and c.owner == action.entity)
        cert.face_down = False
        update_president(self.game, company)
        self.game.event("activate_share", {"player": action.entity, "company": company.id})
        self.after_purchase(action.entity)
