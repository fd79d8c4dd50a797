"""What a seat's phone offers at each step.

Legality is never re-implemented here: a candidate entry is tried on the
engine (``apply`` is pure) and, when refused, shown greyed with the engine's
own reason.
"""

from __future__ import annotations

from typing import Any

from games.babylon.components import (
    BOARD_HOLES,
    DECORATION_LABELS,
    DECORATIONS,
    DOUBLE,
    EFFECT_LABELS,
    EFFECTS,
    FLOWER_LABELS,
    FLOWERS,
    MATERIAL_LABELS,
    MAX_COUNT,
    MAX_FLOOR,
    QUARRY_PLACES,
    QUARRY_SIDE,
    SINGLE,
    STAIRS,
    STATUE,
    STORAGE_SINGLES,
)
from games.babylon.final import holes_left, piece_top_floor
from games.babylon.garden import highest_built_floor, visible_decorations
from games.babylon.preparation import (
    STEP_BOARDS,
    STEP_BUILD,
    STEP_EXTRACT,
    STEP_FINAL,
    STEP_GARDEN,
    STEP_REMOVAL,
    STEP_REVEAL,
)
from games.babylon.scoring import FLOOR_COUNTS, empty_floor
from games.babylon.turn import TILE_EXTRACTED, TILE_STORED, extraction_pillars, lies_exactly_over
from games.base import Action, Choice, Field, Game, IllegalAction, State
from games.i18n import Msg, _, msg, ngettext

COUNT_LABELS: dict[str, str] = {
    STATUE: _("Statues"),
    "fountain": _("Fountains"),
    "bridge": _("Bridges"),
    "viewpoint": _("Viewpoints"),
    STAIRS: _("Stairs up to the next floor"),
}


def refusal(game: Game, state: State, seat: int, action: Action) -> Msg | None:
    """Why the engine refuses ``action`` for ``seat`` (``None``: it is legal)."""
    try:
        game.apply(state, {**action, "seat": seat, "seed": 0})
    except IllegalAction as error:
        return error.message
    return None


def for_seat(game: Game, state: State, seat: int) -> list[Choice]:
    """The entries of ``seat`` at the current step."""
    builders = {
        STEP_BOARDS: board_choices,
        STEP_REMOVAL: removal_choices,
        STEP_EXTRACT: extract_choices,
        STEP_BUILD: build_choices,
        STEP_REVEAL: reveal_choices,
        STEP_FINAL: final_choices,
        STEP_GARDEN: garden_choices,
    }
    return builders[state["step"]](game, state, seat)


def place_label(text: str, place: int, **args: Any) -> Msg:
    row, column = divmod(place, QUARRY_SIDE)
    return msg(text, row=row + 1, column=column + 1, **args)


def board_choices(game: Game, state: State, seat: int) -> list[Choice]:
    result = []
    for flower in FLOWERS:
        action = {"type": "board", "flower": flower}
        result.append(
            Choice(
                msg(_("Take the board of the %(flower)s"), flower=FLOWER_LABELS[flower]),
                action,
                disabled=refusal(game, state, seat, action),
                group=_("Your board"),
            )
        )
    return result


def removal_choices(game: Game, state: State, seat: int) -> list[Choice]:
    result = []
    for place in range(QUARRY_PLACES):
        action = {"type": "remove", "place": place}
        result.append(
            Choice(
                place_label(_("Row %(row)s, column %(column)s"), place),
                action,
                disabled=refusal(game, state, seat, action),
                group=_("Take a clay tile out of the quarry"),
            )
        )
    return result


def extract_choices(game: Game, state: State, seat: int) -> list[Choice]:
    """Two taps: the flower on the tile the player takes, then the tile.

    The flower comes first so that every tile button can show the exact
    pillars (edges, flower and round token); the compact quarry right below the
    buttons (``phone.html``) shows where each place is.
    """
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


