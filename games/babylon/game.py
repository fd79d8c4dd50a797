"""The Babylon engine: the contract's object, dispatching to the rule modules."""

from __future__ import annotations

import json
from typing import Any

from games.babylon import choices as choice_lists
from games.babylon.changes import changes as table_changes
from games.babylon.choices import covered_field, floor_count_fields, holes_field
from games.babylon.components import (
    DECORATION_LABELS,
    EFFECT_LABELS,
    EFFECTS,
    FLOWER_LABELS,
    FLOWERS,
    MATERIAL_LABELS,
    QUARRY_SIDE,
    SINGLE,
    STAIRS,
)
from games.babylon.events import event_lines
from games.babylon.final import confirm_covered, confirm_garden, enter_floor, holes_left
from games.babylon.garden import visible_garden
from games.babylon.preparation import (
    MODE_FULL,
    MODE_SCORING,
    STEP_BOARDS,
    STEP_BUILD,
    STEP_EXTRACT,
    STEP_FINAL,
    STEP_GARDEN,
    STEP_OVER,
    STEP_REMOVAL,
    STEP_REVEAL,
    choose_board,
    initial_state,
    remove_clay,
)
from games.babylon.quarry import extraction
from games.babylon.scoring import FLOOR_COUNTS, ranking, score_garden
from games.babylon.turn import (
    decorate,
    end_turn,
    extract,
    extraction_pillars,
    place_tile,
    reveal,
    see_flower,
)
from games.base import (
    Action,
    Choice,
    Field,
    Game,
    IllegalAction,
    Option,
    Outcome,
    Phase,
    Score,
    State,
    seat_arg,
)
from games.i18n import Msg, _, msg, ngettext, seat_name

# Which step accepts which action; the handlers check everything else.
HANDLERS: dict[str, tuple[str, Any]] = {
    "board": (STEP_BOARDS, choose_board),
    "remove": (STEP_REMOVAL, remove_clay),
    "tile_flower": (STEP_EXTRACT, see_flower),
    "extract": (STEP_EXTRACT, extract),
    "place_tile": (STEP_BUILD, place_tile),
    "decorate": (STEP_BUILD, decorate),
    "end_turn": (STEP_BUILD, end_turn),
    "reveal": (STEP_REVEAL, reveal),
    "final": (STEP_FINAL, confirm_covered),
    "floor": (STEP_GARDEN, enter_floor),
    "confirm": (STEP_GARDEN, confirm_garden),
}

# The keys each entry may carry besides ``type`` and the platform's ``seat``/``seed``:
# an entry with any other key is a malformed one and is refused, not ignored.
FIELDS: dict[str, frozenset[str]] = {
    "board": frozenset({"flower"}),
    "remove": frozenset({"place"}),
    "tile_flower": frozenset({"flower"}),
    "extract": frozenset({"place", "flower"}),
    "place_tile": frozenset({"tile", "floor", "supports", "doubles", "statues"}),
    "decorate": frozenset({"kind", "floor"}),
    "end_turn": frozenset({"tile"}),
    "reveal": frozenset({"effect", "by_app"}),
    "final": frozenset({"covered", "holes", "pieces"}),
    "floor": frozenset({"floor", "white", "pink", "yellow", "blue", *FLOOR_COUNTS}),
    "confirm": frozenset({"holes"}),
}
PLATFORM_KEYS = frozenset({"type", "seat", "seed"})

OPTIONS = (
    Option(
        "mode",
        _("What the app keeps"),
        choices=(
            (MODE_FULL, _("The whole game: quarry, pillars, rounds and final scoring")),
            (MODE_SCORING, _("Final scoring only: each player enters the visible garden")),
        ),
        default=MODE_FULL,
        help=_("Tables that play without tracking the turns can still score automatically."),
    ),
    Option(
        "first_player",
        _("First player"),
        choices=(("first", _("The first seat")), ("random", _("Drawn by the app"))),
        default="first",
    ),
)


def copy_state(state: State) -> State:
    """A deep copy, like ``games.base.fresh``, through JSON.

    State is JSON data by contract, so this is the same copy; it is several
    times faster than ``copy.deepcopy``, which matters because the phone's
    choices try every candidate entry on the engine.
    """
    return json.loads(json.dumps(state))


