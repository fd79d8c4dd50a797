"""Drawing from the two face-down decks, entered by the table or drawn by the app.

The table may enter what it drew or send ``"by_app": true``; then the engine
draws with ``random.Random(action["seed"])`` from what it knows the deck
holds, so a replay of the log draws the same cards. The phone enters one card
per tap: a nation card at a time (``deal_card``/``draw_card``, the cards so far
kept in the private ``_drawing``) and a temple level at a time (``temple_card``,
the first level waiting in ``temple_pending`` until the second is turned up).
Whole draws in one entry (``card1``.., ``first``/``second``) stay accepted.
"""

from __future__ import annotations

import random

from games.babel.constants import LEVELS, NATION_NAMES, NATIONS
from games.babel.state import (
    State,
    is_tracked,
    nation_deck_composition,
    temple_deck_unknown,
)
from games.base import Action, IllegalAction, require, seeded_random
from games.i18n import _

CARD_KEYS: tuple[str, ...] = ("card1", "card2", "card3", "card4", "card5")
LEVEL_KEYS: tuple[str, ...] = ("first", "second")
# Field labels are plain marked strings (no placeholders), one per position.
CARD_LABELS: tuple[str, ...] = (
    _("First card"),
    _("Second card"),
    _("Third card"),
    _("Fourth card"),
    _("Fifth card"),
)
LEVEL_LABELS: tuple[str, ...] = (_("Level of the first card"), _("Level of the second card"))
# The one field of an entry of a single card (``deal_card``/``draw_card``, ``temple_card``).
CARD_NATION_LABEL = _("Nation of the card drawn")
LEVEL_LABEL = _("Level of the temple card drawn")


def by_app(action: Action) -> bool:
    """Whether the action asks the app to draw (``"by_app": true``)."""
    value = action.get("by_app", False)
    require(isinstance(value, bool), _("by_app must be true or false."))
    return value


def app_random(action: Action) -> random.Random:
    """The generator for an app draw, seeded by the entry's ``seed`` (an int, else refused)."""
    return seeded_random(action)


def _pick(rng: random.Random, counts: dict, order: tuple) -> object:
    """One card drawn at random from ``counts`` (a deterministic order first)."""
    pool = [value for value in order for _ in range(counts[value])]
    return rng.choice(pool)


# -- nation cards --------------------------------------------------------------------


def drawing(state: State, seat: int) -> list[str]:
    """The nation cards ``seat`` has entered so far in its current draw (tracked hands)."""
    so_far = state.get("_drawing")
    return list(so_far[seat]) if so_far else []


def set_drawing(state: State, seat: int, cards: list[str]) -> None:
    """Keep the cards entered so far in the current draw (private, like the hand)."""
    if not state.get("_drawing"):
        state["_drawing"] = [[] for _ in state["players"]]
    state["_drawing"][seat] = list(cards)


def nation_draw_count(state: State, wanted: int) -> int:
    """How many cards a draw of ``wanted`` can take: the deck, then the reshuffled discard."""
    return min(wanted, state["nation_deck"]["size"] + len(state["discard"]))


def _reshuffle_if_empty(state: State) -> None:
    """ "Když se balíček spotřebuje, zamíchá se odkládací balíček" (a new draw pile)."""
    deck = state["nation_deck"]
    if deck["size"] == 0 and state["discard"]:
        deck["size"] = len(state["discard"])
        deck["reshuffles"] += 1
        state["discard"] = []


def draw_nations(state: State, seat: int, wanted: int, action: Action) -> list[str]:
    """Draw up to ``wanted`` nation cards into ``seat``'s hand; the cards if known.

    Without hand tracking nothing but the counts change: the player draws
    from the real deck and the engine only counts. With tracking, the cards
    are entered (``card1``..) or drawn by the app from what the deck holds.
    """
    count = nation_draw_count(state, wanted)
    drawn: list[str] = []
    if is_tracked(state):
        app = by_app(action)
        rng = app_random(action) if app else None
        if not app:
            for key in CARD_KEYS[count:]:
                require(key not in action, _("Nation cards left to draw: %(count)s."), count=count)
    for index in range(count):
        _reshuffle_if_empty(state)
        if is_tracked(state):
            composition = nation_deck_composition(state)
            assert composition is not None
            if rng is not None:
                nation = str(_pick(rng, composition, NATIONS))
            else:
                key = CARD_KEYS[index]
                nation = action.get(key)
                require(
                    nation in NATIONS, _("Enter the nation of card %(number)s."), number=index + 1
                )
                require(
                    composition[nation] > 0,
                    _("The nation deck holds no more cards of the %(nation)s."),
                    nation=NATION_NAMES[nation],
                )
            state["_hands"][seat][nation] += 1
            drawn.append(nation)
        state["nation_deck"]["size"] -= 1
        state["hand_sizes"][seat] += 1
    return drawn


