"""What the phones offer in each stage, and the log line of each action."""

from __future__ import annotations

from typing import Any

from games.base import Action, Choice, Field, State
from games.i18n import Msg, _, msg, ngettext
from games.wallenstein import actions, score_only, season, setup, tower, turns, winter
from games.wallenstein.data import (
    ACTION_CARDS,
    ACTION_KEYS,
    EVENT_EFFECTS,
    EVENTS,
    REGION_LABELS,
    lands,
)
from games.wallenstein.land_menu import land_choices

APP = "secondary"
POSITION_LABELS = (
    _("First general"),
    _("Second general"),
    _("Third general"),
    _("Fourth general"),
    _("Fifth general"),
)


def event_label(number: int) -> Msg:
    """An event card as printed: number, name, effect and the winter's grain loss."""
    event = EVENTS[number]
    return msg(
        _("%(number)s. %(name)s: %(effect)s Winter: %(loss)s grain lost."),
        number=number,
        name=msg(event.label, region=REGION_LABELS.get(event.region or "", "")),
        effect=EVENT_EFFECTS[event.kind],
        loss=event.grain_loss,
    )


def action_card_choices(
    keys: tuple[str, ...] | list[str] = ACTION_KEYS,
) -> tuple[tuple[Any, str], ...]:
    return tuple((key, ACTION_CARDS[key].label) for key in keys)


def event_short_label(number: int) -> Msg:
    """An event card in a list: number, name and the winter's grain loss."""
    event = EVENTS[number]
    return msg(
        _("%(number)s. %(name)s (winter: %(loss)s grain lost)"),
        number=number,
        name=msg(event.label, region=REGION_LABELS.get(event.region or "", "")),
        loss=event.grain_loss,
    )


def event_choices(numbers: list[int]) -> tuple[tuple[Any, Any], ...]:
    return tuple((number, event_label(number)) for number in numbers)


def _by_app(label: str, action_type: str, group: str = "", **extra: Any) -> Choice:
    return Choice(
        msg(label), {"type": action_type, "by_app": True, **extra}, group=group, style=APP
    )


def for_seat(state: State, seat: int) -> list[Choice]:
    stage = state["stage"]
    if stage == "game_over":
        return []
    if seat not in turns.to_act(state):
        return []
    builder = _BUILDERS.get(stage)
    return builder(state, seat) if builder else []


def _cubes_text(state: State, armies: list[int]) -> str:
    """'Anna 4, Boris 3' for the seats with cubes (player names are not translated)."""
    names = state["players"]
    return ", ".join(f"{names[place]} {count}" for place, count in enumerate(armies) if count)


def going_in_note(state: State) -> Msg:
    """What the table throws into the tower now."""
    thrown = tower.going_in(state)
    armies = _cubes_text(state, thrown["armies"])
    if not armies:
        return msg(_("Throw in: peasants %(peasants)s."), peasants=thrown["peasants"])
    return msg(
        _("Throw in: %(armies)s; peasants %(peasants)s."),
        armies=armies,
        peasants=thrown["peasants"],
    )


def _cube_help(most: int | None) -> Msg:
    """The unit and the limit of a cube count: the ledger's most, unless it is hidden."""
    if most is None:
        return msg(_("Cubes that came out into the tray."))
    return msg(_("Cubes that came out into the tray: 0 to %(most)s."), most=most)


def drop_fields(state: State) -> tuple[Field, ...]:
    """What came out of the tower, one count per colour, in the drop's entry and in its
    correction alike (``state``: before the drop).

    A count starts empty, so a drop is never sent in one tap with nothing counted (all
    zeros settle a battle as a tie that devastates the land); only a colour of which no
    cube can come out starts at 0, when the ledger is shown.
    """
    most = tower.capacity(state)
    shown = state["options"]["ledger"] != "hidden"
    names = state["players"]

    def count(key: str, label: str | Msg, most: int, seat: int | None = None) -> Field:
        return Field(
            key,
            label,
            low=0,
            high=most if shown else None,
            default=0 if shown and most == 0 else None,
            help=_cube_help(most if shown else None),
            seat=seat,  # the phone's counter shows the seat's colour and name
        )

    return tuple(
        count(f"out_{place}", msg(_("Armies of %(player)s"), player=names[place]), armies, place)
        for place, armies in enumerate(most["armies"])
    ) + (count("out_peasants", _("Peasants (green)"), most["peasants"]),)