def support_fields(state: State, seat: int, floor: int, default: Action) -> tuple[Field, ...]:
    """The pillar questions for a tile on ``floor``, set to a combination that works."""
    turn = state["turn"]
    supports = Field(
        "supports",
        _("Pillars under the tile"),
        kind="choice",
        choices=((4, _("4 pillars")), (3, _("3 pillars and a viewpoint"))),
        default=default["supports"],
    )
    if floor == 1:
        return (supports,)
    # Two single pillars make a double one, so the doubles are bounded by both.
    most_doubles = min(4, turn[DOUBLE] + turn[SINGLE] // 2)
    fields = [supports]
    if most_doubles:
        fields.append(
            Field(
                "doubles",
                _("How many of them are double pillars"),
                low=0,
                high=most_doubles,
                default=default["doubles"],
                help=msg(
                    _("Double pillars in hand: %(doubles)s; two single pillars make one more."),
                    doubles=turn[DOUBLE],
                ),
            )
        )
    statues = len(visible_decorations(state["boards"][seat], STATUE, floor - 1))
    if statues:
        fields.append(
            Field(
                "statues",
                _("How many of them are statues"),
                low=0,
                high=min(4, statues),
                default=default["statues"],
                help=msg(
                    _("Visible statues on floor %(floor)s: %(count)s."),
                    floor=floor - 1,
                    count=statues,
                ),
            )
        )
    return tuple(fields)


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


def build_choices(game: Game, state: State, seat: int) -> list[Choice]:
    board = state["boards"][seat]
    turn = state["turn"]
    result: list[Choice] = []
    note: Msg | None = placement_note(state)
    tiles = [(TILE_EXTRACTED, turn["tile"]), (TILE_STORED, board["stored"])]
    for which, tile in tiles:
        if tile is None:
            continue
        offered: list[Choice] = []
        blocked: Choice | None = None
        for floor in range(1, min(MAX_FLOOR, highest_built_floor(board) + 1) + 1):
            works, why = working_placement(game, state, seat, which, floor)
            label_text = (
                _("Place the tile you took (%(material)s, %(flower)s) on floor %(floor)s")
                if which == TILE_EXTRACTED
                else _("Place the stored tile (%(material)s, %(flower)s) on floor %(floor)s")
            )
            label = msg(
                label_text,
                material=MATERIAL_LABELS[tile["material"]],
                flower=FLOWER_LABELS.get(tile["flower"], ""),
                floor=floor,
            )
            action = {"type": "place_tile", "tile": which, "floor": floor}
            if works is None:
                if blocked is None:
                    blocked = Choice(label, action, disabled=why, group=_("Build a tile"))
                continue
            offered.append(
                Choice(
                    label,
                    action,
                    fields=support_fields(state, seat, floor, works),
                    group=_("Build a tile"),
                    note=note,
                )
            )
            note = None  # the pillars in hand once, above the first floor offered
        # The floors the pillars can hold; if none, the lowest with the reason.
        result.extend(offered or ([blocked] if blocked else []))
    result.extend(decoration_choices(game, state, seat))
    # The end of the turn first: the phone shows the committing tap at the top of the step, above
    # the fold (issue 21), and the tiles right after it. A turn without a tile built asks once more.
    return end_turn_choices(state, seat) + result


def decoration_choices(game: Game, state: State, seat: int) -> list[Choice]:
    board = state["boards"][seat]
    top = highest_built_floor(board)
    group = _("Decorations on tiles placed this turn")
    if not state["turn"]["placed"]:
        # Before a tile is placed no decoration is possible: one line says why, instead of
        # the same reason under each of the four.
        return [
            Choice(
                msg(_("Place a decoration")),
                {"type": "decorate"},
                disabled=msg(
                    _("A decoration goes on a tile placed in this turn: place one first.")
                ),
                group=group,
                style="secondary",
            )
        ]
    result = []
    for kind in DECORATIONS:
        floors = range(1, top) if kind == STAIRS else range(1, top + 1)
        legal = []
        reason: Msg | None = None
        for floor in floors:
            why = refusal(game, state, seat, {"type": "decorate", "kind": kind, "floor": floor})
            if why is None:
                legal.append(floor)
            elif reason is None:
                reason = why
        if not legal and reason is None:
            reason = refusal(game, state, seat, {"type": "decorate", "kind": kind, "floor": 1})
        label_text = (
            _("Place stairs, starting from floor")
            if kind == STAIRS
            else _("Place a %(decoration)s on floor")
        )
        result.append(
            Choice(
                msg(label_text, decoration=DECORATION_LABELS[kind]),
                {"type": "decorate", "kind": kind},
                fields=(
                    Field(
                        "floor",
                        _("Floor"),
                        kind="choice",
                        choices=tuple((floor, str(floor)) for floor in legal),
                        default=legal[-1] if legal else None,
                    ),
                ),
                disabled=None if legal else reason,
                group=_("Decorations on tiles placed this turn"),
                style="secondary",
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


def end_turn_choices(state: State, seat: int) -> list[Choice]:
    board = state["boards"][seat]
    turn = state["turn"]
    group = _("Store or discard, then end the turn")
    note = storage_note(state)
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


def reveal_choices(game: Game, state: State, seat: int) -> list[Choice]:
    group = _("The round token you revealed")
    result = [
        Choice(msg(EFFECT_LABELS[effect]), {"type": "reveal", "effect": effect}, group=group)
        for effect in EFFECTS
    ]
    result.append(
        Choice(
            msg(_("Let the app draw the round token")),
            {"type": "reveal", "by_app": True},
            group=group,
            style="secondary",
        )
    )
    return result


def holes_field(high: int = BOARD_HOLES) -> Field:
    """The visible holes: at most 64 minus four under each first-floor tile."""
    return Field(
        "holes",
        _("Visible holes on your board"),
        low=0,
        high=high,
        default=high,
        help=msg(
            _(
                "Holes that no tile covers: 0 to %(high)s (64, minus 4 under each first-floor tile)."
            ),
            high=high,
        ),
    )


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


def covered_field(pieces: list[list[Any]]) -> Field:
    return Field(
        "covered",
        _("Pieces now covered completely"),
        kind="multi",
        choices=tuple((piece_id, label) for piece_id, label in pieces),
        default=[],
        help=msg(_("Tick only what cannot be seen at all from above.")),
    )


def final_choices(game: Game, state: State, seat: int) -> list[Choice]:
    board = state["boards"][seat]
    pieces = covered_pieces(board)
    fields: list[Field] = [covered_field(pieces)] if pieces else []
    fields.append(holes_field(holes_left(board)))
    return [
        Choice(
            msg(_("Confirm my garden for the final scoring")),
            # The pieces asked about travel with the entry, so that a correction
            # can offer the same ticks again.
            {"type": "final", "covered": [], "pieces": pieces},
            fields=tuple(fields),
            group=_("Final scoring"),
        )
    ]


def floor_count_fields(
    entered: dict[str, Any] | None = None, floor: int | None = None
) -> tuple[Field, ...]:
    """The counts of one floor of a garden (scoring only)."""
    entered = entered or empty_floor()
    seen = (
        msg(_("Visible on floor %(floor)s: 0 to %(high)s."), floor=floor, high=MAX_COUNT)
        if floor is not None
        else None
    )
    fields = [
        Field(
            flower,
            msg(_("Tiles with the %(flower)s"), flower=FLOWER_LABELS[flower]),
            low=0,
            high=MAX_COUNT,
            default=entered["flowers"][flower],
            help=seen,
        )
        for flower in FLOWERS
    ]
    fields += [
        Field(kind, COUNT_LABELS[kind], low=0, high=MAX_COUNT, default=entered[kind], help=seen)
        for kind in FLOOR_COUNTS
    ]
    return tuple(fields)


def garden_choices(game: Game, state: State, seat: int) -> list[Choice]:
    """The next floor to enter, one form to change an entered floor, and the confirmation.

    Only the next floor's counts are open; entered floors are listed on the phone and
    changed through one form (the floor chosen, its counts set to the last floor's).
    """
    garden = state["boards"][seat]["garden"]
    group = _("Your visible garden, floor by floor")
    result = []
    if len(garden) < MAX_FLOOR:
        floor = len(garden) + 1
        result.append(
            Choice(
                msg(_("Floor %(floor)s: enter what can be seen"), floor=floor),
                {"type": "floor", "floor": floor},
                fields=floor_count_fields(None, floor),
                group=group,
            )
        )
    if garden:
        last = len(garden)
        result.append(
            Choice(
                msg(_("Change an entered floor")),
                {"type": "floor"},
                fields=(
                    Field(
                        "floor",
                        _("Floor"),
                        kind="choice",
                        choices=tuple((number, str(number)) for number in range(1, last + 1)),
                        default=last,
                    ),
                    *floor_count_fields(garden[last - 1]),
                ),
                group=group,
                style="secondary",
                note=msg(_("Enter every count of that floor again; they replace what it had.")),
            )
        )
    confirm = {"type": "confirm", "holes": 0}
    result.append(
        Choice(
            msg(_("Confirm my garden for the final scoring")),
            {"type": "confirm"},
            fields=(holes_field(holes_left(state["boards"][seat])),),
            disabled=refusal(game, state, seat, confirm),
            group=_("Final scoring"),
            # A stray tap must not close an empty garden.
            confirm=None if garden else msg(_("Confirm an empty garden?")),
        )
    )
    return result
