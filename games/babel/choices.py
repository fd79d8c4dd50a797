"""What the phone offers: one button per likely entry, the blocked ones with a reason.

Each choice is tried on the engine's own rules (``games.moves.refusal``): the reason a
button is greyed is exactly the reason ``apply`` would give, so the phone and the rules can
never disagree. Labels, groups and the fields of the entries come from their declarations
(``moves.py``); what is left here is which buttons a step offers, in which order, and the
notes that say what a tap will do.
"""

from __future__ import annotations

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
from games.babel.moves import ACTIONS_OF_A_TURN, MOVES
from games.babel.state import State, is_tracked, opponent, row, temple_deck_unknown
from games.base import Action, Choice, Field, Game, IllegalAction, fresh
from games.i18n import Msg, _, msg, ngettext
from games.moves import Where, buttons, refusal


def choices(game: Game, state: State, seat: int) -> list[Choice]:
    """The entries ``seat`` may make now (see module docstring)."""
    where = Where(state, seat)
    stage, pending = state["stage"], state["pending"]
    if state["result"] is not None or (stage == STAGE_DEAL and state["dealt"][seat]):
        return []
    if stage == STAGE_DEAL:
        return nation_draw(game, where, "deal", STARTING_HAND)
    if pending is not None:
        return discard_choices(game, where) if pending["seat"] == seat else []
    if seat != state["active"]:
        return []
    if draws_by_itself(state):
        # The draw only counts cards: the phone goes straight to the actions (implied.py).
        offered = action_choices(game, Where(with_draw(fresh(state)), seat))
        # "End actions" needs the draw entered; a turn of no action ends with its temple cards.
        offered = [choice for choice in offered if choice.action["type"] != "end_actions"]
        return noted(offered, drawn_note(nation_draw_count(state, NATION_DRAW)))
    if stage == STAGE_DRAW:
        return nation_draw(game, where, "draw", NATION_DRAW)
    if stage == STAGE_ACTIONS:
        return action_choices(game, where)
    return temple_choices(game, where) if stage == STAGE_TEMPLE else []


def offer(
    game: Game,
    where: Where,
    label: Msg,
    action: Action,
    fields: tuple[Field, ...] = (),
    note: Msg | None = None,
) -> Choice:
    """One choice of a declared entry, in its group, greyed with the engine's reason (its
    fields, such as the run an ability uses, do not change whether it is possible)."""
    reason = refusal(game, where.state, where.seat, action)
    group = MOVES[action["type"]].group
    return Choice(label, action, fields=fields, disabled=reason, group=group, note=note)


def noted(result: list[Choice], note: Msg) -> list[Choice]:
    """``result`` with ``note`` above its first button that can be tapped."""
    for index, choice in enumerate(result):
        if choice.disabled is None:
            result[index] = replace(choice, note=note)
            break
    return result


def drawn_note(count: int) -> Msg:
    if count == 0:
        return msg(_("No nation card is left to draw."))
    return ngettext(
        "Draw %(count)s nation card: the app has added it to your hand.",
        "Draw %(count)s nation cards: the app has added them to your hand.",
        count,
    )


# The note above the nation buttons: which card comes next and the ones entered so far.
DRAW_PROGRESS: tuple[str, ...] = (
    _("Card %(number)s of %(count)s: tap the nation of each card as you draw it."),
    _("Card %(number)s of %(count)s. Entered so far: %(card1)s."),
    _("Card %(number)s of %(count)s. Entered so far: %(card1)s, %(card2)s."),
    _("Card %(number)s of %(count)s. Entered so far: %(card1)s, %(card2)s, %(card3)s."),
    _("Card %(number)s of %(count)s. Entered so far: %(card1)s, %(card2)s, %(card3)s, %(card4)s."),
)


