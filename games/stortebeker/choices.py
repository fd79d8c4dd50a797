"""What each phone offers: the legal entries, a few blocked ones with the reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import Choice, Field, IllegalAction, State
from games.i18n import Msg, _, msg, ngettext

from . import battle, plays
from .cards import CARD_CODES, CARD_LABELS
from .flow import (
    active_seat,
    boardable_slots,
    cards_left_to_play,
    cards_to_draw,
    has_provision_at_sea,
    pending_ship,
)
from .moves import MOVES
from .seen import seen_ships
from .ships import (
    provisions,
    ship_label,
    strength,
)

#: The dice as their entries declare them (the correction forms offer the same).
NUMBER_DICE_FIELDS = MOVES["board"].form(None, {}, ask=("dice",))
COLOUR_DICE_FIELDS = MOVES["penalty"].form(None, {}, ask=("colour_1", "colour_2"))
#: The compact entry grids (the same every time; a draw takes the first cards it needs).
SHIP_FIELDS = MOVES["ship"].form(None, {"type": "ship"}, compact=True)
HAND_FIELDS = MOVES["hand"].form(None, {"type": "hand"}, compact=True)
DRAW_FIELDS = MOVES["draw"].form(None, {"type": "draw"}, compact=True)
NONE_CHOICE: tuple[str, str] = ("", _("(none)"))
#: First option of a box that must be filled: an untouched box is not a card ("water").
PICK_CHOICE: tuple[str, str] = ("", _("(choose)"))


def _card_choices(codes: list[str]) -> tuple[tuple[str, str], ...]:
    return tuple((code, CARD_LABELS[code]) for code in sorted(set(codes), key=CARD_CODES.index))


SLOT_LABELS: dict[str, tuple[str, ...]] = {
    "discard": (_("Discard 1"), _("Discard 2"), _("Discard 3")),
    "take": (_("Take 1 (optional)"), _("Take 2 (optional)")),
}


def _card_fields(
    key: str, count: int, codes: list[str], optional_from: int | None = None
) -> tuple[Field, ...]:
    """``key_1..key_count`` card pickers; slots from ``optional_from`` may stay empty."""
    fields = []
    for number in range(1, count + 1):
        options = _card_choices(codes)
        default = ""
        if optional_from is not None and number >= optional_from:
            options = (NONE_CHOICE, *options)
        elif len(options) == 1:
            default = options[0][0]  # one kind of card: the box is filled, nothing to ask
        else:
            options = (PICK_CHOICE, *options)
        label = SLOT_LABELS[key][number - 1]
        fields.append(
            Field(f"{key}_{number}", label, kind="choice", choices=options, default=default)
        )
    return tuple(fields)


def _reason(check: Callable[..., Any], *args: Any) -> Msg | None:
    """Why ``check(*args)`` refuses, or ``None`` when it passes."""
    try:
        check(*args)
    except IllegalAction as error:
        return error.message
    return None


def seat_choices(state: State, seat: int) -> list[Choice]:
    """The phone's buttons for ``seat`` now."""
    step = state["step"]
    found: list[Choice] = []
    if step in ("setup", "reveal") and (step == "setup" or seat == active_seat(state)):
        found += _ship_entry(state)
    if step == "setup" and not state["hand_entered"][seat]:
        found += _hand_entry(state)
    if step == "setup" and state["start"] is None:
        found += _start_entry(state)
    if step == "over" or step == "setup" or step == "reveal":
        return found
    if step == "counter":
        return _counter(state, seat) if seat == state["attack"]["queue"][0] else []
    if seat != active_seat(state):
        return []
    if step == "play":
        return _play(state, seat)
    if step == "steal":
        return _steal(state)
    if step == "board":
        return _board(state, seat)
    if step == "penalty":
        seen = seen_ships(state, [state["attack"]["ship"]])
        note = msg(
            _(
                "Each colour rolled costs one provision of that colour at this ship, "
                "and the pirates beyond the provisions left."
            )
        )
        return [
            Choice(
                msg(_("Enter the colour dice of the penalty")),
                {"type": "penalty", "seen": seen},
                fields=COLOUR_DICE_FIELDS,
                group=_("Failed boarding"),
                note=note,
            ),
            Choice(
                msg(_("Let the app roll the colour dice")),
                {"type": "penalty", "by_app": True, "seen": seen},
                group=_("Failed boarding"),
                style="secondary",
            ),
        ]
    if step == "draw":
        count = cards_to_draw(state)
        return [
            Choice(
                ngettext(
                    "Enter the %(count)s card you drew", "Enter the %(count)s cards you drew", count
                ),
                {"type": "draw"},
                fields=DRAW_FIELDS[:count],
                group=_("Draw"),
            ),
            Choice(
                ngettext(
                    "Let the app draw %(count)s card", "Let the app draw %(count)s cards", count
                ),
                {"type": "draw", "by_app": True},
                group=_("Draw"),
                style="secondary",
            ),
        ]
    return found


