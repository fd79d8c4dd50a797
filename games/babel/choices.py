"""What the phone offers: one button per likely entry, the blocked ones with a reason.

Each choice is tried on the engine's own rules (``games.moves.refusal``): the reason a
button is greyed is exactly the reason ``apply`` would give, so the phone and the rules can
never disagree. Labels, groups and the fields of the entries come from their declarations
(``moves.py``); what is left here is which buttons a step offers, in which order, and the
notes that say what a tap will do.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

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


def entry(label: Msg, action: Action, **extra: Any) -> Choice:
    """A choice of a declared entry, in its type's group."""
    return Choice(label, action, group=MOVES[action["type"]].group, **extra)


def offer(game: Game, where: Where, label: Msg, action: Action, **extra: Any) -> Choice:
    """A choice greyed with the engine's reason (its fields, such as the run an ability
    uses, do not change whether it is possible)."""
    return entry(label, action, disabled=refusal(game, where.state, where.seat, action), **extra)


def by_app(label: Msg, kind: str) -> Choice:
    """The app drawing the cards of a ``kind`` entry: one tap, below the cards entered."""
    return entry(label, {"type": kind, "by_app": True}, style="secondary")


def app_temples(count: int) -> Choice:
    """The app turning up ``count`` temple cards."""
    let = ngettext(
        "Let the app draw %(count)s temple card", "Let the app draw %(count)s temple cards", count
    )
    return by_app(let, "draw_temples")


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
    """One tap per card, a button per nation, or one tap for the app's draw. Only a tracked
    hand gets here: untracked, the stage of the deal is skipped and the draw is implied."""
    so_far = drawing(where.state, where.seat)
    count = nation_draw_count(where.state, wanted - len(so_far))
    if count == 0:
        # The deck and the discard pile are both empty: the draw takes nothing.
        return [entry(msg(_("No nation card is left to draw: go on")), {"type": kind})]
    names = {f"card{index}": NATION_NAMES[nation] for index, nation in enumerate(so_far, 1)}
    progress = msg(
        DRAW_PROGRESS[len(so_far)], number=len(so_far) + 1, count=len(so_far) + count, **names
    )
    let = ngettext(
        "Let the app draw %(count)s nation card", "Let the app draw %(count)s nation cards", count
    )
    cards = buttons(game, MOVES[f"{kind}_card"], where, "nation")
    return [*noted(cards, progress), by_app(let, kind)]


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
        text = _("Settle a card of the %(nation)s in %(city)s")
        label = msg(text, nation=NATION_NAMES[nation], city=CITY_NAMES[place])
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
    last = msg(_("Your last action: the app then draws your temple cards, as last turn."))
    result, plain = [], []
    for choice in offered:
        if choice.disabled is None and last_action(game, where, choice):
            action = {**choice.action, "app_temples": True}
            label = msg(_("%(entry)s and end the turn"), entry=choice.label)
            note = choice.note if plain else last  # once, above the first of them
            result.append(replace(choice, label=label, action=action, note=note))
            plain.append(replace(choice, style="secondary"))
        else:
            result.append(choice)
    return result + plain


def last_action(game: Game, where: Where, choice: Choice) -> bool:
    """Whether nothing but the temple cards would be left after ``choice``'s action."""
    # A migration's target as preselected; a field without a default (the Medes' target) is
    # a question the player answers, not folded.
    values = {field.key: field.default for field in choice.fields}
    if choice.action["type"] not in ACTIONS_OF_A_TURN or None in values.values():
        return False
    try:
        after = game.apply(where.state, {**choice.action, **values, "seat": where.seat, "seed": 0})
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
    """The temple cards' buttons already during the actions, in the group of their end: a
    temple entry ends them (implied.py), which saves the tap on "End actions". Two unknown
    cards are one tap: the pair of levels turned up (the higher is laid first whatever the
    order)."""
    ended = Where({**fresh(where.state), "stage": STAGE_TEMPLE}, where.seat)
    if temple_draw_count(ended.state, 2) < 2 or ended.state["temple_deck"]["top"]:
        found = temple_choices(game, ended)
        note = msg(_("Turn up the temple cards: the first one you enter ends your actions."))
    else:
        found = []
        for first in reversed(LEVELS):
            for second in reversed(LEVELS[:first]):
                pair: Action = {"type": "draw_temples", "first": first, "second": second}
                if refusal(game, ended.state, ended.seat, pair) is None:
                    label = msg(_("%(first)s + %(second)s"), first=first, second=second)
                    found.append(entry(label, pair, style="pair"))
        found.append(app_temples(2))
        note = msg(_("Turn up two temple cards and tap their levels: this ends your actions."))
    group = MOVES["end_actions"].group
    return noted([replace(choice, group=group) for choice in found], note)


