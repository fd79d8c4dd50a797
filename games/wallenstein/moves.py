"""Every Wallenstein entry declared once (issue 21): its values (lands, seats, cubes by
colour with the ledger's limits, counts), which of them are facts seen on the table (cubes
out of the tower, cards turned up, the generals' order), its log line, its stage and its
handler. The correction forms, the log, the keys an entry may carry and the engine's
dispatch come from here (``games.moves``); ``choices`` keeps which buttons a stage offers.

An entry the app drew (``by_app``) carries no facts: there is nothing seen to correct.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.base import Action, State, int_arg, seeded_random
from games.i18n import Msg, _, msg, ngettext
from games.moves import (
    Count,
    Counts,
    Handler,
    Line,
    Move,
    Moves,
    Number,
    OneOf,
    Param,
    Slots,
    Where,
)
from games.wallenstein import score_only, season, setup, tower, winter, year
from games.wallenstein.data import (
    ACTION_CARDS,
    ACTION_KEYS,
    ARMIES_PER_PLAYER,
    ARMY_GROUPS,
    EVENT_EFFECTS,
    EVENTS,
    EVENTS_PER_YEAR,
    REGION_LABELS,
    lands,
)
from games.wallenstein.land_menu import land_choices

MOST_SEATS = 5
POSITION_LABELS = (
    _("First general"),
    _("Second general"),
    _("Third general"),
    _("Fourth general"),
    _("Fifth general"),
)


def event_label(number: int) -> Msg:
    """An event card as printed: number, name, effect and the winter's grain loss."""
    event = EVENTS[number]
    return msg(
        _("%(number)s. %(name)s: %(effect)s Winter: %(loss)s grain lost."),
        number=number,
        name=msg(event.label, region=REGION_LABELS.get(event.region or "", "")),
        effect=EVENT_EFFECTS[event.kind],
        loss=event.grain_loss,
    )


def event_short_label(number: int) -> Msg:
    """An event card in a list: number, name and the winter's grain loss."""
    event = EVENTS[number]
    return msg(
        _("%(number)s. %(name)s (winter: %(loss)s grain lost)"),
        number=number,
        name=msg(event.label, region=REGION_LABELS.get(event.region or "", "")),
        loss=event.grain_loss,
    )


def typed(where: Where | None, action: Action) -> bool:
    """Whether the table entered the values itself (an app's draw asks for none)."""
    return action.get("by_app") is not True


def state_of(among: Callable[[State], Sequence[Any]]) -> Callable[[Where, Action], Sequence[Any]]:
    """A rule module's list of what is possible now, as a field's ``among``."""
    return lambda where, action: among(where.state)


def land(
    key: str,
    label: str,
    among: Callable[[State], Sequence[Any]] | None = None,
    extra: tuple[tuple[str, str], ...] = (),
    **param: Any,
) -> Param:
    """A land card (and ``extra`` cards), offered by region, named in the log by its name."""
    names = tuple((key, info.name) for key, info in lands().items())
    options = OneOf(
        land_choices(list(lands()), grouped=True) + extra,
        among=state_of(among) if among is not None else None,
        names=names,
    )
    return Param(key, label, options, **param)


def throw_limits(where: Where) -> dict[str, int]:
    """The most cubes of each colour that can come out of the drop, when the ledger is shown."""
    state = where.state
    if state["options"]["ledger"] == "hidden" or state.get("battle") is None:
        return {}
    most = tower.capacity(state)
    return {f"out_{seat}": armies for seat, armies in enumerate(most["armies"])} | {
        "out_peasants": most["peasants"]
    }


def armies_out(action: Action) -> dict[str, Any]:
    """The drop's log arguments: the armies by seat ("4 / 0 / 2"), then the peasants."""
    outs = [action.get(key) for key in sorted(key for key in action if key.startswith("out_"))]
    armies = [str(value) for value in outs[:-1]] if "out_peasants" in action else []
    return {"armies": " / ".join(armies), "peasants": action.get("out_peasants")}


def drop(state: State, seat: int, action: Action) -> None:
    """What came out of the tower settles the battle; then the game goes on where it was."""
    count = len(state["players"])
    if action.get("by_app") is True:
        out = tower.simulate(state, seeded_random(action))
    else:
        out = {
            "armies": [int_arg(action, f"out_{place}", 0, 10_000) for place in range(count)],
            "peasants": int_arg(action, "out_peasants", 0, 10_000),
        }
    battle = tower.drop(state, out)
    after = battle["after"]
    if after == "fill":
        if state["options"]["allocation"] == "draft":
            setup.start_draft(state)
        else:
            year.start_year(state)
    elif after == "action":
        season.finish_turn(state)
    elif after == "tax":
        season.after_tax_revolt(state, battle)
    else:
        winter.revolt_fought(state, battle)
        winter.next_revolt(state)


