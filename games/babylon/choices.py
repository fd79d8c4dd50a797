"""What a seat's phone offers at each step.

Legality is never re-implemented here: a candidate entry is tried on the
engine (``apply`` is pure) and, when refused, shown greyed with the engine's
own reason. The fields, their limits and help and the values' labels come from the
entries' declarations (``moves.py``); what is left here is which entries a step offers,
in which order, and the notes above them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from games.babylon.components import (
    DECORATION_LABELS,
    DECORATIONS,
    DOUBLE,
    FLOWER_LABELS,
    FLOWERS,
    MATERIAL_LABELS,
    MAX_FLOOR,
    SINGLE,
    STAIRS,
    STATUE,
    STORAGE_SINGLES,
)
from games.babylon.entries import refusal
from games.babylon.final import piece_top_floor
from games.babylon.garden import highest_built_floor, visible_decorations
from games.babylon.moves import MOVES, PLACE, highest_floor_for
from games.babylon.preparation import (
    STEP_BOARDS,
    STEP_BUILD,
    STEP_EXTRACT,
    STEP_FINAL,
    STEP_GARDEN,
    STEP_REMOVAL,
    STEP_REVEAL,
)
from games.babylon.turn import (
    THEN_END,
    THEN_STORE,
    TILE_EXTRACTED,
    TILE_STORED,
    extraction_pillars,
    lies_exactly_over,
)
from games.base import Action, Choice, Game, State
from games.i18n import Msg, _, msg, ngettext
from games.moves import Where, buttons


def for_seat(game: Game, state: State, seat: int) -> list[Choice]:
    """The entries of ``seat`` at the current step."""
    return STEPS[state["step"]](game, Where(state, seat))


def extract_choices(game: Game, where: Where) -> list[Choice]:
    """Two taps: the flower on the tile the player takes, then the tile.

    The flower comes first so that every tile button can show the exact
    pillars (edges, flower and round token); the compact quarry right below the
    buttons (``phone.html``) shows where each place is.
    """
    state, seat = where.state, where.seat
    own = state["boards"][seat]["flower"]
    seen = state.get("seen_flower")
    if seen is None:
        return [
            Choice(
                msg(
                    _("Tile with your %(flower)s")
                    if flower == own
                    else _("Tile with the %(flower)s"),
                    **MOVES["tile_flower"].shown({"flower": flower}),
                ),
                {"type": "tile_flower", "flower": flower},
                group=_("Which flower is on the tile you take?"),
                style="primary" if flower == own else "secondary",
            )
            for flower in FLOWERS
        ]
    result = []
    for place, stack in enumerate(state["quarry"]):
        if not stack:
            continue  # an empty place offers nothing to take
        pillars = extraction_pillars(state, seat, place, seen)[SINGLE]
        action = {"type": "extract", "place": place, "flower": seen}
        label = ngettext(
            "Row %(row)s, column %(column)s, %(material)s: %(pillars)s pillar",
            "Row %(row)s, column %(column)s, %(material)s: %(pillars)s pillars",
            pillars,
            material=MATERIAL_LABELS[stack[-1]],
            pillars=pillars,
            **PLACE.kind.shown(PLACE, action),  # the row and column, as the log names them
        )
        result.append(Choice(label, action, group=_("Take the tile (the pillars it gives you)")))
    other = {"type": "tile_flower", "flower": None}
    shows_other = msg(_("The tile shows another flower"))
    return [*result, Choice(shows_other, other, group=_("Another flower"), style="secondary")]


def placement(which: str, floor: int, supports: int, doubles: int, statues: int) -> Action:
    """A placement of the tile ``which`` (the pillars under it, the statues among them)."""
    return dict(
        type="place_tile",
        tile=which,
        floor=floor,
        supports=supports,
        doubles=doubles,
        statues=statues,
    )


def statues_below(state: State, seat: int, floor: int) -> int:
    return len(visible_decorations(state["boards"][seat], STATUE, floor - 1)) if floor > 1 else 0


def placements(state: State, seat: int, which: str, floor: int) -> Iterator[Action]:
    """Every way to hold a tile on ``floor``, the likeliest first: four pillars before a
    viewpoint, single pillars before double ones, statues last (they score)."""
    statues = statues_below(state, seat, floor)
    for supports in (4, 3):
        for used in range(min(statues, supports) + 1):
            for doubles in range(supports - used + 1) if floor > 1 else (0,):
                yield placement(which, floor, supports, doubles, used)


def working_placement(
    game: Game, state: State, seat: int, which: str, floor: int
) -> tuple[Action | None, Msg | None]:
    """The first placement the engine accepts, or ``None`` and the reason of the cheapest."""
    cheapest = refusal(game, state, seat, cheapest_placement(state, seat, which, floor))
    if cheapest is not None:
        return None, cheapest
    for action in placements(state, seat, which, floor):
        if refusal(game, state, seat, action) is None:
            return action, None
    return None, cheapest


def cheapest_placement(state: State, seat: int, which: str, floor: int) -> Action:
    """The placement most likely to be affordable, to learn quickly why none is."""
    statues = min(statues_below(state, seat, floor), 3)
    doubles = min(state["turn"][DOUBLE], 3 - statues) if floor > 1 else 0
    if lies_exactly_over(state["boards"][seat], floor, 3 - doubles):
        # At most two supports may stand on the lone tile below: one double pillar more.
        statues = min(statues, 2)
        doubles = 3 - statues if statues == 2 else max(doubles, 1)
    return placement(which, floor, 3, doubles, statues)


def stored(where: Where) -> dict[str, Any] | None:
    """The tile the seat keeps in storage, if any."""
    return where.state["boards"][where.seat]["stored"]


def build_choices(game: Game, where: Where) -> list[Choice]:
    turn = where.state["turn"]
    # What the player needs to fill in a tile's pillars, once, above the first tile. Short,
    # so that the end of the turn stays above the fold on a phone; how pillars hold a tile
    # is explained below the entries (phone.html).
    note: Msg | None = msg(
        _("Pillars in hand: single %(singles)s, double %(doubles)s."),
        singles=turn[SINGLE],
        doubles=turn[DOUBLE],
    )
    tiles = []
    for which, tile in ((TILE_EXTRACTED, turn["tile"]), (TILE_STORED, stored(where))):
        if tile is not None:
            tiles.append(tile_choice(game, where, which, tile, note))
            note = None
    # The taken tile first (the likeliest tap: its placement ends the turn), then the stored
    # one (on the phone one line that opens its form, phone_choices.html): the ways to build
    # side by side, then the end of the turn without building, then the decorations (issue 21:
    # every committing tap of the step above the fold of a phone).
    return tiles + end_turn_choices(where) + decoration_choices(game, where)


def tile_choice(
    game: Game, where: Where, which: str, tile: dict[str, Any], note: Msg | None
) -> Choice:
    """One form for a tile: the floor is a field (the floors its pillars can reach), the
    pillars the app suggests are those that work on the highest of them; the button names the
    floor chosen (``echo``). If no floor works, the lowest with the engine's reason."""
    state, seat = where.state, where.seat
    working: dict[int, Action] = {}
    why: Msg | None = None
    # The floors up to the highest its pillars are asked for (as the declaration asks them).
    for floor in range(1, highest_floor_for(where, {}) + 1):
        works, refused = working_placement(game, state, seat, which, floor)
        if works is not None:
            working[floor] = works
        elif why is None:
            why = refused
    floor = max(working) if working else 1
    label = msg(
        _("Place the tile you took (%(material)s, %(flower)s) on floor %(floor)s")
        if which == TILE_EXTRACTED
        else _("Place the stored tile (%(material)s, %(flower)s) on floor %(floor)s"),
        material=MATERIAL_LABELS[tile["material"]],
        flower=FLOWER_LABELS.get(tile["flower"], ""),
        floor=floor,
    )
    action = {"type": "place_tile", "tile": which}
    if not working:
        return Choice(label, {**action, "floor": floor}, disabled=why, group=_("Build a tile"))
    # The turn ends with the tile (one tap less, issue 21): placing the stored tile with the
    # taken one in hand puts that one into the slot just freed.
    then = THEN_END if which == TILE_EXTRACTED or state["turn"]["tile"] is None else THEN_STORE
    floors = tuple((n, str(n)) for n in sorted(working))
    fields = tuple(
        replace(field, choices=floors) if field.key == "floor" else field
        for field in MOVES["place_tile"].form(
            where, action, defaults={**working[floor], "then": then}
        )
    )
    # The stored tile is the other way to build (kept for a later turn): its button is lighter
    # and comes after the end of the turn.
    style = "primary" if which == TILE_EXTRACTED else "secondary"
    return Choice(
        label, action, fields=fields, group=_("Build a tile"), note=note, echo="floor", style=style
    )