def build_choices(game: Game, where: Where) -> list[Choice]:
    state, seat = where.state, where.seat
    start = msg(_("Build level 1 from your starting card"))
    sources = [(SOURCE_START, 1, start)] if state["start_card"][seat] else []
    for source, level, player in row_tops(state):
        label = msg(_("Build level %(level)s from %(player)s's row"), level=level, player=player)
        sources.append((source, level, label))
    return [
        offer(game, where, label, {"type": "build", "source": source, "level": level})
        for source, level, label in sources
    ]


def row_tops(state: State) -> list[tuple[str, int, str]]:
    """The temple rows that hold cards: their source, top level and owner's name."""
    rows = zip(ROW_SOURCES, state["temple_rows"], state["players"], strict=True)
    return [(source, cards[-1], player) for source, cards, player in rows if cards]


def run_fields(cards: list[str], nation: str) -> tuple[Field, ...]:
    """With several runs of ``nation``, which one pays the card (they differ in place)."""
    (field,) = MOVES["ability"].form(None, {}, ask=("run",))
    text = _("Cards %(first)s to %(last)s of your row")
    runs = tuple(
        (run["start"], msg(text, first=run["start"] + 1, last=run["start"] + run["length"]))
        for run in usable_runs(cards, nation)
    )
    if len(runs) < 2:
        return ()
    return (replace(field, kind="choice", low=None, high=None, choices=runs),)


def own_power_note(state: State, seat: int, place: str, nation: str) -> Msg | None:
    """What the nation's own power would do here, named card by card."""
    other = opponent(seat)
    player, theirs = state["players"][other], row(state, other, place)
    stack = state["cities"][place]["temples"][other]
    if nation == "assyrians" and stack:
        text = _("%(player)s's temple here (height %(height)s) goes back on the temple deck.")
        return msg(text, player=player, height=stack[-1])
    if nation == "hittites" and stack:
        text = _("Level %(level)s moves from %(player)s's temple onto yours.")
        return msg(text, level=stack[-1], player=player)
    if nation == "sumerians" and theirs:
        whole = state["options"][OPT_SUMERIANS] == SUMERIANS_NATION
        taken = len(opponent_trailing_cards(theirs, whole))
        text = _("%(count)s × %(nation)s from %(player)s's row join the end of yours.")
        return msg(text, count=taken, nation=NATION_NAMES[theirs[-1]], player=player)
    return None


# The abilities' buttons: the halving every nation has, and three nations' own powers.
HALVE = _("Three %(nation)s: the opponent discards half their hand")
OWN_POWER_LABELS = {
    "assyrians": _("Assyrians: destroy the opponent's temple here"),
    "hittites": _("Hittites: steal the top level of the opponent's temple here"),
    "sumerians": _("Sumerians: take the opponent's last cards here"),
}


