"""Winter: grain loss, hunger revolts, scoring, revolt markers removed.

"Číslo na poslední kartě událostí určuje množství obilí, které bude ztraceno."
"Po ztrátě obilí musí každý hráč mít nejméně jedno obilí pro každou svou zemi."
The revolts follow the autumn turn order; the player on the left draws the
revolting lands from the player's land cards, blanks included.
"""

from __future__ import annotations

from games.base import Action, IllegalAction, State, require, seeded_random
from games.i18n import _, seat_name
from games.wallenstein import board, report, scoring, tower, year
from games.wallenstein.data import BLANK_CARDS, EVENTS, YEARS, hunger_revolts, lands

BLANK = "blank"


def start_winter(state: State) -> None:
    last = [card for card in state["events"]["year"] if card not in state["events"]["used"]]
    loss = EVENTS[last[0]].grain_loss if last else 0
    state["season"] = "winter"
    state["events"]["current"] = None
    count = len(state["players"])
    grain_before = list(state["grain"])
    owned = [len(board.owned_lands(state, seat)) for seat in range(count)]
    state["grain"] = [max(0, grain - loss) for grain in state["grain"]]
    queue = []
    shortages = [0] * count
    for seat in state["season_state"]["order"]:
        shortage = max(0, len(board.owned_lands(state, seat)) - state["grain"][seat])
        shortages[seat] = shortage
        revolts, extra = hunger_revolts(shortage)
        if revolts:
            queue.append({"seat": seat, "draws": revolts, "extra": extra, "drawn": []})
    state["winter"] = {
        "card": last[0] if last else None,
        "loss": loss,
        "shortages": shortages,
        "queue": queue,
        "players": report.grain_report(state, grain_before, owned),
        "revolts": [],
    }
    if queue:
        report.record(state, report.hunger_event(state))
    next_revolt(state)


def revolting_seat(state: State) -> int:
    return state["winter"]["queue"][0]["seat"]


def drawer(state: State) -> int:
    """'hráč po levici je náhodně vytáhne': the next seat clockwise."""
    return (revolting_seat(state) + 1) % len(state["players"])


def drawable_cards(state: State) -> list[str]:
    """The revolting player's land cards not drawn yet, and the blank if one is left."""
    head = state["winter"]["queue"][0]
    cards = [land for land in board.owned_lands(state, head["seat"]) if land not in head["drawn"]]
    if head["drawn"].count(BLANK) < BLANK_CARDS:
        cards.append(BLANK)
    return cards


def next_revolt(state: State) -> None:
    queue = state["winter"]["queue"]
    while queue:
        head = queue[0]
        if len(head["drawn"]) < head["draws"]:
            state["stage"] = "hunger_draw"
            return
        queue.pop(0)
    finish_winter(state)


def draw(state: State, action: Action) -> None:
    head = state["winter"]["queue"][0]
    cards = drawable_cards(state)
    if action.get("by_app") is True:
        # a blank stands for five cards in the player's hand of land cards
        blanks = BLANK_CARDS - head["drawn"].count(BLANK)
        pool = [land for land in cards if land != BLANK] + [BLANK] * blanks
        card = seeded_random(action).choice(pool)
    else:
        card = action.get("card")
        if card not in cards:
            raise IllegalAction(
                _("%(value)s is not a card in that player's hand."), value=str(card)
            )
    head["drawn"].append(card)
    seat = head["seat"]
    name = seat_name(seat, state["players"][seat])
    if card == BLANK:
        state["winter"]["revolts"].append({"seat": seat, "land": None, "land_name": None})
        board.note(state, _("A blank card was drawn for %(player)s: no revolt there."), player=name)
        next_revolt(state)
        return
    info = state["lands"][card]
    # "Ty útočí s tolika armádami, kolik je v zemi žetonů revolty. Další armády jsou přidány
    # za chybějící obilí."
    peasants = tower.take_peasants(state, info["revolt"] + head["extra"])
    state["winter"]["revolts"].append(
        {
            "seat": seat,
            "land": card,
            "land_name": lands()[card].name,
            "markers": info["revolt"],
            "extra": head["extra"],
            "peasants": peasants,
        }
    )
    board.note(
        state,
        _("Hunger revolt in %(land)s of %(player)s: attacking peasants %(peasants)s."),
        land=lands()[card].name,
        player=name,
        peasants=peasants,
    )
    tower.start(
        state,
        {
            "kind": "revolt",
            "land": card,
            "attacker": None,
            "defender": seat,
            "peasant_side": "attacker",
            "throw": {"armies": [0] * len(state["players"]), "peasants": peasants},
            "after": "hunger",
        },
    )


def finish_winter(state: State) -> None:
    """Score, remove every revolt marker, and start the next year or end the game."""
    require(state["winter"] is not None, _("It is not winter."))
    points = scoring.winter_points(state)
    state["winters"].append(points)
    report.record(state, report.winter_event(state, points, scoring.totals(state)))
    for info in state["lands"].values():
        info["revolt"] = 0
    state["winter"]["queue"] = []
    if state["year"] >= YEARS:
        state["stage"] = "game_over"
        return
    state["year"] += 1
    year.start_year(state)  # the next year


def revolt_fought(state: State, battle: dict) -> None:
    """Add the outcome of a hunger revolt to the winter's list of revolts."""
    revolts = state["winter"]["revolts"]
    if revolts and revolts[-1]["land"] == battle["land"]:
        revolts[-1]["result"] = battle["result"]
        revolts[-1]["devastated"] = battle.get("devastated", False)
