"""What a seat's phone offers at each step.

Legality is never re-implemented here: a candidate entry is tried on the
engine (``apply`` is pure) and, when refused, shown greyed with the engine's
own reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
from games.babylon.turn import TILE_EXTRACTED, TILE_STORED, extraction_pillars
from games.base import Action, Choice, Field, IllegalAction, State
from games.i18n import Msg, _, msg

if TYPE_CHECKING:
    from games.babylon.game import BabylonGame

COUNT_LABELS: dict[str, str] = {
    STATUE: _("Statues"),
    "fountain": _("Fountains"),
    "bridge": _("Bridges"),
    "viewpoint": _("Viewpoints"),
    STAIRS: _("Stairs up to the next floor"),
}


def refusal(game: BabylonGame, state: State, seat: int, action: Action) -> Msg | None:
    """Why the engine refuses ``action`` for ``seat`` (``None``: it is legal)."""
    try:
        game.apply(state, {**action, "seat": seat, "seed": 0})
    except IllegalAction as error:
        return error.message
    return None


def for_seat(game: BabylonGame, state: State, seat: int) -> list[Choice]:
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


def board_choices(game: BabylonGame, state: State, seat: int) -> list[Choice]:
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


def removal_choices(game: BabylonGame, state: State, seat: int) -> list[Choice]:
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


def extract_choices(game: BabylonGame, state: State, seat: int) -> list[Choice]:
    own = state["boards"][seat]["flower"]
    other = next(flower for flower in FLOWERS if flower != own)
    flower_field = Field(
        "flower",
        _("Flower on the tile"),
        kind="choice",
        choices=tuple((flower, FLOWER_LABELS[flower]) for flower in FLOWERS),
        default=own,
    )
    result = []
    for place in range(QUARRY_PLACES):
        stack = state["quarry"][place]
        action = {"type": "extract", "place": place}
        if not stack:
            result.append(
                Choice(
                    place_label(_("Row %(row)s, column %(column)s"), place),
                    action,
                    disabled=msg(_("This place of the quarry is empty.")),
                    group=_("Take a tile from the quarry"),
                )
            )
            continue
        plain = extraction_pillars(state, seat, place, other)[SINGLE]
        matching = extraction_pillars(state, seat, place, own)[SINGLE]
        result.append(
            Choice(
                place_label(
                    _(
                        "%(material)s, row %(row)s, column %(column)s: %(plain)s pillars, %(matching)s with your flower"
                    ),
                    place,
                    material=MATERIAL_LABELS[stack[-1]],
                    plain=plain,
                    matching=matching,
                ),
                action,
                fields=(flower_field,),
                group=_("Take a tile from the quarry"),
            )
        )
    return result


def support_fields(state: State, seat: int, floor: int) -> tuple[Field, ...]:
    """The pillar questions for a tile on ``floor``."""
    supports = Field(
        "supports",
        _("Pillars under the tile"),
        kind="choice",
        choices=((4, _("4 pillars")), (3, _("3 pillars and a viewpoint"))),
        default=4,
    )
    if floor == 1:
        return (supports,)
    fields = [
        supports,
        Field("doubles", _("How many of them are double pillars"), low=0, high=4, default=0),
    ]
    statues = len(visible_decorations(state["boards"][seat], STATUE, floor - 1))
    if statues:
        fields.append(
            Field(
                "statues",
                _("How many of them are statues"),
                low=0,
                high=min(4, statues),
                default=0,
            )
        )
    return tuple(fields)


def cheapest_placement(state: State, seat: int, which: str, floor: int) -> Action:
    """The placement most likely to be affordable, to learn why one is not."""
    turn = state["turn"]
    statues = len(visible_decorations(state["boards"][seat], STATUE, floor - 1)) if floor > 1 else 0
    statues = min(statues, 3)
    doubles = min(turn[DOUBLE], 3 - statues) if floor > 1 else 0
    return {
        "type": "place_tile",
        "tile": which,
        "floor": floor,
        "supports": 3,
        "doubles": doubles,
        "statues": statues,
    }


def build_choices(game: BabylonGame, state: State, seat: int) -> list[Choice]:
    board = state["boards"][seat]
    turn = state["turn"]
    result: list[Choice] = []
    tiles = [(TILE_EXTRACTED, turn["tile"]), (TILE_STORED, board["stored"])]
    for which, tile in tiles:
        if tile is None:
            continue
        for floor in range(1, min(MAX_FLOOR, highest_built_floor(board) + 1) + 1):
            probe = cheapest_placement(state, seat, which, floor)
            label_text = (
                _("Place the tile you took (%(material)s, %(flower)s) on floor %(floor)s")
                if which == TILE_EXTRACTED
                else _("Place the stored tile (%(material)s, %(flower)s) on floor %(floor)s")
            )
            result.append(
                Choice(
                    msg(
                        label_text,
                        material=MATERIAL_LABELS[tile["material"]],
                        flower=FLOWER_LABELS.get(tile["flower"], ""),
                        floor=floor,
                    ),
                    {"type": "place_tile", "tile": which, "floor": floor},
                    fields=support_fields(state, seat, floor),
                    disabled=refusal(game, state, seat, probe),
                    group=_("Build a tile"),
                )
            )
    result.extend(decoration_choices(game, state, seat))
    result.extend(end_turn_choices(state, seat))
    return result


def decoration_choices(game: BabylonGame, state: State, seat: int) -> list[Choice]:
    board = state["boards"][seat]
    top = highest_built_floor(board)
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


def end_turn_choices(state: State, seat: int) -> list[Choice]:
    board = state["boards"][seat]
    turn = state["turn"]
    kept = min(STORAGE_SINGLES, turn[SINGLE])
    pillars = {"kept": kept, "singles": turn[SINGLE] - kept, "doubles": turn[DOUBLE]}
    group = _("Store or discard, then end the turn")
    if turn["tile"] is None:
        return [
            Choice(
                msg(
                    _(
                        "End the turn: store %(kept)s single pillars, return %(singles)s single and %(doubles)s double pillars"
                    ),
                    **pillars,
                ),
                {"type": "end_turn"},
                group=group,
            )
        ]
    store_text = (
        _(
            "Store the tile you took (the stored tile is discarded), store %(kept)s single pillars, return %(singles)s single and %(doubles)s double pillars"
        )
        if board["stored"] is not None
        else _(
            "Store the tile you took, store %(kept)s single pillars, return %(singles)s single and %(doubles)s double pillars"
        )
    )
    return [
        Choice(msg(store_text, **pillars), {"type": "end_turn", "tile": "store"}, group=group),
        Choice(
            msg(
                _(
                    "Discard the tile you took, store %(kept)s single pillars, return %(singles)s single and %(doubles)s double pillars"
                ),
                **pillars,
            ),
            {"type": "end_turn", "tile": "discard"},
            group=group,
            style="secondary",
        ),
    ]


def reveal_choices(game: BabylonGame, state: State, seat: int) -> list[Choice]:
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


def holes_field() -> Field:
    return Field(
        "holes", _("Visible holes on your board"), low=0, high=BOARD_HOLES, default=BOARD_HOLES
    )


def final_choices(game: BabylonGame, state: State, seat: int) -> list[Choice]:
    board = state["boards"][seat]
    pieces: list[tuple[Any, Any]] = []
    for tile in board["tiles"]:
        if not tile["covered"]:
            pieces.append(
                (
                    tile["id"],
                    msg(
                        _("Tile on floor %(floor)s (%(flower)s)"),
                        floor=tile["floor"],
                        flower=FLOWER_LABELS[tile["flower"]],
                    ),
                )
            )
    for decoration in board["decorations"]:
        if not decoration["covered"]:
            pieces.append(
                (
                    decoration["id"],
                    msg(
                        _("%(decoration)s on floor %(floor)s"),
                        decoration=DECORATION_LABELS[decoration["kind"]],
                        floor=decoration["floor"],
                    ),
                )
            )
    fields: list[Field] = []
    if pieces:
        fields.append(
            Field(
                "covered",
                _("Pieces now covered completely"),
                kind="multi",
                choices=tuple(pieces),
                default=[],
            )
        )
    fields.append(holes_field())
    return [
        Choice(
            msg(_("Confirm my garden for the final scoring")),
            {"type": "final", "covered": []},
            fields=tuple(fields),
            group=_("Final scoring"),
        )
    ]


def garden_choices(game: BabylonGame, state: State, seat: int) -> list[Choice]:
    garden = state["boards"][seat]["garden"]
    result = []
    for floor in range(1, min(MAX_FLOOR, len(garden) + 1) + 1):
        entered = garden[floor - 1] if floor <= len(garden) else empty_floor()
        fields = [
            Field(
                flower,
                msg(_("Tiles with the %(flower)s"), flower=FLOWER_LABELS[flower]),
                low=0,
                high=MAX_COUNT,
                default=entered["flowers"][flower],
            )
            for flower in FLOWERS
        ]
        fields += [
            Field(kind, COUNT_LABELS[kind], low=0, high=MAX_COUNT, default=entered[kind])
            for kind in FLOOR_COUNTS
        ]
        result.append(
            Choice(
                msg(
                    _("Floor %(floor)s: change what can be seen")
                    if floor <= len(garden)
                    else _("Floor %(floor)s: enter what can be seen"),
                    floor=floor,
                ),
                {"type": "floor", "floor": floor},
                fields=tuple(fields),
                group=_("Your visible garden, floor by floor"),
                style="secondary" if floor <= len(garden) else "primary",
            )
        )
    confirm = {"type": "confirm", "holes": 0}
    result.append(
        Choice(
            msg(_("Confirm my garden for the final scoring")),
            {"type": "confirm"},
            fields=(holes_field(),),
            disabled=refusal(game, state, seat, confirm),
            group=_("Final scoring"),
        )
    )
    return result
