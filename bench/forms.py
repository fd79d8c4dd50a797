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
fields' defaults), else values inside the fields' limits.
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

    def value(self, rng: random.Random, suggested: bool) -> Any:
        """The engine's suggestion when ``suggested`` and there is one, else a value inside
        the limits."""
        if self.kind == "multi":
            if suggested:
                return list(self.chosen)
            return [option for option in self.options if rng.random() < 0.5]
        if suggested and self.default is not None:
            return self.default
        if self.kind == "int":
            low = self.low if self.low is not None else 0
            high = self.high if self.high is not None else low + 3
            return rng.randint(low, max(low, high))
        if self.kind == "choice" and self.options:
            return rng.choice(self.options)
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

    @property
    def by_app(self) -> bool:
        return self.action.get("by_app") is True

    @property
    def taps(self) -> int:
        """1 for the button, 1 for each value to fill, 1 for a confirmation question."""
        return 1 + len(self.inputs) + (1 if self.confirm else 0)

    def data(
        self, rng: random.Random, *, suggested: bool = True, idem: str | None = None
    ) -> list[tuple[str, str]]:
        """The posted pairs (repeated names kept, as a browser sends ticked boxes)."""
        pairs = [(name, value) for name, value in self.hidden.items() if name != "idem"]
        pairs += [("action", json.dumps(self.action)), ("idem", idem or uuid.uuid4().hex)]
        for item in self.inputs:
            value = item.value(rng, suggested)
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

    def _input(self, key: str, kind: str) -> Input:
        assert self.current is not None
        found = next((item for item in self.current.inputs if item.key == key), None)
        if found is None:
            found = Input(key, kind)
            self.current.inputs.append(found)
        return found

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value if value is not None else "" for key, value in attrs}
        if tag == "form":
            url = attr.get("hx-post") or attr.get("action") or ""
            self.current = EntryForm(url, {}, {}, [], "hx-confirm" in attr)
            self.has_action = False
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
        elif tag == "option" and self.select is not None:
            value = _json(attr.get("value"))
            self.select.options.append(value)
            if "selected" in attr:
                self.select.default = value
        elif tag == "button" and attr.get("type", "submit") == "submit":
            self.current.style = self.current.style or attr.get("class", "")
            if name.startswith("f."):  # a row of submit buttons, one per value
                item = self._input(name[2:], "choice")
                item.options.append(_json(attr.get("value")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
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
