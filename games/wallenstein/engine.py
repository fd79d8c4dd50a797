"""Wallenstein (Queen Games 2002) as a table companion: the engine object.

The state walks through these stages (``state["stage"]``):

``drop``          the tower waits for what came out (first fill, battles, revolts)
``defend``        the attacked player chooses how many armies to throw
``draft``         land allocation by the draft of the rules
``year_events``   the 4 event cards of the year
``action_card``   action cards are turned up (5 at the start of a season, then the hidden ones)
``turn_order``    the generals give the turn order
``current_event`` the season's event card
``act``           the player on turn reveals the land planned for the current action
``hunger_draw``   winter: the player on the left draws a revolting land card
``game_over``     after the second winter
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

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
    fresh,
    require,
    seat_arg,
)
from games.i18n import Msg, _, msg
from games.moves import Move
from games.wallenstein import (
    actions,
    changes,
    choices,
    dealer,
    picker,
    score_only,
    scoring,
    season,
    setup,
    tower,
    turns,
    winter,
)
from games.wallenstein.data import (
    ACTION_CARDS,
    BUILDINGS,
    EVENT_EFFECTS,
    EVENTS,
    REGION_LABELS,
    REGIONS,
    SEASON_LABELS,
    lands,
)
from games.wallenstein.moves import MOVES, event_short_label

# The action cards' names by key, for the season's row of cards (a view's constant).
ACTION_LABELS = {key: card.label for key, card in ACTION_CARDS.items()}


class WallensteinGame(Game):
    """The rules of Wallenstein, first edition, as the Czech rulebook gives them."""

    # "20x zelené kostičky označující armády sedláků": green is the peasants' colour; the
    # tower's counters would show a green seat beside the green peasants.
    reserved_colours = ("green",)
    shared_templates = (
        "games/wallenstein/_season.html",
        "games/wallenstein/_tower.html",
        "games/wallenstein/_last_event.html",
    )

    # -- set-up ----------------------------------------------------------------
    def setup(
        self, players: list[str], options: dict[str, str] | None = None, seed: int | None = None
    ) -> State:
        self.check_players(players)
        chosen = self.normalise_options(options)
        if chosen["mode"] == "scoring":
            return setup.score_only_state(players, chosen)
        return setup.initial_state(players, chosen)

    # -- who and what ------------------------------------------------------------
    def start_seat(self, state: State) -> int | None:
        """The Startspieler of the first season: "hráč představující generála nahoře
        (Startspieler) bude hrát první" (Pořadí hráčů během kola). Set when the first
        turn order is entered; ``None`` before, and in score-only mode, which never
        enters a turn order."""
        return season.first_start_seat(state)

    def to_act(self, state: State) -> list[int]:
        return turns.to_act(state)

    def phase(self, state: State) -> Phase:
        stage = state["stage"]
        names = state["players"]
        label: Msg
        if stage == "drop":
            label = msg(_("Throw into the tower and enter what came out"))
        elif stage == "defend":
            label = msg(
                _("%(player)s: choose the defending armies"),
                player=names[state["battle"]["defender"]],
            )
        elif stage == "draft":
            label = msg(_("%(player)s: choose a land"), player=names[state["draft"]["turn"]])
        elif stage == "year_events":
            label = msg(_("Year %(year)s: draw the four event cards"), year=state["year"])
        elif stage == "action_card":
            label = msg(
                _("%(season)s: turn up action cards"), season=SEASON_LABELS[state["season"]]
            )
        elif stage == "turn_order":
            label = msg(
                _("%(season)s: plan your actions, then draw the generals"),
                season=SEASON_LABELS[state["season"]],
            )
        elif stage == "current_event":
            label = msg(
                _("%(season)s: draw the current event"), season=SEASON_LABELS[state["season"]]
            )
        elif stage == "act":
            label = msg(
                _("%(season)s, %(action)s: %(player)s"),
                season=SEASON_LABELS[state["season"]],
                action=ACTION_CARDS[season.current_card(state)].label,
                player=names[season.current_player(state)],
            )
        elif stage == score_only.STAGE:
            label = msg(_("Winter %(year)s: enter the board as it stands"), year=state["year"])
        elif stage == "hunger_draw":
            label = msg(
                _("Winter: %(drawer)s draws a revolting land of %(player)s"),
                drawer=names[winter.drawer(state)],
                player=names[winter.revolting_seat(state)],
            )
        else:
            label = msg(_("The game is over"))
        return {"key": stage, "label": label}

    # -- apply -------------------------------------------------------------------
    def apply(self, state: State, action: Action) -> State:
        if not isinstance(action, dict):
            raise IllegalAction(_("An entry must be a set of fields."))
        state = fresh(state)
        seat = seat_arg(state, action)
        require(state["stage"] != "game_over", _("The game is over."))
        require(seat in self.to_act(state), _("It is not your turn."))
        kind = action.get("type")
        if not isinstance(kind, str):
            raise IllegalAction(_("%(value)s is not possible now."), value=str(kind))
        move = MOVES.get(kind)
        if move is None or not move.accepts(state["stage"]):
            raise IllegalAction(_("%(value)s is not possible now."), value=str(kind))
        _refuse_unknown_keys(state, move, action)
        state["last_event"] = None  # a summary lasts until the next entry
        move.apply(state, seat, action)
        if dealer.draws_by_itself(state):
            dealer.deal(state, action)
        return state

    # -- scores and the end --------------------------------------------------------
    def scores(self, state: State) -> list[Score]:
        result: list[Score] = []
        for seat in range(len(state["players"])):
            breakdown: dict[str, int] = {}
            for number, points in enumerate(state["winters"], start=1):
                for category in scoring.CATEGORIES:
                    breakdown[scoring.CATEGORY_LABELS[number][category]] = points[seat][category]
            result.append({"total": sum(breakdown.values()), "breakdown": breakdown})
        return result

    def outcome(self, state: State) -> Outcome | None:
        if state["stage"] != "game_over":
            return None
        ranking = scoring.final_ranking(state)
        reason = (
            msg(_("Most points after the second winter (ties: palaces, churches, trading houses)."))
            if len(ranking[0]) == 1
            else msg(_("A shared win: equal points, palaces, churches and trading houses."))
        )
        return {"winners": list(ranking[0]), "ranking": ranking, "reason": reason}

    # -- the phone and the table ------------------------------------------------------
    def choices(self, state: State, seat: int) -> list[Choice]:
        return choices.for_seat(state, seat)

    def view_key(self, state: State, seat: int | None) -> object:
        # Nothing is hidden from a seat (the tower's ledger, when hidden, is hidden from
        # all): one view per version for every phone and the table, but for the seat that
        # picks a move, whose view holds its own move picker.
        return seat if picker.picks_a_move(state, seat) else None

    def view(self, state: State, seat: int | None) -> State:
        seen = {key: value for key, value in state.items() if not key.startswith("_")}
        if state["options"]["ledger"] == "hidden":
            seen.pop("tower")
        # The building counts, majorities and the winter preview from one walk over the
        # map (issue 25: the view is asked on every version).
        majorities = scoring.region_majorities(state, scoring.counts_by_region(state))
        seen["preview"] = scoring.winter_points(state, majorities)
        seen["majorities"] = majorities
        seen["totals"] = scoring.totals(state)
        everywhere = lands()
        seen["map"] = {
            land: {"name": everywhere[land].name, "region": everywhere[land].region}
            for land in state["lands"]
        }
        seen.update(_board_view(state, majorities))
        seen["action_labels"] = ACTION_LABELS
        if state["season"] in SEASON_LABELS:
            seen["season_label"] = SEASON_LABELS[state["season"]]
        if state["stage"] == "act":
            seen["current_action"] = ACTION_CARDS[season.current_card(state)].label
        current = state["events"]["current"]
        if current is not None:
            event = EVENTS[current]
            seen["current_event_label"] = msg(
                event.label, region=REGION_LABELS.get(event.region or "", "")
            )
            seen["current_event_effect"] = EVENT_EFFECTS[event.kind]
        if state["battle"] is not None:
            seen["going_in"] = tower.going_in(state)
        seen["year_events"] = [
            {"number": number, "name": event_short_label(number)}
            for number in state["events"]["year"]
        ]
        seen["last_event"] = _shown_event(state)
        seen["picker"] = picker.move_picker(state, seat)
        return seen

    def changes(self, before: State, after: State) -> list[Msg]:
        return changes.between(before, after)

    def facts(self, action: Action, before: State | None = None) -> tuple[Field, ...]:
        return MOVES.facts(action, before)

    def describe(self, action: Action) -> Msg:
        return MOVES.describe(action)


def _board_view(state: State, majorities: dict[str, dict[str, list[int]]]) -> dict[str, Any]:
    """The board as the phones and the table show it, worked out once per view (issue 25):
    ``board`` (the regions in order with their lands and majorities), ``own_lands``,
    ``armies_shown``, and which marks stand on the board and on each seat's lands."""
    everywhere = lands()
    seen: dict[str, Any] = {}
    # The board's regions, each with its lands in the state's order: one walk.
    by_region: dict[str, list[dict[str, Any]]] = {region: [] for region in REGIONS}
    for land, info in state["lands"].items():
        known = everywhere[land]
        by_region[known.region].append({"id": land, "name": known.name, **info})
    seen["board"] = [
        {
            "region": REGION_LABELS[region],
            "lands": by_region[region],
            "majorities": majorities[region],
            # The map shows a region's majorities once a building stands in it, each
            # seat's points summed.
            "built": any(land[kind] for land in by_region[region] for kind in BUILDINGS),
            "points": [sum(points) for points in zip(*majorities[region].values(), strict=True)],
        }
        for region in REGIONS
    ]
    # The lands' counts are not shown in score-only mode (no armies are entered).
    seen["armies_shown"] = state["options"]["mode"] != "scoring"
    # Each seat's own lands in the board's order, with their region's label: a
    # phone lists its own without walking the whole map (issue 25).
    # JSON data like the rest of the view: a list by seat of [region label, land,
    # whether the seat has used it this season].
    used = (state["season_state"] or {}).get("used") or [[] for _ in state["players"]]
    own: list[list[list[Any]]] = [[] for _ in state["players"]]
    for region in seen["board"]:
        for land in region["lands"]:
            owner = land["owner"]
            if owner is not None:
                own[owner].append([region["region"], land, land["id"] in used[owner]])
    seen["own_lands"] = own
    # Which marks (buildings, revolt markers) stand on the board and on each seat's
    # lands: the templates translate their names once, not once per land.
    seen["board_marks"] = _marks_on(land for region in seen["board"] for land in region["lands"])
    seen["own_marks"] = [_marks_on(land for _region, land, _used in mine) for mine in own]
    return seen


