"""A new year: the step between a winter (or the set-up) and the year's event cards.

Its own module because both the winter and the set-up lead into it, and the seasons lead
into the winter: season -> winter -> year, one direction of imports.
"""

from __future__ import annotations

from games.base import State


def start_year(state: State) -> None:
    """'Všem hráčům je vynulováno počítadlo obilí' and the year's event cards are due."""
    state["grain"] = [0] * len(state["players"])
    state["events"]["year"] = []
    state["events"]["used"] = []
    state["events"]["current"] = None
    state["season"] = None
    # last year's action cards, turn order and used land cards are off the boards
    state["season_state"] = None
    state["stage"] = "year_events"
