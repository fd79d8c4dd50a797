"""What the phone offers: one button per likely entry, the blocked ones with a reason.

Each choice is built by trying its action on the engine's own rules
(``legal``): the reason a button is greyed is exactly the reason ``apply``
would give, so the phone and the rules can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from games.babel.abilities import opponent_trailing_cards, usable_runs
from games.babel.constants import (
    CITY_NAMES,
    LEVELS,
    MIGRATION_CARDS,
    NATION_DRAW,
    NATION_NAMES,
    NATIONS,
    OPT_SUMERIANS,
    POWER_HALVE,
    POWER_OWN,
    QUARRY,
    ROW_SOURCES,
    SOURCE_START,
    STAGE_ACTIONS,
    STAGE_DEAL,
    STAGE_DRAW,
    STAGE_TEMPLE,
    STARTING_HAND,
    SUMERIANS_NATION,
)
from games.babel.draws import (
    LEVEL_KEYS,
    drawing,
    nation_draw_count,
    temple_draw_count,
    temple_pending,
)
from games.babel.implied import draws_by_itself, with_draw
from games.babel.state import State, is_tracked, opponent, row, temple_deck_unknown
from games.base import Action, Choice, Field, IllegalAction, fresh
from games.i18n import Msg, _, msg, ngettext

Apply = Callable[[State, Action], State]

NATION_FIELD_CHOICES: tuple[tuple[str, str], ...] = tuple(
    (nation, NATION_NAMES[nation]) for nation in NATIONS
)


def _reason(apply: Apply, state: State, action: Action) -> Msg | None:
    """``None`` if ``apply`` accepts ``action``, else its reason."""
    try:
        apply(state, action)
    except IllegalAction as error:
        return error.message
    return None


def choices(apply: Apply, state: State, seat: int) -> list[Choice]:
    """The entries ``seat`` may make now (see module docstring)."""
    if state["result"] is not None:
        return []
    stage = state["stage"]
    if stage == STAGE_DEAL:
        return _deal_choices(apply, state, seat)
    pending = state["pending"]
    if pending is not None:
        return _discard_choices(apply, state, seat) if pending["seat"] == seat else []
    if seat != state["active"]:
        return []
    if draws_by_itself(state):
        # The draw only counts cards: the phone goes straight to the actions (games.babel.implied).
        drawn = nation_draw_count(state, NATION_DRAW)
        offered = _action_choices(apply, with_draw(fresh(state)), seat)
        # "End actions" needs the draw entered; a turn of no action ends with its temple cards.
        offered = [choice for choice in offered if choice.action["type"] != "end_actions"]
        return _noted(offered, _drawn_note(drawn))
    if stage == STAGE_DRAW:
        return _draw_choices(apply, state, seat)
    if stage == STAGE_ACTIONS:
        return _action_choices(apply, state, seat)
    if stage == STAGE_TEMPLE:
        return _temple_choices(apply, state, seat)
    return []


def _drawn_note(count: int) -> Msg:
    if count == 0:
        return msg(_("No nation card is left to draw."))
    return ngettext(
        "Draw %(count)s nation card: the app has added it to your hand.",
        "Draw %(count)s nation cards: the app has added them to your hand.",
        count,
    )


def _noted(result: list[Choice], note: Msg) -> list[Choice]:
    """``result`` with ``note`` above its first button that can be tapped."""
    for index, choice in enumerate(result):
        if choice.disabled is None:
            result[index] = replace(choice, note=note)
            break
    return result


# The note above the nation buttons: which card comes next and the ones entered so far.
DRAW_PROGRESS: tuple[str, ...] = (
    _("Card %(number)s of %(count)s: tap the nation of each card as you draw it."),
    _("Card %(number)s of %(count)s. Entered so far: %(card1)s."),
    _("Card %(number)s of %(count)s. Entered so far: %(card1)s, %(card2)s."),
    _("Card %(number)s of %(count)s. Entered so far: %(card1)s, %(card2)s, %(card3)s."),
    _("Card %(number)s of %(count)s. Entered so far: %(card1)s, %(card2)s, %(card3)s, %(card4)s."),
)


def _draw_progress(so_far: list[str], count: int) -> Msg:
    """What the phone has recorded of this draw, and which card the next tap enters."""
    names = {f"card{index}": NATION_NAMES[nation] for index, nation in enumerate(so_far, 1)}
    return msg(
        DRAW_PROGRESS[len(so_far)],
        number=len(so_far) + 1,
        count=len(so_far) + count,
        **names,
    )


def _nation_draw_choices(
    apply: Apply, state: State, seat: int, kind: str, wanted: int, group: str
) -> list[Choice]:
    """One tap per card: a button per nation (hand tracking), or one tap for the whole draw."""
    so_far = drawing(state, seat)
    count = nation_draw_count(state, wanted - len(so_far))
    if count == 0:
        # The deck and the discard pile are both empty: the draw takes nothing.
        return [
            Choice(msg(_("No nation card is left to draw: go on")), {"type": kind}, group=group)
        ]
    if not is_tracked(state):
        label = ngettext("I drew %(count)s nation card", "I drew %(count)s nation cards", count)
        return [Choice(label, {"type": kind}, group=group)]
    result: list[Choice] = []
    note: Msg | None = _draw_progress(so_far, count)
    for nation in NATIONS:
        action = {"type": f"{kind}_card", "nation": nation}
        reason = _reason(apply, state, {**action, "seat": seat})
        result.append(
            Choice(
                msg(NATION_NAMES[nation]),
                action,
                disabled=reason,
                group=group,
                note=note if reason is None else None,
            )
        )
        if reason is None:
            note = None  # shown once, above the first button that can be tapped
    let = ngettext(
        "Let the app draw %(count)s nation card", "Let the app draw %(count)s nation cards", count
    )
    result.append(Choice(let, {"type": kind, "by_app": True}, group=group, style="secondary"))
    return result


def _deal_choices(apply: Apply, state: State, seat: int) -> list[Choice]:
    if state["dealt"][seat]:
        return []
    return _nation_draw_choices(apply, state, seat, "deal", STARTING_HAND, _("Starting hand"))


def _draw_choices(apply: Apply, state: State, seat: int) -> list[Choice]:
    return _nation_draw_choices(apply, state, seat, "draw", NATION_DRAW, _("Draw"))


def _discard_choices(apply: Apply, state: State, seat: int) -> list[Choice]:
    result = []
    for nation in NATIONS:
        action = {"type": "give_up", "nation": nation, "seat": seat}
        reason = _reason(apply, state, action)
        if reason is None or is_tracked(state):
            result.append(
                Choice(
                    msg(_("Discard a card of the %(nation)s"), nation=NATION_NAMES[nation]),
                    {"type": "give_up", "nation": nation},
                    disabled=reason,
                    group=_("Discard half your hand"),
                )
            )
    return result


def _offer(
    apply: Apply,
    state: State,
    seat: int,
    label: Msg,
    action: Action,
    group: str,
    fields: tuple[Field, ...] = (),
    show_blocked: bool = True,
    note: Msg | None = None,
    check: bool = False,
) -> list[Choice]:
    """One choice, greyed with the engine's reason when illegal (or left out).

    A choice with fields is checked only with ``check`` (its fields then do
    not change whether it is legal, such as the run an ability uses).
    """
    reason = None if fields and not check else _reason(apply, state, {**action, "seat": seat})
    if reason is not None and not show_blocked:
        return []
    return [Choice(label, action, fields=fields, disabled=reason, group=group, note=note)]


def _action_choices(apply: Apply, state: State, seat: int) -> list[Choice]:
    place = state["figures"][seat]
    result: list[Choice] = []
    builds = _build_choices(apply, state, seat, place)
    # What can be done first: builds that are all blocked go last, with their reasons.
    blocked = builds if all(choice.disabled for choice in builds) else []
    result += [choice for choice in builds if choice not in blocked]
    result += _ability_choices(apply, state, seat, place)
    # The end of the turn (the temple cards' one tap) next, within a phone's first screen;
    # the settling and travelling buttons follow it.
    result += _end_choices(apply, state, seat)
    for nation in NATIONS:
        if place != QUARRY:
            result += _offer(
                apply,
                state,
                seat,
                msg(
                    _("Settle a card of the %(nation)s in %(city)s"),
                    nation=NATION_NAMES[nation],
                    city=CITY_NAMES[place],
                ),
                {"type": "settle", "nation": nation},
                _("Settle"),
                show_blocked=False,
            )
    for nation in NATIONS:
        if nation != place:
            result += _offer(
                apply,
                state,
                seat,
                msg(_("Travel to %(city)s"), city=CITY_NAMES[nation]),
                {"type": "travel", "nation": nation},
                _("Travel"),
                show_blocked=is_tracked(state),
            )
    return result + _migrate_choices(state, seat) + blocked


def _end_choices(apply: Apply, state: State, seat: int) -> list[Choice]:
    """The temple cards turned up (which end the actions) and "End actions" on its own."""
    end = _offer(
        apply, state, seat, msg(_("End actions")), {"type": "end_actions"}, _("End of turn")
    )
    if end[0].disabled is None:
        end = [*_temple_after_actions(apply, state, seat), replace(end[0], style="secondary")]
    if not state.get("acted"):
        # A stray tap must not end a turn in which nothing was done.
        end = [
            replace(choice, confirm=msg(_("End the actions without doing anything?")))
            for choice in end
        ]
    return end


def _temple_after_actions(apply: Apply, state: State, seat: int) -> list[Choice]:
    """The temple cards' buttons already during the actions: a temple entry ends them
    (games.babel.implied), which saves the tap on "End actions". Two unknown cards are one
    tap: the pair of levels turned up (the higher is laid first whatever the order)."""
    ended = fresh(state)
    ended["stage"] = STAGE_TEMPLE
    group = _("End of turn")
    if temple_draw_count(ended, 2) < 2 or ended["temple_deck"]["top"]:
        found = [replace(choice, group=group) for choice in _temple_choices(apply, ended, seat)]
        note = msg(_("Turn up the temple cards: the first one you enter ends your actions."))
        return _noted(found, note)
    pairs: list[Choice] = []
    for first in reversed(LEVELS):
        for second in reversed(LEVELS[:first]):
            action: Action = {"type": "draw_temples", "first": first, "second": second}
            if _reason(apply, ended, {**action, "seat": seat}) is None:
                label = msg(_("%(first)s + %(second)s"), first=first, second=second)
                pairs.append(Choice(label, action, group=group, style="pair"))
    note = msg(_("Turn up two temple cards and tap their levels: this ends your actions."))
    let = ngettext(
        "Let the app draw %(count)s temple card", "Let the app draw %(count)s temple cards", 2
    )
    app = Choice(let, {"type": "draw_temples", "by_app": True}, group=group, style="secondary")
    return _noted([*pairs, app], note)


def _build_choices(apply: Apply, state: State, seat: int, place: str) -> list[Choice]:
    if place == QUARRY:
        return []
    result: list[Choice] = []
    labels = {
        SOURCE_START: _("Build level 1 from your starting card"),
        "row0": _("Build level %(level)s from %(player)s's row"),
        "row1": _("Build level %(level)s from %(player)s's row"),
    }
    for source in (SOURCE_START, *ROW_SOURCES):
        if source == SOURCE_START and not state["start_card"][seat]:
            continue
        if source != SOURCE_START and not state["temple_rows"][ROW_SOURCES.index(source)]:
            continue
        owner = 0 if source == "row0" else 1
        level = 1 if source == SOURCE_START else state["temple_rows"][owner][-1]
        result += _offer(
            apply,
            state,
            seat,
            msg(labels[source], level=level, player=state["players"][owner]),
            {"type": "build", "source": source, "level": level},
            _("Build"),
        )
    return result


def _run_fields(cards: list[str], nation: str) -> tuple[Field, ...]:
    """With several runs of ``nation``, which one pays the card (they differ in place)."""
    found = usable_runs(cards, nation)
    if len(found) < 2:
        return ()
    return (
        Field(
            "run",
            _("Which run pays the card"),
            "choice",
            tuple(
                (
                    run["start"],
                    msg(
                        _("Cards %(first)s to %(last)s of your row"),
                        first=run["start"] + 1,
                        last=run["start"] + run["length"],
                    ),
                )
                for run in found
            ),
        ),
    )


def _own_power_note(state: State, seat: int, place: str, nation: str) -> Msg | None:
    """What the nation's own power would do here, named card by card."""
    other = opponent(seat)
    name = state["players"][other]
    theirs = row(state, other, place)
    stack = state["cities"][place]["temples"][other]
    if nation == "assyrians" and stack:
        return msg(
            _("%(player)s's temple here (height %(height)s) goes back on the temple deck."),
            player=name,
            height=stack[-1],
        )
    if nation == "hittites" and stack:
        return msg(
            _("Level %(level)s moves from %(player)s's temple onto yours."),
            level=stack[-1],
            player=name,
        )
    if nation == "sumerians" and theirs:
        whole = state["options"][OPT_SUMERIANS] == SUMERIANS_NATION
        taken = opponent_trailing_cards(theirs, whole)
        return msg(
            _("%(count)s × %(nation)s from %(player)s's row join the end of yours."),
            count=len(taken),
            nation=NATION_NAMES[theirs[-1]],
            player=name,
        )
    return None