def _drop(state: State, seat: int) -> list[Choice]:
    fields = drop_fields(state)
    group = _("Tower")
    return [
        Choice(
            msg(_("Enter what came out of the tower")),
            {"type": "drop"},
            fields=fields,
            group=group,
            note=going_in_note(state),
        ),
        _by_app(_("Let the app simulate the tower"), "drop", group),
    ]


def _defence_note(state: State) -> Msg:
    battle = state["battle"]
    land = lands()[battle["land"]].name
    armies = state["lands"][battle["land"]]["armies"]
    if battle["kind"] == "revolt":
        return msg(
            _("Revolt in %(land)s: attacking peasants %(peasants)s; your armies there: %(count)s."),
            land=land,
            peasants=battle["throw"]["peasants"],
            count=armies,
        )
    attacker = battle["attacker"]
    return msg(
        _(
            "%(player)s attacks %(land)s (attacking armies: %(attackers)s); your armies there: %(count)s."
        ),
        player=state["players"][attacker],
        land=land,
        attackers=battle["throw"]["armies"][attacker],
        count=armies,
    )


def _defend(state: State, seat: int) -> list[Choice]:
    armies = state["lands"][state["battle"]["land"]]["armies"]
    group = _("Defending the land")
    note = _defence_note(state)
    return [
        Choice(
            msg(_("Defend with every army in the land (%(count)s)"), count=armies),
            {"type": "defend", "count": armies},
            group=group,
            note=note,
        ),
        Choice(
            msg(_("Defend with some armies")),
            {"type": "defend"},
            fields=(
                Field(
                    "count",
                    _("Armies"),
                    low=0,
                    high=armies,
                    default=armies,
                    help=msg(
                        _("0 to %(count)s: the armies in the land you throw into the tower."),
                        count=armies,
                    ),
                ),
            ),
            group=group,
            style=APP,
        ),
    ]


def _draft(state: State, seat: int) -> list[Choice]:
    group = _("Land allocation")
    if setup.must_reveal(state):
        cards = setup.drawable(state)
        return [
            Choice(
                msg(_("Turn up a land card")),
                {"type": "reveal_land"},
                fields=(
                    Field(
                        "land",
                        _("Land card"),
                        kind="choice",
                        choices=land_choices(cards, grouped=True),
                    ),
                ),
                group=group,
            ),
            _by_app(_("Let the app turn up a land card"), "reveal_land", group),
        ]
    sizes = setup.group_sizes(state, seat)
    # one tap per face-up land and group size: the group is the player's choice (the rules'
    # "všechny kostičky z jedné skupiny armád"), never a silent default
    result = [
        Choice(
            ngettext(
                "Take %(land)s with %(armies)s army",
                "Take %(land)s with %(armies)s armies",
                size,
                land=lands()[land].name,
                armies=size,
            ),
            {"type": "take", "from": "face_up", "land": land, "group": size},
            group=group,
        )
        for land in state["draft"]["face_up"]
        for size in sizes
    ]
    group_field = Field(
        "group",
        _("Army group"),
        kind="choice",
        choices=tuple((size, str(size)) for size in sizes),
        help=msg(_("Armies of the group placed in the land")),
    )
    if setup.drawable(state):
        result.append(
            Choice(
                msg(_("Take the top card of the deck")),
                {"type": "take", "from": "deck"},
                fields=(
                    Field(
                        "land",
                        _("Land card"),
                        kind="choice",
                        choices=land_choices(setup.drawable(state), grouped=True),
                    ),
                    group_field,
                ),
                group=group,
            )
        )
        result.append(
            Choice(
                msg(_("Let the app draw the top card")),
                {"type": "take", "from": "deck", "by_app": True},
                fields=(group_field,),
                group=group,
                style=APP,
            )
        )
    result.append(
        Choice(
            msg(_("Put both face-up cards under the deck")),
            {"type": "refresh"},
            disabled=None
            if setup.can_refresh(state)
            else msg(_("Only when the previous player saw the same two cards.")),
            group=group,
            style=APP,
        )
    )
    return result


