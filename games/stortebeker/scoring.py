"""Points, the colour bonus, and the final ranking."""

from __future__ import annotations

from games.base import Outcome, Score, State
from games.i18n import _, msg

from .setup import extended

SHIPS_CATEGORY = _("Points for ships")
BONUS_CATEGORY = _("Colour bonus")
BONUS_SET = 3


def colour_bonus(ships: list[dict]) -> int:
    """ "Jestliže hráč obsadil 3 nebo více stejnobarevných lodí, dostane prémii
    za barvu. Dostane tolik bodů, kolik ukazuje jeho nejhodnotnější loď této barvy.\""""
    by_colour: dict[str, list[int]] = {}
    for ship in ships:
        by_colour.setdefault(ship["colour"], []).append(ship["points"])
    return sum(max(points) for points in by_colour.values() if len(points) >= BONUS_SET)


def seat_score(state: State, seat: int) -> Score:
    """One seat's points: the exact total, not wrapped at 44 like the board's track."""
    ships = state["taken"][seat]
    breakdown = {SHIPS_CATEGORY: sum(ship["points"] for ship in ships)}
    if extended(state):
        breakdown[BONUS_CATEGORY] = colour_bonus(ships)
    return {"total": sum(breakdown.values()), "breakdown": breakdown}


def all_scores(state: State) -> list[Score]:
    """Every seat's score."""
    return [seat_score(state, seat) for seat in range(len(state["players"]))]


def final_outcome(state: State) -> Outcome | None:
    """The ranking once the game is over: points, then ships taken.

    "Vítězem je hráč s nejvíce body ... Při rovnosti bodů vyhraje hráč, který
    obsadil nejvíce lodí." Seats equal in both share their place.
    """
    if state["step"] != "over":
        return None
    scores = all_scores(state)
    keys = {
        seat: (scores[seat]["total"], len(state["taken"][seat]))
        for seat in range(len(state["players"]))
    }
    ranking: list[list[int]] = []
    for key in sorted(set(keys.values()), reverse=True):
        ranking.append([seat for seat in sorted(keys) if keys[seat] == key])
    return {
        "winners": ranking[0],
        "ranking": ranking,
        "reason": msg(_FROZEN_REASON if state.get("frozen") else _ENDED_REASON),
    }


_ENDED_REASON = _("The harbour is empty, another ship was taken and the round is complete.")
# DECISIONS 24: a whole round in which no seat could lay, board, exchange or draw.
_FROZEN_REASON = _(
    "Nobody could lay, board, exchange or draw for a whole round: the game ends as it stands."
)