def nation_draw(game: Game, where: Where, kind: str, wanted: int) -> list[Choice]:
    """One tap per card: a button per nation (hand tracking), or one tap for the whole draw."""
    so_far = drawing(where.state, where.seat)
    count = nation_draw_count(where.state, wanted - len(so_far))
    one_card = MOVES[f"{kind}_card"]
    if count == 0:
        # The deck and the discard pile are both empty: the draw takes nothing.
        label = msg(_("No nation card is left to draw: go on"))
        return [Choice(label, {"type": kind}, group=one_card.group)]
    if not is_tracked(where.state):
        label = ngettext("I drew %(count)s nation card", "I drew %(count)s nation cards", count)
        return [Choice(label, {"type": kind}, group=one_card.group)]
    names = {f"card{index}": NATION_NAMES[nation] for index, nation in enumerate(so_far, 1)}
    progress = msg(
        DRAW_PROGRESS[len(so_far)], number=len(so_far) + 1, count=len(so_far) + count, **names
    )
    let = ngettext(
        "Let the app draw %(count)s nation card", "Let the app draw %(count)s nation cards", count
    )
    return [
        *noted(buttons(game, one_card, where, "nation"), progress),
        Choice(let, {"type": kind, "by_app": True}, group=one_card.group, style="secondary"),
    ]


def discard_choices(game: Game, where: Where) -> list[Choice]:
    """The halving discard: without tracked hands only the nations the hand may hold."""
    offered = buttons(game, MOVES["give_up"], where, "nation")
    return [c for c in offered if c.disabled is None or is_tracked(where.state)]


def action_choices(game: Game, where: Where) -> list[Choice]:
    state, seat = where.state, where.seat
    place = state["figures"][seat]
    builds = build_choices(game, where) if place != QUARRY else []
    # What can be done first: builds that are all blocked go last, with their reasons.
    blocked = builds if all(choice.disabled for choice in builds) else []
    result = [choice for choice in builds if choice not in blocked]
    result += ability_choices(game, where) if place != QUARRY else []
    # The settling and travelling buttons next (a row each on the phone, phone_choices.html),
    # then the end of the turn (the temple cards' one tap), within a phone's first screen.
    for nation in NATIONS if place != QUARRY else ():
        label = msg(SETTLE, nation=NATION_NAMES[nation], city=CITY_NAMES[place])
        settle = offer(game, where, label, {"type": "settle", "nation": nation})
        result += [settle] if settle.disabled is None else []
    travels = buttons(game, MOVES["travel"], where, "nation")
    result += [
        choice
        for choice in travels
        if choice.action["nation"] != place and (choice.disabled is None or is_tracked(state))
    ]
    result += end_choices(game, where)
    return closing(game, where, result + migrate_choices(game, where)) + blocked


def closing(game: Game, where: Where, offered: list[Choice]) -> list[Choice]:
    """For a seat that let the app draw its temple cards last time: an action after which
    nothing else is possible also ends the turn, the app drawing (implied.py), one tap less.
    The same action without it follows, for a table that turns up its own cards."""
    state, seat = where.state, where.seat
    if state["hand_sizes"][seat] > 1 or not state.get("app_temples", [False] * 2)[seat]:
        return offered
    result, plain = [], []
    for choice in offered:
        if choice.disabled is None and last_action(game, where, choice):
            action = {**choice.action, "app_temples": True}
            label, note = msg(CLOSING, entry=choice.label), None if plain else msg(CLOSING_NOTE)
            result.append(replace(choice, label=label, action=action, note=note or choice.note))
            plain.append(replace(choice, style="secondary"))
        else:
            result.append(choice)
    return result + plain


CLOSING = _("%(entry)s and end the turn")
CLOSING_NOTE = _("Your last action: the app then draws your temple cards, as last turn.")


def last_action(game: Game, where: Where, choice: Choice) -> bool:
    """Whether nothing but the temple cards would be left after ``choice``'s action."""
    # A migration's target as preselected; a field without a default (the Medes' target) is
    # a question the player answers, not folded.
    values = {field.key: field.default for field in choice.fields}
    if choice.action["type"] not in ACTIONS_OF_A_TURN or None in values.values():
        return False
    try:
        action = {**choice.action, **values, "seat": where.seat, "seed": 0}
        after = game.apply(where.state, action)
    except IllegalAction:
        return False
    there = Where(after, where.seat)
    if after["hand_sizes"][where.seat] or after["result"] is not None:
        return False
    if refusal(game, after, where.seat, {"type": "end_actions"}) is not None:
        return False
    later = migrate_choices(game, there)
    if after["figures"][where.seat] != QUARRY:
        later += build_choices(game, there) + ability_choices(game, there)
    return all(other.disabled is not None for other in later)