def _marks_on(shown: Iterable[dict[str, Any]]) -> dict[str, bool]:
    """Whether any land ``shown`` has a palace, a church, a trading house, revolt markers."""
    marks = dict.fromkeys((*BUILDINGS, "revolt"), False)
    for land in shown:
        for kind in marks:
            if land[kind]:
                marks[kind] = True
    return marks


def _shown_event(state: State) -> dict[str, Any] | None:
    """The last summary; with the ledger hidden, without what is inside the tower."""
    event = state.get("last_event")
    if event is None or state["options"]["ledger"] != "hidden":
        return event
    hidden = ("tower_before", "tower_after")
    shown = {key: value for key, value in event.items() if key not in hidden}
    shown["earlier"] = [
        {key: value for key, value in item.items() if key not in hidden}
        for item in event.get("earlier", [])
    ]
    return shown


# -- the fields each entry may carry ---------------------------------------------------------
COMMON_KEYS = frozenset({"type", "seat", "seed"})


def allowed_keys(state: State, move: Move) -> frozenset[str]:
    """The keys an entry may have: a stray key means a malformed entry. The counts and
    places by seat (``out_3``, ``pos_4``) only for the seats of this table."""
    seats = len(state["players"])

    def at_the_table(key: str) -> bool:
        kind, _sep, number = key.rpartition("_")
        if not number.isdigit():
            return True
        return kind not in ("out", "pos") or int(number) < seats + (kind == "pos")

    return COMMON_KEYS | frozenset(filter(at_the_table, move.keys()))


