"""What each phone offers: the legal entries, a few blocked ones with the reason.

The boxes come from the entries' declarations (``moves.py``), narrowed to what the seat can
choose now; a box with one possible answer is filled in, an optional one marked so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from games.base import Action, Choice, Field, IllegalAction, State
from games.i18n import Msg, _, msg, ngettext

from . import battle, notes, plays
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
from .ships import provisions, ship_label, strength

#: The dice as their entries declare them (the correction forms offer the same).
NUMBER_DICE_FIELDS = MOVES["board"].form(None, {}, ask=("dice",))
COLOUR_DICE_FIELDS = MOVES["penalty"].form(None, {}, ask=("colour_1", "colour_2"))
SHOT_DICE_FIELDS = MOVES["fire"].form(None, {}, ask=("colour_1", "colour_2"), compact=True)
#: The compact entry grids (the same every time; a draw takes the first cards it needs).
SHIP_FIELDS = MOVES["ship"].form(None, {"type": "ship"}, compact=True)
HAND_FIELDS = MOVES["hand"].form(None, {"type": "hand"}, compact=True)
DRAW_FIELDS = MOVES["draw"].form(None, {"type": "draw"}, compact=True)
#: The boxes of an exchange and of a shot, as declared (their options narrowed per turn).
DISCARD_FIELDS = MOVES["exchange"].form(None, {}, ask=("discard",))
TAKE_FIELDS = MOVES["exchange"].form(None, {}, ask=("take",))
SHIP_FIELD, CARD_FIELD = MOVES["fire"].form(None, {}, ask=("ship", "card"))
NONE_CHOICE: tuple[str, str] = ("", _("(none)"))
#: First option of a box that must be filled: an untouched box is not a card ("water").
PICK_CHOICE: tuple[str, str] = ("", _("(choose)"))

Options = tuple[tuple[Any, Any], ...]


def _cards(codes: list[str]) -> Options:
    return tuple((code, CARD_LABELS[code]) for code in sorted(set(codes), key=CARD_CODES.index))


def _narrowed(field: Field, options: Options, optional: bool = False) -> Field:
    """A declared box offering only ``options``: "(none)" first when it may stay empty,
    filled in when there is one answer, else "(choose)" first."""
    if optional:
        return replace(field, choices=(NONE_CHOICE, *options), default="", optional=True)
    if len(options) == 1:
        return replace(field, choices=options, default=options[0][0])
    return replace(field, choices=(PICK_CHOICE, *options), default="")


def _slots(fields: Sequence[Field], codes: list[str], optional_from: int = 99) -> list[Field]:
    """Card boxes among ``codes``; those from the ``optional_from``-th may stay empty."""
    options = _cards(codes)
    return [_narrowed(box, options, n >= optional_from) for n, box in enumerate(fields, 1)]


def _reason(check: Callable[..., Any], *args: Any) -> Msg | None:
    """Why ``check(*args)`` refuses, or ``None`` when it passes."""
    try:
        check(*args)
    except IllegalAction as error:
        return error.message
    return None


def _pair(
    entered: Msg,
    by_app: Msg,
    action: Action,
    fields: tuple[Field, ...],
    group: str,
    note: Any = None,
) -> list[Choice]:
    """The entry of what was rolled or drawn at the table, and the app doing it (one tap)."""
    return [
        Choice(entered, action, fields=fields, group=group, note=note),
        Choice(by_app, {**action, "by_app": True}, group=group, style="secondary"),
    ]


def seat_choices(state: State, seat: int) -> list[Choice]:
    """The phone's buttons for ``seat`` now."""
    step = state["step"]
    if step in ("setup", "reveal"):
        return _setup(state, seat)
    if step == "counter":
        return _counter(state, seat) if seat == state["attack"]["queue"][0] else []
    builder = STEPS.get(step)
    return builder(state, seat) if builder and seat == active_seat(state) else []


def _setup(state: State, seat: int) -> list[Choice]:
    """The seat's hand, the ships coming into view, who starts (the reveal: a ship only)."""
    found: list[Choice] = []
    if state["step"] == "setup" and not state["hand_entered"][seat]:
        entered, by_app = _pair(
            msg(_("Enter your 6 cards")),
            msg(_("Let the app deal your 6 cards")),
            {"type": "hand"},
            HAND_FIELDS,
            _("Your hand"),
        )
        # The app's deal first (one tap), then the cards dealt at the table, which the phone
        # folds under it (phone_choices.html): the ship entry stays on the first screen.
        found += [by_app, entered]
    destination = pending_ship(state)
    if destination is not None and (state["step"] == "setup" or seat == active_seat(state)):
        at_sea = destination == "sea"
        label = msg(
            _("Enter a ship at sea") if at_sea else _("Enter the ship turned up in the harbour")
        )
        note = msg(notes.SHIP)
        found.append(
            Choice(label, {"type": "ship"}, fields=SHIP_FIELDS, group=_("Ships"), note=note)
        )
    if state["step"] != "setup":
        return found
    if state["start"] is None:
        found += [
            Choice(
                msg(_("%(player)s starts"), player=name),
                {"type": "start", "player": index},
                group=_("Start player"),
                style="secondary",
                note=msg(notes.START) if index == 0 else None,  # once, above the first button
            )
            for index, name in enumerate(state["players"])
        ]
    return found


def _play(state: State, seat: int) -> list[Choice]:
    return [*_lay_choices(state, seat), _exchange_choice(state, seat), *_fire_choices(state, seat)]


