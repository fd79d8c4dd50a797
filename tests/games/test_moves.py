"""Issue 21: one declaration per action type (``games.moves``).

The phone's form, the correction form and the log line of an entry all come from its
declaration; these tests check the vocabulary itself and, over random play of every
ported game, that what the phone asks and what a correction offers agree.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.babel import GAME as BABEL
from games.babel.moves import MOVES as BABEL_MOVES
from games.babylon import GAME as BABYLON
from games.babylon.moves import MOVES as BABYLON_MOVES
from games.base import Choice, Field, Game, IllegalAction
from games.i18n import _, ngettext, render_english
from games.moves import (
    Count,
    Counts,
    Grid,
    Line,
    Move,
    Moves,
    Number,
    OneOf,
    Param,
    Seat,
    Several,
    Slots,
    Tally,
    Where,
    buttons,
    where_of,
)
from games.stortebeker import GAME as STORTEBEKER
from games.stortebeker.moves import MOVES as STORTEBEKER_MOVES
from games.wallenstein import GAME as WALLENSTEIN
from games.wallenstein.moves import MOVES as WALLENSTEIN_MOVES

STATE = {"players": ["Anna", "Boris", "Cyril"], "left": [5, 2, 0]}
PLATFORM_KEYS = {"type", "seat", "seed"}


def recorded(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    """A handler for the test declarations: takes some of what the seat has left."""
    count = action.get("count")
    if not isinstance(count, int) or count > state["left"][seat]:
        raise IllegalAction(_("Not that many left."))
    state["left"][seat] -= count


TAKE = Move(
    "take",
    "play",
    (
        Param(
            "count",
            _("How many"),
            Count(1, 9, upto=lambda where, action: where.state["left"][where.seat], default=1),
            fact=True,
            help=_("At most %(high)s."),
        ),
        Param("place", _("Where"), Grid(3)),
        Param("colour", _("Colour"), OneOf((("red", _("red")), ("blue", _("blue")))), fact=True),
    ),
    (
        Line(_("Takes one at %(row)s-%(column)s."), when=(("count", 1),)),
        Line(
            lambda n, **args: ngettext(
                "Takes %(count)s %(colour)s cube.", "Takes %(count)s %(colour)s cubes.", n, **args
            ),
            count="count",
        ),
    ),
    recorded,
    button=_("Take %(count)s"),
)


def test_count_limits_come_from_the_state_when_known() -> None:
    wide, _colour = TAKE.facts({"type": "take", "count": 1, "seat": 1}, None)
    assert (wide.low, wide.high, wide.default) == (1, 9, 1)
    assert wide.help is not None and render_english(wide.help) == "At most 9."
    fields = TAKE.facts({"type": "take", "count": 1, "seat": 1}, Where(STATE, 1))
    assert [(f.key, f.low, f.high) for f in fields] == [("count", 1, 2), ("colour", None, None)]
    assert render_english(fields[0].help or "") == "At most 2."


def test_the_form_asks_what_the_action_does_not_fix() -> None:
    form = TAKE.form(Where(STATE, 0), {"type": "take", "place": 4})
    assert [field.key for field in form] == ["count", "colour"]
    asked = TAKE.form(Where(STATE, 0), {"type": "take", "place": 4}, ask=("colour",))
    assert [field.key for field in asked] == ["colour"]
    (count,) = TAKE.form(Where(STATE, 0), {"type": "take"}, ask=("count",), defaults={"count": 3})
    assert (count.high, count.default) == (5, 3)
    (place,) = TAKE.form(None, {"type": "take"}, ask=("place",))
    assert place.kind == "choice" and len(place.choices) == 9 and place.choices[4] == (4, "2-2")


def test_the_log_line_takes_the_first_matching_line_and_counts() -> None:
    one = TAKE.describe({"type": "take", "count": 1, "place": 5})
    assert render_english(one) == "Takes one at 2-3."
    assert render_english(TAKE.describe({"type": "take", "count": 3, "colour": "red"})) == (
        "Takes 3 red cubes."
    )
    odd = TAKE.describe({"type": "take", "count": "lots", "colour": "green"})
    assert odd.get("count") == 0 and render_english(odd) == "Takes ? ? cubes."


def test_keys_and_unknown_types() -> None:
    moves = Moves((TAKE,))
    assert TAKE.keys() == {"count", "place", "colour"}
    assert render_english(moves.describe({"type": "fly"})) == "Unknown entry fly."
    assert moves.facts({"type": "fly"}, None) == ()
    assert moves.get("fly") is None and moves["take"] is TAKE
    with pytest.raises(KeyError):
        moves["fly"]


def test_where_of_needs_a_seat_of_the_state() -> None:
    assert where_of({"seat": 2}, STATE) == Where(STATE, 2)
    for action in ({"seat": 3}, {"seat": True}, {"seat": "1"}, {}):
        assert where_of(action, STATE) is None
    assert where_of({"seat": 0}, None) is None


def test_seat_tally_several_and_number_kinds() -> None:
    move = Move(
        "gift",
        "play",
        (
            Param("to", _("To whom"), Seat(4), arg="number"),
            Param("cubes", _("Cubes"), Tally((("red", _("red")), ("blue", _("blue"))), 0, 6)),
            Param("pieces", _("Pieces"), Several("offered"), fact=True),
            Param("floor", _("Floor"), Number(1, 5, among=lambda where, action: [2, 3])),
        ),
        (Line(_("Gives %(red)s and %(blue)s to seat %(number)s.")),),
        recorded,
    )
    assert move.keys() == {"to", "red", "blue", "pieces", "floor"}
    to, red, blue, floor = move.form(Where(STATE, 0), {"type": "gift"})
    # The seats of the table (forms show their names), or up to four when it is not known.
    assert to.seats and [render_english(label) for _seat, label in to.choices] == [
        "Seat 1",
        "Seat 2",
        "Seat 3",
    ]
    assert len(move.form(None, {"type": "gift"}, ask=("to",))[0].choices) == 4
    assert (red.key, red.low, red.high, blue.key) == ("red", 0, 6, "blue")
    assert floor.choices == ((2, "2"), (3, "3")) and floor.default == 3
    (wide_floor,) = move.form(None, {"type": "gift"}, ask=("floor",))
    assert [value for value, _label in wide_floor.choices] == [1, 2, 3, 4, 5]
    # Nothing offered to tick: the question is not asked, at entry or in a correction.
    assert move.facts({"type": "gift"}, None) == ()
    (pieces,) = move.facts({"type": "gift", "offered": [["a", "A"], ["b", "B"], 7]}, None)
    assert pieces.kind == "multi" and pieces.choices == (("a", "A"), ("b", "B"))
    line = move.describe({"type": "gift", "to": 1, "red": 2, "blue": None})
    assert render_english(line) == "Gives 2 and ? to seat 2."


def test_a_compact_form_keeps_the_keys_and_limits() -> None:
    """The phone's grid (short labels, boxes that start empty, no help lines) and the
    correction form (one fact per line) are the same declaration."""
    slots = Param(
        "cards",
        _("Cards"),
        Slots("card", (_("Card 1"), _("Card 2"), _("Card 3")), (("rum", _("rum")),), prompt="-"),
        fact=True,
        help=_("A card the deck still holds."),
    )
    colour = Param(
        "colour",
        _("Colour of the ship"),
        OneOf((("red", _("red")),), prompt="-"),
        fact=True,
        short={"colour": _("Colour")},
    )
    move = Move("hand", "setup", (colour, slots), (Line(_("A hand.")),), recorded)
    compact = move.form(None, {"type": "hand"}, compact=True)
    full = move.facts({"type": "hand"}, None)
    assert (
        [f.key for f in compact]
        == [f.key for f in full]
        == ["colour", "card_1", "card_2", "card_3"]
    )
    assert compact[0].label == "Colour" and full[0].label == "Colour of the ship"
    assert all(f.help is None and f.default == "" and f.choices[0] == ("", "-") for f in compact)
    assert all(f.choices == (("rum", "rum"),) for f in full[1:]) and full[1].help is not None
    counted = replace(slots, kind=replace(slots.kind, count=lambda where, action: 2))
    assert [f.key for f in counted.fields(None, {})] == ["card_1", "card_2"]


def test_counts_by_seat_options_possible_now_and_log_names() -> None:
    """Cubes by colour (Wallenstein's tower): a count per seat of the table and for the
    neutral cubes, at most what the state allows; options narrowed to those possible now;
    an option logged by its short name."""
    cubes = Param(
        "out",
        _("Cubes"),
        Counts(
            "out",
            5,
            _("Cubes of seat %(number)s"),
            (("out_green", _("Green cubes")),),
            most=lambda where: {"out_0": where.state["left"][0], "out_2": 0},
            bounded=_("0 to %(high)s."),
        ),
        fact=True,
        help=_("Cubes, 0 or more."),
    )
    card = Param(
        "card",
        _("Card"),
        OneOf(
            (("a", _("A: the long name")), ("b", _("B: the long name"))),
            among=lambda where, action: ["b", "z"],
            names=(("a", _("A")),),
        ),
        fact=True,
    )
    order = Param(
        "order",
        _("Order"),
        Slots(
            "pos",
            (_("First"), _("Second")),
            ((0, "0"), (1, "1"), (2, "2")),
            among=lambda where, action: [2, 0],
            seats=True,
        ),
        fact=True,
    )
    move = Move("count", "play", (cubes, card, order), (Line(_("Card %(card)s.")),), recorded)
    seat_keys = {f"out_{seat}" for seat in range(5)}
    assert move.keys() == seat_keys | {"out_green", "card", "pos_1", "pos_2"}
    known = move.facts({"type": "count"}, Where(STATE, 1))
    assert [(f.key, f.seat, f.high, f.default) for f in known[:4]] == [
        ("out_0", 0, 5, None),  # to be counted: the box starts empty
        ("out_1", 1, None, None),  # no limit known: none shown
        ("out_2", 2, 0, 0),  # nothing can come out: 0 already
        ("out_green", None, None, None),
    ]
    assert render_english(known[0].label) == "Cubes of seat 1"
    assert [render_english(f.help or "") for f in known[:2]] == ["0 to 5.", "Cubes, 0 or more."]
    assert known[4].choices == (("b", "B: the long name"),)
    assert [f.choices for f in known[5:]] == [((0, "0"), (2, "2"))] * 2 and known[5].seats
    # Without a state: the seats the entry counts, every option.
    wide = move.facts({"type": "count", "out_0": 1, "out_1": 0, "out_green": 2}, None)
    assert [f.key for f in wide[:3]] == ["out_0", "out_1", "out_green"]
    assert wide[3].choices == card.kind.options and len(wide[4].choices) == 3
    assert render_english(move.describe({"type": "count", "card": "a"})) == "Card A."
    assert render_english(move.describe({"type": "count", "card": "b"})) == "Card B: the long name."


class Counter(Game):
    """A one-rule game for :func:`buttons`: take from your pile, in the step "play"."""

    def apply(self, state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
        new = {**state, "left": list(state["left"])}
        recorded(new, action["seat"], action)
        return new


def test_buttons_grey_what_the_engine_refuses() -> None:
    game = Counter("counter", "Counter", (3,))
    move = replace(
        TAKE,
        params=(Param("count", _("How many"), Count(1, 4)), *TAKE.params[1:]),
    )
    choices = buttons(game, move, Where(STATE, 1), "count", colour="red")
    assert [render_english(choice.label) for choice in choices] == [
        "Take 1",
        "Take 2",
        "Take 3",
        "Take 4",
    ]
    assert [choice.disabled is None for choice in choices] == [True, True, False, False]
    assert choices[2].action == {"type": "take", "colour": "red", "count": 3}
    unlabelled = buttons(game, replace(move, button=""), Where(STATE, 1), "colour", count=1)
    assert [choice.label for choice in unlabelled] == [
        {"text": "red", "args": {}},
        {"text": "blue", "args": {}},
    ]


# -- every ported game: the entry's form and its correction agree -------------------------

PORTED: list[tuple[Game, Moves]] = [
    (BABEL, BABEL_MOVES),
    (BABYLON, BABYLON_MOVES),
    (STORTEBEKER, STORTEBEKER_MOVES),
    (WALLENSTEIN, WALLENSTEIN_MOVES),
]
OPTIONS: dict[str, list[dict[str, str]]] = {
    "babel": [
        {"hand_tracking": "off"},
        {"hand_tracking": "on", "sumerians": "nation", "final_push": "under10_keep15"},
    ],
    "babylon": [{"mode": "full"}, {"mode": "scoring"}],
    "stortebeker": [{"rules": "basic"}, {"rules": "extended"}],
    "wallenstein": [
        {"mode": "full", "allocation": "draft"},
        {"mode": "full", "allocation": "fixed", "ledger": "hidden", "reinforce": "either"},
        {"mode": "scoring"},
    ],
}


def filled(choice: Choice, rng: random.Random) -> dict[str, Any]:
    action = dict(choice.action)
    for field in choice.fields:
        if field.kind == "int":
            action[field.key] = rng.randint(
                field.low or 0, min(field.high or 0, (field.low or 0) + 4)
            )
        elif field.kind == "choice":
            action[field.key] = rng.choice(field.choices)[0] if field.choices else None
        else:
            action[field.key] = [value for value, _label in field.choices if rng.random() < 0.3]
    return action


def limits(field: Field) -> tuple[Any, ...]:
    """What a correction must share with the entry: the key, the kind and the limits. Not the
    value it starts from, the label and help line (a compact entry grid has short labels and
    explains them in a note) nor the empty first option of a compact form."""
    options = tuple(option for option in field.choices if option[0] != "")
    return (field.key, field.kind, field.low, field.high, options)


@pytest.mark.parametrize(("game", "moves"), PORTED, ids=lambda value: getattr(value, "slug", ""))
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), steps=st.integers(1, 500))
def test_entry_and_correction_agree(
    game: Game, moves: Moves, seed: int, players: int, steps: int
) -> None:
    """Over random play: every fact the phone asks is offered by the correction with the same
    label and limits, every entry's keys are declared, and every log line fills in."""
    rng = random.Random(seed)
    options = rng.choice(OPTIONS[game.slug])
    # a count the game has (Babel: 2; Wallenstein: 3 to 5)
    players = min(max(players, min(game.player_counts)), max(game.player_counts))
    state = game.setup([f"P{i}" for i in range(players)], options, seed=seed)
    for _step in range(steps):
        seats = game.to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        open_choices = [c for c in game.choices(state, seat) if c.disabled is None]
        if not open_choices:
            break
        choice = rng.choice(open_choices)
        action = {**filled(choice, rng), "seat": seat, "seed": seed}
        move = moves[action["type"]]
        assert set(action) <= move.keys() | PLATFORM_KEYS
        try:
            after = game.apply(state, action)
        except IllegalAction:
            continue  # a random value the rules refuse: the next try
        corrected = {f.key: f for f in game.facts(action, state)}
        fact_keys = {key for p in move.params if p.fact for key in p.kind.keys(p)}
        assert set(corrected) <= fact_keys
        for field in choice.fields:
            if field.key in fact_keys:
                assert limits(corrected[field.key]) == limits(field)
        for key, field in corrected.items():  # an accepted entry's values fit its correction
            if key not in action:
                continue  # an app's draw (Störtebeker offers to correct it with the cards seen)
            value = action[key]
            if field.kind == "int":
                assert field.low is not None and field.low <= value
                # no upper limit where the game keeps it secret (Wallenstein's hidden ledger)
                assert field.high is None or value <= field.high
            elif field.kind == "choice":
                assert value in [option for option, _label in field.choices]
        line = render_english(game.describe(action))
        assert "%(" not in line and "?" not in line
        state = after