# -- temple cards ----------------------------------------------------------------------


def temple_pending(state: State, seat: int) -> list[int]:
    """The temple levels ``seat`` has turned up but not laid yet (the first of two)."""
    pending = state.get("temple_pending")
    if pending is None or pending["seat"] != seat:
        return []
    return list(pending["levels"])


def next_temple_levels(state: State, drawn: list[int]) -> list[int]:
    """The levels the next temple card can have, after ``drawn`` were turned up."""
    top = state["temple_deck"]["top"]
    if len(drawn) < len(top):
        return [top[len(drawn)]]
    unknown = temple_deck_unknown(state)
    for level in drawn[len(top) :]:
        unknown[level] -= 1
    return [level for level in LEVELS if unknown[level] > 0]


def temple_levels_possible(state: State) -> list[int]:
    """The levels the next temple card drawn can have."""
    return next_temple_levels(state, [])


def check_next_temple_level(state: State, drawn: list[int], level: object) -> int:
    """``level`` as the next card after ``drawn``, or IllegalAction saying why not."""
    require(
        isinstance(level, int) and not isinstance(level, bool) and level in LEVELS,
        _("Enter the level of each temple card drawn, from 1 to 6."),
    )
    assert isinstance(level, int)
    top = state["temple_deck"]["top"]
    if len(drawn) < len(top):
        require(
            level == top[len(drawn)],
            _("The next temple card is known to be level %(level)s."),
            level=top[len(drawn)],
        )
    elif level not in next_temple_levels(state, drawn):
        raise IllegalAction(_("The temple deck holds no card of level %(level)s."), level=level)
    return level


def temple_draw_count(state: State, wanted: int) -> int:
    """How many temple cards a draw of ``wanted`` takes (the deck may hold fewer)."""
    return min(wanted, state["temple_deck"]["size"])


def draw_temples(state: State, seat: int, wanted: int, action: Action) -> list[int]:
    """Draw up to ``wanted`` temple cards and lay them in ``seat``'s row.

    The known top cards (destroyed temples put back) come first; the rest is
    entered or drawn from the levels the deck can still hold. "Nejdříve obě
    karty odkryje, pak položí tu s vyšší hodnotou a na ni tu s nižší." A
    first card already entered on its own (``temple_pending``) counts as drawn.
    """
    deck = state["temple_deck"]
    count = temple_draw_count(state, wanted)
    require(count > 0, _("The temple deck is empty."))
    known = deck["top"][:count]
    pending = temple_pending(state, seat)
    if by_app(action):
        rng = app_random(action)
        unknown = temple_deck_unknown(state)
        for level in pending[len(known) :]:
            unknown[level] -= 1
        drawn = list(pending)
        for index in range(len(pending), count):
            if index < len(known):
                drawn.append(known[index])
                continue
            level = int(_pick(rng, unknown, LEVELS))  # type: ignore[call-overload]
            unknown[level] -= 1
            drawn.append(level)
    else:
        require(
            not pending,
            _("The first temple card is already entered: tap the level of the second one."),
        )
        unknown = temple_deck_unknown(state)
        entered = []
        for key in LEVEL_KEYS[:count]:
            value = action.get(key)
            require(
                isinstance(value, int) and not isinstance(value, bool) and value in LEVELS,
                _("Enter the level of each temple card drawn, from 1 to 6."),
            )
            entered.append(value)
        for key in LEVEL_KEYS[count:]:
            require(action.get(key) is None, _("Only one temple card is left to draw."))
        remaining = list(entered)
        for level in known:
            require(
                level in remaining,
                _("The next temple card is known to be level %(level)s."),
                level=level,
            )
            remaining.remove(level)
        for level in remaining:
            if unknown[level] <= 0:
                raise IllegalAction(
                    _("The temple deck holds no card of level %(level)s."), level=level
                )
            unknown[level] -= 1
        drawn = entered
    return lay_temples(state, seat, drawn, by_app(action))


def lay_temples(state: State, seat: int, drawn: list[int], app: bool = False) -> list[int]:
    """Take the checked ``drawn`` cards off the deck and lay them, the higher one first;
    ``app``: the app drew them (the seat lets it, see ``app_temples``)."""
    deck = state["temple_deck"]
    count = len(drawn)
    known = deck["top"][:count]
    deck["top"] = deck["top"][len(known) :]
    deck["size"] -= count
    laid = sorted(drawn, reverse=True)
    state["temple_rows"][seat].extend(laid)
    state["last_temple_draw"] = {"seat": seat, "levels": laid}
    state.setdefault("app_temples", [False] * len(state["players"]))[seat] = app
    state["temple_pending"] = None
    return laid