def _ship_entry(state: State) -> list[Choice]:
    destination = pending_ship(state)
    if destination is None:
        return []
    label = (
        msg(_("Enter a ship at sea"))
        if destination == "sea"
        else msg(_("Enter the ship turned up in the harbour"))
    )
    note = msg(
        _(
            "From the ship card: the points in the top corners, the defence at the bottom "
            "and the provisions pictured below it (0 to 4 of each; leave the others at 0)."
        )
    )
    # The compact grid of the ship card's numbers; the correction asks the same, line by line.
    return [Choice(label, {"type": "ship"}, fields=SHIP_FIELDS, group=_("Ships"), note=note)]


def _start_entry(state: State) -> list[Choice]:
    """One tap: who starts (the note is shown once, above the first button)."""
    note = msg(
        _(
            "The player whose token is highest on the scoring track starts (usually the "
            "yellow player). The first round and the end of the game are counted from them."
        )
    )
    return [
        Choice(
            msg(_("%(player)s starts"), player=name),
            {"type": "start", "player": index},
            group=_("Start player"),
            style="secondary",
            note=note if index == 0 else None,
        )
        for index, name in enumerate(state["players"])
    ]


def _hand_entry(state: State) -> list[Choice]:
    return [
        Choice(
            msg(_("Enter your 6 cards")),
            {"type": "hand"},
            fields=HAND_FIELDS,
            group=_("Your hand"),
        ),
        Choice(
            msg(_("Let the app deal your 6 cards")),
            {"type": "hand", "by_app": True},
            group=_("Your hand"),
            style="secondary",
        ),
    ]


def _play(state: State, seat: int) -> list[Choice]:
    return [*_lay_choices(state, seat), _exchange_choice(state, seat), *_fire_choices(state, seat)]


def _lay_choices(state: State, seat: int) -> list[Choice]:
    """One button per card that fits a ship: laying out is one tap."""
    found: list[Choice] = []
    hand = sorted(set(state["hands"][seat]), key=CARD_CODES.index)
    for slot, ship in enumerate(state["sea"]):
        if not ship:
            continue
        for code in hand:
            if plays.legal(plays.check_lay, state, seat, slot, code):
                found.append(
                    Choice(
                        msg(
                            _("Lay %(card)s at the %(ship)s"),
                            card=CARD_LABELS[code],
                            ship=ship_label(ship),
                        ),
                        {
                            "type": "lay",
                            "ship": slot,
                            "card": code,
                            "seen": seen_ships(state, [slot]),
                        },
                        group=_("Lay out"),
                    )
                )
    if not found:
        disabled = _reason(plays.check_lay_now, state) or msg(_("None of your cards fits a ship."))
        found.append(
            Choice(msg(_("Lay out a card")), {"type": "lay"}, disabled=disabled, group=_("Lay out"))
        )
    return found


def _exchange_choice(state: State, seat: int) -> Choice:
    """Discard 2 or 3 and pick up to 2: only the slots this turn can use."""
    hand = state["hands"][seat]
    left = cards_left_to_play(state)
    disabled = _reason(plays.check_exchange_now, state)
    must_discard_three = left >= 3 and not has_provision_at_sea(state, seat)
    if left <= 2:
        discard = _card_fields("discard", 2, hand)
    elif must_discard_three:
        discard = _card_fields("discard", 3, hand)
    else:
        discard = _card_fields("discard", 3, hand, optional_from=3)
    take = _card_fields("take", 2, state["discard"], optional_from=1) if state["discard"] else ()
    if must_discard_three:
        note = msg(
            _(
                "Discard 3 cards: with no provision at any ship you cannot fire the cannons "
                "afterwards. Take up to 2 other cards from the discard pile; they lie face up "
                "in front of you and go into your hand when you draw."
            )
        )
    else:
        note = msg(
            _(
                "Discard 2 or 3 cards (with 2, the cannons take your last card). Take up to 2 "
                "other cards from the discard pile; they go into your hand when you draw."
            )
        )
    return Choice(
        msg(_("Exchange 2 or 3 cards")),
        {"type": "exchange"},
        fields=(*discard, *take) if disabled is None else (),
        disabled=disabled,
        group=_("Exchange"),
        note=note if disabled is None else None,
    )


def _fire_choices(state: State, seat: int) -> list[Choice]:
    hand = state["hands"][seat]
    targets = [
        (slot, ship_label(ship))
        for slot, ship in enumerate(state["sea"])
        if ship and provisions(ship, seat)
    ]
    disabled = _reason(plays.check_fire_now, state, seat)
    if disabled is not None:
        return [
            Choice(
                msg(_("Fire the cannons")), {"type": "fire"}, disabled=disabled, group=_("Cannons")
            )
        ]
    seen = seen_ships(state, [slot for slot, _label in targets])
    fixed, asked, label = _fire_target(targets, _card_choices(hand))
    note = msg(
        _(
            "Discard any card and fire at a ship where you have a provision. Each colour rolled "
            "takes one such provision an opponent laid there; you keep it if your side still "
            "needs it, else it is discarded."
        )
    )
    return [
        Choice(
            label,
            {"type": "fire", "seen": seen, **fixed},
            fields=(*asked, *COLOUR_DICE_FIELDS),
            group=_("Cannons"),
            note=note,
        ),
        Choice(
            msg(_("Fire the cannons, the app rolls")),
            {"type": "fire", "by_app": True, "seen": seen, **fixed},
            fields=asked,
            group=_("Cannons"),
            style="secondary",
        ),
    ]


