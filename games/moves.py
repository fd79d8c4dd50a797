"""One declaration per action type (issue 21).

An engine declares each of its action types once, as a :class:`Move`: the values the
entry carries (each a :class:`Param` of one kind: a count with its limits, a number
among some, one of some options, a place on a grid, a seat, counts by colour, several
of some pieces), which of them are recorded physical facts a correction may change, its
log line, the step it belongs to and its handler. From it come the fields of the phone's
form, the fields of the correction form (the same builder, hence the same limits), the
log line and the keys an entry may carry. The engine keeps only what is its own: which
buttons a step offers and in which order.

This module builds on :mod:`games.base` (``Field``, ``Choice``) and nothing imports it
back there, so there is no import circle.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from games.base import Action, Choice, Field, Game, IllegalAction, State
from games.i18n import Msg, _, msg


@dataclass(frozen=True)
class Where:
    """The state an entry is (or was) made in and the seat making it: the limits of its
    fields come from here. ``None`` where it is not known (a correction of an old log):
    the fields then have their widest limits."""

    state: State
    seat: int


HelpArgs = Callable[[Where | None, Action], Mapping[str, Any] | None]


def shown_number(value: Any) -> Any:
    """A whole number as the log shows it; anything else (odd data) as "?"."""
    return value if isinstance(value, int) and not isinstance(value, bool) else "?"


class Kind:
    """What sort of value a parameter is: how it is asked and how the log shows it."""

    def keys(self, param: Param) -> tuple[str, ...]:
        """The keys of the entry this parameter fills."""
        return (param.key,)

    def fields(self, param: Param, where: Where | None, action: Action) -> tuple[Field, ...]:
        """The form fields that ask for it, with their limits in ``where``."""
        raise NotImplementedError

    def shown(self, param: Param, action: Action) -> dict[str, Any]:
        """The log line's arguments for the value in ``action``."""
        return {param.arg or param.key: shown_number(action.get(param.key))}

    def values(self, where: Where | None) -> tuple[Any, ...]:
        """Every value it can take (one button each when a step offers them as buttons)."""
        return ()

    def compacted(self, built: Field) -> Field:
        """``built`` as a compact entry form shows it (see ``Move.form``)."""
        return built


Among = Callable[[Where, Action], Sequence[Any]]


def narrowed(
    options: tuple[tuple[Any, str | Msg], ...],
    among: Among | None,
    where: Where | None,
    action: Action,
) -> tuple[tuple[Any, str | Msg], ...]:
    """``options``, or those of them ``among`` gives in a known state (in their own order:
    the order of a deck is no one's to see)."""
    if among is None or where is None:
        return options
    possible = set(among(where, action))
    return tuple(option for option in options if option[0] in possible)


def prompted(built: Field, prompt: str) -> Field:
    """A choice field that starts on an empty ``prompt`` option, if there is one."""
    if not prompt:
        return built
    return replace(built, choices=(("", prompt), *built.choices), default="")


@dataclass(frozen=True)
class Count(Kind):
    """A whole number in ``low..high``; ``upto`` narrows ``high`` in a known state (the
    holes left visible), and ``default`` is a number, ``"high"`` or ``None``."""

    low: int
    high: int
    upto: Callable[[Where, Action], int] | None = None
    default: int | Literal["high"] | None = None

    def limits(self, where: Where | None, action: Action) -> tuple[int, int]:
        if self.upto is None or where is None:
            return self.low, self.high
        return self.low, self.upto(where, action)

    def fields(self, param: Param, where: Where | None, action: Action) -> tuple[Field, ...]:
        low, high = self.limits(where, action)
        default = high if self.default == "high" else self.default
        return (
            Field(
                param.key,
                param.label,
                low=low,
                high=high,
                default=default,
                help=param.help_for(where, action, low=low, high=high),
            ),
        )

    def values(self, where: Where | None) -> tuple[Any, ...]:
        return tuple(range(self.low, self.high + 1))