def _year_events(state: State, seat: int) -> list[Choice]:
    pool = event_choices(season.events_available(state))
    group = _("Event cards")
    fields = tuple(
        Field(f"card_{place}", _("Event card"), kind="choice", choices=pool)
        for place in range(1, 5)
    )
    return [
        Choice(
            msg(_("Enter the four event cards")), {"type": "events"}, fields=fields, group=group
        ),
        _by_app(_("Let the app draw the event cards"), "events", group),
    ]


def _action_card(state: State, seat: int) -> list[Choice]:
    group = _("Action cards")
    left = season.action_cards_left(state)
    return [
        Choice(
            msg(_("Enter the action card turned up")),
            {"type": "action_card"},
            fields=(
                Field("card", _("Action card"), kind="choice", choices=action_card_choices(left)),
            ),
            group=group,
        ),
        _by_app(_("Let the app turn up the action cards"), "action_card", group),
    ]


def _turn_order(state: State, seat: int) -> list[Choice]:
    names = state["players"]
    seats = tuple((place, name) for place, name in enumerate(names))
    fields = tuple(
        Field(f"pos_{place}", POSITION_LABELS[place - 1], kind="choice", choices=seats)
        for place in range(1, len(names) + 1)
    )
    group = _("Turn order")
    return [
        Choice(
            msg(_("Enter the order of the generals")),
            {"type": "turn_order"},
            fields=fields,
            group=group,
        ),
        _by_app(_("Let the app draw the generals"), "turn_order", group),
    ]


def _current_event(state: State, seat: int) -> list[Choice]:
    group = _("Event cards")
    return [
        Choice(
            msg(_("Enter the current event")),
            {"type": "current_event"},
            fields=(
                Field(
                    "event",
                    _("Event card"),
                    kind="choice",
                    choices=event_choices(season.events_left(state)),
                ),
            ),
            group=group,
        ),
        _by_app(_("Let the app draw the current event"), "current_event", group),
    ]


def _act(state: State, seat: int) -> list[Choice]:
    card = season.current_card(state)
    kind = ACTION_CARDS[card].kind
    group = ACTION_CARDS[card].label
    result = []
    for land in season.playable_lands(state, seat):
        name = lands()[land].name
        info = state["lands"][land]
        fields: tuple[Field, ...] = ()
        label = msg("%(land)s", land=name)
        problem: Msg | None = None
        note: Msg | None = None
        if kind == "build":
            problem = actions.build_problem(state, seat, card, land)
        elif kind == "recruit":
            problem = actions.recruit_problem(state, seat, card, land)
        elif kind == "taxes":
            label = msg(_("%(land)s: %(gold)s gold"), land=name, gold=lands()[land].gold)
        elif kind == "grain":
            label = msg(
                _("%(land)s: %(grain)s grain"),
                land=name,
                grain=actions.grain_yield(state, land),
            )
        if kind in ("taxes", "grain") and info["revolt"]:
            note = msg(
                _("Revolt markers here: %(count)s. A revolt breaks out after the gain."),
                count=info["revolt"],
            )
        if kind == "move":
            targets = actions.move_targets(state, seat, land, attack=True)
            # Attacks church peace forbids are shown greyed, with the reason.
            protected = _protected_choices(state, seat, land, group) if info["armies"] >= 2 else []
            if info["armies"] >= 2 and targets:
                # one button per source and destination: no destination is ever a default
                result.extend(_move_choices(state, seat, land, targets, group))
                result.extend(protected)
                continue
            result.extend(protected)
            problem = msg(_("No army can move from this land."))
        elif kind == "reinforce":
            targets = actions.move_targets(state, seat, land, attack=False)
            either = state["options"]["reinforce"] == "either"
            if either:
                fields += (
                    Field(
                        "add",
                        _("Place one army for one gold"),
                        kind="choice",
                        choices=((True, _("yes")), (False, _("no"))),
                        default=True,
                    ),
                )
            elif state["gold"][seat] < 1:
                problem = msg(_("There is not enough gold."))
            elif state["supply"][seat] < 1:
                problem = msg(_("There are not enough armies in the supply."))
            if targets and problem is None:
                fields += (
                    Field(
                        "count",
                        _("Armies to move"),
                        low=0,
                        high=info["armies"],
                        default=0,
                        help=msg(_("0: no move; at least one army stays in the land.")),
                    ),
                    Field("to", _("Move to"), kind="choice", choices=land_choices(targets)),
                )
        if problem is not None:
            note = msg(_("Revealing this card cancels the action: %(reason)s"), reason=problem)
        result.append(
            Choice(
                label,
                {"type": "play", "land": land},
                fields=fields,
                group=group,
                note=note,
            )
        )
    blank = season.why_not_blank(state, seat)
    result.append(
        Choice(
            msg(_("Blank card")),
            {"type": "play", "land": season.BLANK},
            disabled=msg(blank) if blank else None,
            group=group,
            style=APP,
        )
    )
    empty = season.why_not_empty(state, seat)
    result.append(
        Choice(
            msg(_("No card on this space")),
            {"type": "play", "land": season.EMPTY},
            disabled=msg(empty) if empty else None,
            group=group,
            style=APP,
        )
    )
    return result