SETTLE = _("Settle a card of the %(nation)s in %(city)s")


def end_choices(game: Game, where: Where) -> list[Choice]:
    """The temple cards turned up (which end the actions) and "End actions" on its own."""
    end = [offer(game, where, msg(_("End actions")), {"type": "end_actions"})]
    if end[0].disabled is None:
        end = [*temple_after_actions(game, where), replace(end[0], style="secondary")]
    if not where.state.get("acted"):
        # A stray tap must not end a turn in which nothing was done.
        question = msg(_("End the actions without doing anything?"))
        end = [replace(choice, confirm=question) for choice in end]
    return end


def temple_after_actions(game: Game, where: Where) -> list[Choice]:
    """The temple cards' buttons already during the actions: a temple entry ends them
    (implied.py), which saves the tap on "End actions". Two unknown cards are one tap: the
    pair of levels turned up (the higher is laid first whatever the order)."""
    ended = Where({**fresh(where.state), "stage": STAGE_TEMPLE}, where.seat)
    group = MOVES["end_actions"].group
    if temple_draw_count(ended.state, 2) < 2 or ended.state["temple_deck"]["top"]:
        found = [replace(choice, group=group) for choice in temple_choices(game, ended)]
        note = msg(_("Turn up the temple cards: the first one you enter ends your actions."))
        return noted(found, note)
    pairs: list[Choice] = []
    for first in reversed(LEVELS):
        for second in reversed(LEVELS[:first]):
            action: Action = {"type": "draw_temples", "first": first, "second": second}
            if refusal(game, ended.state, ended.seat, action) is None:
                label = msg(_("%(first)s + %(second)s"), first=first, second=second)
                pairs.append(Choice(label, action, group=group, style="pair"))
    note = msg(_("Turn up two temple cards and tap their levels: this ends your actions."))
    let = ngettext(
        "Let the app draw %(count)s temple card", "Let the app draw %(count)s temple cards", 2
    )
    app = Choice(let, {"type": "draw_temples", "by_app": True}, group=group, style="secondary")
    return noted([*pairs, app], note)


def build_choices(game: Game, where: Where) -> list[Choice]:
    state, seat = where.state, where.seat
    result: list[Choice] = []
    for source in (SOURCE_START, *ROW_SOURCES):
        if source == SOURCE_START:
            if not state["start_card"][seat]:
                continue
            level, label = 1, msg(_("Build level 1 from your starting card"))
        else:
            owner = ROW_SOURCES.index(source)
            if not state["temple_rows"][owner]:
                continue
            level = state["temple_rows"][owner][-1]
            label = msg(
                _("Build level %(level)s from %(player)s's row"),
                level=level,
                player=state["players"][owner],
            )
        result.append(
            offer(game, where, label, {"type": "build", "source": source, "level": level})
        )
    return result


def run_fields(cards: list[str], nation: str) -> tuple[Field, ...]:
    """With several runs of ``nation``, which one pays the card (they differ in place)."""
    (field,) = MOVES["ability"].form(None, {}, ask=("run",))
    runs = tuple(
        (run["start"], msg(RUN, first=run["start"] + 1, last=run["start"] + run["length"]))
        for run in usable_runs(cards, nation)
    )
    if len(runs) < 2:
        return ()
    return (replace(field, kind="choice", low=None, high=None, choices=runs),)


RUN = _("Cards %(first)s to %(last)s of your row")


def own_power_note(state: State, seat: int, place: str, nation: str) -> Msg | None:
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


OWN_POWER_LABELS = {
    "assyrians": _("Assyrians: destroy the opponent's temple here"),
    "hittites": _("Hittites: steal the top level of the opponent's temple here"),
    "sumerians": _("Sumerians: take the opponent's last cards here"),
}