@dataclass(frozen=True)
class Number(Kind):
    """A number picked from a short list (a floor): ``among`` gives the ones possible in a
    state, else ``low..high``; the last one is the default."""

    low: int
    high: int
    among: Callable[[Where, Action], Sequence[int]] | None = None

    def values(self, where: Where | None) -> tuple[Any, ...]:
        return tuple(range(self.low, self.high + 1))

    def fields(self, param: Param, where: Where | None, action: Action) -> tuple[Field, ...]:
        if self.among is not None and where is not None:
            numbers = tuple(self.among(where, action))
        else:
            numbers = self.values(where)
        return (
            Field(
                param.key,
                param.label,
                kind="choice",
                choices=tuple((number, str(number)) for number in numbers),
                default=numbers[-1] if numbers else None,
                help=param.help_for(where, action),
            ),
        )


@dataclass(frozen=True)
class OneOf(Kind):
    """One of some labelled options: a card, a land, a flower, a token. The log shows the
    option's label, or the value itself with ``show_value`` (a number of pillars)."""

    options: tuple[tuple[Any, str | Msg], ...]
    show_value: bool = False
    # The first, empty option of a compact entry form: an untouched box is no choice.
    prompt: str = ""
    # The options possible in a known state (the cards still in the deck).
    among: Among | None = None
    # The log's name of an option where it is not its label (a land offered as
    # "Region: Land" is logged as "Land").
    names: tuple[tuple[Any, str | Msg], ...] = ()

    def compacted(self, built: Field) -> Field:
        return prompted(built, self.prompt)

    def values(self, where: Where | None) -> tuple[Any, ...]:
        return tuple(value for value, _label in self.options)

    def fields(self, param: Param, where: Where | None, action: Action) -> tuple[Field, ...]:
        return (
            Field(
                param.key,
                param.label,
                kind="choice",
                choices=narrowed(self.options, self.among, where, action),
                help=param.help_for(where, action),
            ),
        )

    def shown(self, param: Param, action: Action) -> dict[str, Any]:
        value = action.get(param.key)
        if self.show_value:
            return {param.arg or param.key: shown_number(value)}
        labels = {
            key: label for key, label in (*self.options, *self.names) if isinstance(key, str | int)
        }
        if isinstance(value, str | int) and not isinstance(value, bool) and value in labels:
            return {param.arg or param.key: labels[value]}
        return {param.arg or param.key: "?"}