def _ability_choices(apply: Apply, state: State, seat: int, place: str) -> list[Choice]:
    if place == QUARRY:
        return []
    result: list[Choice] = []
    group = _("Abilities")
    own_row = row(state, seat, place)
    other = opponent(seat)
    for nation in NATIONS:
        if not usable_runs(own_row, nation):
            continue
        base = {"type": "ability", "nation": nation}
        name = NATION_NAMES[nation]
        run_fields = _run_fields(own_row, nation)
        if nation == "medes":
            theirs = row(state, other, place)
            targets = tuple(
                (
                    target,
                    msg(
                        _("%(nation)s (%(count)s)"),
                        nation=NATION_NAMES[target],
                        count=theirs.count(target),
                    ),
                )
                for target in NATIONS
                if target in theirs
            )
            if targets:
                result.append(
                    Choice(
                        msg(_("Medes: the opponent discards one nation here")),
                        {**base, "power": POWER_OWN},
                        fields=(Field("target", _("Nation"), "choice", targets), *run_fields),
                        group=group,
                        note=msg(
                            _("%(player)s discards every card of that nation in %(city)s."),
                            player=state["players"][other],
                            city=CITY_NAMES[place],
                        ),
                    )
                )
        elif nation == "persians":
            for source in ROW_SOURCES:
                cards = state["temple_rows"][ROW_SOURCES.index(source)]
                if not cards:
                    continue
                result += _offer(
                    apply,
                    state,
                    seat,
                    msg(
                        _("Persians: skip a level, build level %(level)s from %(player)s's row"),
                        level=cards[-1],
                        player=state["players"][ROW_SOURCES.index(source)],
                    ),
                    {**base, "power": POWER_OWN, "source": source},
                    group,
                    fields=run_fields,
                    check=True,
                )
        else:
            own_labels = {
                "assyrians": _("Assyrians: destroy the opponent's temple here"),
                "hittites": _("Hittites: steal the top level of the opponent's temple here"),
                "sumerians": _("Sumerians: take the opponent's last cards here"),
            }
            result += _offer(
                apply,
                state,
                seat,
                msg(own_labels[nation]),
                {**base, "power": POWER_OWN},
                group,
                fields=run_fields,
                note=_own_power_note(state, seat, place, nation),
                check=True,
            )
        hand = state["hand_sizes"][other]
        result += _offer(
            apply,
            state,
            seat,
            msg(_("Three %(nation)s: the opponent discards half their hand"), nation=name),
            {**base, "power": POWER_HALVE},
            group,
            fields=run_fields,
            note=msg(
                _("%(player)s's nation cards in hand: %(hand)s; %(kept)s stay."),
                player=state["players"][other],
                hand=hand,
                kept=hand - hand // 2,
            ),
            check=True,
        )
    return result


