"""Every Babylon entry declared once (issue 21): its values, which of them are facts seen on
the table, its log line, its step and its handler. The phone's fields, the correction
forms, the log and the engine's dispatch all come from here (``games.moves``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
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
    MAX_COUNT,
    MAX_FLOOR,
    QUARRY_SIDE,
    SINGLE,
    STAIRS,
    STATUE,
)
from games.babylon.copies import attempt_building
from games.babylon.final import confirm_covered, confirm_garden, enter_floor, holes_left
from games.babylon.garden import highest_built_floor, visible_decorations
from games.babylon.preparation import (
    STEP_BOARDS,
    STEP_BUILD,
    STEP_EXTRACT,
    STEP_FINAL,
    STEP_GARDEN,
    STEP_REMOVAL,
    STEP_REVEAL,
    choose_board,
    remove_clay,
)
from games.babylon.scoring import FLOOR_COUNTS
from games.babylon.turn import (
    THEN_BUILD,
    THEN_DISCARD,
    THEN_END,
    THEN_STORE,
    TILE_EXTRACTED,
    TILE_STORED,
    decorate,
    end_turn,
    extract,
    place_tile,
    reveal,
    see_flower,
    then_options,
)
from games.base import Action, Field
from games.i18n import _, msg, ngettext
from games.moves import (
    Count,
    Grid,
    Line,
    Move,
    Moves,
    Number,
    OneOf,
    Param,
    Several,
    Tally,
    Where,
)

COUNT_LABELS: dict[str, str] = {
    STATUE: _("Statues"),
    "fountain": _("Fountains"),
    "bridge": _("Bridges"),
    "viewpoint": _("Viewpoints"),
    STAIRS: _("Stairs up to the next floor"),
}

FLOWER_OPTIONS = tuple((flower, FLOWER_LABELS[flower]) for flower in FLOWERS)
PLACE = Param("place", _("Place in the quarry"), Grid(QUARRY_SIDE))


def floor_of(action: Action) -> int:
    floor = action.get("floor")
    return floor if isinstance(floor, int) and not isinstance(floor, bool) else 1


def highest_floor_for(where: Where, action: Action) -> int:
    """The floor of ``action``, or, when the phone asks it (one form per tile), the highest
    a tile can go on now: the pillar questions are asked for it."""
    if "floor" in action:
        return floor_of(action)
    return min(MAX_FLOOR, highest_built_floor(where.state["boards"][where.seat]) + 1)


def most_doubles(where: Where, action: Action) -> int:
    """Two single pillars make a double one, so the doubles are bounded by both."""
    turn = where.state["turn"]
    return int(min(4, turn[DOUBLE] + turn[SINGLE] // 2))


def statues_below(where: Where, action: Action) -> int:
    """The statues visible on the floor below, each of which may hold the tile (the floor
    not chosen yet: the most on any floor a tile can stand above)."""
    board = where.state["boards"][where.seat]
    floors = (
        [floor_of(action)] if "floor" in action else range(2, highest_floor_for(where, action) + 1)
    )
    return max(
        (len(visible_decorations(board, STATUE, floor - 1)) for floor in floors if floor >= 2),
        default=0,
    )


def statues_under(where: Where, action: Action) -> int:
    """At most four of them: a tile stands on four supports."""
    return min(4, statues_below(where, action))


def holes_high(where: Where, action: Action) -> int:
    return holes_left(where.state["boards"][where.seat])


def decoration_floors(where: Where, action: Action) -> list[int]:
    """The floors the decoration of ``action`` can go on now (stairs start below the top)."""
    top = highest_built_floor(where.state["boards"][where.seat])
    last = top - 1 if action.get("kind") == STAIRS else top
    return [
        floor
        for floor in range(1, last + 1)
        if attempt_building(decorate, where, {**action, "floor": floor}) is None
    ]


def entered_floors(where: Where, action: Action) -> list[int]:
    return list(range(1, len(where.state["boards"][where.seat]["garden"]) + 1))


@dataclass(frozen=True)
class Then(OneOf):
    """What follows a placement: only the ways the turn can go on after this tile (issue 21:
    the last placement ends the turn, one tap less; "Undo" takes it back)."""

    def fields(self, param: Param, where: Where | None, action: Action) -> tuple[Field, ...]:
        built = super().fields(param, where, action)
        if where is None or where.state["turn"] is None:
            return built
        allowed = then_options(where.state["turn"], action.get("tile", ""))
        return tuple(
            replace(field, choices=tuple(c for c in field.choices if c[0] in allowed))
            for field in built
        )


def stairs_upper(action: Action) -> dict[str, Any]:
    floor = action.get("floor")
    if isinstance(floor, int) and not isinstance(floor, bool):
        return {"upper": floor + 1}
    return {"floor": "?", "upper": "?"}


HOLES = Param(
    "holes",
    _("Visible holes on your board"),
    Count(0, BOARD_HOLES, upto=holes_high, default="high"),
    fact=True,
    help=_("Holes that no tile covers: 0 to %(high)s (64, minus 4 under each first-floor tile)."),
)
GARDEN_LINES = (
    Line(
        lambda n, **args: ngettext(
            "Confirms the garden: %(holes)s visible hole.",
            "Confirms the garden: %(holes)s visible holes.",
            n,
            **args,
        ),
        count="holes",
    ),
)


MOVES = Moves(
    (
        Move(
            "board",
            STEP_BOARDS,
            (Param("flower", _("Flower"), OneOf(FLOWER_OPTIONS)),),
            (Line(_("Takes the board of the %(flower)s.")),),
            choose_board,
            button=_("Take the board of the %(flower)s"),
            group=_("Your board"),
        ),
        Move(
            "remove",
            STEP_REMOVAL,
            (PLACE,),
            (Line(_("Takes the clay tile at row %(row)s, column %(column)s out of the quarry.")),),
            remove_clay,
            button=_("Row %(row)s, column %(column)s"),
            group=_("Take a clay tile out of the quarry"),
        ),
        Move(
            "tile_flower",
            STEP_EXTRACT,
            (Param("flower", _("Flower"), OneOf(FLOWER_OPTIONS)),),
            (
                Line(_("Chooses another flower."), when=(("flower", None),)),
                Line(_("The tile to take shows the %(flower)s.")),
            ),
            see_flower,
        ),
        Move(
            "extract",
            STEP_EXTRACT,
            (
                PLACE,
                Param(
                    "flower",
                    _("Flower on the tile"),
                    OneOf(FLOWER_OPTIONS),
                    fact=True,
                    help=_(
                        "Printed on both sides of the tile; a match with your board gives a pillar."
                    ),
                ),
            ),
            (Line(_("Takes the tile at row %(row)s, column %(column)s (%(flower)s).")),),
            extract,
        ),
        Move(
            "place_tile",
            STEP_BUILD,
            (
                Param("tile", _("Tile"), OneOf(((TILE_EXTRACTED, ""), (TILE_STORED, "")))),
                Param("floor", _("Floor"), Number(1, MAX_FLOOR)),
                Param(
                    "supports",
                    _("Pillars under the tile"),
                    OneOf(
                        # Short: the list beside its label shows the chosen option whole on a
                        # phone (the log shows the number, show_value).
                        ((4, _("4 pillars")), (3, _("3 + viewpoint"))),
                        show_value=True,
                    ),
                ),
                Param(
                    "doubles",
                    _("How many of them are double pillars"),
                    Count(0, 4, upto=most_doubles),
                    help=_(
                        "Double pillars in hand: %(doubles)s; two single pillars make one more."
                    ),
                    # Not on the phone's tile form (no floor chosen yet): the pillars in hand
                    # are in its note, and the page stays on one screen (issue 21).
                    help_args=lambda where, action: (
                        {"doubles": where.state["turn"][DOUBLE]}
                        if where and "floor" in action
                        else None
                    ),
                    asked=lambda where, action: (
                        where is not None
                        and highest_floor_for(where, action) > 1
                        and most_doubles(where, action) > 0
                    ),
                ),
                Param(
                    "statues",
                    _("How many of them are statues"),
                    Count(0, 4, upto=statues_under),
                    help=_("Visible statues on floor %(floor)s: %(count)s."),
                    help_args=lambda where, action: (
                        {"floor": floor_of(action) - 1, "count": statues_below(where, action)}
                        if where and "floor" in action
                        else None
                    ),
                    asked=lambda where, action: (
                        where is not None and statues_below(where, action) > 0
                    ),
                ),
                # Asked when no taken tile would be left to store or discard (issue 21:
                # the last placement ends the turn, one tap less; "Undo" takes it back).
                Param(
                    "then",
                    _("Then"),
                    Then(
                        (
                            (THEN_END, _("End the turn")),
                            # Short: the select shows the whole option on a phone (issue 21).
                            (THEN_STORE, _("Store the taken tile, end the turn")),
                            (THEN_DISCARD, _("Discard the taken tile, end the turn")),
                            (THEN_BUILD, _("Go on building")),
                        )
                    ),
                    asked=lambda where, action: (
                        where is not None and where.state["turn"] is not None
                    ),
                ),
            ),
            (
                Line(
                    lambda n, **args: ngettext(
                        "Places the tile just taken on floor %(floor)s on %(supports)s pillar and ends the turn.",
                        "Places the tile just taken on floor %(floor)s on %(supports)s pillars and ends the turn.",
                        n,
                        **args,
                    ),
                    count="supports",
                    when=(("tile", TILE_EXTRACTED), ("then", THEN_END)),
                ),
                Line(
                    lambda n, **args: ngettext(
                        "Places the stored tile on floor %(floor)s on %(supports)s pillar and ends the turn.",
                        "Places the stored tile on floor %(floor)s on %(supports)s pillars and ends the turn.",
                        n,
                        **args,
                    ),
                    count="supports",
                    when=(("tile", TILE_STORED), ("then", THEN_END)),
                ),
                Line(
                    lambda n, **args: ngettext(
                        "Places the stored tile on floor %(floor)s on %(supports)s pillar, stores the tile just taken and ends the turn.",
                        "Places the stored tile on floor %(floor)s on %(supports)s pillars, stores the tile just taken and ends the turn.",
                        n,
                        **args,
                    ),
                    count="supports",
                    when=(("then", THEN_STORE),),
                ),
                Line(
                    lambda n, **args: ngettext(
                        "Places the stored tile on floor %(floor)s on %(supports)s pillar, discards the tile just taken and ends the turn.",
                        "Places the stored tile on floor %(floor)s on %(supports)s pillars, discards the tile just taken and ends the turn.",
                        n,
                        **args,
                    ),
                    count="supports",
                    when=(("then", THEN_DISCARD),),
                ),
                Line(
                    lambda n, **args: ngettext(
                        "Places the tile just taken on floor %(floor)s on %(supports)s pillar.",
                        "Places the tile just taken on floor %(floor)s on %(supports)s pillars.",
                        n,
                        **args,
                    ),
                    count="supports",
                    when=(("tile", TILE_EXTRACTED),),
                ),
                Line(
                    lambda n, **args: ngettext(
                        "Places the stored tile on floor %(floor)s on %(supports)s pillar.",
                        "Places the stored tile on floor %(floor)s on %(supports)s pillars.",
                        n,
                        **args,
                    ),
                    count="supports",
                    when=(("tile", TILE_STORED),),
                ),
                Line(
                    lambda n, **args: ngettext(
                        "Places a tile on floor %(floor)s on %(supports)s pillar.",
                        "Places a tile on floor %(floor)s on %(supports)s pillars.",
                        n,
                        **args,
                    ),
                    count="supports",
                ),
            ),
            place_tile,
        ),
        Move(
            "decorate",
            STEP_BUILD,
            (
                Param(
                    "kind",
                    _("Decoration"),
                    OneOf(tuple((kind, DECORATION_LABELS[kind]) for kind in DECORATIONS)),
                    arg="decoration",
                ),
                Param("floor", _("Floor"), Number(1, MAX_FLOOR, among=decoration_floors)),
            ),
            (
                Line(
                    _("Places stairs between floors %(floor)s and %(upper)s."),
                    when=(("kind", STAIRS),),
                    extra=stairs_upper,
                ),
                Line(_("Places a %(decoration)s on floor %(floor)s.")),
            ),
            decorate,
            group=_("Decorations on tiles placed this turn"),
            style="secondary",
        ),
        Move(
            "end_turn",
            STEP_BUILD,
            (Param("tile", _("Tile"), OneOf((("store", ""), ("discard", "")))),),
            (
                Line(_("Stores the tile and ends the turn."), when=(("tile", "store"),)),
                Line(_("Discards the tile and ends the turn."), when=(("tile", "discard"),)),
                Line(_("Ends the turn.")),
            ),
            end_turn,
            group=_("Store or discard, then end the turn"),
        ),
        Move(
            "reveal",
            STEP_REVEAL,
            (
                Param(
                    "effect",
                    _("Round token"),
                    OneOf(tuple((effect, EFFECT_LABELS[effect]) for effect in EFFECTS)),
                    fact=True,
                    help=_("The effect printed on the token revealed; it holds for a round."),
                    # The app's own draw is no fact seen on the table: nothing to correct.
                    asked=lambda where, action: action.get("by_app") is not True,
                ),
            ),
            (
                Line(_("The app draws the round token."), when=(("by_app", True),)),
                Line(_("Reveals the round token: %(effect)s")),
            ),
            reveal,
            carried=frozenset({"by_app"}),
            group=_("The round token you revealed"),
        ),
        Move(
            "final",
            STEP_FINAL,
            (
                # What is covered and the holes are seen on the board: a wrong tick or a
                # miscount can be corrected after the game (the holes break ties).
                Param(
                    "covered",
                    _("Pieces now covered completely"),
                    Several("pieces"),
                    fact=True,
                    help=_("Tick only what cannot be seen at all from above."),
                ),
                HOLES,
            ),
            GARDEN_LINES,
            confirm_covered,
            carried=frozenset({"pieces"}),
        ),
        Move(
            "floor",
            STEP_GARDEN,
            (
                Param("floor", _("Floor"), Number(1, MAX_FLOOR, among=entered_floors)),
                # What was seen on a floor of the garden (scoring only).
                Param(
                    "counts",
                    _("Visible on the floor"),
                    Tally(
                        tuple(
                            (flower, msg(_("Tiles with the %(flower)s"), flower=label))
                            for flower, label in FLOWER_OPTIONS
                        )
                        + tuple((kind, COUNT_LABELS[kind]) for kind in FLOOR_COUNTS),
                        0,
                        MAX_COUNT,
                    ),
                    fact=True,
                    help=_("Visible on floor %(floor)s: 0 to %(high)s."),
                    help_args=lambda where, action: (
                        {"floor": action["floor"]}
                        if isinstance(action.get("floor"), int)
                        and not isinstance(action.get("floor"), bool)
                        else None
                    ),
                ),
            ),
            (Line(_("Enters floor %(floor)s of the garden.")),),
            enter_floor,
            group=_("Your visible garden, floor by floor"),
        ),
        Move("confirm", STEP_GARDEN, (HOLES,), GARDEN_LINES, confirm_garden),
    )
)
