"""The entries of a turn except the nation abilities: each one checks, then changes.

Every handler receives a fresh copy of the state (``apply`` makes it), checks
the rules and raises :class:`IllegalAction` before or while changing the
copy; an illegal entry therefore never reaches the caller's state.
"""

from __future__ import annotations

from games.babel.constants import (
    ANNOUNCE_HAND,
    CITY_NAMES,
    LEVELS,
    MIGRATION_CARDS,
    NATION_DRAW,
    NATION_NAMES,
    NATIONS,
    QUARRY,
    ROW_SOURCES,
    SOURCE_START,
    SOURCES,
    STAGE_ACTIONS,
    STAGE_DEAL,
    STAGE_DRAW,
    STAGE_TEMPLE,
    STARTING_HAND,
    TEMPLE_DRAW,
)
from games.babel.draws import (
    check_next_temple_level,
    draw_nations,
    draw_temples,
    drawing,
    lay_temples,
    nation_draw_count,
    set_drawing,
    temple_draw_count,
    temple_pending,
)
from games.babel.endgame import check_deck_exhausted
from games.babel.state import (
    State,
    hand_may_hold,
    height,
    is_tracked,
    opponent,
    row,
    temple,
)
from games.base import Action, choice_arg, int_arg, require
from games.i18n import _

# -- shared checks ---------------------------------------------------------------------


def nation_arg(action: Action, key: str = "nation") -> str:
    """A nation slug field, or IllegalAction."""
    return str(choice_arg(action, key, NATIONS))


def require_stage(state: State, stage: str) -> None:
    """Refuse an entry made in the wrong part of the turn."""
    require(state["stage"] == stage, _("This entry is not possible at this point of the turn."))


def require_actions(state: State, seat: int) -> None:
    """The active player's action phase, with no halving discard waiting."""
    require_stage(state, STAGE_ACTIONS)
    require(seat == state["active"], _("It is not your turn."))
    require(state["pending"] is None, _("The opponent must first discard half their hand."))


def figure_city(state: State, seat: int) -> str:
    """The city where the seat's figure stands; refused while it is in the quarry."""
    place = state["figures"][seat]
    require(place != QUARRY, _("Your figure is still in the quarry: travel first."))
    return str(place)


def take_from_hand(state: State, seat: int, nation: str) -> None:
    """Remove one card of ``nation`` from the seat's hand (checked, or trusted)."""
    require(
        hand_may_hold(state, seat, nation),
        _("You have no card of the %(nation)s in your hand."),
        nation=NATION_NAMES[nation],
    )
    state["hand_sizes"][seat] -= 1
    if is_tracked(state):
        state["_hands"][seat][nation] -= 1


def build_level(state: State, source: str, seat: int) -> int:
    """The level of the card a build would take from ``source``, or IllegalAction."""
    if source == SOURCE_START:
        require(state["start_card"][seat], _("You have already built your starting card."))
        return 1
    cards = state["temple_rows"][ROW_SOURCES.index(source)]
    require(bool(cards), _("That temple row is empty."))
    return int(cards[-1])


def take_build_card(state: State, source: str, seat: int) -> int:
    """Take the card from ``source`` (the last card of a row, or the starting card)."""
    level = build_level(state, source, seat)
    if source == SOURCE_START:
        state["start_card"][seat] = False
    else:
        state["temple_rows"][ROW_SOURCES.index(source)].pop()
    return level


# -- the deal and the draws -------------------------------------------------------


def deal(state: State, seat: int, action: Action) -> None:
    """Hand tracking: a seat enters (or lets the app deal) its five starting cards.

    After cards entered one by one (``deal_card``) this takes the rest.
    """
    require_stage(state, STAGE_DEAL)
    require(not state["dealt"][seat], _("Your starting hand is already entered."))
    draw_nations(state, seat, STARTING_HAND - len(drawing(state, seat)), action)
    _deal_done(state, seat)


def draw(state: State, seat: int, action: Action) -> None:
    """ "Na začátku tahu si hráč vytáhne 3 karty národů" (also in the first turn).

    After cards entered one by one (``draw_card``) this takes the rest.
    """
    require_stage(state, STAGE_DRAW)
    require(seat == state["active"], _("It is not your turn."))
    draw_nations(state, seat, NATION_DRAW - len(drawing(state, seat)), action)
    _draw_done(state, seat)


