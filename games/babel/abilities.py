"""The nation abilities ("Zvláštní schopnosti národů").

An ability needs three or more cards of one nation in a row (anywhere in the
row) on the player's side of the city where their figure stands. Using it
discards one card of that run, so a run of four can be used twice, and so on.
Instead of the nation's own power any run may make the opponent discard half
their hand.
"""

from __future__ import annotations

from typing import Any

from games.babel.actions import figure_city, lay_level, nation_arg, require_actions
from games.babel.constants import (
    CITY_NAMES,
    NATION_NAMES,
    OPT_SUMERIANS,
    POWER_HALVE,
    POWER_OWN,
    ROW_SOURCES,
    RUN_FOR_ABILITY,
    SUMERIANS_NATION,
)
from games.babel.endgame import check_totals
from games.babel.state import State, height, opponent, row, runs, temple
from games.base import Action, IllegalAction, choice_arg, int_arg, require
from games.i18n import _


def usable_runs(cards: list[str], nation: str) -> list[dict[str, Any]]:
    """The runs of ``nation`` long enough to use its ability."""
    return [
        found
        for found in runs(cards)
        if found["nation"] == nation and found["length"] >= RUN_FOR_ABILITY
    ]


def chosen_run(cards: list[str], nation: str, action: Action) -> dict[str, Any]:
    """The run the ability uses: ``run`` (its first index) or the first usable one."""
    usable = usable_runs(cards, nation)
    require(
        bool(usable),
        _("You need three cards of the %(nation)s in a row here to use their ability."),
        nation=NATION_NAMES[nation],
    )
    if "run" not in action:
        return usable[0]
    start = int_arg(action, "run", 0, max(0, len(cards) - 1))
    for found in usable:
        if found["start"] == start:
            return found
    raise IllegalAction(_("No run of three starts at that card."))


def opponent_trailing_cards(cards: list[str], whole_nation: bool) -> list[int]:
    """Indices of the opponent's cards the Sumerians take.

    Czech text (default): "Všechny karty z konce protivníkovy řady, které mají
    stejnou barvu" -- the run of one colour at the end of the row. Russian
    text (option): "Все карты того же племени, что и верхняя карта оппонента"
    -- every card of the nation of the last card.
    """
    if not cards:
        return []
    last = cards[-1]
    if whole_nation:
        return [index for index, nation in enumerate(cards) if nation == last]
    start = len(cards)
    while start > 0 and cards[start - 1] == last:
        start -= 1
    return list(range(start, len(cards)))


def use_ability(state: State, seat: int, action: Action) -> None:
    """Check and apply an ability entry (``nation``, ``power`` and its arguments)."""
    require_actions(state, seat)
    nation = nation_arg(action)
    power = choice_arg(action, "power", (POWER_OWN, POWER_HALVE))
    city = figure_city(state, seat)
    own_row = row(state, seat, city)
    run = chosen_run(own_row, nation, action)
    # The discarded card still counts for the Hittites' and Persians' condition.
    settlers_with_discarded = len(own_row)
    other = opponent(seat)
    # What the table checks against the board afterwards (``last_event``).
    event: dict[str, Any] = {
        "kind": "ability",
        "seat": seat,
        "opponent": other,
        "nation": nation,
        "power": power,
        "city": city,
        "run_start": run["start"],
    }
    if power == POWER_HALVE:
        event.update(_halve(state, other))
    elif nation == "assyrians":
        event["destroyed"] = _destroy(state, other, city)
    elif nation == "hittites":
        event["stolen"] = _steal(state, seat, other, city, settlers_with_discarded)
    elif nation == "medes":
        target = nation_arg(action, "target")
        event["expelled"] = {"nation": target, "count": _expel(state, other, city, target)}
    elif nation == "persians":
        source = str(choice_arg(action, "source", ROW_SOURCES))
        event["built"] = _skip(state, seat, city, source, settlers_with_discarded)
        event["source"] = source
    # Discard one card of the run; the Sumerians take cards after it, so the
    # new cards land after the shortened run (order as on the table).
    del own_row[run["start"]]
    state["discard"].append(nation)
    if power == POWER_OWN and nation == "sumerians":
        event["taken"] = _switch_sides(state, seat, other, city)
    state["last_event"] = event
    check_totals(state, seat)