def _migrate_choices(state: State, seat: int) -> list[Choice]:
    origins = tuple(
        (city, CITY_NAMES[city])
        for city in NATIONS
        if len(row(state, seat, city)) >= MIGRATION_CARDS
    )
    label = msg(_("Migrate the last three cards"))
    group = _("Migrate")
    if state["migrated"]:
        return [
            Choice(
                label,
                {"type": "migrate"},
                disabled=msg(_("You may migrate only once per turn.")),
                group=group,
            )
        ]
    if not origins:
        return [
            Choice(
                label,
                {"type": "migrate"},
                disabled=msg(_("Migration needs a settlement of at least three cards.")),
                group=group,
            )
        ]
    # One button per settlement that can give three cards: the phone then asks only where to.
    return [
        Choice(
            msg(_("Migrate the last three cards from %(city)s"), city=name),
            {"type": "migrate", "origin": origin},
            note=_moving_note(row(state, seat, origin)[-MIGRATION_CARDS:]),
            fields=(
                Field(
                    "target",
                    _("To"),
                    "choice",
                    tuple((city, CITY_NAMES[city]) for city in NATIONS if city != origin),
                ),
            ),
            group=group,
        )
        for origin, name in origins
    ]


def _moving_note(moving: list[str]) -> Msg:
    """Which three cards a migration moves, in their order."""
    first, second, third = (NATION_NAMES[nation] for nation in moving)
    return msg(
        _("Moves %(first)s, %(second)s and %(third)s, in this order, to the end of the row there."),
        first=first,
        second=second,
        third=third,
    )


