"""What a seat's phone offers at each step.

Legality is never re-implemented here: a candidate entry is tried on the
engine (``apply`` is pure) and, when refused, shown greyed with the engine's
own reason.
"""

from __future__ import annotations

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
    QUARRY_PLACES,
    QUARRY_SIDE,
    SINGLE,
    STAIRS,
    STATUE,
    STORAGE_SINGLES,
)
from games.babylon.final import piece_top_floor
from games.babylon.garden import highest_built_floor, visible_decorations
from games.babylon.moves import MOVES
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
from games.moves import Where, buttons, refusal


def for_seat(game: Game, state: State, seat: int) -> list[Choice]:
    """The entries of ``seat`` at the current step."""
    where = Where(state, seat)
    builders = {
        STEP_BOARDS: lambda: buttons(game, MOVES["board"], where, "flower"),
        STEP_REMOVAL: lambda: buttons(game, MOVES["remove"], where, "place"),
        STEP_EXTRACT: lambda: extract_choices(where),
        STEP_BUILD: lambda: build_choices(game, where),
        STEP_REVEAL: lambda: reveal_choices(game, where),
        STEP_FINAL: lambda: final_choices(where),
        STEP_GARDEN: lambda: garden_choices(game, where),
    }
    return builders[state["step"]]()


def extract_choices(where: Where) -> list[Choice]:
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
                    flower=FLOWER_LABELS[flower],
                ),
                {"type": "tile_flower", "flower": flower},
                group=_("Which flower is on the tile you take?"),
                style="primary" if flower == own else "secondary",
            )
            for flower in FLOWERS
        ]
    result = []
    for place in range(QUARRY_PLACES):
        stack = state["quarry"][place]
        if not stack:
            continue  # an empty place offers nothing to take
        pillars = extraction_pillars(state, seat, place, seen)[SINGLE]
        row, column = divmod(place, QUARRY_SIDE)
        result.append(
            Choice(
                ngettext(
                    "Row %(row)s, column %(column)s, %(material)s: %(pillars)s pillar",
                    "Row %(row)s, column %(column)s, %(material)s: %(pillars)s pillars",
                    pillars,
                    material=MATERIAL_LABELS[stack[-1]],
                    pillars=pillars,
                    row=row + 1,
                    column=column + 1,
                ),
                {"type": "extract", "place": place, "flower": seen},
                group=_("Take the tile (the pillars it gives you)"),
            )
        )
    result.append(
        Choice(
            msg(_("The tile shows another flower")),
            {"type": "tile_flower", "flower": None},
            group=_("Another flower"),
            style="secondary",
        )
    )
    return result


def placements(state: State, seat: int, which: str, floor: int) -> list[Action]:
    """Every way to hold a tile on ``floor``, the likeliest first: four pillars before a
    viewpoint, single pillars before double ones, statues last (they score)."""
    statues = len(visible_decorations(state["boards"][seat], STATUE, floor - 1)) if floor > 1 else 0
    result = []
    for supports in (4, 3):
        for used_statues in range(min(statues, supports) + 1):
            for doubles in range(supports - used_statues + 1) if floor > 1 else (0,):
                result.append(
                    {
                        "type": "place_tile",
                        "tile": which,
                        "floor": floor,
                        "supports": supports,
                        "doubles": doubles,
                        "statues": used_statues,
                    }
                )
    return result


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
    turn = state["turn"]
    statues = len(visible_decorations(state["boards"][seat], STATUE, floor - 1)) if floor > 1 else 0
    statues = min(statues, 3)
    doubles = min(turn[DOUBLE], 3 - statues) if floor > 1 else 0
    if lies_exactly_over(state["boards"][seat], floor, 3 - doubles):
        # At most two supports may stand on the lone tile below: one double pillar more.
        statues = min(statues, 2)
        doubles = 3 - statues if statues == 2 else max(doubles, 1)
    return {
        "type": "place_tile",
        "tile": which,
        "floor": floor,
        "supports": 3,
        "doubles": doubles,
        "statues": statues,
    }


def placement_note(state: State) -> Msg:
    """What the player needs to fill in a tile's pillars (shown once, above the floors)."""
    turn = state["turn"]
    # Short, so that the end of the turn stays above the fold on a phone; how pillars hold a
    # tile is explained below the entries (phone.html).
    return msg(
        _("Pillars in hand: single %(singles)s, double %(doubles)s."),
        singles=turn[SINGLE],
        doubles=turn[DOUBLE],
    )


