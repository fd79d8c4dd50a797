"""What the phones offer in each stage: which entries, in which order, with which notes.
What each entry asks, its limits and its log line are its declaration's (``moves``)."""

from __future__ import annotations

from dataclasses import replace

from games.base import Action, Choice, Field, State
from games.i18n import Msg, _, msg, ngettext
from games.moves import Where
from games.wallenstein import actions, score_only, season, setup, tower, turns
from games.wallenstein.data import ACTION_CARDS, lands
from games.wallenstein.land_menu import land_choices
from games.wallenstein.moves import MOVES

APP = "secondary"


def _by_app(label: str, action_type: str, group: str) -> Choice:
    return Choice(msg(label), {"type": action_type, "by_app": True}, group=group, style=APP)


def _entered(
    state: State,
    seat: int,
    action: Action,
    label: str,
    app_label: str,
    group: str,
    note: Msg | None = None,
) -> list[Choice]:
    """What the table drew, asked as the entry's declaration asks it, and the app's draw."""
    fields = MOVES[action["type"]].form(Where(state, seat), action)
    return [
        Choice(msg(label), action, fields=fields, group=group, note=note),
        _by_app(app_label, action["type"], group),
    ]


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


def _drop(state: State, seat: int) -> list[Choice]:
    """What came out of the tower, a count per colour (see ``moves.throw_limits``); each
    player's count is named by the player here (the correction by the seat's number)."""
    entry, app = _entered(
        state,
        seat,
        {"type": "drop"},
        _("Enter what came out of the tower"),
        _("Let the app simulate the tower"),
        _("Tower"),
        going_in_note(state),
    )
    names = state["players"]
    fields = tuple(
        field
        if field.seat is None
        else replace(field, label=msg(_("Armies of %(player)s"), player=names[field.seat]))
        for field in entry.fields
    )
    return [replace(entry, fields=fields), app]


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
            fields=MOVES["defend"].form(Where(state, seat), {"type": "defend"}),
            group=group,
            style=APP,
        ),
    ]


def _draft(state: State, seat: int) -> list[Choice]:
    group = _("Land allocation")
    if setup.must_reveal(state):
        return _entered(
            state,
            seat,
            {"type": "reveal_land"},
            _("Turn up a land card"),
            _("Let the app turn up a land card"),
            group,
        )
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
        for size in setup.group_sizes(state, seat)
    ]
    if setup.drawable(state):
        deck = {"type": "take", "from": "deck"}
        by_app = {**deck, "by_app": True}
        where = Where(state, seat)
        no_size = {"group": None}  # the player picks the group: no size is preselected
        result += [
            Choice(
                msg(_("Take the top card of the deck")),
                deck,
                fields=MOVES["take"].form(where, deck, defaults=no_size),
                group=group,
            ),
            Choice(
                msg(_("Let the app draw the top card")),
                by_app,
                fields=MOVES["take"].form(where, by_app, defaults=no_size),
                group=group,
                style=APP,
            ),
        ]
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
    return _entered(
        state,
        seat,
        {"type": "events"},
        _("Enter the four event cards"),
        _("Let the app draw the event cards"),
        _("Event cards"),
    )


def _action_card(state: State, seat: int) -> list[Choice]:
    entered, app = _entered(
        state,
        seat,
        {"type": "action_card"},
        _("Enter the action card turned up"),
        _("Let the app turn up the action cards"),
        _("Action cards"),
    )
    if not state["season_state"]["order"]:
        return [entered, app]
    # The hidden cards: the rules turn them up together, so the app's draw does (one by
    # one by hand, as the table turns them).
    hidden = replace(
        app,
        label=msg(_("Let the app turn up the hidden action cards")),
        action={**app.action, "rest": True},
    )
    return [entered, hidden]


def _turn_order(state: State, seat: int) -> list[Choice]:
    return _entered(
        state,
        seat,
        {"type": "turn_order"},
        _("Enter the order of the generals"),
        _("Let the app draw the generals"),
        _("Turn order"),
    )


def _current_event(state: State, seat: int) -> list[Choice]:
    return _entered(
        state,
        seat,
        {"type": "current_event"},
        _("Enter the current event"),
        _("Let the app draw the current event"),
        _("Event cards"),
    )


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
                # A card that cancels the action: the phone marks it so (_lost.html).
                style="cancels" if problem is not None else "primary",
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
    return _entered(
        state,
        seat,
        {"type": "revolt_card"},
        _("Enter the card drawn"),
        _("Let the app draw the card"),
        _("Hunger revolt"),
    )


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


__all__ = ["for_seat"]
