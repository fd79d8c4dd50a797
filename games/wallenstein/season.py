"""The year and its three action seasons.

Start of a year: 4 event cards, grain counters to 0. Each season: the first
five action cards are turned up, the players plan on their boards (off the
app), the generals give the turn order, one of the year's event cards becomes
the current event; then the actions are done card by card, each player in
turn order revealing the land card planned for it. The hidden action cards
are turned up when the first of them is reached: the app's draw turns them
up together, the table enters them one by one.
"""

from __future__ import annotations

from typing import Any

from games.base import Action, IllegalAction, State, require, seeded_random
from games.i18n import _, listed, ngettext, seat_name
from games.wallenstein import actions, board, winter
from games.wallenstein.data import (
    ACTION_CARDS,
    ACTION_KEYS,
    ACTION_SPACES,
    BLANK_CARDS,
    EVENTS,
    EVENTS_PER_YEAR,
    OPEN_ACTION_CARDS,
    SEASONS,
    lands,
)

BLANK = "blank"
EMPTY = "none"


def _is_int(value: Any) -> bool:
    """A JSON whole number (not a bool, not a float that happens to equal one)."""
    return type(value) is int


# -- the year ------------------------------------------------------------------
def events_available(state: State) -> list[int]:
    """Event cards that can be drawn this year: with the default option the cards of
    the first year are not shuffled back."""
    if state["options"]["events"] == "reshuffle":
        return sorted(EVENTS)
    return [number for number in sorted(EVENTS) if number not in state["events"]["drawn"]]


def enter_events(state: State, action: Action) -> None:
    pool = events_available(state)
    if action.get("by_app") is True:
        cards = seeded_random(action).sample(pool, EVENTS_PER_YEAR)
    else:
        cards = [action.get(f"card_{place}") for place in range(1, EVENTS_PER_YEAR + 1)]
        for card in cards:
            if not _is_int(card) or card not in pool:
                raise IllegalAction(
                    _("%(value)s is not an event card left to draw."), value=str(card)
                )
        require(len(set(cards)) == EVENTS_PER_YEAR, _("The four event cards must be different."))
    state["events"]["year"] = cards
    state["events"]["drawn"] = sorted(set(state["events"]["drawn"]) | set(cards))
    start_season(state, SEASONS[0])


# -- a season ------------------------------------------------------------------
def start_season(state: State, name: str) -> None:
    count = len(state["players"])
    state["season"] = name
    state["events"]["current"] = None
    state["season_state"] = {
        "actions": [],
        "index": 0,
        "turn": 0,
        "order": [],
        # the land cards each player had when planning: only these lie on the boards
        "cards": [board.owned_lands(state, seat) for seat in range(count)],
        "used": [[] for _seat in range(count)],
        "blanks": [0] * count,
        "empties": [0] * count,
        # land cards taken from the boards this season (conquered or devastated)
        "taken": [[] for _seat in range(count)],
    }
    state["stage"] = "action_card"


def action_cards_left(state: State) -> list[str]:
    return [key for key in ACTION_KEYS if key not in state["season_state"]["actions"]]


def reveal_action_card(state: State, action: Action) -> None:
    left = action_cards_left(state)
    season = state["season_state"]
    if action.get("by_app") is True:
        # the app shuffles what is left and turns up as many as are due now
        due = OPEN_ACTION_CARDS - len(season["actions"]) if not season["order"] else 1
        # "rest": a draw of issue 21 (an older log's, without it, replays as it was: one
        # hidden card, no note)
        rest = action.get("rest") is True
        if season["order"] and rest:
            # "následující zakryté karty akcí se odkryjí": the hidden cards together
            due = len(left)
        drawn = seeded_random(action).sample(left, max(1, due))
        season["actions"].extend(drawn)
        if rest:
            note_action_cards(state, drawn)
    else:
        card = action.get("card")
        if card not in left:
            raise IllegalAction(
                _("%(value)s is not an action card still face down."), value=str(card)
            )
        season["actions"].append(card)
    if not season["order"]:
        if len(season["actions"]) >= OPEN_ACTION_CARDS:
            state["stage"] = "turn_order"
    else:
        state["stage"] = "act"
        skip_idle(state)


def note_action_cards(state: State, cards: list[str]) -> None:
    """The action cards the app turned up, named in the table's notes (the entry's log line
    cannot name them: it knows only that the app drew)."""
    names = listed([ACTION_CARDS[card].label for card in cards])
    board.note(
        state,
        ngettext(
            "The app turns up an action card: %(cards)s",
            "The app turns up %(count)s action cards: %(cards)s",
            len(cards),
            cards=names,
        ),
    )


def set_turn_order(state: State, action: Action) -> None:
    count = len(state["players"])
    if action.get("by_app") is True:
        order = seeded_random(action).sample(range(count), count)
    else:
        order = [action.get(f"pos_{place}") for place in range(1, count + 1)]
        for seat in order:
            if not _is_int(seat) or seat not in range(count):
                raise IllegalAction(_("%(value)s is not a seat at this table."), value=str(seat))
        require(len(set(order)) == count, _("Every general must appear once in the turn order."))
    state["season_state"]["order"] = order
    if state.get("start_seat") is None:
        # The game's start player is the first season's Startspieler; later seasons
        # draw a new order, so the first one is kept (a state made before this key
        # existed gets it on replay).
        state["start_seat"] = order[0]
    state["stage"] = "current_event"


def first_start_seat(state: State) -> int | None:
    """The Startspieler of the game's first season, once its turn order is entered."""
    seat = state.get("start_seat")
    return seat if isinstance(seat, int) else None


def events_left(state: State) -> list[int]:
    return [card for card in state["events"]["year"] if card not in state["events"]["used"]]


