"""Every Babel entry declared once (issue 21): its values, which of them are facts seen on
the table (the nation cards and temple cards drawn), its log line, its stages and its
handler. The correction forms, the log, the keys an entry may carry, the engine's dispatch
and the labels of the phone's one-tap buttons come from here (``games.moves``).

The log is shown to everyone: a nation card entered from a tracked hand is never named in
it (the hand stays private), only in its correction form.
"""

from __future__ import annotations

from collections.abc import Callable

from games.babel import actions
from games.babel.abilities import use_ability
from games.babel.constants import (
    CITY_NAMES,
    LEVELS,
    NATION_CARDS,
    NATION_NAMES,
    NATIONS,
    POWER_HALVE,
    POWER_OWN,
    SOURCE_START,
    STAGE_ACTIONS,
    STAGE_DEAL,
    STAGE_DRAW,
    STAGE_TEMPLE,
)
from games.babel.draws import (
    CARD_KEYS,
    CARD_LABELS,
    CARD_NATION_LABEL,
    LEVEL_KEYS,
    LEVEL_LABEL,
    LEVEL_LABELS,
)
from games.base import Action
from games.i18n import Msg, _, msg
from games.moves import Count, Line, Move, Moves, OneOf, Param, Where

NATION_OPTIONS = tuple((nation, NATION_NAMES[nation]) for nation in NATIONS)
CITY_OPTIONS = tuple((nation, CITY_NAMES[nation]) for nation in NATIONS)
LEVEL_OPTIONS = tuple((level, str(level)) for level in LEVELS)
SOURCE_LABELS: dict[str, str] = {
    SOURCE_START: _("the starting card"),
    "row0": _("the first temple row"),
    "row1": _("the second temple row"),
}
NATION_HELP = _("The nation on the card as it was drawn (its colour).")
LEVEL_HELP = _("Temple levels 1 to 6; the app refuses a level the deck no longer holds.")
# An action of phase 2 is taken in the draw stage too: the app's draw comes first (implied.py).
ACTIONS = (STAGE_DRAW, STAGE_ACTIONS)


def entered(key: str) -> Callable[[Where | None, Action], bool]:
    """A card the table entered is a fact to correct; the app's own draw is none."""
    return lambda where, action: key in action and not action.get("by_app")


def nation_card(key: str, label: str) -> Param:
    """A nation card drawn, as the table entered it (a fact)."""
    return Param(key, label, OneOf(NATION_OPTIONS), fact=True, help=NATION_HELP, asked=entered(key))


def temple_level(key: str, label: str) -> Param:
    """A temple card turned up, as the table entered it (a fact the log shows by its level)."""
    level = OneOf(LEVEL_OPTIONS, show_value=True)
    return Param(key, label, level, fact=True, help=LEVEL_HELP, asked=entered(key))


NATION_CARDS_DRAWN = tuple(
    nation_card(key, label) for key, label in zip(CARD_KEYS, CARD_LABELS, strict=True)
)
TEMPLE_CARDS_DRAWN = tuple(
    temple_level(key, label) for key, label in zip(LEVEL_KEYS, LEVEL_LABELS, strict=True)
)
NATION = Param("nation", _("Nation"), OneOf(NATION_OPTIONS))
SOURCE = Param("source", _("Source"), OneOf(tuple(SOURCE_LABELS.items())))
BY_APP = (("by_app", True),)
# The five actions of phase 2 (ending the actions without any of them is asked once more).
ACTIONS_OF_A_TURN = frozenset({"travel", "settle", "build", "migrate", "ability"})
# The last action of a turn may end it, the app drawing the temple cards (implied.py).
CLOSES = frozenset({"app_temples"})


def elsewhere(where: Where, action: Action) -> list[str]:
    """A migration's targets: the cities other than its origin."""
    return [city for city in NATIONS if city != action.get("origin")]


def second_or_dash(action: Action) -> dict[str, object]:
    """A draw of the deck's last temple card has no second level."""
    return {} if "second" in action else {"second": "-"}


def level_given(action: Action) -> bool:
    level = action.get("level")
    return isinstance(level, int) and not isinstance(level, bool)