def _move_label(state: State, seat: int, land: str, target: str, count: int) -> Msg:
    """The button of a move or an attack: source, destination and the armies sent (the
    count field's value; the page keeps it in step as the field changes)."""
    owner = state["lands"][target]["owner"]
    names = {"land": lands()[land].name, "target": lands()[target].name, "count": count}
    if owner == seat:
        return msg(_("Move from %(land)s into %(target)s with %(count)s"), **names)
    if owner is None:
        return msg(_("Attack unowned %(target)s from %(land)s with %(count)s"), **names)
    return msg(
        _("Attack %(target)s of %(player)s from %(land)s with %(count)s"),
        player=state["players"][owner],
        **names,
    )


def _move_choices(
    state: State, seat: int, land: str, targets: list[str], group: str
) -> list[Choice]:
    """Move / attack: source -> destination buttons, the armies in a field (all but one
    by default, the rules' most)."""
    armies = state["lands"][land]["armies"]
    name = lands()[land].name
    count = Field(
        "count",
        msg(_("Armies from %(land)s"), land=name),
        low=1,
        high=armies - 1,
        default=armies - 1,
        help=msg(
            _("1 to %(high)s: at least one army stays in %(land)s."), high=armies - 1, land=name
        ),
    )
    return [
        Choice(
            _move_label(state, seat, land, target, armies - 1),
            {"type": "play", "land": land, "to": target},
            fields=(count,),
            group=group,
            style="primary" if state["lands"][target]["owner"] != seat else APP,
            echo="count",
        )
        for target in sorted(targets, key=lambda target: lands()[target].name)
    ]


def _protected_choices(state: State, seat: int, land: str, group: str) -> list[Choice]:
    """The attacks from ``land`` that church peace forbids now, disabled with the reason."""
    armies = state["lands"][land]["armies"]
    return [
        Choice(
            _move_label(state, seat, land, target, armies - 1),
            {"type": "play", "land": land, "to": target},
            disabled=msg(_("Church peace: a land with a church cannot be attacked now.")),
            group=group,
        )
        for target in sorted(
            actions.protected_targets(state, seat, land), key=lambda target: lands()[target].name
        )
    ]


def _hunger_draw(state: State, seat: int) -> list[Choice]:
    group = _("Hunger revolt")
    cards = winter.drawable_cards(state)
    options = tuple(
        (card, lands()[card].name if card != winter.BLANK else _("Blank card")) for card in cards
    )
    return [
        Choice(
            msg(_("Enter the card drawn")),
            {"type": "revolt_card"},
            fields=(Field("card", _("Card"), kind="choice", choices=options),),
            group=group,
        ),
        _by_app(_("Let the app draw the card"), "revolt_card", group),
    ]


def _board(state: State, seat: int) -> list[Choice]:
    return score_only.choices(state)