def _lay_choices(state: State, seat: int) -> list[Choice]:
    """One button per card that fits a ship: laying out is one tap."""
    found = [
        Choice(
            msg(_("Lay %(card)s at the %(ship)s"), card=name, ship=ship_label(ship)),
            {"type": "lay", "ship": slot, "card": code, "seen": seen_ships(state, [slot])},
            group=_("Lay out"),
        )
        for slot, ship in enumerate(state["sea"])
        if ship
        for code, name in _cards(state["hands"][seat])
        if plays.legal(plays.check_lay, state, seat, slot, code)
    ]
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
    # Two cards left: both go; else a third box, optional where the cannons may follow.
    count, optional_from = (2, 99) if left <= 2 else (3, 99 if must_discard_three else 3)
    discard = _slots(DISCARD_FIELDS[:count], hand, optional_from)
    take = _slots(TAKE_FIELDS, state["discard"], 1) if state["discard"] else []
    note = msg(notes.DISCARD_THREE if must_discard_three else notes.DISCARD_TWO_OR_THREE)
    return Choice(
        msg(_("Exchange 2 or 3 cards")),
        {"type": "exchange"},
        fields=(*discard, *take) if disabled is None else (),
        disabled=disabled,
        group=_("Exchange"),
        note=note if disabled is None else None,
    )


def _fire_choices(state: State, seat: int) -> list[Choice]:
    """The cannons: a button per ship and card to discard, the app rolling; the dice rolled
    at the table in one form, a box with one possible answer not asked but filled in."""
    disabled = _reason(plays.check_fire_now, state, seat)
    if disabled is not None:
        fire = msg(_("Fire the cannons"))
        return [Choice(fire, {"type": "fire"}, disabled=disabled, group=_("Cannons"))]
    targets = tuple(
        (slot, ship_label(ship))
        for slot, ship in enumerate(state["sea"])
        if ship and provisions(ship, seat)
    )
    cards = _cards(state["hands"][seat])
    action: Action = {"type": "fire", "seen": seen_ships(state, [slot for slot, _s in targets])}
    asked = [_narrowed(SHIP_FIELD, targets), _narrowed(CARD_FIELD, cards)]
    for box in asked:
        if len(box.choices) == 1:
            action[box.key] = box.default
    label = msg(_("Fire the cannons"))
    if len(targets) == 1:
        label = msg(_("Fire the cannons at the %(ship)s"), ship=targets[0][1])
    fields = (*(box for box in asked if box.key not in action), *SHOT_DICE_FIELDS)
    entered = Choice(label, action, fields=fields, group=_("Cannons"))
    rolled = [
        Choice(
            msg(
                _("Discard %(card)s and fire at the %(ship)s, the app rolls"), card=name, ship=ship
            ),
            dict(type="fire", by_app=True, ship=slot, card=code, seen=seen_ships(state, [slot])),
            group=_("Cannons"),
            style="secondary",
        )
        for slot, ship in targets
        for code, name in cards
    ]
    # The note is shown once, below the buttons (phone_choices.html).
    return [entered, replace(rolled[0], note=msg(notes.FIRE)), *rolled[1:]]


def _steal(state: State, seat: int) -> list[Choice]:
    take = _("Take %(card)s from %(player)s")
    return [
        Choice(
            msg(take, card=CARD_LABELS[code], player=state["players"][victim]),
            {"type": "steal", "victim": victim, "card": code},
            group=_("Cannons"),
        )
        for victim, code in plays.steal_candidates(state)
    ]


def _board(state: State, seat: int) -> list[Choice]:
    found: list[Choice] = []
    for slot in boardable_slots(state):
        ship = state["sea"][slot]
        found += _pair(
            msg(_("Board the %(ship)s"), ship=ship_label(ship)),
            msg(_("Board the %(ship)s, the app rolls"), ship=ship_label(ship)),
            {"type": "board", "ship": slot, "seen": seen_ships(state, [slot])},
            NUMBER_DICE_FIELDS,
            _("Boarding"),
            notes.roll(strength(ship, seat), ship["defence"]),
        )
    stop = msg(_("Board no more ships"))
    return [*found, Choice(stop, {"type": "stop"}, group=_("Boarding"), style="secondary")]


def _penalty(state: State, seat: int) -> list[Choice]:
    return _pair(
        msg(_("Enter the colour dice of the penalty")),
        msg(_("Let the app roll the colour dice")),
        {"type": "penalty", "seen": seen_ships(state, [state["attack"]["ship"]])},
        COLOUR_DICE_FIELDS,
        _("Failed boarding"),
        msg(notes.PENALTY),
    )


def _draw(state: State, seat: int) -> list[Choice]:
    count = cards_to_draw(state)
    return _pair(
        ngettext("Enter the %(count)s card you drew", "Enter the %(count)s cards you drew", count),
        ngettext("Let the app draw %(count)s card", "Let the app draw %(count)s cards", count),
        {"type": "draw"},
        DRAW_FIELDS[:count],
        _("Draw"),
    )


STEPS = {"play": _play, "steal": _steal, "board": _board, "penalty": _penalty, "draw": _draw}


def _counter(state: State, seat: int) -> list[Choice]:
    """Asked only of a seat that can win with some roll (battle.next_counter passes over
    the others): the dice entered, the app rolling, or letting it pass."""
    disabled = _reason(battle.check_counter, state, seat)
    attack = state["attack"]
    group = _("Counter-attack")
    found = _pair(
        msg(_("Counter-attack the %(ship)s"), ship=ship_label(state["sea"][attack["ship"]])),
        msg(_("Counter-attack, the app rolls")),
        {"type": "counter", "seen": seen_ships(state, [attack["ship"]])},
        NUMBER_DICE_FIELDS,
        group,
        notes.counter(state, seat) if disabled is None else None,
    )
    if disabled is not None:
        found = [replace(found[0], disabled=disabled)]
    let_pass = msg(_("Let it pass"))
    return [*found, Choice(let_pass, {"type": "decline"}, group=group, style="secondary")]
