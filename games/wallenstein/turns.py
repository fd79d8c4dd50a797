"""Who acts now: the one place that knows it, read by the engine and by the choices."""

from __future__ import annotations

from games.base import State
from games.wallenstein import season, winter

# Stages the table enters as a whole (the tower, the event cards, the board): any seat may.
TABLE_STAGES = ("drop", "year_events", "action_card", "turn_order", "current_event", "board")


def to_act(state: State) -> list[int]:
    stage = state["stage"]
    everybody = list(range(len(state["players"])))
    if stage in TABLE_STAGES:
        return everybody
    if stage == "defend":
        return [state["battle"]["defender"]]
    if stage == "draft":
        return [state["draft"]["turn"]]
    if stage == "act":
        return [season.current_player(state)]
    if stage == "hunger_draw":
        return [winter.drawer(state)]
    return []