_BUILDERS = {
    "drop": _drop,
    "defend": _defend,
    "draft": _draft,
    "year_events": _year_events,
    "action_card": _action_card,
    "turn_order": _turn_order,
    "current_event": _current_event,
    "act": _act,
    "hunger_draw": _hunger_draw,
    score_only.STAGE: _board,
}


def _land_name(value: Any) -> str:
    return lands()[value].name if isinstance(value, str) and value in lands() else str(value)


def _count(value: Any) -> int:
    """A number of the entry as a message's count; odd data (no number) takes the plural."""
    return value if type(value) is int else 0


def _event_name(value: Any) -> Any:
    return event_short_label(value) if type(value) is int and value in EVENTS else str(value)


def _card_name(value: Any) -> Any:
    return ACTION_CARDS[value].label if value in ACTION_CARDS else str(value)


def describe(action: Action) -> Msg:
    """The log line: what was done and the land, card or cubes it concerns."""
    kind = action.get("type")
    by_app = action.get("by_app") is True
    if kind == "drop":
        if by_app:
            return msg(_("The app simulated the tower"))
        outs = [action.get(key) for key in sorted(k for k in action if k.startswith("out_"))]
        armies = [str(value) for value in outs[:-1]] if "out_peasants" in action else []
        return msg(
            _("Cubes out of the tower: armies %(armies)s; peasants %(peasants)s"),
            armies=" / ".join(armies),
            peasants=action.get("out_peasants"),
        )
    if kind == "defend":
        return msg(_("Armies defending: %(count)s"), count=action.get("count"))
    if kind == "reveal_land":
        if by_app:
            return msg(_("The app turns up a land card"))
        return msg(_("Turns up %(land)s"), land=_land_name(action.get("land")))
    if kind == "refresh":
        return msg(_("The face-up land cards go under the deck"))
    if kind == "take":
        if action.get("from") == "face_up" or not by_app:
            return ngettext(
                "Takes %(land)s and places %(armies)s army",
                "Takes %(land)s and places %(armies)s armies",
                _count(action.get("group")),
                land=_land_name(action.get("land")),
                armies=action.get("group"),
            )
        return ngettext(
            "Takes the top card of the deck and places %(armies)s army",
            "Takes the top card of the deck and places %(armies)s armies",
            _count(action.get("group")),
            armies=action.get("group"),
        )
    if kind == "events":
        if by_app:
            return msg(_("The year's event cards are drawn"))
        return msg(
            _("The year's event cards: %(cards)s"),
            cards=", ".join(str(action.get(f"card_{place}")) for place in range(1, 5)),
        )
    if kind == "action_card":
        if by_app:
            return msg(_("An action card is turned up"))
        return msg(_("Action card turned up: %(card)s"), card=_card_name(action.get("card")))
    if kind == "turn_order":
        return msg(_("The generals are drawn"))
    if kind == "current_event":
        if by_app:
            return msg(_("The current event is drawn"))
        return msg(_("Current event: %(event)s"), event=_event_name(action.get("event")))
    if kind == "play":
        land = action.get("land")
        if land == season.BLANK:
            return msg(_("Reveals a blank card"))
        if land == season.EMPTY:
            return msg(_("Has no card on this space"))
        if action.get("to") and action.get("count"):
            return msg(
                _("Reveals %(land)s; armies sent to %(target)s: %(count)s"),
                land=_land_name(land),
                count=action.get("count"),
                target=_land_name(action.get("to")),
            )
        return msg(_("Reveals %(land)s"), land=_land_name(land))
    if kind == "land":
        return msg(_("Enters %(land)s as it stands"), land=_land_name(action.get("land")))
    if kind == "score_winter":
        return msg(_("The winter is scored"))
    if kind == "revolt_card":
        if by_app:
            return msg(_("A revolting land is drawn"))
        card = action.get("card")
        if card == winter.BLANK:
            return msg(_("A blank card is drawn: no revolt"))
        return msg(_("Revolting land drawn: %(land)s"), land=_land_name(card))
    return msg(_("Unknown entry %(type)s"), type=str(kind))


__all__ = ["EVENTS", "describe", "for_seat"]