def decoration_choices(game: Game, where: Where) -> list[Choice]:
    move = MOVES["decorate"]
    if not where.state["turn"]["placed"]:
        # Before a tile is placed no decoration is possible: one line says why, instead of
        # the same reason under each of the four.
        why = msg(_("A decoration goes on a tile placed in this turn: place one first."))
        label = msg(_("Place a decoration"))
        return [
            Choice(label, {"type": "decorate"}, disabled=why, group=move.group, style=move.style)
        ]
    result = []
    for kind in DECORATIONS:
        action = {"type": "decorate", "kind": kind}
        fields = move.form(where, action)
        label = msg(
            _("Place stairs, starting from floor")
            if kind == STAIRS
            else _("Place a %(decoration)s on floor"),
            decoration=move.shown(action)["decoration"],
        )
        # No floor possible: the engine's reason for the lowest.
        why = (
            None
            if fields[0].choices
            else refusal(game, where.state, where.seat, {**action, "floor": 1})
        )
        result.append(
            Choice(label, action, fields=fields, disabled=why, group=move.group, style=move.style)
        )
    return result


def end_turn_choices(where: Where) -> list[Choice]:
    """Store or discard the tile taken and end the turn; the note says what goes into
    storage and back to the supply, and that storing discards the tile stored before."""
    turn = where.state["turn"]
    kept = min(STORAGE_SINGLES, turn[SINGLE])
    args = {"kept": kept, "singles": turn[SINGLE] - kept, "doubles": turn[DOUBLE]}
    # Ending a turn in which nothing was built is asked once more: a stray tap would
    # otherwise throw the building away.
    confirm = None if turn["placed"] else msg(_("End the turn without building anything?"))
    common: dict[str, Any] = {"group": MOVES["end_turn"].group, "confirm": confirm}
    pillars = _(
        "Single pillars kept in storage: %(kept)s. Back to the supply: single %(singles)s, double %(doubles)s."
    )
    if turn["tile"] is None:
        note = msg(pillars, **args)
        return [Choice(msg(_("End the turn")), {"type": "end_turn"}, note=note, **common)]
    replacing = _(
        "Storing it discards the tile stored before. Single pillars kept in storage: %(kept)s. Back to the supply: single %(singles)s, double %(doubles)s."
    )
    note = msg(replacing if stored(where) is not None else pillars, **args)
    # The buttons say what the "Then" list of a tile's form says, in one line each on a
    # phone: with a long first one, the second ended below the fold (issue 21). What they
    # leave out is in the note, shown once under both (phone.html).
    return [
        Choice(
            msg(_("Store the taken tile, end the turn")),
            {"type": "end_turn", "tile": "store"},
            **common,
        ),
        Choice(
            msg(_("Discard the taken tile, end the turn")),
            {"type": "end_turn", "tile": "discard"},
            note=note,
            style="secondary",
            **common,
        ),
    ]


