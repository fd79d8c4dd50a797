"""The three ways Babel ends, checked after every action ("Konec hry").

1. 15 or more while the opponent has under 10 wins at once; if the opponent
   already has 10 or more, the final phase begins.
2. In the final phase, reaching 20 wins, and so does pushing the opponent
   under 10 (option: the Russian text adds "while keeping 15 yourself").
3. When the last temple card of the deck is laid in a row, the higher total
   wins; a tie goes to the player with more nation cards in hand.
"""

from __future__ import annotations

from typing import Any

from games.babel.constants import (
    FINAL_RUSSIAN,
    FINAL_WIN_TOTAL,
    OPT_FINAL,
    SAFE_TOTAL,
    STAGE_OVER,
    WIN_TOTAL,
)
from games.babel.state import State, opponent, temple_total
from games.i18n import Msg, _, msg, ngettext, seat_name


def _finish(state: State, ranking: list[list[int]], reason: Msg) -> None:
    state["result"] = {"winners": list(ranking[0]), "ranking": ranking, "reason": reason}
    state["stage"] = STAGE_OVER
    state["pending"] = None


def _win(state: State, seat: int, reason: Msg) -> None:
    _finish(state, [[seat], [opponent(seat)]], reason)


def _keeps_enough_for_push(state: State, seat: int) -> bool:
    """Whether ``seat`` may win by pushing the opponent under 10 (option)."""
    if state["options"][OPT_FINAL] == FINAL_RUSSIAN:
        return temple_total(state, seat) >= WIN_TOTAL
    return True


def check_totals(state: State, actor: int) -> None:
    """End the game or begin the final phase, as the totals now say.

    Only the actor's own total can rise during their turn and only the
    opponent's can fall, so the actor is checked first; the other seat is
    checked too so that a state built by hand is judged the same way.
    """
    if state["result"] is not None:
        return
    _check_wins(state, actor)
    if state["result"] is not None:
        return
    totals = [temple_total(state, seat) for seat in range(len(state["players"]))]
    if not state["final_phase"] and max(totals) >= WIN_TOTAL and min(totals) >= SAFE_TOTAL:
        # "Pokud už má protivník 10 nebo více bodů, hra přechází do závěrečné části"
        state["final_phase"] = True
        # One entry can begin the final phase and reach 20 at once (the Hittites
        # steal a 6 onto an empty site at 14): the final phase's rules apply now.
        _check_wins(state, actor)


def _check_wins(state: State, actor: int) -> None:
    """The winning conditions in force now, the actor first."""
    for seat in (actor, opponent(actor)):
        mine, theirs = temple_total(state, seat), temple_total(state, opponent(seat))
        # The reason stays in the state: it names the seat, the platform shows its name.
        name = seat_name(seat, state["players"][seat])
        if mine >= WIN_TOTAL and theirs < SAFE_TOTAL:
            _win(
                state,
                seat,
                ngettext(
                    "%(player)s has %(mine)s point while the opponent has under 10.",
                    "%(player)s has %(mine)s points while the opponent has under 10.",
                    mine,
                    player=name,
                    mine=mine,
                ),
            )
            return
        if not state["final_phase"]:
            continue
        if mine >= FINAL_WIN_TOTAL:
            _win(
                state,
                seat,
                ngettext(
                    "%(player)s reached %(mine)s point in the final phase.",
                    "%(player)s reached %(mine)s points in the final phase.",
                    mine,
                    player=name,
                    mine=mine,
                ),
            )
            return
        if theirs < SAFE_TOTAL and _keeps_enough_for_push(state, seat):
            _win(
                state,
                seat,
                msg(
                    _("%(player)s pushed the opponent under 10 in the final phase."),
                    player=name,
                ),
            )
            return


def check_deck_exhausted(state: State) -> None:
    """The last temple card was laid in a row: compare totals, then hands."""
    if state["result"] is not None or state["temple_deck"]["size"] > 0:
        return
    seats = range(len(state["players"]))
    keys: dict[int, tuple[int, int]] = {
        seat: (temple_total(state, seat), state["hand_sizes"][seat]) for seat in seats
    }
    ordered = sorted(keys.values(), reverse=True)
    ranking: list[list[int]] = []
    for key in dict.fromkeys(ordered):
        ranking.append([seat for seat in seats if keys[seat] == key])
    if len(ranking) == 1:
        reason = msg(_("The temple deck ran out with equal totals and equal hands: a shared win."))
    elif keys[ranking[0][0]][0] > keys[ranking[1][0]][0]:
        reason = msg(
            _("The temple deck ran out; %(player)s has the higher total."),
            player=seat_name(ranking[0][0], state["players"][ranking[0][0]]),
        )
    else:
        reason = msg(
            _("The temple deck ran out with equal totals; %(player)s holds more nation cards."),
            player=seat_name(ranking[0][0], state["players"][ranking[0][0]]),
        )
    _finish(state, ranking, reason)


def distances(state: State) -> list[dict[str, Any]]:
    """How far each seat is from each end condition, for the table view."""
    result = []
    for seat in range(len(state["players"])):
        mine, theirs = temple_total(state, seat), temple_total(state, opponent(seat))
        result.append(
            {
                "total": mine,
                # Points still missing to reach 15 (first condition) and 20 (final phase).
                "to_15": max(0, WIN_TOTAL - mine),
                "to_20": max(0, FINAL_WIN_TOTAL - mine),
                # How many points the opponent must lose to be under 10.
                "opponent_above_10": max(0, theirs - SAFE_TOTAL + 1),
            }
        )
    return result