def _temple_choices(apply: Apply, state: State, seat: int) -> list[Choice]:
    """One tap per temple card: six level buttons, the impossible ones greyed with why."""
    deck = state["temple_deck"]
    count = temple_draw_count(state, 2)
    group = _("Temple cards")
    known = deck["top"][:count]
    pending = temple_pending(state, seat)
    if not pending and len(known) == count:
        action: Action = {"type": "draw_temples"}
        action.update(dict(zip(LEVEL_KEYS, known, strict=False)))
        return [
            Choice(
                msg(_("Draw the known temple cards")),
                action,
                group=group,
            )
        ]
    unknown = temple_deck_unknown(state)
    for level in pending[len(known) :]:
        unknown[level] -= 1
    levels = ", ".join(str(level) for level in LEVELS if unknown[level] > 0)
    if pending:
        note = msg(
            _("First card drawn: level %(level)s. Tap the level of the second card."),
            level=pending[0],
        )
    elif known:
        note = msg(
            _("The first card is known: level %(known)s. The deck can still hold: %(levels)s."),
            known=known[0],
            levels=levels,
        )
    else:
        note = msg(_("The deck can still hold: %(levels)s."), levels=levels)
    result: list[Choice] = []
    shown: Msg | None = note
    for level in LEVELS:
        action = {"type": "temple_card", "level": level}
        reason = _reason(apply, state, {**action, "seat": seat})
        result.append(
            Choice(
                msg(_("Level %(level)s"), level=level),
                action,
                disabled=reason,
                group=group,
                note=shown if reason is None else None,
            )
        )
        if reason is None:
            shown = None  # the note once, above the first level that can be tapped
    if pending:
        let = msg(_("Let the app draw the second temple card"))
    else:
        let = ngettext(
            "Let the app draw %(count)s temple card",
            "Let the app draw %(count)s temple cards",
            count,
        )
    result.append(
        Choice(let, {"type": "draw_temples", "by_app": True}, group=group, style="secondary")
    )
    return result