MOVES = Moves(
    (
        Move(
            "deal",
            STAGE_DEAL,
            NATION_CARDS_DRAWN,
            (Line(_("Enters the starting hand")),),
            actions.deal,
            carried=frozenset({"by_app"}),
            group=_("Starting hand"),
        ),
        Move(
            "deal_card",
            STAGE_DEAL,
            (nation_card("nation", CARD_NATION_LABEL),),
            # The nation stays private: the log is shown to everyone.
            (Line(_("Enters a card of the starting hand")),),
            actions.deal_card,
            group=_("Starting hand"),
        ),
        Move(
            "draw",
            STAGE_DRAW,
            NATION_CARDS_DRAWN[:3],
            (
                Line(_("Lets the app draw the nation cards"), when=BY_APP),
                Line(_("Draws 3 nation cards")),
            ),
            actions.draw,
            carried=frozenset({"by_app"}),
            group=_("Draw"),
        ),
        Move(
            "draw_card",
            STAGE_DRAW,
            (nation_card("nation", CARD_NATION_LABEL),),
            (Line(_("Draws a nation card")),),
            actions.draw_card,
            group=_("Draw"),
        ),
        Move(
            "travel",
            ACTIONS,
            (Param("nation", _("City"), OneOf(CITY_OPTIONS), arg="city"),),
            (Line(_("Travels to %(city)s")),),
            actions.travel,
            carried=CLOSES,
            button=_("Travel to %(city)s"),
            group=_("Travel"),
        ),
        Move(
            "settle",
            ACTIONS,
            (NATION,),
            (Line(_("Settles a card of the %(nation)s")),),
            actions.settle,
            carried=CLOSES,
            group=_("Settle"),
        ),
        Move(
            "build",
            ACTIONS,
            (SOURCE, Param("level", _("Level"), OneOf(LEVEL_OPTIONS, show_value=True))),
            (
                Line(_("Builds level %(level)s from %(source)s"), test=level_given),
                Line(_("Builds from %(source)s")),
            ),
            actions.build,
            carried=CLOSES,
            group=_("Build"),
        ),
        Move(
            "migrate",
            ACTIONS,
            (
                Param("origin", _("From"), OneOf(CITY_OPTIONS)),
                Param("target", _("To"), OneOf(CITY_OPTIONS, among=elsewhere)),
            ),
            (Line(_("Migrates three cards from %(origin)s to %(target)s")),),
            actions.migrate,
            carried=CLOSES,
            group=_("Migrate"),
        ),
        Move(
            "ability",
            ACTIONS,
            (
                NATION,
                Param("power", _("Power"), OneOf(((POWER_OWN, ""), (POWER_HALVE, "")))),
                Param("target", _("Nation"), OneOf(NATION_OPTIONS)),
                SOURCE,
                Param("run", _("Which run pays the card"), Count(0, NATION_CARDS - 1)),
            ),
            (
                Line(
                    _("Uses three %(nation)s: the opponent discards half"),
                    when=(("power", POWER_HALVE),),
                ),
                Line(
                    _("Uses the Assyrians: destroys the opponent's temple here"),
                    when=(("nation", "assyrians"),),
                ),
                Line(
                    _("Uses the Hittites: steals the top level of the opponent's temple here"),
                    when=(("nation", "hittites"),),
                ),
                Line(
                    _("Uses the Sumerians: takes the opponent's last cards here"),
                    when=(("nation", "sumerians"),),
                ),
                Line(
                    _("Uses the Medes: the opponent discards every card of the %(target)s here"),
                    when=(("nation", "medes"),),
                ),
                Line(
                    _("Uses the Persians: skips a level, building from %(source)s"),
                    when=(("nation", "persians"),),
                ),
                Line(_("Uses the ability of the %(nation)s")),
            ),
            use_ability,
            carried=CLOSES,
            group=_("Abilities"),
        ),
        Move(
            "give_up",
            STAGE_ACTIONS,
            (NATION,),
            (Line(_("Discards a card of the %(nation)s")),),
            actions.give_up,
            button=_("Discard a card of the %(nation)s"),
            group=_("Discard half your hand"),
        ),
        Move(
            "end_actions",
            STAGE_ACTIONS,
            (),
            (Line(_("Ends the actions")),),
            actions.end_actions,
            group=_("End of turn"),
        ),
        Move(
            "draw_temples",
            (STAGE_ACTIONS, STAGE_TEMPLE),
            TEMPLE_CARDS_DRAWN,
            (
                Line(_("Lets the app draw the temple cards"), when=BY_APP),
                Line(_("Draws temple cards %(first)s and %(second)s"), extra=second_or_dash),
            ),
            actions.draw_temple_cards,
            carried=frozenset({"by_app"}),
            group=_("Temple cards"),
        ),
        Move(
            "temple_card",
            (STAGE_ACTIONS, STAGE_TEMPLE),
            (temple_level("level", LEVEL_LABEL),),
            (Line(_("Draws a temple card of level %(level)s")),),
            actions.temple_card,
            button=_("Level %(level)s"),
            group=_("Temple cards"),
        ),
    )
)


def describe(action: Action) -> Msg:
    """The log line of ``action``; an action that closed the turn says so."""
    line = MOVES.describe(action)
    if action.get("app_temples") is True:
        return msg(_("%(entry)s and ends the turn (the app draws the temple cards)"), entry=line)
    return line