def reveal_choices(game: Game, where: Where) -> list[Choice]:
    move = MOVES["reveal"]
    # The app's draw first: with the tokens' faces as long buttons below, it would end below
    # the fold of a phone (issue 21).
    by_app = msg(_("Let the app draw the round token"))
    draw = Choice(by_app, {"type": "reveal", "by_app": True}, group=move.group, style="secondary")
    return [draw, *buttons(game, move, where, "effect")]


def covered_pieces(board: dict[str, Any]) -> list[list[Any]]:
    """The pieces that could now be covered completely, as ``[id, label]`` pairs.

    Pieces already covered (statues used as pillars) and pieces on the top floor
    (nothing can lie over them) are not asked about.
    """
    top = highest_built_floor(board)
    pieces: list[list[Any]] = []
    for piece in board["tiles"] + board["decorations"]:
        if piece["covered"] or piece_top_floor(piece) >= top:
            continue
        if "kind" in piece:  # a decoration (viewpoints too, which no entry places)
            kind = DECORATION_LABELS[piece["kind"]]
            label = msg(
                _("%(decoration)s on floor %(floor)s"), decoration=kind, floor=piece["floor"]
            )
        else:
            flower = FLOWER_LABELS[piece["flower"]]
            label = msg(
                _("Tile on floor %(floor)s (%(flower)s)"), floor=piece["floor"], flower=flower
            )
        pieces.append([piece["id"], label])
    return pieces


