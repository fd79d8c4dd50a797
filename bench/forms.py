"""The entry forms of a phone's region, read generically, and a plausible entry picked from them.

What a phone shows is HTML: each entry it may make now is a ``<form>`` posting a hidden
``action`` (JSON), the bookkeeping fields (``version``, ``idem``, host mode's ``on_behalf``)
and the values the player fills in: ``f.<key>`` (a number, a select, radio buttons, a
text) and ``m.<key>`` check boxes (with a hidden ``multi`` naming the key). The benchmarks
read those forms as a browser would, so they play whatever the game offers without knowing
its rules, and they keep working while the pickers' markup changes as long as the controls
stay plain form controls posting that shape.

A plausible entry is what a table would enter (``pick``): an app draw where the game
offers one (it always moves the game on), else an entry as the game suggests it (the
fields' defaults; a box the player must fill, "(choose)", gets one of its real options),
else values inside the fields' limits. ``bench/live.py`` and ``bench/regions.py`` fill the
entry it picks with ``table_values``, the values a table enters. ``table_pick`` is the
stricter policy of ``bench/interactions.py``: what a group chooses most, with its values.

Taps are counted as a person makes them (``EntryForm.taps_for``): 1 for each closed
``<details>`` the form lies in (a picker's source, then its target, each opened with a
tap), 1 for the button, 1 for each field changed from its default (a field kept as it
stands costs nothing; a count with − and + buttons beside it the fewer of the steps from
what it shows and typing it: the box, then its digits), 1 for each box ticked or unticked,
1 for a confirmation question.
"""

from __future__ import annotations

import html
import json
import random
import uuid
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any


@dataclass
class Input:
    """One value the player fills in: ``kind`` int, choice (select, radios), multi, text."""

    key: str
    kind: str
    low: int | None = None
    high: int | None = None
    options: list[Any] = field(default_factory=list)
    default: Any = None
    chosen: list[Any] = field(default_factory=list)  # a multi's ticked boxes
    by_button: bool = False  # a row of submit buttons: the value is the button tapped
    stepper: bool = False  # a count with − and + buttons (button[data-step]) beside its box
    required: bool = True  # a select without ``required`` may stay on its empty "(none)"

    def taps(self, value: Any) -> int:
        """What entering ``value`` costs: nothing when it is the default (or the button's own
        value), 1 for a changed field, 1 per box ticked or unticked; a stepped count the
        fewer of its steps and typing it."""
        if self.by_button:
            return 0
        if self.kind == "multi":
            before = {json.dumps(one, sort_keys=True) for one in self.chosen}
            after = {json.dumps(one, sort_keys=True) for one in value}
            return len(before ^ after)
        if self.kind == "text" and value == (self.default or ""):
            return 0
        if value == self.shown:
            return 0
        if self.stepper and isinstance(value, int):
            return min(abs(value - self.stepped_from), 1 + len(str(value)))
        return 1

    @property
    def stepped_from(self) -> int:
        """Where the first − or + starts: the box's value, an empty box at 0 inside the
        limits (static/companion/live.js)."""
        if isinstance(self.default, int):
            return self.default
        start = 0 if self.low is None else max(0, self.low)
        return start if self.high is None else min(start, self.high)

    @property
    def shown(self) -> Any:
        """The value the control shows before it is touched: its default, a select's
        first option when none is selected (a browser sends that one)."""
        if self.default is None and self.kind == "choice" and self.options:
            return self.options[0]
        return self.default

    @property
    def unchosen(self) -> bool:
        """A required select left on its empty first option ("(choose)"): no suggestion, a
        box the player must fill (an optional one's "(none)" is a value)."""
        return self.kind == "choice" and self.required and self.default == ""

    def value(self, rng: random.Random, suggested: bool) -> Any:
        """The engine's suggestion when ``suggested`` and there is one, else a value inside
        the limits (a required select one of its real options: a player must choose)."""
        if self.kind == "multi":
            if suggested:
                return list(self.chosen)
            return [option for option in self.options if rng.random() < 0.5]
        if suggested and self.default is not None and not self.unchosen:
            return self.default
        if self.kind == "int":
            low = self.low if self.low is not None else 0
            high = self.high if self.high is not None else low + 3
            return rng.randint(low, max(low, high))
        if self.kind == "choice" and self.options:
            filled = [option for option in self.options if option != ""]
            return rng.choice(filled if self.required and filled else self.options)
        return self.default if self.default is not None else ""