def _fire_target(
    targets: list[tuple[int, Msg]], cards: tuple[tuple[str, str], ...]
) -> tuple[dict[str, Any], tuple[Field, ...], Msg]:
    """The ship and the card of a shot: a box with one possible answer is not asked, its value
    goes with the entry (and the only ship is named on the button)."""
    fixed: dict[str, Any] = {}
    asked: list[Field] = []
    label = msg(_("Fire the cannons"))
    if len(targets) == 1:
        fixed["ship"] = targets[0][0]
        label = msg(_("Fire the cannons at the %(ship)s"), ship=targets[0][1])
    else:
        asked.append(Field("ship", _("Ship"), kind="choice", choices=tuple(targets)))
    if len(cards) == 1:
        fixed["card"] = cards[0][0]
    else:
        asked.append(Field("card", _("Card to discard"), kind="choice", choices=cards))
    return fixed, tuple(asked), label


def _roll_note(pirates: int, target: int) -> Msg:
    """What the two number dice must show to reach ``target`` with ``pirates`` added."""
    need = target - pirates
    if need <= 2:
        return msg(_("Your pirates here add %(pirates)s: any roll is enough."), pirates=pirates)
    if need > 12:
        return msg(
            _("Your pirates here add %(pirates)s: no roll of the two number dice is enough."),
            pirates=pirates,
        )
    return msg(
        _("Your pirates here add %(pirates)s: you need %(need)s or more on the two number dice."),
        pirates=pirates,
        need=need,
    )


def _card_list(codes: list[str]) -> Msg:
    """The cards as one translatable list ("water, beans")."""
    result: Msg = msg("%(card)s", card=CARD_LABELS[codes[-1]])
    for code in reversed(codes[:-1]):
        result = msg(_("%(first)s, %(rest)s"), first=CARD_LABELS[code], rest=result)
    return result


def _steal(state: State) -> list[Choice]:
    return [
        Choice(
            msg(
                _("Take %(card)s from %(player)s"),
                card=CARD_LABELS[code],
                player=state["players"][victim],
            ),
            {"type": "steal", "victim": victim, "card": code},
            group=_("Cannons"),
        )
        for victim, code in plays.steal_candidates(state)
    ]


def _board(state: State, seat: int) -> list[Choice]:
    found: list[Choice] = []
    for slot in boardable_slots(state):
        ship = state["sea"][slot]
        label = ship_label(ship)
        found.append(
            Choice(
                msg(_("Board the %(ship)s"), ship=label),
                {"type": "board", "ship": slot, "seen": seen_ships(state, [slot])},
                fields=NUMBER_DICE_FIELDS,
                group=_("Boarding"),
                note=_roll_note(strength(ship, seat), ship["defence"]),
            )
        )
        found.append(
            Choice(
                msg(_("Board the %(ship)s, the app rolls"), ship=label),
                {
                    "type": "board",
                    "ship": slot,
                    "by_app": True,
                    "seen": seen_ships(state, [slot]),
                },
                group=_("Boarding"),
                style="secondary",
            )
        )
    found.append(
        Choice(
            msg(_("Board no more ships")), {"type": "stop"}, group=_("Boarding"), style="secondary"
        )
    )
    return found


def _counter(state: State, seat: int) -> list[Choice]:
    disabled = _reason(battle.check_counter, state, seat)
    attack = state["attack"]
    place = state["sea"][attack["ship"]]
    ship = ship_label(place)
    group = _("Counter-attack")
    note = None
    if disabled is None:
        cards = battle.counter_cards(state, seat)
        # "Pokud je jeho hodnota vyšší": one more than the best total so far.
        roll = _roll_note(strength(place, seat) + _symbols(cards), attack["best"] + 1)
        best = msg(_("The best total so far is %(best)s."), best=attack["best"])
        if cards:
            added = msg(_("You add from your hand: %(cards)s."), cards=_card_list(cards))
            note = msg("%(best)s %(added)s %(roll)s", best=best, added=added, roll=roll)
        else:
            note = msg("%(best)s %(roll)s", best=best, roll=roll)
    found = [
        Choice(
            msg(_("Counter-attack the %(ship)s"), ship=ship),
            {"type": "counter", "seen": seen_ships(state, [attack["ship"]])},
            fields=NUMBER_DICE_FIELDS,
            disabled=disabled,
            group=group,
            note=note,
        ),
    ]
    if disabled is None:
        found.append(
            Choice(
                msg(_("Counter-attack, the app rolls")),
                {"type": "counter", "by_app": True, "seen": seen_ships(state, [attack["ship"]])},
                group=group,
                style="secondary",
            )
        )
    found.append(Choice(msg(_("Let it pass")), {"type": "decline"}, group=group, style="secondary"))
    return found


def _symbols(cards: list[str]) -> int:
    """What the completing cards add (their pirate symbols)."""
    return sum(1 for code in cards if code.endswith("_p"))