FINAL_SCORING = _("Final scoring")
CONFIRM_GARDEN = _("Confirm my garden for the final scoring")


def final_choices(game: Game, where: Where) -> list[Choice]:
    # The pieces asked about travel with the entry, so that a correction can offer the
    # same ticks again.
    pieces = covered_pieces(where.state["boards"][where.seat])
    action = {"type": "final", "covered": [], "pieces": pieces}
    fields = MOVES["final"].form(where, action, ask=("covered", "holes"))
    return [Choice(msg(CONFIRM_GARDEN), action, fields=fields, group=FINAL_SCORING)]


def garden_choices(game: Game, where: Where) -> list[Choice]:
    """The next floor to enter, one form to change an entered floor, and the confirmation.

    Only the next floor's counts are open; entered floors are listed on the phone and
    changed through one form (the floor chosen, its counts set to the last floor's).
    """
    garden = where.state["boards"][where.seat]["garden"]
    move = MOVES["floor"]
    result = []
    if len(garden) < MAX_FLOOR:
        action = {"type": "floor", "floor": len(garden) + 1}
        label = msg(_("Floor %(floor)s: enter what can be seen"), floor=len(garden) + 1)
        result.append(Choice(label, action, fields=move.form(where, action), group=move.group))
    if garden:
        last = {**garden[-1]["flowers"], **{k: v for k, v in garden[-1].items() if k != "flowers"}}
        result.append(
            Choice(
                msg(_("Change an entered floor")),
                {"type": "floor"},
                fields=move.form(where, {"type": "floor"}, defaults=last),
                group=move.group,
                style="secondary",
                note=msg(_("Enter every count of that floor again; they replace what it had.")),
            )
        )
    confirm = {"type": "confirm"}
    result.append(
        Choice(
            msg(CONFIRM_GARDEN),
            confirm,
            fields=MOVES["confirm"].form(where, confirm),
            disabled=refusal(game, where.state, where.seat, {**confirm, "holes": 0}),
            group=FINAL_SCORING,
            # A stray tap must not close an empty garden.
            confirm=None if garden else msg(_("Confirm an empty garden?")),
        )
    )
    return result


STEPS: dict[str, Callable[[Game, Where], list[Choice]]] = {
    STEP_BOARDS: lambda game, where: buttons(game, MOVES["board"], where, "flower"),
    STEP_REMOVAL: lambda game, where: buttons(game, MOVES["remove"], where, "place"),
    STEP_EXTRACT: extract_choices,
    STEP_BUILD: build_choices,
    STEP_REVEAL: reveal_choices,
    STEP_FINAL: final_choices,
    STEP_GARDEN: garden_choices,
}