@dataclass
class EntryForm:
    """One enabled entry as the phone shows it."""

    url: str
    action: dict[str, Any]
    hidden: dict[str, str]
    inputs: list[Input]
    confirm: bool
    style: str = ""
    closed: int = 0  # the closed <details> it lies in: one tap each to reach the form

    @property
    def by_app(self) -> bool:
        return self.action.get("by_app") is True

    @property
    def kind(self) -> str:
        """The action's type, as the step shows it ("?" if it has none)."""
        return str(self.action.get("type", "?"))

    @property
    def is_primary(self) -> bool:
        return "primary" in self.style.split()

    def values(self, rng: random.Random, suggested: bool) -> dict[str, Any]:
        """A value for each field (see ``Input.value``)."""
        return {item.key: item.value(rng, suggested) for item in self.inputs}

    def taps_for(self, values: dict[str, Any]) -> int:
        """1 per closed <details> opened to reach it, 1 for the button, what each field's
        value costs, 1 for a confirmation question."""
        fields = sum(item.taps(values[item.key]) for item in self.inputs)
        return self.closed + 1 + fields + (1 if self.confirm else 0)

    def data(
        self, rng: random.Random, *, suggested: bool = True, idem: str | None = None
    ) -> list[tuple[str, str]]:
        """The posted pairs (repeated names kept, as a browser sends ticked boxes)."""
        return self.pairs(self.values(rng, suggested), idem)

    def pairs(self, values: dict[str, Any], idem: str | None = None) -> list[tuple[str, str]]:
        """The posted pairs of ``values`` (one per field)."""
        pairs = [(name, value) for name, value in self.hidden.items() if name != "idem"]
        pairs += [("action", json.dumps(self.action)), ("idem", idem or uuid.uuid4().hex)]
        for item in self.inputs:
            value = values[item.key]
            if item.kind == "multi":
                pairs.append(("multi", item.key))
                pairs += [(f"m.{item.key}", json.dumps(one)) for one in value]
            elif item.kind == "text":
                pairs.append((f"f.{item.key}", str(value)))
            else:
                pairs.append((f"f.{item.key}", json.dumps(value)))
        return pairs


def _json(raw: str | None) -> Any:
    text = html.unescape(raw or "")
    try:
        return json.loads(text)
    except ValueError:
        return text


def _int(raw: str | None) -> int | None:
    try:
        return int(raw) if raw not in (None, "") else None
    except ValueError:
        return None


class _Parser(HTMLParser):
    """Every ``<form>`` of a region that posts an ``action``: the entry forms."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[EntryForm] = []
        self.current: EntryForm | None = None
        self.select: Input | None = None
        self.has_action = False
        self.details: list[bool] = []  # the <details> open around here, outermost first
        self.last_count: Input | None = None  # the count box just read (for a stepper)
        self.step_pending = False  # a − read before its box

    def _input(self, key: str, kind: str) -> Input:
        assert self.current is not None
        found = next((item for item in self.current.inputs if item.key == key), None)
        if found is None:
            found = Input(key, kind)
            self.current.inputs.append(found)
        return found

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value if value is not None else "" for key, value in attrs}
        if tag == "details":
            self.details.append("open" in attr)
            return
        if tag == "form":
            url = attr.get("hx-post") or attr.get("action") or ""
            self.current = EntryForm(url, {}, {}, [], "hx-confirm" in attr)
            self.current.closed = sum(not is_open for is_open in self.details)
            self.has_action = False
            self.last_count, self.step_pending = None, False
            return
        if self.current is None:
            return
        name = attr.get("name", "")
        kind = attr.get("type", "text").lower() if tag == "input" else ""
        if tag == "input" and kind == "hidden" and name:
            if name == "action":
                self.current.action = _json(attr.get("value")) or {}
                self.has_action = True
            elif name != "multi" and name != "csrfmiddlewaretoken":
                self.current.hidden[name] = html.unescape(attr.get("value", ""))
        elif tag == "input" and name.startswith("f.") and kind in ("number", "range"):
            item = self._input(name[2:], "int")
            item.low, item.high = _int(attr.get("min")), _int(attr.get("max"))
            item.default = _int(attr.get("value"))
            item.stepper = item.stepper or self.step_pending
            self.last_count, self.step_pending = item, False
            return
        elif tag == "input" and name.startswith("f.") and kind == "radio":
            item = self._input(name[2:], "choice")
            value = _json(attr.get("value"))
            item.options.append(value)
            if "checked" in attr:
                item.default = value
        elif tag == "input" and name.startswith("m.") and kind == "checkbox":
            item = self._input(name[2:], "multi")
            value = _json(attr.get("value"))
            item.options.append(value)
            if "checked" in attr:
                item.chosen.append(value)
        elif tag == "input" and name.startswith("f."):
            self._input(name[2:], "text").default = html.unescape(attr.get("value", ""))
        elif tag == "select" and name.startswith("f."):
            self.select = self._input(name[2:], "choice")
            self.select.required = "required" in attr
        elif tag == "option" and self.select is not None:
            value = _json(attr.get("value"))
            self.select.options.append(value)
            if "selected" in attr:
                self.select.default = value
        elif tag == "button" and "data-step" in attr:
            # − before its box, + after it (templates' steppers): the box beside it.
            if self.last_count is not None:
                self.last_count.stepper = True
            else:
                self.step_pending = True
            return
        elif tag == "button" and attr.get("type", "submit") == "submit":
            self.current.style = self.current.style or attr.get("class", "")
            if name.startswith("f."):  # a row of submit buttons, one per value
                item = self._input(name[2:], "choice")
                item.by_button = True
                item.options.append(_json(attr.get("value")))

        if tag in ("input", "select", "textarea", "button"):
            self.last_count = None  # another control between: not this box's stepper

    def handle_endtag(self, tag: str) -> None:
        if tag == "details" and self.details:
            self.details.pop()
        elif tag == "select":
            self.select = None
        elif tag == "form" and self.current is not None:
            if self.has_action:
                self.forms.append(self.current)
            self.current = None


def entry_forms(region: str) -> list[EntryForm]:
    """The entries a phone's region offers now (disabled ones are not forms)."""
    parser = _Parser()
    parser.feed(region)
    parser.close()
    return parser.forms


