"""The Babylon engine: the contract's object, dispatching to the rule modules."""

from __future__ import annotations

from games.babylon import choices as choice_lists
from games.babylon.changes import changes as table_changes
from games.babylon.components import (
    DECORATION_LABELS,
    EFFECT_LABELS,
    FLOWER_LABELS,
    FLOWERS,
    MATERIAL_LABELS,
    QUARRY_SIDE,
    SINGLE,
)
from games.babylon.copies import copy_state
from games.babylon.entries import checked
from games.babylon.events import event_lines
from games.babylon.garden import visible_garden
from games.babylon.moves import MOVES
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
    initial_state,
)
from games.babylon.quarry import extraction
from games.babylon.scoring import ranking, score_garden
from games.babylon.turn import (
    extraction_pillars,
)
from games.base import (
    Action,
    Choice,
    Field,
    Game,
    Option,
    Outcome,
    Phase,
    Score,
    State,
)
from games.i18n import Msg, _, msg

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
        move, seat = checked(self, state, action)
        new = copy_state(state)
        move.apply(new, seat, action)
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
                _("Round %(round)s of %(rounds)s, %(player)s: build"),
                round=state["round"],
                rounds=state["rounds"],
                player=player,
            ),
            STEP_REVEAL: msg(_("%(player)s: reveal the next round token"), player=player),
            STEP_FINAL: msg(_("Final scoring: covered pieces, visible holes")),
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
        return MOVES.facts(action, before)

    def describe(self, action: Action) -> Msg:
        return MOVES.describe(action)

    def changes(self, before: State, after: State) -> list[Msg]:
        return table_changes(before, after)