def ability_choices(game: Game, where: Where) -> list[Choice]:
    state, seat = where.state, where.seat
    place = state["figures"][seat]
    own_row = row(state, seat, place)
    other = opponent(seat)
    theirs = row(state, other, place)
    result: list[Choice] = []
    for nation in NATIONS:
        if not usable_runs(own_row, nation):
            continue
        own: Action = {"type": "ability", "nation": nation, "power": POWER_OWN}
        runs = run_fields(own_row, nation)
        if nation == "medes" and theirs:
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
            (target,) = MOVES["ability"].form(None, {}, ask=("target",))
            note = msg(
                _("%(player)s discards every card of that nation in %(city)s."),
                player=state["players"][other],
                city=CITY_NAMES[place],
            )
            label = msg(_("Medes: the opponent discards one nation here"))
            fields = (replace(target, choices=targets), *runs)
            result.append(Choice(label, own, fields, group=MOVES["ability"].group, note=note))
        elif nation == "persians":
            for owner, source in enumerate(ROW_SOURCES):
                if cards := state["temple_rows"][owner]:
                    label = msg(
                        _("Persians: skip a level, build level %(level)s from %(player)s's row"),
                        level=cards[-1],
                        player=state["players"][owner],
                    )
                    action = {**own, "source": source}
                    result.append(offer(game, where, label, action, fields=runs))
        elif nation in OWN_POWER_LABELS:
            note = own_power_note(state, seat, place, nation)
            label = msg(OWN_POWER_LABELS[nation])
            result.append(offer(game, where, label, own, fields=runs, note=note))
        hand = state["hand_sizes"][other]
        note = msg(
            _("%(player)s's nation cards in hand: %(hand)s; %(kept)s stay."),
            player=state["players"][other],
            hand=hand,
            kept=hand - hand // 2,
        )
        label = msg(
            _("Three %(nation)s: the opponent discards half their hand"),
            nation=NATION_NAMES[nation],
        )
        halve = {**own, "power": POWER_HALVE}
        result.append(offer(game, where, label, halve, fields=runs, note=note))
    return result


def migrate_choices(game: Game, where: Where) -> list[Choice]:
    """One button per settlement that can give three cards: the phone then asks only where."""
    state, seat = where.state, where.seat
    origins = [city for city in NATIONS if len(row(state, seat, city)) >= MIGRATION_CARDS]
    if state["migrated"] or not origins:
        # Greyed with the engine's reason: migrated already, or no settlement of three cards.
        return [offer(game, where, msg(_("Migrate the last three cards")), {"type": "migrate"})]
    (target,) = MOVES["migrate"].form(where, {"type": "migrate"}, ask=("target",))
    result = []
    for origin in origins:
        moving = (NATION_NAMES[nation] for nation in row(state, seat, origin)[-3:])
        note = msg(MOVING, **dict(zip(("first", "second", "third"), moving, strict=True)))
        others = tuple(option for option in target.choices if option[0] != origin)
        # Most often to where the figure stands (to build there): that city is preselected.
        towards = next((c for c, _n in others if c == state["figures"][seat]), others[0][0])
        result.append(
            Choice(
                msg(_("Migrate the last three cards from %(city)s"), city=CITY_NAMES[origin]),
                {"type": "migrate", "origin": origin},
                fields=(replace(target, choices=others, default=towards),),
                group=MOVES["migrate"].group,
                note=note,
            )
        )
    return result


MOVING = _("Moves %(first)s, %(second)s and %(third)s, in this order, to the end of the row there.")


def temple_choices(game: Game, where: Where) -> list[Choice]:
    """One tap per temple card: six level buttons, the impossible ones greyed with why."""
    state, seat = where.state, where.seat
    count = temple_draw_count(state, 2)
    known = state["temple_deck"]["top"][:count]
    pending = temple_pending(state, seat)
    group = MOVES["temple_card"].group
    if not pending and len(known) == count:
        action: Action = {"type": "draw_temples", **dict(zip(LEVEL_KEYS, known, strict=False))}
        return [Choice(msg(_("Draw the known temple cards")), action, group=group)]
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
    let = (
        msg(_("Let the app draw the second temple card"))
        if pending
        else ngettext(
            "Let the app draw %(count)s temple card",
            "Let the app draw %(count)s temple cards",
            count,
        )
    )
    app = Choice(let, {"type": "draw_temples", "by_app": True}, group=group, style="secondary")
    return [*noted(buttons(game, MOVES["temple_card"], where, "level"), note), app]