class BabylonGame(Game):
    """Babylon (Geek Attitude Games 2024) for 2 to 4 players."""

    # Rendered once per version, language and view (a garden per seat, the quarry as the
    # phones or the table show it) for all the regions (companion/fragments.py).
    shared_templates = (
        "games/babylon/_ranking.html",
        "games/babylon/_status.html",
        "games/babylon/_garden.html",
        "games/babylon/_quarry.html",
    )

    def setup(
        self,
        players: list[str],
        options: dict[str, str] | None = None,
        seed: int | None = None,
    ) -> State:
        self.check_players(players)
        return initial_state(players, self.normalise_options(options), seed)

    def apply(self, state: State, action: Action) -> State:
        if not isinstance(action, dict):
            raise IllegalAction(_("An entry must be a set of named values."))
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in HANDLERS:
            raise IllegalAction(_("Unknown entry %(type)s."), type=str(kind))
        unknown = sorted(str(key) for key in action if key not in PLATFORM_KEYS | FIELDS[kind])
        if unknown:
            raise IllegalAction(_("This entry has no field %(field)s."), field=unknown[0])
        seat = seat_arg(state, action)
        if seat not in self.to_act(state):
            raise IllegalAction(
                _("It is not %(player)s's entry now."),
                player=seat_name(seat, state["players"][seat]),
            )
        step, handler = HANDLERS[kind]
        if state["step"] != step:
            raise IllegalAction(_("This entry is not possible at this point of the game."))
        new = copy_state(state)
        handler(new, seat, action)
        return new

    def start_seat(self, state: State) -> int | None:
        """The first player, set when the table starts ("Libovolným způsobem určete hráče,
        který bude hrát jako první"): the first seat or the app's draw (option
        ``first_player``). In the final-scoring-only mode the app never ran the turns and
        the table chose its first player without it: unknown."""
        if state["mode"] == MODE_SCORING:
            return None
        return int(state["first"])

    def to_act(self, state: State) -> list[int]:
        step = state["step"]
        if step == STEP_OVER:
            return []
        if step == STEP_BOARDS:
            return [seat for seat, board in enumerate(state["boards"]) if not board["flower"]]
        if step in (STEP_FINAL, STEP_GARDEN):
            return [seat for seat, board in enumerate(state["boards"]) if not board["confirmed"]]
        return [state["current"]]

    def phase(self, state: State) -> Phase:
        step = state["step"]
        player = state["players"][state["current"]]
        labels: dict[str, Msg] = {
            STEP_BOARDS: msg(_("Each player takes a board and its start tile")),
            STEP_REMOVAL: msg(_("%(player)s: take a clay tile out of the quarry"), player=player),
            STEP_EXTRACT: msg(
                _("Round %(round)s of %(rounds)s, %(player)s: take a tile from the quarry"),
                round=state["round"],
                rounds=state["rounds"],
                player=player,
            ),
            STEP_BUILD: msg(
                _("Round %(round)s of %(rounds)s, %(player)s: build, then store or discard"),
                round=state["round"],
                rounds=state["rounds"],
                player=player,
            ),
            STEP_REVEAL: msg(_("%(player)s: reveal the next round token"), player=player),
            STEP_FINAL: msg(_("Final scoring: confirm what is covered and the visible holes")),
            STEP_GARDEN: msg(_("Final scoring: enter what can be seen in each garden")),
            STEP_OVER: msg(_("The game is over")),
        }
        return {"key": step, "label": labels[step]}

    def choices(self, state: State, seat: int) -> list[Choice]:
        if seat not in self.to_act(state):
            return []
        return choice_lists.for_seat(self, state, seat)

    def scores(self, state: State) -> list[Score]:
        return [score_garden(visible_garden(board)) for board in state["boards"]]

    def outcome(self, state: State) -> Outcome | None:
        if state["step"] != STEP_OVER:
            return None
        totals = [score["total"] for score in self.scores(state)]
        holes = [board["holes"] or 0 for board in state["boards"]]
        groups = ranking(totals, holes)
        winners = groups[0]
        best = totals[winners[0]]
        if len(winners) > 1:
            reason = msg(_("Tied on points and on visible holes: a shared win."))
        elif totals.count(best) > 1:
            reason = msg(_("Tied on points: the player with the fewest visible holes wins."))
        else:
            reason = msg(_("Most victory points."))
        return {"winners": winners, "ranking": groups, "reason": reason}

    def view_key(self, state: State, seat: int | None) -> object:
        # Only the player taking a tile sees something of their own: what each tile would
        # give them (``view``); every other seat sees what the table sees.
        if seat is not None and state["step"] == STEP_EXTRACT and seat == state["current"]:
            return seat
        return None

    def view(self, state: State, seat: int | None) -> State:
        # Everything in Babylon is open information; add what the screens show.
        shown = {key: value for key, value in state.items() if not key.startswith("_")}
        shown["quarry_view"] = [
            {
                "place": place,
                "row": place // QUARRY_SIDE + 1,
                "column": place % QUARRY_SIDE + 1,
                "height": len(stack),
                "material": stack[-1] if stack else None,
                "edges": extraction(state["quarry"], place)["pillars"] if stack else 0,
            }
            for place, stack in enumerate(state["quarry"])
        ]
        shown["pillars_for"] = None
        if seat is not None and state["step"] == STEP_EXTRACT and seat == state["current"]:
            # What each tile would give this player now (flower and round token
            # included): "plain" for another flower, "own" for the board's flower,
            # "seen" for the flower entered on the phone.
            own = state["boards"][seat]["flower"]
            other = next(flower for flower in FLOWERS if flower != own)
            seen = state.get("seen_flower")
            shown["pillars_for"] = "seen" if seen else "own"
            for place_view in shown["quarry_view"]:
                if place_view["material"] is None:
                    continue
                place = place_view["place"]
                place_view["plain"] = extraction_pillars(state, seat, place, other)[SINGLE]
                place_view["own"] = extraction_pillars(state, seat, place, own)[SINGLE]
                if seen:
                    place_view["seen"] = extraction_pillars(state, seat, place, seen)[SINGLE]
        shown["gardens"] = [visible_garden(board) for board in state["boards"]]
        shown["last_event"] = state.get("last_event")
        shown["last_event_lines"] = event_lines(state)
        shown["effect_label"] = EFFECT_LABELS.get(state["effect"] or "", "")
        shown["labels"] = {
            "flowers": FLOWER_LABELS,
            "materials": MATERIAL_LABELS,
            "decorations": DECORATION_LABELS,
            "effects": EFFECT_LABELS,
        }
        return shown

    def facts(self, action: Action, before: State | None = None) -> tuple[Field, ...]:
        kind = action.get("type")
        if kind == "extract":
            return (flower_field(),)
        if kind == "reveal":
            return (
                Field(
                    "effect",
                    _("Round token"),
                    kind="choice",
                    choices=tuple((e, EFFECT_LABELS[e]) for e in EFFECTS),
                    help=msg(_("The effect printed on the token revealed; it holds for a round.")),
                ),
            )
        if kind == "final":
            # What is covered and the holes are seen on the board: a wrong tick or a
            # miscount can be corrected after the game (the holes break ties). The
            # pieces asked about travel with the entry.
            pieces = action.get("pieces")
            offered = [
                piece
                for piece in (pieces if isinstance(pieces, list) else [])
                if isinstance(piece, list) and len(piece) == 2 and isinstance(piece[0], str)
            ]
            holes = self._holes_fact(action, before)
            return (covered_field(offered), holes) if offered else (holes,)
        if kind == "confirm":
            return (self._holes_fact(action, before),)
        if kind == "floor":
            # What was seen on a floor of the garden (scoring only).
            floor = action.get("floor")
            return floor_count_fields(floor=floor if isinstance(floor, int) else None)
        return ()

    @staticmethod
    def _holes_fact(action: Action, before: State | None) -> Field:
        """The holes as the entry asked for them: at most what its board left visible."""
        seat = action.get("seat")
        if before is None or not isinstance(seat, int) or not 0 <= seat < len(before["boards"]):
            return holes_field()
        return holes_field(holes_left(before["boards"][seat]))

    def describe(self, action: Action) -> Msg:
        return describe_action(action)

    def changes(self, before: State, after: State) -> list[Msg]:
        return table_changes(before, after)