def ability_choices(game: Game, where: Where) -> list[Choice]:
    state, seat = where.state, where.seat
    place, other = state["figures"][seat], opponent(seat)
    mine, hand = row(state, seat, place), state["hand_sizes"][other]
    result: list[Choice] = []
    for nation in (nation for nation in NATIONS if usable_runs(mine, nation)):
        own: Action = {"type": "ability", "nation": nation, "power": POWER_OWN}
        runs = run_fields(mine, nation)
        if nation == "medes" and row(state, other, place):
            result.append(medes_choice(where, own, runs))
        elif nation == "persians":
            for source, level, player in row_tops(state):
                text = _("Persians: skip a level, build level %(level)s from %(player)s's row")
                label = msg(text, level=level, player=player)
                result.append(offer(game, where, label, {**own, "source": source}, fields=runs))
        elif nation in OWN_POWER_LABELS:
            note = own_power_note(state, seat, place, nation)
            label = msg(OWN_POWER_LABELS[nation])
            result.append(offer(game, where, label, own, fields=runs, note=note))
        text = _("%(player)s's nation cards in hand: %(hand)s; %(kept)s stay.")
        note = msg(text, player=state["players"][other], hand=hand, kept=hand - hand // 2)
        label = msg(HALVE, nation=NATION_NAMES[nation])
        halve = {**own, "power": POWER_HALVE}
        result.append(offer(game, where, label, halve, fields=runs, note=note))
    return result


def medes_choice(where: Where, own: Action, runs: tuple[Field, ...]) -> Choice:
    """The Medes: which nation the opponent discards here, with how many of its cards."""
    state, other = where.state, opponent(where.seat)
    place = state["figures"][where.seat]
    theirs = row(state, other, place)
    (target,) = MOVES["ability"].form(None, {}, ask=("target",))
    counted = _("%(nation)s (%(count)s)")
    targets = tuple(
        (nation, msg(counted, nation=NATION_NAMES[nation], count=theirs.count(nation)))
        for nation in NATIONS
        if nation in theirs
    )
    text = _("%(player)s discards every card of that nation in %(city)s.")
    note = msg(text, player=state["players"][other], city=CITY_NAMES[place])
    label = msg(_("Medes: the opponent discards one nation here"))
    return entry(label, own, fields=(replace(target, choices=targets), *runs), note=note)


def migrate_choices(game: Game, where: Where) -> list[Choice]:
    """One button per settlement that can give three cards: the phone then asks only where."""
    state, seat = where.state, where.seat
    origins = [city for city in NATIONS if len(row(state, seat, city)) >= MIGRATION_CARDS]
    if state["migrated"] or not origins:
        # Greyed with the engine's reason: migrated already, or no settlement of three cards.
        return [offer(game, where, msg(_("Migrate the last three cards")), {"type": "migrate"})]
    result = []
    for origin in origins:
        moving = (NATION_NAMES[nation] for nation in row(state, seat, origin)[-3:])
        note = msg(MOVING, **dict(zip(("first", "second", "third"), moving, strict=True)))
        # Most often to where the figure stands (to build there): that city is preselected.
        towards = next(c for c in (state["figures"][seat], *NATIONS) if c not in (origin, QUARRY))
        label = msg(_("Migrate the last three cards from %(city)s"), city=CITY_NAMES[origin])
        action = {"type": "migrate", "origin": origin}
        fields = MOVES["migrate"].form(where, action, defaults={"target": towards})
        result.append(entry(label, action, fields=fields, note=note))
    return result


MOVING = _("Moves %(first)s, %(second)s and %(third)s, in this order, to the end of the row there.")


def temple_choices(game: Game, where: Where) -> list[Choice]:
    """One tap per temple card: six level buttons, the impossible ones greyed with why."""
    state, seat = where.state, where.seat
    count = temple_draw_count(state, 2)
    known = state["temple_deck"]["top"][:count]
    pending = temple_pending(state, seat)
    if not pending and len(known) == count:
        action: Action = {"type": "draw_temples", **dict(zip(LEVEL_KEYS, known, strict=False))}
        return [entry(msg(_("Draw the known temple cards")), action)]
    levels = buttons(game, MOVES["temple_card"], where, "level")
    if pending:
        second = _("First card drawn: level %(level)s. Tap the level of the second card.")
        app = by_app(msg(_("Let the app draw the second temple card")), "draw_temples")
        return [*noted(levels, msg(second, level=pending[0])), app]
    unknown = temple_deck_unknown(state)
    held = ", ".join(str(level) for level in LEVELS if unknown[level] > 0)
    note = msg(_("The deck can still hold: %(levels)s."), levels=held)
    if known:
        first = _("The first card is known: level %(known)s. The deck can still hold: %(levels)s.")
        note = msg(first, known=known[0], levels=held)
    return [*noted(levels, note), app_temples(count)]
