"""Phases 3 to 5: boarding, the penalty, counter-attacks, taking the ship."""

from __future__ import annotations

from typing import Any

from games.base import Action, IllegalAction, State, require
from games.i18n import _

from . import summary
from .cards import CARD_LABELS, COLOUR_KIND, add_cards, attack_value, kind_of, take_cards
from .flow import active_seat, board_finished_by_choice, boardable_slots, ends_attacks, first_round
from .inputs import card_list, colour_dice, number_dice
from .plays import ship_at
from .ships import (
    Ship,
    bare,
    drop_excess_pirates,
    missing,
    provisions,
    remove_provision,
    strength,
)

MAX_COUNTER_CARDS = 3
MAX_ROLL = 12  # two number dice


def check_board(state: State, slot: Any) -> None:
    """Whether the active seat may board the ship in ``slot`` now."""
    require(not first_round(state), _("Nobody may board a ship in the first round."))
    require(not state["turn"]["attacks_over"], _("You may not board another ship this turn."))
    ship = ship_at(state, slot)
    require(
        ship["id"] not in state["turn"].get("boarded", []),
        _("You have tried to board this ship this turn already."),
    )
    require(slot in boardable_slots(state), _("Your provisions for this ship are not complete."))


def board(state: State, action: Action) -> None:
    """Roll the number dice and add the pirates: at least the defence takes the ship."""
    slot = action.get("ship")
    check_board(state, slot)
    seat = active_seat(state)
    ship = state["sea"][slot]
    dice = number_dice(action)
    total = sum(dice) + strength(ship, seat)
    succeeded = total >= ship["defence"]
    state["turn"]["boarded"] = [*state["turn"].get("boarded", []), ship["id"]]
    state["last_event"] = summary.boarding(ship, seat, dice, strength(ship, seat), succeeded)
    state["last_roll"] = {
        "what": "board",
        "seat": seat,
        "ship": slot,
        "dice": dice,
        "total": total,
        "success": succeeded,
    }
    if not succeeded:
        state["attack"] = {"ship": slot, "attacker": seat, "total": total}
        state["step"] = "penalty"
        return
    count = len(state["players"])
    # "Začíná soused po levici": the next seats in the order of play.
    queue = [(seat + offset) % count for offset in range(1, count)]
    state["attack"] = {
        "ship": slot,
        "attacker": seat,
        "leader": seat,
        "best": total,
        "queue": [other for other in queue if provisions(ship, other)],
    }
    next_counter(state)


def stop_boarding(state: State, action: Action) -> None:
    """The active seat boards no more ships this turn."""
    board_finished_by_choice(state)


def penalty(state: State, action: Action) -> None:
    """After a failed boarding: lose one provision per colour rolled.

    "Za každou hozenou barvu musí odevzdat jednu odpovídající proviantní kartu
    do odkládacího balíku. Tato ztráta ho může připravit i o piráty."
    """
    colours = colour_dice(action)
    attack = state["attack"]
    seat = attack["attacker"]
    ship = state["sea"][attack["ship"]]
    lost: list[str] = []
    for colour in colours:
        code = remove_provision(ship, seat, COLOUR_KIND[colour])
        if code:
            lost.append(code)
    pirates_lost = drop_excess_pirates(ship, seat)
    summary.penalty(state["last_event"], colours, lost, pirates_lost)
    lost += pirates_lost
    state["discard"] = add_cards(state["discard"], lost)
    state["last_roll"] = {
        "what": "penalty",
        "seat": seat,
        "ship": attack["ship"],
        "colours": colours,
        "lost": lost,
    }
    state["attack"] = None
    ends_attacks(state)
    state["last_event"]["attacks_over"] = state["turn"]["attacks_over"]
    state["step"] = "board"


# -- counter-attacks --------------------------------------------------------


def counter_cards(state: State, seat: int, action: Action | None = None) -> list[str]:
    """The cards ``seat`` adds to complete its provisions for a counter-attack.

    "Pokud jeho proviant ještě není úplný, musí doplnit chybějící karty.
    Přitom také nesmí vyložit více než 3 karty. Nesmí přikládat nové karty
    pirátů." The entry may name the cards; if it does not, the engine picks
    the missing kinds from the hand, pirate-symbol cards first (they help).
    """
    ship: Ship = state["sea"][state["attack"]["ship"]]
    needed = missing(ship, seat)
    require(
        sum(needed.values()) <= MAX_COUNTER_CARDS,
        _("You would need more than 3 cards to complete your provisions."),
    )
    hand = state["hands"][seat]
    if action is not None and ("cards" in action or "card_1" in action):
        cards = card_list(action, "cards", 0, MAX_COUNTER_CARDS)
        given: dict[str, int] = {}
        for code in cards:
            kind = kind_of(code)
            require(kind is not None, _("No new pirates may be laid in a counter-attack."))
            given[kind] = given.get(kind, 0) + 1
        require(given == needed, _("Those cards do not complete your provisions exactly."))
        take_cards(hand, cards)
        return cards
    cards = []
    for kind, count in needed.items():
        have = [
            code
            for code in sorted(hand, key=lambda c: not c.endswith("_p"))
            if kind_of(code) == kind
        ]
        require(
            len(have) >= count,
            _("You lack %(kind)s in your hand to complete your provisions."),
            kind=CARD_LABELS[kind],
        )
        cards += have[:count]
    return cards


