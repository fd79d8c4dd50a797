"""Reading the physical facts an entry carries: dice, colours, cards.

An entry either carries the values seen on the table or ``"by_app": true``,
in which case the engine rolls or draws with ``seeded_random(action)`` (an int ``seed``)
so that replaying the log gives the same result. The phone sends numbered
fields (``die_1``, ``colour_2``, ``card_3``); scripts and tests may send a
list (``dice``, ``colours``, ``cards``). Both are accepted, both validated.
"""

from __future__ import annotations

from typing import Any

from games.base import Action, IllegalAction, int_arg, seeded_random
from games.i18n import _, ngettext

from .cards import CARD_CODES, DIE_COLOURS

NUMBER_DIE_FACES = (1, 2, 3, 4, 5, 6)


def by_app(action: Action) -> bool:
    """Whether the entry asks the app to roll or draw."""
    flag = action.get("by_app", False)
    if not isinstance(flag, bool):
        raise IllegalAction(_("by_app must be true or false."))
    return flag


def _listed(action: Action, list_key: str, field_prefix: str, count: int) -> list[Any]:
    """The values of a list field, or of its numbered fields ``prefix_1..n``.

    The numbered fields win when both are there: a correction replaces the
    numbered fields (the phone's) of an entry that a script sent as a list.
    """
    if list_key in action and f"{field_prefix}_1" not in action:
        values = action[list_key]
        if not isinstance(values, list):
            raise IllegalAction(_("%(field)s must be a list."), field=list_key)
        return list(values)
    return [action.get(f"{field_prefix}_{number}") for number in range(1, count + 1)]


def number_dice(action: Action) -> list[int]:
    """The two number dice: as entered, or rolled by the app."""
    if by_app(action):
        rng = seeded_random(action)
        return [rng.choice(NUMBER_DIE_FACES), rng.choice(NUMBER_DIE_FACES)]
    values = _listed(action, "dice", "die", 2)
    if len(values) != 2:
        raise IllegalAction(_("Enter both number dice."))
    return [int_arg({"die": value}, "die", 1, 6) for value in values]


def colour_dice(action: Action) -> list[str]:
    """The two colour dice: as entered, or rolled by the app."""
    if by_app(action):
        rng = seeded_random(action)
        return [rng.choice(DIE_COLOURS), rng.choice(DIE_COLOURS)]
    values = _listed(action, "colours", "colour", 2)
    if len(values) != 2:
        raise IllegalAction(_("Enter both colour dice."))
    for value in values:
        if value not in DIE_COLOURS:
            raise IllegalAction(_("%(value)s is not a colour of the dice."), value=str(value))
    return list(values)


def card_list(action: Action, key: str, low: int, high: int) -> list[str]:
    """A list of card codes (``key`` or numbered fields) of ``low..high`` cards.

    The numbered fields are ``card_1..`` for ``cards``, else ``key_1..``.

    Empty numbered fields (``""`` or missing) are skipped, so a phone form may
    leave optional slots blank.
    """
    prefix = "card" if key == "cards" else key
    raw = _listed(action, key, prefix, high)
    numbered = f"{prefix}_1" in action or key not in action
    cards = [value for value in raw if value not in ("", None)] if numbered else raw
    if numbered and low == high and len(cards) < low and f"{prefix}_1" in action:
        # The phone's boxes start empty: every one of them needs a real choice.
        raise IllegalAction(_("Choose a card in every box."))
    for code in cards:
        if not isinstance(code, str) or code not in CARD_CODES:
            raise IllegalAction(_("%(value)s is not a card of this game."), value=str(code))
    if not low <= len(cards) <= high:
        if low == high:
            raise IllegalAction(
                ngettext("Enter exactly %(count)s card.", "Enter exactly %(count)s cards.", low)
            )
        raise IllegalAction(
            ngettext(
                "Enter between %(low)s and %(high)s card.",
                "Enter between %(low)s and %(high)s cards.",
                high,
                low=low,
                high=high,
            )
        )
    return cards


def one_card(action: Action, key: str = "card") -> str:
    """A single card code."""
    code = action.get(key)
    if not isinstance(code, str) or code not in CARD_CODES:
        raise IllegalAction(_("%(value)s is not a card of this game."), value=str(code))
    return code