def _one_nation_card(state: State, seat: int, wanted: int, action: Action) -> bool:
    """Hand tracking: one card drawn, entered by its nation; whether the draw is complete."""
    require(is_tracked(state), _("Cards are entered one by one only with hands on the phones."))
    nation = nation_arg(action)
    so_far = drawing(state, seat)
    require(
        nation_draw_count(state, wanted - len(so_far)) > 0,
        _("No nation card is left to draw."),
    )
    draw_nations(state, seat, 1, {"card1": nation})
    so_far.append(nation)
    set_drawing(state, seat, so_far)
    return nation_draw_count(state, wanted - len(so_far)) == 0


def deal_card(state: State, seat: int, action: Action) -> None:
    """Hand tracking: one card of the starting hand (one tap on the phone)."""
    require_stage(state, STAGE_DEAL)
    require(not state["dealt"][seat], _("Your starting hand is already entered."))
    if _one_nation_card(state, seat, STARTING_HAND, action):
        _deal_done(state, seat)


def draw_card(state: State, seat: int, action: Action) -> None:
    """Hand tracking: one of the three cards drawn at the start of the turn (one tap)."""
    require_stage(state, STAGE_DRAW)
    require(seat == state["active"], _("It is not your turn."))
    if _one_nation_card(state, seat, NATION_DRAW, action):
        _draw_done(state, seat)


def _deal_done(state: State, seat: int) -> None:
    if state.get("_drawing"):
        set_drawing(state, seat, [])
    state["dealt"][seat] = True
    if all(state["dealt"]):
        state["stage"] = STAGE_DRAW


def _draw_done(state: State, seat: int) -> None:
    if state.get("_drawing"):
        set_drawing(state, seat, [])
    state["stage"] = STAGE_ACTIONS
    state["migrated"] = False
    state["acted"] = False


# -- the five actions ---------------------------------------------------------------------


def travel(state: State, seat: int, action: Action) -> None:
    """Discard a nation card face up; the figure goes to that nation's city."""
    require_actions(state, seat)
    nation = nation_arg(action)
    require(
        state["figures"][seat] != nation,
        _("Your figure already stands in %(city)s."),
        city=CITY_NAMES[nation],
    )
    take_from_hand(state, seat, nation)
    state["discard"].append(nation)
    state["figures"][seat] = nation


def settle(state: State, seat: int, action: Action) -> None:
    """Lay one nation card at the end of the seat's row in the figure's city."""
    require_actions(state, seat)
    nation = nation_arg(action)
    city = figure_city(state, seat)
    take_from_hand(state, seat, nation)
    row(state, seat, city).append(nation)


def build(state: State, seat: int, action: Action) -> None:
    """Build the next level in the figure's city from a row or the starting card."""
    require_actions(state, seat)
    source = str(choice_arg(action, "source", SOURCES))
    city = figure_city(state, seat)
    level = build_level(state, source, seat)
    if "level" in action:
        # The phone names the level it offers, so the log can name it too.
        require(
            int_arg(action, "level", 1, 6) == level,
            _("The card there is level %(level)s."),
            level=level,
        )
    stack = temple(state, seat, city)
    require(
        height(stack) < len(LEVELS),
        _("Your temple in %(city)s is complete: it has all six levels."),
        city=CITY_NAMES[city],
    )
    require(
        level == height(stack) + 1,
        _("The next level of your temple in %(city)s is %(next)s, not %(level)s."),
        city=CITY_NAMES[city],
        next=height(stack) + 1,
        level=level,
    )
    lay_level(state, seat, city, source, level, len(row(state, seat, city)))
    state["last_event"] = {
        "kind": "build",
        "seat": seat,
        "city": city,
        "level": level,
        "source": source,
        "height": height(temple(state, seat, city)),
    }


def lay_level(state: State, seat: int, city: str, source: str, level: int, settlers: int) -> None:
    """Lay a temple level in ``city`` once the settlers there are enough for it.

    ``settlers`` is passed in because a Persian or Hittite ability counts the card
    it discards too.
    """
    require(
        settlers >= level,
        _(
            "Level %(level)s needs at least as many nation cards in %(city)s as its level; you have %(count)s there."
        ),
        level=level,
        city=CITY_NAMES[city],
        count=settlers,
    )
    temple(state, seat, city).append(take_build_card(state, source, seat))