def _refuse_unknown_keys(state: State, move: Move, action: Action) -> None:
    unknown = sorted(str(key) for key in action if key not in allowed_keys(state, move))
    if unknown:
        raise IllegalAction(_("%(field)s is not a field of this entry."), field=unknown[0])
    for flag in ("by_app", "rest"):
        if not isinstance(action.get(flag, False), bool):
            raise IllegalAction(_("%(field)s must be yes or no."), field=flag)


OPTIONS = (
    Option(
        "mode",
        _("Mode"),
        (
            ("full", _("The whole game with the app")),
            ("scoring", _("Scoring only: enter the board at each winter")),
        ),
        "full",
        _("For a table that plays without the app and wants the winter scoring and the result."),
    ),
    Option(
        "allocation",
        _("Land allocation"),
        (("draft", _("Draft, as in the rules")), ("fixed", _("Fixed allocation from the rules"))),
        "draft",
        _(
            "The draft takes a face-up card or the top of the deck; the fixed one hands out the lands at once."
        ),
    ),
    Option(
        "ledger",
        _("Tower ledger"),
        (("shown", _("Shown to the players")), ("hidden", _("Only used for checking"))),
        "shown",
        _("The app counts the cubes inside the tower; it can keep the count to itself."),
    ),
    Option(
        "events",
        _("Event cards in the second year"),
        (
            ("remaining", _("From the 21 cards not drawn yet")),
            ("reshuffle", _("All 25 cards shuffled again")),
        ),
        "remaining",
        _("The rules do not say whether the first year's event cards go back into the deck."),
    ),
    Option(
        dealer.OPTION,
        _("Cards drawn by chance"),
        (
            ("table", _("The table turns them up or taps for the app's draw")),
            (dealer.BY_ITSELF, _("The app draws them by itself")),
        ),
        "table",
        _(
            "The action cards, the current event and the year's event cards; the generals stay a tap, once everybody has planned."
        ),
    ),
    Option(
        "reinforce",
        _("Reinforce action"),
        (
            ("army_first", _("The army is placed; the move is optional")),
            ("either", _("Either part or both")),
        ),
        "army_first",
        _("The Czech rules: 'only the first part, or both'; other sources allow the move alone."),
    ),
)

GAME = WallensteinGame(
    slug="wallenstein",
    name=_("Wallenstein"),
    player_counts=(3, 4, 5),
    options=OPTIONS,
)

__all__ = ["GAME", "WallensteinGame", "actions"]