def _halve(state: State, other: int) -> dict[str, int]:
    """ "protivník odevzdal polovinu karet ... 5 karet se zredukuje na 3"."""
    hand = state["hand_sizes"][other]
    count = hand // 2
    require(count > 0, _("The opponent has too few cards to lose half of them."))
    state["pending"] = {"seat": other, "count": count}
    return {"hand_before": hand, "hand_after": hand - count}


def _destroy(state: State, other: int, city: str) -> list[int]:
    """Assyrians: the opponent's temple goes back on the deck, the highest first.

    Laid highest first, so the lowest ends on top and is drawn first.
    """
    stack = temple(state, other, city)
    require(
        bool(stack),
        _("The opponent has no temple in %(city)s."),
        city=CITY_NAMES[city],
    )
    deck = state["temple_deck"]
    deck["top"] = list(stack) + deck["top"]
    deck["size"] += len(stack)
    destroyed = list(stack)
    stack.clear()
    return destroyed


def _steal(state: State, seat: int, other: int, city: str, settlers: int) -> int:
    """Hittites: take the top level of the opponent's temple onto the own temple."""
    theirs = temple(state, other, city)
    require(bool(theirs), _("The opponent has no temple in %(city)s."), city=CITY_NAMES[city])
    level = theirs[-1]
    mine = temple(state, seat, city)
    require(
        level > height(mine),
        _("The stolen level must be higher than your temple (%(height)s)."),
        height=height(mine),
    )
    require(
        settlers >= level,
        _(
            "Level %(level)s needs at least as many nation cards in %(city)s as its level; you have %(count)s there."
        ),
        level=level,
        city=CITY_NAMES[city],
        count=settlers,
    )
    mine.append(theirs.pop())
    return int(level)


def _expel(state: State, other: int, city: str, target: str) -> int:
    """Medes: the opponent discards every card of the chosen nation in this city."""
    cards = row(state, other, city)
    leaving = [nation for nation in cards if nation == target]
    require(
        bool(leaving),
        _("The opponent has no cards of the %(nation)s in %(city)s."),
        nation=NATION_NAMES[target],
        city=CITY_NAMES[city],
    )
    cards[:] = [nation for nation in cards if nation != target]
    state["discard"].extend(leaving)
    return len(leaving)


def _switch_sides(state: State, seat: int, other: int, city: str) -> list[str]:
    """Sumerians: the opponent's cards (see the option) join the end of the own row."""
    cards = row(state, other, city)
    whole_nation = state["options"][OPT_SUMERIANS] == SUMERIANS_NATION
    taken = opponent_trailing_cards(cards, whole_nation)
    require(bool(taken), _("The opponent has no cards in %(city)s."), city=CITY_NAMES[city])
    moving = [cards[index] for index in taken]
    cards[:] = [nation for index, nation in enumerate(cards) if index not in taken]
    row(state, seat, city).extend(moving)
    return moving


def _skip(state: State, seat: int, city: str, source: str, settlers: int) -> int:
    """Persians: build skipping exactly one level, with a card from a row."""
    rows = state["temple_rows"][ROW_SOURCES.index(source)]
    require(bool(rows), _("That temple row is empty."))
    level = rows[-1]
    stack = temple(state, seat, city)
    require(
        level == height(stack) + 2,
        _("Skipping one level here means building level %(next)s, not %(level)s."),
        next=height(stack) + 2,
        level=level,
    )
    lay_level(state, seat, city, source, level, settlers)
    return int(level)