def migrate(state: State, seat: int, action: Action) -> None:
    """Move the last three cards of one own settlement, in order, to the end of another."""
    require_actions(state, seat)
    require(not state["migrated"], _("You may migrate only once per turn."))
    require(
        any(len(row(state, seat, city)) >= MIGRATION_CARDS for city in NATIONS),
        _("Migration needs a settlement of at least three cards."),
    )
    origin = nation_arg(action, "origin")
    target = nation_arg(action, "target")
    require(origin != target, _("Migration must go to another city."))
    cards = row(state, seat, origin)
    require(
        len(cards) >= MIGRATION_CARDS,
        _("Migration needs at least three cards in %(city)s."),
        city=CITY_NAMES[origin],
    )
    moving = cards[-MIGRATION_CARDS:]
    del cards[-MIGRATION_CARDS:]
    row(state, seat, target).extend(moving)
    state["migrated"] = True


# -- the halving discard, the end of the actions and the temple draw ---------------


def give_up(state: State, seat: int, action: Action) -> None:
    """The opponent of a halving ability discards one card of their choice."""
    pending = state["pending"]
    require(
        pending is not None and pending["seat"] == seat,
        _("You have no cards to discard now."),
    )
    nation = nation_arg(action)
    take_from_hand(state, seat, nation)
    state["discard"].append(nation)
    pending["count"] -= 1
    if pending["count"] <= 0:
        state["pending"] = None


def could_still_build_start(state: State, seat: int) -> bool:
    """Whether the starting card can still be built this turn.

    "Na začátku hry má každý hráč v ruce jednu chrámovou kartu pro první patro,
    kterou musí použít ve svém prvním tahu" is enforced whenever the player
    still can obey it; a player who has spent all means keeps the card for a
    later turn instead of being stuck (see DECISIONS.md). Level 1 needs one
    settler in an empty site the figure can reach: a card already there, one
    settled from the hand after arriving, or three migrated there ("Hráč si
    vybere město (bez ohledu na současnou polohu své figurky)"), in any order.
    """
    hand = state["hand_sizes"][seat]
    place = state["figures"][seat]
    origins = (
        []
        if state["migrated"]
        else [city for city in NATIONS if len(row(state, seat, city)) >= MIGRATION_CARDS]
    )
    for city in NATIONS:
        if temple(state, seat, city):
            continue
        if city == place:
            cards_left = hand
        elif hand_may_hold(state, seat, city):
            cards_left = hand - 1  # the card of the city's nation pays the travel
        else:
            continue  # travelling there needs a card of its nation
        migrate_here = any(origin != city for origin in origins)
        if row(state, seat, city) or cards_left >= 1 or migrate_here:
            return True
    return False


def end_actions(state: State, seat: int, action: Action) -> None:
    """Close phase 2; the temple draw follows."""
    require_actions(state, seat)
    require(
        not (state["start_card"][seat] and could_still_build_start(state, seat)),
        _("You must build your starting level-1 card in your first turn."),
    )
    state["stage"] = STAGE_TEMPLE


def draw_temple_cards(state: State, seat: int, action: Action) -> None:
    """Draw two temple cards into the own row; then the turn passes."""
    require_stage(state, STAGE_TEMPLE)
    require(seat == state["active"], _("It is not your turn."))
    draw_temples(state, seat, TEMPLE_DRAW, action)
    _turn_over(state, seat)


def temple_card(state: State, seat: int, action: Action) -> None:
    """One temple card turned up, entered by its level (one tap on the phone).

    The first of two waits in ``temple_pending``; the second lays both, the
    higher first ("Nejdříve obě karty odkryje, pak položí tu s vyšší hodnotou").
    """
    require_stage(state, STAGE_TEMPLE)
    require(seat == state["active"], _("It is not your turn."))
    count = temple_draw_count(state, TEMPLE_DRAW)
    require(count > 0, _("The temple deck is empty."))
    drawn = temple_pending(state, seat)
    drawn.append(check_next_temple_level(state, drawn, action.get("level")))
    if len(drawn) < count:
        state["temple_pending"] = {"seat": seat, "levels": drawn}
        return
    lay_temples(state, seat, drawn)
    _turn_over(state, seat)


def _turn_over(state: State, seat: int) -> None:
    """After the temple draw: the deck's end, the hand announcement, the next player."""
    check_deck_exhausted(state)
    hand = state["hand_sizes"][seat]
    # "Pokud má hráč nyní čtyři nebo více karet v ruce, musí jejich počet sdělit"
    state["announcement"] = {"seat": seat, "count": hand} if hand >= ANNOUNCE_HAND else None
    if state["result"] is None:
        state["active"] = opponent(seat)
        state["turn"] += 1
        state["stage"] = STAGE_DRAW