@dataclass(frozen=True)
class Grid(Kind):
    """A place on a square grid of ``side`` × ``side`` (Babylon's quarry), numbered row by
    row from 0; the log names its row and column."""

    side: int

    def values(self, where: Where | None) -> tuple[Any, ...]:
        return tuple(range(self.side * self.side))

    def fields(self, param: Param, where: Where | None, action: Action) -> tuple[Field, ...]:
        return (
            Field(
                param.key,
                param.label,
                kind="choice",
                choices=tuple((place, self.name(place)) for place in self.values(where)),
                help=param.help_for(where, action),
            ),
        )

    def name(self, place: int) -> str:
        row, column = divmod(place, self.side)
        return f"{row + 1}-{column + 1}"

    def shown(self, param: Param, action: Action) -> dict[str, Any]:
        place = action.get(param.key)
        if isinstance(place, int) and not isinstance(place, bool) and 0 <= place < self.side**2:
            return {"row": place // self.side + 1, "column": place % self.side + 1}
        return {"row": "?", "column": "?"}


@dataclass(frozen=True)
class Seat(Kind):
    """One of the seats at the table (who starts, whom an entry concerns): the seats of
    the state when known, else up to ``most``. Forms show each seat's name; the log its
    number, as ``arg``."""

    most: int
    label: str = _("Seat %(number)s")

    def values(self, where: Where | None) -> tuple[Any, ...]:
        return tuple(range(len(where.state["players"]) if where is not None else self.most))

    def fields(self, param: Param, where: Where | None, action: Action) -> tuple[Field, ...]:
        return (
            Field(
                param.key,
                param.label,
                kind="choice",
                choices=tuple(
                    (seat, msg(self.label, number=seat + 1)) for seat in self.values(where)
                ),
                seats=True,
                help=param.help_for(where, action),
            ),
        )

    def shown(self, param: Param, action: Action) -> dict[str, Any]:
        seat = shown_number(action.get(param.key))
        return {param.arg or param.key: seat + 1 if seat != "?" else "?"}


@dataclass(frozen=True)
class Slots(Kind):
    """Numbered picks among the same options (the cards of a hand: ``card_1``..``card_6``):
    as many as ``count`` says for the entry (all ``labels`` when it says nothing)."""

    prefix: str
    labels: tuple[str | Msg, ...]
    options: tuple[tuple[Any, str | Msg], ...]
    count: Callable[[Where | None, Action], int] | None = None
    prompt: str = ""
    among: Among | None = None  # as OneOf's
    seats: bool = False  # the options are seats: forms show their names (Field.seats)

    def compacted(self, built: Field) -> Field:
        return prompted(built, self.prompt)

    def keys(self, param: Param) -> tuple[str, ...]:
        return tuple(f"{self.prefix}_{n}" for n in range(1, len(self.labels) + 1))

    def fields(self, param: Param, where: Where | None, action: Action) -> tuple[Field, ...]:
        count = self.count(where, action) if self.count is not None else len(self.labels)
        help_line = param.help_for(where, action)
        options = narrowed(self.options, self.among, where, action)
        return tuple(
            Field(
                key,
                label,
                kind="choice",
                choices=options,
                help=help_line,
                seats=self.seats,
                default=self._preselected(options, n),
            )
            for n, (key, label) in enumerate(
                zip(self.keys(param)[:count], self.labels, strict=False)
            )
        )

    def _preselected(self, options: tuple[tuple[Any, str | Msg], ...], n: int) -> Any:
        """Seats in slots are an order (Wallenstein's generals): each seat once, in seat
        order, so the table changes only the slots that differ. Every slot on the first
        seat was an entry the engine could only refuse."""
        if not self.seats or n >= len(options):
            return None
        return options[n][0]

    def shown(self, param: Param, action: Action) -> dict[str, Any]:
        return {}


@dataclass(frozen=True)
class Tally(Kind):
    """A count for each of some items (cubes by colour, tiles by flower), each in
    ``low..high``: one field per item, the item's key being the entry's key."""

    items: tuple[tuple[str, str | Msg], ...]
    low: int
    high: int
    default: int | None = 0

    def keys(self, param: Param) -> tuple[str, ...]:
        return tuple(key for key, _label in self.items)

    def fields(self, param: Param, where: Where | None, action: Action) -> tuple[Field, ...]:
        help_line = param.help_for(where, action, low=self.low, high=self.high)
        return tuple(
            Field(key, label, low=self.low, high=self.high, default=self.default, help=help_line)
            for key, label in self.items
        )

    def shown(self, param: Param, action: Action) -> dict[str, Any]:
        return {key: shown_number(action.get(key)) for key in self.keys(param)}


@dataclass(frozen=True)
class Counts(Kind):
    """A count for each seat at the table and for some other items (cubes by colour: each
    player's armies, then the neutral ones): ``<prefix>_<seat>`` and the items' keys. Each
    is at least 0 and at most what ``most`` gives for its key in a known state (no upper
    limit without one, as when the count is kept secret). A count that can only be 0 starts
    at 0; the others start empty, so that nothing is sent uncounted. Each seat's field
    names its seat (``Field.seat``: forms show its name and colour)."""

    prefix: str
    most_seats: int
    seat_label: str  # "%(number)s": the seat's number
    items: tuple[tuple[str, str | Msg], ...] = ()
    most: Callable[[Where], Mapping[str, int]] | None = None
    # The help line of a count with an upper limit ("%(high)s"); Param.help is the other.
    bounded: str = ""

    def keys(self, param: Param) -> tuple[str, ...]:
        return (*(self.seat_key(seat) for seat in range(self.most_seats)), *dict(self.items))

    def seat_key(self, seat: int) -> str:
        return f"{self.prefix}_{seat}"

    def seat_count(self, where: Where | None, action: Action) -> int:
        """The table's seats; without a state, those the entry counts."""
        if where is not None:
            return len(where.state["players"])
        return sum(1 for seat in range(self.most_seats) if self.seat_key(seat) in action)

    def fields(self, param: Param, where: Where | None, action: Action) -> tuple[Field, ...]:
        most = self.most(where) if self.most is not None and where is not None else {}
        seats = [
            (self.seat_key(seat), msg(self.seat_label, number=seat + 1), seat)
            for seat in range(self.seat_count(where, action))
        ]
        result = []
        for key, label, seat in (*seats, *((key, label, None) for key, label in self.items)):
            high = most.get(key)
            if high is not None and self.bounded:
                help_line: Msg | None = msg(self.bounded, high=high)
            else:
                help_line = param.help_for(where, action)
            result.append(
                Field(
                    key,
                    label,
                    low=0,
                    high=high,
                    default=0 if high == 0 else None,
                    help=help_line,
                    seat=seat,
                )
            )
        return tuple(result)

    def shown(self, param: Param, action: Action) -> dict[str, Any]:
        return {key: shown_number(action.get(key)) for key in self.keys(param) if key in action}


@dataclass(frozen=True)
class Several(Kind):
    """Several of some pieces, ticked. The pieces offered travel with the entry under
    ``offered`` (``[value, label]`` pairs), so that its correction ticks among the same."""

    offered: str

    def pieces(self, action: Action) -> tuple[tuple[Any, Any], ...]:
        pieces = action.get(self.offered)
        return tuple(
            (piece[0], piece[1])
            for piece in (pieces if isinstance(pieces, list) else [])
            if isinstance(piece, list) and len(piece) == 2 and isinstance(piece[0], str)
        )

    def fields(self, param: Param, where: Where | None, action: Action) -> tuple[Field, ...]:
        pieces = self.pieces(action)
        if not pieces:
            return ()  # nothing to tick: the question is not asked
        return (
            Field(
                param.key,
                param.label,
                kind="multi",
                choices=pieces,
                default=[],
                help=param.help_for(where, action),
            ),
        )

    def shown(self, param: Param, action: Action) -> dict[str, Any]:
        value = action.get(param.key)
        return {param.arg or param.key: len(value) if isinstance(value, list) else "?"}


@dataclass(frozen=True)
class Param:
    """One value an entry carries.

    ``fact``: a recorded physical fact (what was seen on the table), which a correction
    may change. ``help`` is a short line under the field, its ``%(low)s``/``%(high)s``
    filled with the limits and other placeholders with ``help_args`` (no line when that
    gives ``None``). ``asked`` says whether the field is asked at all in a state (a
    question with a single answer is not). ``arg`` names the value in the log line when
    the key does not.
    """

    key: str
    label: str | Msg
    kind: Kind
    fact: bool = False
    help: str | None = None
    help_args: HelpArgs | None = None
    asked: Callable[[Where | None, Action], bool] | None = None
    arg: str = ""
    # Short labels (by field key) of a compact entry form, a grid whose note explains them.
    short: Mapping[str, str | Msg] | None = None

    def help_for(self, where: Where | None, action: Action, **limits: int) -> Msg | None:
        if self.help is None:
            return None
        extra = self.help_args(where, action) if self.help_args is not None else {}
        if extra is None:
            return None
        args = {**limits, **extra}
        return msg(
            self.help, **{key: value for key, value in args.items() if f"%({key})" in self.help}
        )

    def fields(self, where: Where | None, action: Action) -> tuple[Field, ...]:
        if self.asked is not None and not self.asked(where, action):
            return ()
        return self.kind.fields(self, where, action)


# A line that counts something, written out as one ``ngettext`` call so that makemessages
# files both forms together: ``lambda n, **args: ngettext("… %(holes)s hole.", "… holes.",
# n, **args)``.
Counted = Callable[..., Msg]


@dataclass(frozen=True)
class Line:
    """A log line: used for entries whose values match ``when`` (the first that matches
    is taken) and that pass ``test``. ``text`` is a marked text, or a :data:`Counted`
    whose form follows the value named ``count`` (as the line shows it); ``extra`` adds
    arguments computed from the entry."""

    text: str | Counted
    count: str = ""
    when: tuple[tuple[str, Any], ...] = ()
    extra: Callable[[Action], Mapping[str, Any]] | None = None
    test: Callable[[Action], bool] | None = None

    def matches(self, action: Action) -> bool:
        if self.test is not None and not self.test(action):
            return False
        return all(action.get(key) == value for key, value in self.when)


Handler = Callable[[State, int, Action], None]


@dataclass(frozen=True)
class Move:
    """The declaration of one action type: everything the platform needs about it.

    ``step`` is the step of the game that accepts it, ``apply`` its handler (it changes
    the state in place or raises IllegalAction), ``carried`` the keys the entry carries
    without asking them (an app draw's flag, the pieces a question offered).
    """

    type: str
    step: str | tuple[str, ...]
    params: tuple[Param, ...]
    lines: tuple[Line, ...]
    apply: Handler
    carried: frozenset[str] = frozenset()
    # The label of one of its buttons, filled like the log line (a step that offers one
    # button per value of a parameter, see :func:`buttons`).
    button: str = ""
    group: str = ""
    style: str = "primary"
    # Every apply checks the keys (the phone's choices try many entries): made once.
    allowed: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        keys = frozenset(key for p in self.params for key in p.kind.keys(p)) | self.carried
        object.__setattr__(self, "allowed", keys)

    def accepts(self, step: str) -> bool:
        """Whether the game's step ``step`` takes an entry of this type."""
        return step == self.step if isinstance(self.step, str) else step in self.step

    def keys(self) -> frozenset[str]:
        """The keys an entry of this type may carry besides ``type``, ``seat``, ``seed``."""
        return self.allowed

    def param(self, key: str) -> Param:
        return next(p for p in self.params if p.key == key)

    def form(
        self,
        where: Where | None,
        action: Action,
        ask: Iterable[str] | None = None,
        defaults: Mapping[str, Any] | None = None,
        compact: bool = False,
    ) -> tuple[Field, ...]:
        """The fields the phone asks for an entry ``action``: the parameters in ``ask``
        (by default those ``action`` does not fix yet), with their limits in ``where``.

        ``compact``: a grid of boxes, as a phone enters a ship or a hand: short labels, no
        help lines (the choice's note explains them), choices that start empty. The keys
        and the limits are the same as in the correction form."""
        wanted = set(ask) if ask is not None else None
        defaults = defaults or {}
        result: list[Field] = []
        for p in self.params:
            if wanted is None and all(key in action for key in p.kind.keys(p)):
                continue
            if wanted is not None and p.key not in wanted:
                continue
            for built in p.fields(where, action):
                if compact:
                    short = (p.short or {}).get(built.key, built.label)
                    built = p.kind.compacted(replace(built, label=short, help=None))
                if built.key in defaults:
                    built = replace(built, default=defaults[built.key])
                result.append(built)
        return tuple(result)

    def facts(self, action: Action, where: Where | None) -> tuple[Field, ...]:
        """The correction form: the fact parameters, built as the entry's form builds them."""
        return tuple(built for p in self.params if p.fact for built in p.fields(where, action))

    def describe(self, action: Action) -> Msg:
        """The log line of ``action``."""
        line = next((line for line in self.lines if line.matches(action)), self.lines[-1])
        args = self.shown(action)
        if line.extra is not None:
            args.update(line.extra(action))
        if isinstance(line.text, str):
            return msg(line.text, **used(args, line.text))
        value = args.get(line.count, action.get(line.count))
        # Odd data (a correction's preview) may lack the number: the plural form then.
        count = value if isinstance(value, int) and not isinstance(value, bool) else 0
        probe = line.text(count)
        wanted = used(args, probe["text"] + probe.get("plural", ""))
        counted = line.text(count, **{k: v for k, v in wanted.items() if k != "count"})
        # A value named "count" is shown as the entry has it ("?" for odd data, where
        # ngettext's own is 0, to pick the plural form).
        counted["args"].update(wanted)
        return counted

    def label(self, action: Action) -> Msg:
        """The label of a button that sends ``action``."""
        return msg(self.button, **used(self.shown(action), self.button))

    def shown(self, action: Action) -> dict[str, Any]:
        """The values of ``action`` as its log line and labels show them."""
        args: dict[str, Any] = {}
        for p in self.params:
            args.update(p.kind.shown(p, action))
        return args


def used(args: Mapping[str, Any], text: str) -> dict[str, Any]:
    """The arguments whose placeholder ``text`` has (a message keeps only those)."""
    return {key: value for key, value in args.items() if f"%({key})" in text}


@dataclass(frozen=True)
class Moves:
    """An engine's declarations, by type: the contract's ``describe`` and ``facts`` and
    the engine's dispatch come from here."""

    moves: tuple[Move, ...]
    by_type: dict[str, Move] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_type", {move.type: move for move in self.moves})

    def get(self, kind: Any) -> Move | None:
        return self.by_type.get(kind) if isinstance(kind, str) else None

    def __getitem__(self, kind: str) -> Move:
        move = self.get(kind)
        if move is None:
            raise KeyError(kind)
        return move

    def describe(self, action: Action) -> Msg:
        move = self.get(action.get("type"))
        if move is None:
            return msg(_("Unknown entry %(type)s."), type=str(action.get("type")))
        return move.describe(action)

    def facts(self, action: Action, before: State | None) -> tuple[Field, ...]:
        move = self.get(action.get("type"))
        if move is None:
            return ()
        return move.facts(action, where_of(action, before))


def where_of(action: Action, before: State | None) -> Where | None:
    """The state an entry was made in and its seat, when both are known and fit."""
    seat = action.get("seat")
    if before is None or not isinstance(seat, int) or isinstance(seat, bool):
        return None
    if not 0 <= seat < len(before["players"]):
        return None
    return Where(before, seat)


def refusal(game: Game, state: State, seat: int, action: Action) -> Msg | None:
    """Why the engine refuses ``action`` for ``seat`` now (``None``: it is possible).

    The engine is the one authority on what is legal: a candidate entry is tried on it
    (``apply`` is pure), never re-checked here.
    """
    try:
        game.apply(state, {**action, "seat": seat, "seed": 0})
    except IllegalAction as error:
        return error.message
    return None


def buttons(game: Game, move: Move, where: Where, key: str, **fixed: Any) -> list[Choice]:
    """One button per value of parameter ``key``, labelled with ``move.button`` (without
    one, with the value's own label: a round token's effect), greyed with the engine's
    reason where it is not possible now."""
    param = move.param(key)
    result = []
    for value in param.kind.values(where):
        action = {"type": move.type, **fixed, key: value}
        if move.button:
            label = move.label(action)
        else:
            label = msg(str(param.kind.shown(param, action).get(param.arg or param.key, value)))
        result.append(
            Choice(
                label,
                action,
                disabled=refusal(game, where.state, where.seat, action),
                group=move.group,
                style=move.style,
            )
        )
    return result


def attempt(handler: Handler, where: Where, action: Action) -> Msg | None:
    """Why ``handler`` refuses ``action`` in ``where`` (``None``: it accepts it), tried on
    a copy: for a field whose possible values only the rule module knows (the floors a
    decoration can go on)."""
    try:
        # State is JSON data by contract: a JSON round trip is its fastest deep copy.
        handler(json.loads(json.dumps(where.state)), where.seat, action)
    except IllegalAction as error:
        return error.message
    return None