def then_default(turn: dict[str, Any], which: str) -> str:
    """The turn ends with the tile (one tap less, issue 21): placing the stored tile with the
    taken one in hand puts that one into the slot just freed."""
    return THEN_END if which == TILE_EXTRACTED or turn["tile"] is None else THEN_STORE


def build_choices(game: Game, where: Where) -> list[Choice]:
    state, seat = where.state, where.seat
    board = state["boards"][seat]
    turn = state["turn"]
    result: list[Choice] = []
    note: Msg | None = placement_note(state)
    tiles = [(TILE_EXTRACTED, turn["tile"]), (TILE_STORED, board["stored"])]
    for which, tile in tiles:
        if tile is not None:
            result.append(tile_choice(game, where, which, tile, note))
            note = None  # the pillars in hand once, above the first tile
    # The taken tile first (the likeliest tap: its placement ends the turn), then the end of
    # the turn without building, then the stored tile and the decorations (issue 21: every
    # committing tap of the step above the fold of a phone).
    return result[:1] + end_turn_choices(where) + result[1:] + decoration_choices(game, where)


def tile_choice(
    game: Game, where: Where, which: str, tile: dict[str, Any], note: Msg | None
) -> Choice:
    """One form for a tile: the floor is a field (the floors its pillars can reach), the
    pillars the app suggests are those that work on the highest of them; the button names the
    floor chosen (``echo``). If no floor works, the lowest with the engine's reason."""
    state, seat = where.state, where.seat
    working: dict[int, Action] = {}
    why: Msg | None = None
    for floor in range(1, min(MAX_FLOOR, highest_built_floor(state["boards"][seat]) + 1) + 1):
        works, refused = working_placement(game, state, seat, which, floor)
        if works is not None:
            working[floor] = works
        elif why is None:
            why = refused
    label_text = (
        _("Place the tile you took (%(material)s, %(flower)s) on floor %(floor)s")
        if which == TILE_EXTRACTED
        else _("Place the stored tile (%(material)s, %(flower)s) on floor %(floor)s")
    )
    floor = max(working) if working else 1
    label = msg(
        label_text,
        material=MATERIAL_LABELS[tile["material"]],
        flower=FLOWER_LABELS.get(tile["flower"], ""),
        floor=floor,
    )
    action = {"type": "place_tile", "tile": which}
    if not working:
        return Choice(label, {**action, "floor": floor}, disabled=why, group=_("Build a tile"))
    defaults = {**working[floor], "then": then_default(state["turn"], which)}
    fields = tuple(
        replace(field, choices=tuple((n, str(n)) for n in sorted(working)))
        if field.key == "floor"
        else field
        for field in MOVES["place_tile"].form(where, action, defaults=defaults)
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
        return [
            Choice(
                msg(_("Place a decoration")),
                {"type": "decorate"},
                disabled=msg(
                    _("A decoration goes on a tile placed in this turn: place one first.")
                ),
                group=move.group,
                style=move.style,
            )
        ]
    result = []
    for kind in DECORATIONS:
        action = {"type": "decorate", "kind": kind}
        fields = move.form(where, action)
        label_text = (
            _("Place stairs, starting from floor")
            if kind == STAIRS
            else _("Place a %(decoration)s on floor")
        )
        result.append(
            Choice(
                msg(label_text, decoration=DECORATION_LABELS[kind]),
                action,
                fields=fields,
                # No floor possible: the engine's reason for the lowest.
                disabled=None
                if fields[0].choices
                else refusal(game, where.state, where.seat, {**action, "floor": 1}),
                group=move.group,
                style=move.style,
            )
        )
    return result


def storage_note(state: State) -> Msg:
    """What goes into storage and back to the supply at the end of the turn."""
    turn = state["turn"]
    kept = min(STORAGE_SINGLES, turn[SINGLE])
    return msg(
        _(
            "Single pillars kept in storage: %(kept)s. Back to the supply: single %(singles)s, double %(doubles)s."
        ),
        kept=kept,
        singles=turn[SINGLE] - kept,
        doubles=turn[DOUBLE],
    )


def end_turn_choices(where: Where) -> list[Choice]:
    board = where.state["boards"][where.seat]
    turn = where.state["turn"]
    group = MOVES["end_turn"].group
    note = storage_note(where.state)
    # Ending a turn in which nothing was built is asked once more: a stray tap would
    # otherwise throw the building away.
    confirm = None if turn["placed"] else msg(_("End the turn without building anything?"))
    if turn["tile"] is None:
        return [
            Choice(
                msg(_("End the turn")),
                {"type": "end_turn"},
                group=group,
                note=note,
                confirm=confirm,
            )
        ]
    store_text = (
        _("Store the tile you took (the stored tile is discarded) and end the turn")
        if board["stored"] is not None
        else _("Store the tile you took and end the turn")
    )
    return [
        Choice(
            msg(store_text),
            {"type": "end_turn", "tile": "store"},
            group=group,
            note=note,
            confirm=confirm,
        ),
        Choice(
            msg(_("Discard the tile you took and end the turn")),
            {"type": "end_turn", "tile": "discard"},
            group=group,
            style="secondary",
            confirm=confirm,
        ),
    ]


def reveal_choices(game: Game, where: Where) -> list[Choice]:
    move = MOVES["reveal"]
    # The app's draw first: with the tokens' faces as long buttons below, it would end below
    # the fold of a phone (issue 21).
    return [
        Choice(
            msg(_("Let the app draw the round token")),
            {"type": "reveal", "by_app": True},
            group=move.group,
            style="secondary",
        ),
        *buttons(game, move, where, "effect"),
    ]


def covered_pieces(board: dict[str, Any]) -> list[list[Any]]:
    """The pieces that could now be covered completely, as ``[id, label]`` pairs.

    Pieces already covered (statues used as pillars) and pieces on the top floor
    (nothing can lie over them) are not asked about.
    """
    top = highest_built_floor(board)
    pieces: list[list[Any]] = []
    for tile in board["tiles"]:
        if not tile["covered"] and piece_top_floor(tile) < top:
            pieces.append(
                [
                    tile["id"],
                    msg(
                        _("Tile on floor %(floor)s (%(flower)s)"),
                        floor=tile["floor"],
                        flower=FLOWER_LABELS[tile["flower"]],
                    ),
                ]
            )
    for decoration in board["decorations"]:
        if not decoration["covered"] and piece_top_floor(decoration) < top:
            pieces.append(
                [
                    decoration["id"],
                    msg(
                        _("%(decoration)s on floor %(floor)s"),
                        decoration=DECORATION_LABELS[decoration["kind"]],
                        floor=decoration["floor"],
                    ),
                ]
            )
    return pieces


def final_choices(where: Where) -> list[Choice]:
    # The pieces asked about travel with the entry, so that a correction can offer the
    # same ticks again.
    action = {
        "type": "final",
        "covered": [],
        "pieces": covered_pieces(where.state["boards"][where.seat]),
    }
    return [
        Choice(
            msg(_("Confirm my garden for the final scoring")),
            action,
            fields=MOVES["final"].form(where, action, ask=("covered", "holes")),
            group=_("Final scoring"),
        )
    ]


def garden_choices(game: Game, where: Where) -> list[Choice]:
    """The next floor to enter, one form to change an entered floor, and the confirmation.

    Only the next floor's counts are open; entered floors are listed on the phone and
    changed through one form (the floor chosen, its counts set to the last floor's).
    """
    garden = where.state["boards"][where.seat]["garden"]
    move = MOVES["floor"]
    result = []
    if len(garden) < MAX_FLOOR:
        floor = len(garden) + 1
        action = {"type": "floor", "floor": floor}
        result.append(
            Choice(
                msg(_("Floor %(floor)s: enter what can be seen"), floor=floor),
                action,
                fields=move.form(where, action),
                group=move.group,
            )
        )
    if garden:
        last = garden[-1]
        result.append(
            Choice(
                msg(_("Change an entered floor")),
                {"type": "floor"},
                fields=move.form(
                    where,
                    {"type": "floor"},
                    defaults={
                        **last["flowers"],
                        **{key: value for key, value in last.items() if key != "flowers"},
                    },
                ),
                group=move.group,
                style="secondary",
                note=msg(_("Enter every count of that floor again; they replace what it had.")),
            )
        )
    confirm = {"type": "confirm"}
    result.append(
        Choice(
            msg(_("Confirm my garden for the final scoring")),
            confirm,
            fields=MOVES["confirm"].form(where, confirm),
            disabled=refusal(game, where.state, where.seat, {**confirm, "holes": 0}),
            group=_("Final scoring"),
            # A stray tap must not close an empty garden.
            confirm=None if garden else msg(_("Confirm an empty garden?")),
        )
    )
    return result