def flower_field(default: str | None = None) -> Field:
    """The flower printed on a tile, as the phone asks for it."""
    return Field(
        "flower",
        _("Flower on the tile"),
        kind="choice",
        choices=tuple((flower, FLOWER_LABELS[flower]) for flower in FLOWERS),
        default=default,
        help=msg(_("Printed on both sides of the tile; a match with your board gives a pillar.")),
    )


def place_name(place: Any) -> dict[str, Any]:
    """Row and column (1-based) of a quarry place for messages."""
    if isinstance(place, int) and not isinstance(place, bool) and 0 <= place < 16:
        return {"row": place // QUARRY_SIDE + 1, "column": place % QUARRY_SIDE + 1}
    return {"row": "?", "column": "?"}


def label_of(labels: dict[str, str], key: Any) -> str:
    """The label of ``key``, or "?" for a value no label has (a malformed entry)."""
    return labels.get(key, "?") if isinstance(key, str) else "?"


def describe_action(action: Action) -> Msg:
    """One log line for an entry."""
    kind = action.get("type")
    if kind == "board":
        return msg(
            _("Takes the board of the %(flower)s."),
            flower=label_of(FLOWER_LABELS, action.get("flower")),
        )
    if kind == "remove":
        return msg(
            _("Takes the clay tile at row %(row)s, column %(column)s out of the quarry."),
            **place_name(action.get("place")),
        )
    if kind == "extract":
        return msg(
            _("Takes the tile at row %(row)s, column %(column)s (%(flower)s)."),
            flower=label_of(FLOWER_LABELS, action.get("flower")),
            **place_name(action.get("place")),
        )
    if kind == "place_tile":
        supports = action.get("supports", "?")
        # Odd data (a correction's preview) may lack the number: the plural form then.
        count = supports if isinstance(supports, int) and not isinstance(supports, bool) else 0
        floor = action.get("floor", "?")
        if action.get("tile") == "extracted":
            return ngettext(
                "Places the tile just taken on floor %(floor)s on %(supports)s pillar.",
                "Places the tile just taken on floor %(floor)s on %(supports)s pillars.",
                count,
                floor=floor,
                supports=supports,
            )
        if action.get("tile") == "stored":
            return ngettext(
                "Places the stored tile on floor %(floor)s on %(supports)s pillar.",
                "Places the stored tile on floor %(floor)s on %(supports)s pillars.",
                count,
                floor=floor,
                supports=supports,
            )
        return ngettext(
            "Places a tile on floor %(floor)s on %(supports)s pillar.",
            "Places a tile on floor %(floor)s on %(supports)s pillars.",
            count,
            floor=floor,
            supports=supports,
        )
    if kind == "tile_flower":
        if action.get("flower") is None:
            return msg(_("Chooses another flower."))
        return msg(
            _("The tile to take shows the %(flower)s."),
            flower=label_of(FLOWER_LABELS, action.get("flower")),
        )
    if kind == "decorate" and action.get("kind") == STAIRS:
        floor = action.get("floor")
        upper = floor + 1 if isinstance(floor, int) and not isinstance(floor, bool) else "?"
        return msg(
            _("Places stairs between floors %(floor)s and %(upper)s."),
            floor=floor if upper != "?" else "?",
            upper=upper,
        )
    if kind == "decorate":
        return msg(
            _("Places a %(decoration)s on floor %(floor)s."),
            decoration=label_of(DECORATION_LABELS, action.get("kind")),
            floor=action.get("floor", "?"),
        )
    if kind == "end_turn":
        if action.get("tile") == "store":
            return msg(_("Stores the tile and ends the turn."))
        if action.get("tile") == "discard":
            return msg(_("Discards the tile and ends the turn."))
        return msg(_("Ends the turn."))
    if kind == "reveal":
        if action.get("by_app") is True:
            return msg(_("The app draws the round token."))
        return msg(
            _("Reveals the round token: %(effect)s"),
            effect=label_of(EFFECT_LABELS, action.get("effect")),
        )
    if kind in ("final", "confirm"):
        holes = action.get("holes")
        # Odd data may lack the number: the plural form then.
        count = holes if isinstance(holes, int) and not isinstance(holes, bool) else 0
        return ngettext(
            "Confirms the garden: %(holes)s visible hole.",
            "Confirms the garden: %(holes)s visible holes.",
            count,
            holes=holes,
        )
    if kind == "floor":
        return msg(_("Enters floor %(floor)s of the garden."), floor=action.get("floor", "?"))
    return msg(_("Unknown entry %(type)s."), type=str(kind))