def counter_reach(state: State, seat: int, cards: list[str]) -> int:
    """The highest total ``seat`` can reach: 12 on the dice, its pirates, the new symbols."""
    ship: Ship = state["sea"][state["attack"]["ship"]]
    symbols = sum(attack_value(code) for code in cards)
    return MAX_ROLL + strength(ship, seat) + symbols


def check_counter(state: State, seat: int) -> None:
    """Whether ``seat`` may counter-attack now, and could win with some roll.

    "Pokud je jeho hodnota vyšší, dostane se loď pod jeho kontrolu": a
    counter-attack that even 12 on the dice cannot lift above the best total
    would only throw the completing cards away, so it is not offered.
    """
    require(state["step"] == "counter", _("There is no counter-attack now."))
    cards = counter_cards(state, seat)
    best = state["attack"]["best"]
    most = counter_reach(state, seat, cards)
    require(
        most > best,
        _(
            "No roll can win: even 12 on the dice gives you %(most)s in all, "
            "and the ship goes only to more than %(best)s."
        ),
        most=most,
        best=best,
    )


def counter(state: State, action: Action) -> None:
    """Complete the provisions, roll, and take the lead with a higher total."""
    attack = state["attack"]
    seat = attack["queue"][0]
    check_counter(state, seat)
    cards = counter_cards(state, seat, action)
    dice = number_dice(action)
    ship = state["sea"][attack["ship"]]
    state["hands"][seat] = take_cards(state["hands"][seat], cards)
    ship["laid"][seat] = add_cards(ship["laid"][seat], cards)
    total = sum(dice) + strength(ship, seat)
    # "Pokud je jeho hodnota vyšší, dostane se loď pod jeho kontrolu ...
    # vyhraje ten, jenž jako první dosáhl nejlepší hodnoty": strictly higher.
    won = total > attack["best"]
    summary.counter(state["last_event"], seat, dice, strength(ship, seat), cards, won)
    if won:
        attack["leader"], attack["best"] = seat, total
    state["last_roll"] = {
        "what": "counter",
        "seat": seat,
        "ship": attack["ship"],
        "dice": dice,
        "total": total,
        "success": won,
    }
    attack["queue"].pop(0)
    next_counter(state)


def decline(state: State, action: Action) -> None:
    """The seat asked lets the counter-attack pass."""
    summary.declined(state["last_event"], state["attack"]["queue"].pop(0))
    next_counter(state)


def stale_decline(state: State, seat: int) -> bool:
    """Whether a "let it pass" of ``seat`` answers a question the app no longer asks.

    Logs written before the app passed over the seats that cannot counter-attack hold a
    "let it pass" from each of them, right after the entry that now passes them over.
    Such an entry is accepted and changes nothing, so those logs still replay.
    """
    passed = state.get("passed_over") or []
    attack = state.get("attack")
    asked = state["step"] == "counter" and attack is not None and attack["queue"][0] == seat
    return seat in passed and not asked


def drop_stale_decline(state: State, seat: int) -> None:
    state["passed_over"].remove(seat)


def can_counter(state: State, seat: int) -> bool:
    try:
        check_counter(state, seat)
    except IllegalAction:
        return False
    return True


def next_counter(state: State) -> None:
    """Ask the next seat that can counter-attack, or hand the ship to the leader.

    "Každý hráč, který má u obsazené lodi vyložený nějaký proviant, se může nyní pokusit
    na tuto loď také dostat": a seat that cannot (it lacks the cards, or no roll could
    win) is passed over; it is not asked a question whose only answer is "let it pass".
    """
    attack = state["attack"]
    state["step"] = "counter"  # check_counter asks of the counter step
    while attack["queue"] and not can_counter(state, attack["queue"][0]):
        seat = attack["queue"].pop(0)
        state.setdefault("passed_over", []).append(seat)
        summary.passed_over(state["last_event"], seat)
    if attack["queue"]:
        return
    capture(state)


def capture(state: State) -> None:
    """The leader takes the ship; the cards around it go to the discard pile.

    "Hráč, který obsadil loď, ji vyloží odkrytou před sebe ... Všechny akční
    karty, nahromaděné kolem lodi, se dají do odkládacího balíku."
    """
    attack = state["attack"]
    slot, leader = attack["ship"], attack["leader"]
    ship = state["sea"][slot]
    summary.captured(state["last_event"], leader, ship["laid"])
    state["discard"] = add_cards(state["discard"], [code for laid in ship["laid"] for code in laid])
    state["taken"][leader].append(bare(ship))
    state["sea"][slot] = None
    state["turn"]["ships_taken"] += 1
    state["last_capture"] = {"seat": leader, "ship": bare(ship)}
    if state["harbour_emptied"]:
        state["end_triggered"] = True
    if leader != attack["attacker"]:
        ends_attacks(state)  # extended rule 4
        state["last_event"]["attacks_over"] = state["turn"]["attacks_over"]
    state["attack"] = None
    state["step"] = "board"


def counter_seat(state: State) -> int:
    """The seat asked to counter-attack now."""
    if state["step"] != "counter":
        raise IllegalAction(_("There is no counter-attack now."))
    return state["attack"]["queue"][0]
