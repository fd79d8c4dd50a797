"""The contract every game engine fulfils (see ``games/README.md``).

An engine is pure Python: its state and its actions are plain JSON-compatible
data, ``apply`` never mutates its input, and every illegal action raises
:class:`IllegalAction` with a reason a person can read. Nothing here imports
Django, so engines can be tested, replayed and benchmarked on their own.
"""

from __future__ import annotations

import copy
import hashlib
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypedDict

from games.i18n import Msg, _, msg, render_english

State = dict[str, Any]
Action = dict[str, Any]


class IllegalAction(Exception):
    """The one error every game raises for an action the rules forbid.

    ``text`` is an English message marked with ``_`` (``%(name)s``
    placeholders filled from ``args``), or a ready ``Msg`` (``ngettext`` where the
    reason counts something); the web layer translates it.
    """

    def __init__(self, text: str | Msg, **args: Any) -> None:
        self.message: Msg = text if isinstance(text, dict) else msg(text, **args)
        super().__init__(render_english(self.message))

    @property
    def reason(self) -> str:
        """The reason in English."""
        return render_english(self.message)


class Score(TypedDict):
    """One seat's score: the total and how it is made up.

    ``breakdown`` maps a category (an English text marked with ``_``) to its
    points, in the order it should be shown.
    """

    total: int
    breakdown: dict[str, int]


class Outcome(TypedDict):
    """How a finished game ended.

    ``ranking`` lists groups of tied seats, best first; ``winners`` is the
    first group (more than one seat is a shared win).
    """

    winners: list[int]
    ranking: list[list[int]]
    reason: Msg


class Phase(TypedDict):
    """What the game waits for now, for the table's status line."""

    key: str
    label: Msg


@dataclass(frozen=True)
class Option:
    """A variant a table chooses when it starts a game."""

    key: str
    label: str
    choices: tuple[tuple[str, str], ...]
    default: str
    help: str = ""


@dataclass(frozen=True)
class Field:
    """A value a person fills in before an entry is sent.

    ``kind`` is ``"int"`` (``low``..``high``), ``"choice"`` (one of
    ``choices``) or ``"multi"`` (several of ``choices``, sent as a list).
    """

    key: str
    label: str | Msg  # a Msg when the label names a seat, a land, a unit ("Anna's armies")
    kind: str = "int"
    choices: tuple[tuple[Any, str | Msg], ...] = ()  # a Msg label: "Seat %(number)s"
    low: int | None = None
    high: int | None = None
    default: Any = None
    help: Msg | None = None  # a short line under the field: the unit, what the limits mean
    # The seat this value belongs to (a tower drop's armies of one player): forms show the
    # seat's name and colour, which the engine does not know, before the label.
    seat: int | None = None
    # The choices are seat indexes: forms show each seat's name instead of the choice label.
    seats: bool = False
    # A choice that may stay on its empty first option ("(none)"); the others are required
    # (their empty option, "(choose)", is no answer): forms mark them so.
    optional: bool = False


@dataclass(frozen=True)
class Choice:
    """One entry a seat can make now, as the phone offers it.

    ``action`` is sent as it is, completed with the values of ``fields``.
    ``disabled`` holds the reason why the entry is not possible now: the
    phone shows it instead of hiding the choice. ``note`` is shown above the
    fields: what the player needs to know to fill them in (what goes into the
    tower, what the ship needs). ``echo`` names one of ``fields`` whose value the
    label shows as its argument of the same name ("Attack Bremen from Osnabrück with
    6"): the page keeps that part of the button in step as the field changes, so the
    button always says what it will send.
    """

    label: Msg
    action: Action
    fields: tuple[Field, ...] = ()
    disabled: Msg | None = None
    group: str = ""
    style: str = "primary"
    note: Msg | None = None
    confirm: Msg | None = None
    echo: str = ""


