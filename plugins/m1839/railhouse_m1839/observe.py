"""1839's public state beyond the core observation (R-5.4: all holdings are public).

The core observation carries money, certificates, privates, trains, markets and the board;
this adds what only 1839 has, under the observation's ``title_state`` key (documented in
docs/observation.md, section *1839*):

* ``cards``: the player-number cards (R-4.9, R-7.1): the colour in use, the ``current``
  numbers ordering this round and the ``other`` colour's numbers taken by passing.
* ``brown_assignment``: the Major each brown private carries (R-4.6).
* ``dru_train``: DRU's dark brown train until a company receives it, with the player who
  holds it from dark brown on (R-4.5, R-14.3.7; null holder while it sits with DRU).
* ``r_trains``: every R train a company owns, with ``ran`` (A-38) and ``rusted`` (due to
  leave after its next run, R-16.5.2).
* ``barred_from_par`` (R-7.3.9 / A-24), ``operated_since_float`` (the pre-operation sale
  price R-7.2.4 / A-08), ``new_local_queue`` (closed privates waiting to create Locals,
  R-8.3.9), ``ors_played`` (KF's revenue, A-29), ``set_number`` and
  ``set_started_in_purple`` (the purple game end, R-10.1.4 / A-31).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839


def title_state(game: M1839) -> dict[str, Any]:
    cards = game.cards
    dru = game.dru_train
    return {
        "cards": {"colour": cards.colour, "current": dict(cards.current),
                  "other": dict(cards.other)},
        "brown_assignment": dict(game.brown_assignment),
        "dru_train": None if dru is None else {"train": dru.id, "holder": game.dru_holder},
        "r_trains": {t.id: {"ran": t.ran, "rusted": t.rusted}
                     for c in game.companies.values() for t in c.trains
                     if t.spec.rust_after_run},
        "barred_from_par": sorted(game.barred_from_par),
        "operated_since_float": sorted(game.operated_since_float),
        "new_local_queue": list(game.new_local_queue),
        "ors_played": game.ors_played,
        "set_number": game.set_number,
        "set_started_in_purple": game.set_started_in_purple,
    }