def defend(state: State, seat: int, action: Action) -> None:
    land = state["lands"][state["battle"]["land"]]
    tower.defend(state, int_arg(action, "count", 0, land["armies"]))


def stateless(handler: Callable[[State, Action], None]) -> Handler:
    """A rule module's handler, which needs no seat."""
    return lambda state, seat, action: handler(state, action)


def by_app(text: str) -> Line:
    return Line(text, test=lambda action: action.get("by_app") is True)


def battle_armies(where: Where, action: Action) -> int:
    return int(where.state["lands"][where.state["battle"]["land"]]["armies"])


def positions(where: Where | None, action: Action) -> int:
    """The generals of the table; without a state, those the entry orders."""
    if where is not None:
        return len(where.state["players"])
    return sum(1 for place in range(1, MOST_SEATS + 1) if f"pos_{place}" in action)


def take_asks_land(where: Where | None, action: Action) -> bool:
    """A card taken from the deck is a fact seen (a face-up one is on the phone's button)."""
    return typed(where, action) and action.get("from") != "face_up"


EVENT_OPTIONS = tuple((number, event_label(number)) for number in sorted(EVENTS))
EVENT_NAMES = tuple((number, event_short_label(number)) for number in sorted(EVENTS))
SEAT_OPTIONS = tuple(
    (seat, msg(_("Seat %(number)s"), number=seat + 1)) for seat in range(MOST_SEATS)
)
APP_DRAWN = frozenset({"by_app"})