@dataclass(frozen=True)
class Game:
    """Base class of the engines: subclasses implement the rules.

    The methods marked *required* must be overridden; the others have
    defaults that suit a simple game.
    """

    slug: str
    name: str
    player_counts: tuple[int, ...]
    options: tuple[Option, ...] = field(default=())
    # Templates of the game whose HTML depends only on the view, the seats, the scores,
    # the outcome, whose turn, the options, the table and the values its include passes
    # (never on ``me``, the host mode or the choices; no form): the platform renders each
    # once per version, language, view (``view_key``) and such values, and shares it
    # between the regions (``companion.fragments``).
    shared_templates: ClassVar[tuple[str, ...]] = ()
    # Colours of the game's own pieces that no player's are (Wallenstein's green peasants):
    # no seat is offered or given them, so a seat's marker is never taken for those pieces.
    reserved_colours: ClassVar[tuple[str, ...]] = ()

    # -- required ----------------------------------------------------------
    def setup(
        self,
        players: list[str],
        options: dict[str, str] | None = None,
        seed: int | None = None,
    ) -> State:
        """The state before the first entry (required)."""
        raise NotImplementedError

    def apply(self, state: State, action: Action) -> State:
        """The state after ``action`` (required): pure, or IllegalAction."""
        raise NotImplementedError

    def scores(self, state: State) -> list[Score]:
        """Each seat's score now (required)."""
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome | None:
        """``None`` while the game runs, else how it ended (required)."""
        raise NotImplementedError

    def to_act(self, state: State) -> list[int]:
        """The seats that may make an entry now (required)."""
        raise NotImplementedError

    def phase(self, state: State) -> Phase:
        """What the game waits for now (required)."""
        raise NotImplementedError

    def choices(self, state: State, seat: int) -> list[Choice]:
        """The entries ``seat`` may make now, and why others are not possible."""
        raise NotImplementedError

    # -- optional ----------------------------------------------------------
    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may see (``None``: the table and spectators).

        The default shows everything except keys starting with ``_``.
        """
        return {key: value for key, value in state.items() if not key.startswith("_")}

    def view_key(self, state: State, seat: int | None) -> object:
        """Seats (and the table, ``None``) with the same key see the same ``view``.

        The platform asks ``view`` once per version for each key, not once per seat;
        the default, the seat itself, asks for each. A game whose information is all
        open returns ``None`` for every seat.
        """
        return seat

    def start_seat(self, state: State) -> int | None:
        """The seat that started the game, as the engine's own state records it.

        Statistics ("wins as start player") and the exports read it: it is a fact the
        table entered or the app drew, never guessed from which seat acted first.
        ``None`` when the state does not know (yet, or in a mode that never asks).
        """
        return None

    def facts(self, action: Action, before: State | None = None) -> tuple[Field, ...]:
        """The physical facts in ``action`` that a correction may change.

        A correction keeps the action's type and replaces only these keys. ``before`` is
        the state the entry was made in, when the caller has it: the fields then carry
        the same limits as the entry's own form (the platform checks them in both).
        """
        return ()

    def describe(self, action: Action) -> Msg:
        """One line for the log and the history.

        The platform puts the acting player's name before it, so the line says
        what was done and what it concerns (the level, the land, the card).
        """
        return msg("%(type)s", type=action.get("type", "?"))

    def changes(self, before: State, after: State) -> list[Msg]:
        """What differs between two states, in the game's own terms, for the preview
        of a correction ("Kursachsen goes back to unowned"). The platform adds the
        generic part itself (scores, the winner, whose turn it is)."""
        return []

    def normalise_options(self, options: dict[str, str] | None) -> dict[str, str]:
        """The options with defaults filled in; unknown keys or values refused."""
        chosen = dict(options or {})
        result: dict[str, str] = {}
        for option in self.options:
            value = chosen.pop(option.key, option.default)
            if value not in {key for key, _label in option.choices}:
                raise IllegalAction(
                    _("Option %(option)s cannot be %(value)s."), option=option.label, value=value
                )
            result[option.key] = value
        if chosen:
            raise IllegalAction(_("Unknown option %(option)s."), option=sorted(chosen)[0])
        return result

    def check_players(self, players: list[str]) -> None:
        """Refuse a player count the game does not allow."""
        if len(players) not in self.player_counts:
            raise IllegalAction(
                _("This game is for %(counts)s players, not %(count)s."),
                counts="/".join(str(n) for n in self.player_counts),
                count=len(players),
            )


def fresh(state: State) -> State:
    """A deep copy of ``state`` for ``apply`` to change and return.

    A state is JSON data (dicts, lists, str, int, float, bool, None), so it is copied as
    such: about three times faster than ``copy.deepcopy``, which keeps a memo of every
    object for shared references and cycles that JSON data cannot have. Anything else
    found in it is still copied by ``copy.deepcopy``.
    """
    copied: State = _copied(state)
    return copied


_ATOMS = frozenset((str, int, float, bool, type(None)))


def _copied(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return {key: _copied(item) for key, item in value.items()}
    if kind is list:
        return [_copied(item) for item in value]
    if kind in _ATOMS:
        return value
    if kind is tuple:
        return tuple(_copied(item) for item in value)
    return copy.deepcopy(value)


def require(condition: bool, text: str, **args: Any) -> None:
    """Raise :class:`IllegalAction` unless ``condition`` holds."""
    if not condition:
        raise IllegalAction(text, **args)


def int_arg(action: Action, key: str, low: int, high: int) -> int:
    """An integer field of ``action`` in ``low..high``, or IllegalAction."""
    value = action.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(_("%(field)s must be a whole number."), field=key)
    if not low <= value <= high:
        raise IllegalAction(
            _("%(field)s must be between %(low)s and %(high)s."), field=key, low=low, high=high
        )
    return value


def choice_arg(action: Action, key: str, allowed: Any) -> Any:
    """A field of ``action`` that must be one of ``allowed``, or IllegalAction."""
    value = action.get(key)
    if value not in allowed:
        raise IllegalAction(_("%(value)s is not a valid %(field)s."), value=str(value), field=key)
    return value


def seeded_random(action: Action) -> random.Random:
    """The random source of an app draw: the entry's ``seed``, which must be an int.

    Every draw goes through here, so a malformed seed is an IllegalAction, never a
    TypeError out of :mod:`random`.
    """
    return random.Random(entry_seed(action))


def entry_seed(action: Action) -> int:
    """The entry's ``seed`` (an int), or IllegalAction."""
    seed = action.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise IllegalAction(_("This entry has no valid seed for the app's draw."))
    return seed


def chained_seed(action: Action, step: int) -> int:
    """The seed of the ``step``-th draw the engine makes by itself after ``action`` (a
    draw no one tapped for): derived from the entry's own seed, so that a replay, an undo
    or a correction draws the same, and different for each step of the chain. A hash
    rather than ``hash()``, which Python salts per process."""
    digest = hashlib.sha256(f"{entry_seed(action)}/{step}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1  # 31 bits, like the platform's seeds


def seat_arg(state: State, action: Action) -> int:
    """The acting seat (the platform sets ``action["seat"]``)."""
    return int_arg(action, "seat", 0, len(state["players"]) - 1)