def set_current_event(state: State, action: Action) -> None:
    left = events_left(state)
    if action.get("by_app") is True:
        card = seeded_random(action).choice(left)
    else:
        card = action.get("event")
        if not _is_int(card) or card not in left:
            raise IllegalAction(
                _("%(value)s is not one of this year's unused event cards."), value=str(card)
            )
    state["events"]["used"].append(card)
    state["events"]["current"] = card
    state["stage"] = "act"
    skip_idle(state)


# -- revealing and doing the planned actions -----------------------------------
def current_card(state: State) -> str:
    season = state["season_state"]
    return season["actions"][season["index"]]


def current_player(state: State) -> int:
    season = state["season_state"]
    return season["order"][season["turn"]]


def lost_cards(state: State, seat: int) -> list[str]:
    """Planned land cards taken away this season (conquered or lost to a revolt)."""
    season = state["season_state"]
    taken = season.get("taken", [[]] * len(state["players"]))[seat]
    return [
        land
        for land in season["cards"][seat]
        if land not in season["used"][seat]
        and (state["lands"][land]["owner"] != seat or land in taken)
    ]


def playable_lands(state: State, seat: int) -> list[str]:
    season = state["season_state"]
    lost = lost_cards(state, seat)
    return [
        land
        for land in season["cards"][seat]
        if land not in season["used"][seat] and land not in lost
    ]


def empties_allowed(state: State, seat: int) -> int:
    """Action spaces that may be empty: 'Nemá-li některý hráč dost karet (ani prázdných),
    nechá zvolená pole akcí nezakrytá' - plus the spaces whose card was taken."""
    season = state["season_state"]
    cards = len(season["cards"][seat]) + BLANK_CARDS
    return max(0, ACTION_SPACES - cards) + len(lost_cards(state, seat))


def why_not_blank(state: State, seat: int) -> str | None:
    if state["season_state"]["blanks"][seat] >= BLANK_CARDS:
        return _("All five blank cards have been played this season.")
    return None


def why_not_empty(state: State, seat: int) -> str | None:
    if state["season_state"]["empties"][seat] >= empties_allowed(state, seat):
        return _("Every action space must hold a card while you have cards to place.")
    return None


def play(state: State, seat: int, action: Action) -> None:
    """The player on turn reveals the card planned for the current action and does it."""
    season = state["season_state"]
    card = current_card(state)
    land = action.get("land")
    name = seat_name(seat, state["players"][seat])
    label = ACTION_CARDS[card].label
    if land == BLANK:
        reason = why_not_blank(state, seat)
        require(reason is None, reason or "")
        season["blanks"][seat] += 1
        finish_turn(state)
        return
    if land == EMPTY:
        reason = why_not_empty(state, seat)
        require(reason is None, reason or "")
        season["empties"][seat] += 1
        finish_turn(state)
        return
    if land not in playable_lands(state, seat):
        if land in season["cards"][seat] and land not in season["used"][seat]:
            raise IllegalAction(_("That land card was taken from you; its action is cancelled."))
        raise IllegalAction(
            _("%(value)s is not a land card you planned this season."), value=str(land)
        )
    try:
        battle = actions.perform(state, seat, card, land, action)
    except actions.Cancelled as cancelled:
        season["used"][seat].append(land)
        board.note(
            state,
            _("%(player)s: %(action)s in %(land)s is cancelled. %(reason)s"),
            player=name,
            action=label,
            land=lands()[land].name,
            reason=cancelled.reason,
        )
        finish_turn(state)
        return
    season["used"][seat].append(land)
    board.note(
        state,
        _("%(player)s: %(action)s in %(land)s."),
        player=name,
        action=label,
        land=lands()[land].name,
    )
    if not battle:
        finish_turn(state)


def finish_turn(state: State) -> None:
    """On to the next player, the next action card, the next season or the winter."""
    _next_turn(state)
    skip_idle(state)


def _next_turn(state: State) -> None:
    season = state["season_state"]
    season["turn"] += 1
    if season["turn"] >= len(state["players"]):
        season["turn"] = 0
        season["index"] += 1
    if season["index"] >= ACTION_SPACES:
        end_season(state)
    elif season["index"] >= len(season["actions"]):
        state["stage"] = "action_card"
    else:
        state["stage"] = "act"


def skip_idle(state: State) -> None:
    """A player without a land card left on the board can only reveal blanks: the app
    passes over them. When nobody has a land card left, the season is over (the action
    cards still face down change nothing)."""
    while state["stage"] in ("act", "action_card") and state["season"] in SEASONS:
        count = len(state["players"])
        if not any(playable_lands(state, seat) for seat in range(count)):
            board.note(
                state,
                _("Nobody has a land card left on the board: the season ends."),
            )
            end_season(state)
            return
        if state["stage"] != "act":
            return
        seat = current_player(state)
        if playable_lands(state, seat):
            return
        season = state["season_state"]
        idle = season.setdefault("idle", [])
        if seat not in idle:
            idle.append(seat)
            board.note(
                state,
                _("%(player)s has no land card left on the board this season."),
                player=seat_name(seat, state["players"][seat]),
            )
        _next_turn(state)


def end_season(state: State) -> None:
    position = SEASONS.index(state["season"])
    if position + 1 < len(SEASONS):
        start_season(state, SEASONS[position + 1])
        # the generals stay in their order until the new one is drawn (rules' note)
        return
    winter.start_winter(state)  # winter closes the year


def after_tax_revolt(state: State, battle: dict[str, Any]) -> None:
    """'c) Hráč přidá žeton revolty do této země' - unless the land was lost."""
    land = battle["land"]
    if state["lands"][land]["owner"] == battle["defender"]:
        board.add_revolt_marker(state, land)
    finish_turn(state)