MOVES = Moves(
    (
        Move(
            "drop",
            "drop",
            (
                Param(
                    "out",
                    _("Cubes out of the tower"),
                    Counts(
                        "out",
                        MOST_SEATS,
                        _("Armies of player %(number)s that came out"),
                        (("out_peasants", _("Peasants (green)")),),
                        most=throw_limits,
                        bounded=_("Cubes that came out into the tray: 0 to %(high)s."),
                    ),
                    fact=True,
                    help=_("Cubes that came out into the tray."),
                    asked=typed,
                ),
            ),
            (
                by_app(_("The app simulated the tower")),
                Line(
                    _("Cubes out of the tower: armies %(armies)s; peasants %(peasants)s"),
                    extra=armies_out,
                ),
            ),
            drop,
            carried=APP_DRAWN,
        ),
        Move(
            "defend",
            "defend",
            (
                Param(
                    "count",
                    _("Armies"),
                    Count(0, ARMIES_PER_PLAYER, upto=battle_armies, default="high"),
                    help=_("0 to %(high)s: the armies in the land you throw into the tower."),
                ),
            ),
            (Line(_("Armies defending: %(count)s")),),
            defend,
        ),
        Move(
            "reveal_land",
            "draft",
            (land("land", _("Land card"), setup.drawable, fact=True, asked=typed),),
            (by_app(_("The app turns up a land card")), Line(_("Turns up %(land)s"))),
            stateless(setup.reveal),
            carried=APP_DRAWN,
        ),
        Move(
            "refresh",
            "draft",
            (),
            (Line(_("The face-up land cards go under the deck")),),
            lambda state, seat, action: setup.refresh(state),
        ),
        Move(
            "take",
            "draft",
            (
                land("land", _("Land card"), setup.drawable, fact=True, asked=take_asks_land),
                Param(
                    "group",
                    _("Army group"),
                    Number(
                        1,
                        max(ARMY_GROUPS),
                        among=lambda where, action: setup.group_sizes(where.state, where.seat),
                    ),
                    help=_("Armies of the group placed in the land"),
                    arg="armies",
                ),
            ),
            (
                Line(
                    lambda n, **args: ngettext(
                        "Takes %(land)s and places %(armies)s army",
                        "Takes %(land)s and places %(armies)s armies",
                        n,
                        **args,
                    ),
                    count="armies",
                    test=lambda action: action.get("from") == "face_up" or typed(None, action),
                ),
                Line(
                    lambda n, **args: ngettext(
                        "Takes the top card of the deck and places %(armies)s army",
                        "Takes the top card of the deck and places %(armies)s armies",
                        n,
                        **args,
                    ),
                    count="armies",
                ),
            ),
            setup.take,
            carried=APP_DRAWN | {"from"},
        ),
        Move(
            "events",
            "year_events",
            (
                Param(
                    "cards",
                    _("Event cards"),
                    Slots(
                        "card",
                        tuple(
                            msg(_("Event card %(place)s of 4"), place=place)
                            for place in range(1, EVENTS_PER_YEAR + 1)
                        ),
                        EVENT_OPTIONS,
                        among=state_of(season.events_available),
                    ),
                    fact=True,
                    asked=typed,
                ),
            ),
            (
                by_app(_("The year's event cards are drawn")),
                Line(
                    _("The year's event cards: %(cards)s"),
                    extra=lambda action: {
                        "cards": ", ".join(
                            str(action.get(f"card_{place}"))
                            for place in range(1, EVENTS_PER_YEAR + 1)
                        )
                    },
                ),
            ),
            stateless(season.enter_events),
            carried=APP_DRAWN,
        ),
        Move(
            "action_card",
            "action_card",
            (
                Param(
                    "card",
                    _("Action card"),
                    OneOf(
                        tuple((key, ACTION_CARDS[key].label) for key in ACTION_KEYS),
                        among=state_of(season.action_cards_left),
                    ),
                    fact=True,
                    asked=typed,
                ),
            ),
            (
                Line(
                    _("The hidden action cards are turned up"),
                    test=lambda action: action.get("by_app") is True and action.get("rest") is True,
                ),
                by_app(_("An action card is turned up")),
                Line(_("Action card turned up: %(card)s")),
            ),
            stateless(season.reveal_action_card),
            # "rest": the app's draw turns up every hidden card still face down (issue 21)
            carried=APP_DRAWN | {"rest"},
        ),
        Move(
            "turn_order",
            "turn_order",
            (
                Param(
                    "order",
                    _("Turn order"),
                    Slots(
                        "pos",
                        POSITION_LABELS,
                        SEAT_OPTIONS,
                        count=positions,
                        among=lambda where, action: range(len(where.state["players"])),
                        seats=True,
                    ),
                    fact=True,
                    asked=typed,
                ),
            ),
            (Line(_("The generals are drawn")),),
            stateless(season.set_turn_order),
            carried=APP_DRAWN,
        ),
        Move(
            "current_event",
            "current_event",
            (
                Param(
                    "event",
                    _("Event card"),
                    OneOf(EVENT_OPTIONS, among=state_of(season.events_left), names=EVENT_NAMES),
                    fact=True,
                    asked=typed,
                ),
            ),
            (
                by_app(_("The current event is drawn")),
                Line(_("Current event: %(event)s")),
            ),
            stateless(season.set_current_event),
            carried=APP_DRAWN,
        ),
        Move(
            "play",
            "act",
            (
                land("land", _("Land")),
                land("to", _("Move to"), arg="target"),
                Param("count", _("Armies to move"), Count(0, ARMIES_PER_PLAYER)),
            ),
            (
                Line(_("Reveals a blank card"), when=(("land", season.BLANK),)),
                Line(_("Has no card on this space"), when=(("land", season.EMPTY),)),
                Line(
                    _("Reveals %(land)s; armies sent to %(target)s: %(count)s"),
                    test=lambda action: bool(action.get("to") and action.get("count")),
                ),
                Line(_("Reveals %(land)s")),
            ),
            season.play,
            carried=frozenset({"add"}),
        ),
        Move(
            "revolt_card",
            "hunger_draw",
            (
                land(
                    "card",
                    _("Land card"),
                    winter.drawable_cards,
                    ((winter.BLANK, _("Blank card")),),
                    fact=True,
                    asked=typed,
                    arg="land",
                ),
            ),
            (
                by_app(_("A revolting land is drawn")),
                Line(_("A blank card is drawn: no revolt"), when=(("card", winter.BLANK),)),
                Line(_("Revolting land drawn: %(land)s")),
            ),
            stateless(winter.draw),
            carried=APP_DRAWN,
        ),
        Move(
            "land",
            score_only.STAGE,
            (land("land", _("Land")),),
            (Line(_("Enters %(land)s as it stands")),),
            stateless(score_only.enter_land),
            carried=frozenset({"owner", "buildings"}),
        ),
        Move(
            "score_winter",
            score_only.STAGE,
            (),
            (Line(_("The winter is scored")),),
            lambda state, seat, action: score_only.score_winter(state),
        ),
    )
)