def pick(forms: list[EntryForm], rng: random.Random, refused: int = 0) -> EntryForm:
    """A plausible entry among ``forms``: an app draw where one is offered; else the
    game's main entries (its primary buttons) three times as often as the others.
    After ``refused`` refusals at this version, any entry, chosen evenly."""
    if refused:
        return rng.choice(forms)
    drawn = [form for form in forms if form.by_app]
    if drawn:
        return rng.choice(drawn)
    weights = [3 if "primary" in form.style.split() else 1 for form in forms]
    return rng.choices(forms, weights)[0]


# Tries at one step before the table policy gives up its preferences: first the main
# entries with the suggested values, then any entry with them, then random values.
SUGGESTED_TRIES = 3


def table_pick(
    forms: list[EntryForm], rng: random.Random, refused: int = 0
) -> tuple[EntryForm, dict[str, Any]]:
    """What a group at the table enters, with its values (the plausible-table policy).

    A main entry (the game's primary buttons; the many buttons of one kind, one per card
    or land, make it the likelier), preferring those that ask no confirmation (a
    confirmation guards an entry a table makes last: ending a turn with nothing in it,
    an empty garden); where the app offers to draw or roll that same entry, the app does
    it (a table lets the app draw rather than shuffle); where no main entry is offered,
    an app draw, else any entry. The fields as the game suggests them (their defaults),
    a value inside the limits where there is none. After ``refused`` refusals at this
    step: any entry with the suggested values, then any with values inside the limits,
    as a table tries something else when the app says no.
    """
    if refused:
        form = rng.choice(forms)
        return form, table_values(form, rng, keep_defaults=refused < SUGGESTED_TRIES)
    drawn = [form for form in forms if form.by_app]
    primary = [form for form in forms if form.is_primary and not form.by_app]
    unasked = [form for form in primary if not form.confirm]
    main = unasked or primary or drawn or forms
    # One tap is what a table makes most: an entry with fields to fill is the rarer one.
    form = rng.choices(main, [1 / (1 + len(form.inputs)) for form in main])[0]
    by_app = [other for other in drawn if other.kind == form.kind]
    if by_app and not form.by_app:
        form = rng.choice(by_app)
    return form, table_values(form, rng, keep_defaults=True)


def table_values(form: EntryForm, rng: random.Random, keep_defaults: bool) -> dict[str, Any]:
    """The values a table enters: each field's default where ``keep_defaults`` and it has
    one; an optional box left empty ("(none)": a select not marked ``required``) stays
    empty, a required empty box ("(choose)") gets one of its real options; a count without a
    default a small one (the least allowed and up to 2 more: the common counts of a
    board game, where random values inside wide limits make absurd entries). Without
    ``keep_defaults`` (the suggestion was refused) a count with a default keeps it two
    times in three: a table changes a few boxes (a ship card's needs: a few kinds of
    provisions, not every kind)."""
    found: dict[str, Any] = {}
    for item in form.inputs:
        if item.kind == "multi":
            found[item.key] = (
                list(item.chosen)
                if keep_defaults
                else [option for option in item.options if rng.random() < 0.5]
            )
        elif keep_defaults and item.default not in (None, ""):
            found[item.key] = item.default
        elif keep_defaults and item.kind == "choice" and not item.required and "" in item.options:
            found[item.key] = ""  # a table leaves an optional box as it is
        elif item.kind == "int" and item.default is not None and rng.random() < 2 / 3:
            found[item.key] = item.default  # a table corrects a few counts, not every one
        elif item.kind == "int":
            low = item.low if item.low is not None else 0
            high = item.high if item.high is not None else low + 2
            found[item.key] = rng.randint(low, max(low, min(high, low + 2)))
        elif item.kind == "choice" and item.options:
            filled = [option for option in item.options if option != ""]
            found[item.key] = rng.choice(filled or item.options)
        else:
            found[item.key] = item.default if item.default is not None else ""
    return found


def random_pick(
    forms: list[EntryForm], rng: random.Random, refused: int = 0
) -> tuple[EntryForm, dict[str, Any]]:
    """Any entry offered, its fields filled at random inside their limits (``refused``
    does not change it: every try is as random as the first)."""
    form = rng.choice(forms)
    return form, form.values(rng, suggested=False)
