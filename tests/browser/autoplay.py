"""Bring a real table to a given step quickly: the host's device enters for whoever must act
(host mode), through the same forms a person taps, sent over HTTP without rendering them.

Used where a test needs a game in full swing (accessibility scans, layout checks) rather
than the taps that lead there, which other tests cover.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any


@dataclass
class ChoiceForm:
    action: str
    values: dict[str, list[str]] = field(default_factory=dict)
    text: str = ""  # the action JSON (and a committing button's value), to recognise the entry

    def has_inputs(self) -> bool:
        return any(key.startswith(("f.", "m.")) for key in self.values)


class _Forms(HTMLParser):
    """The entry forms (``form.choice``) of a page with the values a browser would send."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[ChoiceForm] = []
        self.form: ChoiceForm | None = None
        self.select: str | None = None
        self.select_first: str | None = None
        self.select_chosen = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "form" and "choice" in a.get("class", "").split():
            self.form = ChoiceForm(a.get("action", ""))
        if self.form is None:
            return
        if tag == "input":
            kind, name = a.get("type", "text"), a.get("name", "")
            if not name or (kind == "checkbox" and "checked" not in a):
                return
            value = a.get("value", "") or a.get("min", "") or "0"
            self.form.values.setdefault(name, []).append(value)
            if name == "action":
                self.form.text = value
        elif tag == "button" and a.get("name", "").startswith("f."):
            # A row of committing buttons, one per value (Wallenstein's move targets): the
            # first one is tapped.
            name = a["name"]
            if name not in self.form.values:
                self.form.values[name] = [a.get("value", "")]
                self.form.text += f' "{name[2:]}": {a.get("value", "")}'
        elif tag == "select":
            self.select, self.select_first, self.select_chosen = a.get("name", ""), None, False
        elif tag == "option" and self.select:
            if self.select_first is None:
                self.select_first = a.get("value", "")
            if "selected" in a and not self.select_chosen:
                self.form.values[self.select] = [a.get("value", "")]
                self.select_chosen = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self.form is not None and self.select:
            if not self.select_chosen and self.select_first is not None:
                self.form.values[self.select] = [self.select_first]
            self.select = None
        if tag == "form" and self.form is not None:
            self.forms.append(self.form)
            self.form = None


def choice_forms(html: str) -> list[ChoiceForm]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def pick(forms: Sequence[ChoiceForm], prefer: Sequence[str] = ()) -> ChoiceForm:
    """The first form whose action holds a preferred part (in order of preference), else
    the first that needs no input (an app draw, a card revealed), else the first."""
    for part in prefer:
        for form in forms:
            if part in form.text:
                return form
    plain = [form for form in forms if not form.has_inputs()]
    return plain[0] if plain else forms[0]


def host_url(base_url: str, code: str) -> str:
    return f"{base_url}/t/{code}/host/"


def play_until(
    page: Any,
    base_url: str,
    code: str,
    done: Callable[[str], bool],
    *,
    prefer: Sequence[str] = (),
    limit: int = 400,
) -> str:
    """Enter in host mode from ``page``'s browser context until ``done(host page html)``."""
    request = page.context.request
    url = host_url(base_url, code)
    for _step in range(limit):
        html = request.get(url).text()
        if done(html):
            return html
        forms = choice_forms(html)
        if not forms:
            raise AssertionError(f"nothing to enter at {url}")
        form = pick(forms, prefer)
        data = {key: values[-1] for key, values in form.values.items()}
        multi = {key: values for key, values in form.values.items() if len(values) > 1}
        if multi:  # several boxes ticked: send them all (multipart keeps repeated keys)
            body = "&".join(
                f"{_quote(key)}={_quote(value)}"
                for key, values in form.values.items()
                for value in values
            )
            response = request.post(
                base_url + form.action,
                data=body,
                headers={"Content-Type": "application/x-www-form-urlencoded"},
            )
        else:
            response = request.post(base_url + form.action, form=data)
        assert response.status < 500, response.text()[:500]
    raise AssertionError(f"not reached within {limit} entries")


def _quote(text: str) -> str:
    from urllib.parse import quote_plus

    return quote_plus(text)


def table_code(url: str) -> str:
    match = re.search(r"/t/([A-Z0-9]+)/", url)
    assert match, url
    return match.group(1)


def _csrf(page: Any, base_url: str) -> str:
    page.context.request.get(base_url + "/")
    for cookie in page.context.cookies(base_url):
        if cookie["name"] == "csrftoken":
            return str(cookie["value"])
    raise AssertionError("no CSRF cookie")


def new_table(page: Any, base_url: str, game: str, players: int, **options: str) -> str:
    """Create a table from ``page``'s context (it becomes the host) and return its code."""
    token = _csrf(page, base_url)
    data = {"game": game, "players": str(players), **{f"opt.{k}": v for k, v in options.items()}}
    response = page.context.request.post(
        base_url + "/", form=data, headers={"X-CSRFToken": token}, max_redirects=0
    )
    assert response.status == 302, response.text()[:500]
    return table_code(response.headers["location"])


def take_seat(page: Any, base_url: str, code: str, index: int, name: str, colour: str) -> None:
    """``page``'s context takes seat ``index`` of a table in the lobby (the join page)."""
    token = _csrf(page, base_url)
    response = page.context.request.post(
        f"{base_url}/t/{code}/join/",
        form={"seat": str(index), "name": name, "colour": colour},
        headers={"X-CSRFToken": token},
        max_redirects=0,
    )
    assert response.status == 302, response.text()[:500]


def start(page: Any, base_url: str, code: str) -> None:
    token = _csrf(page, base_url)
    response = page.context.request.post(
        f"{base_url}/t/{code}/start/", headers={"X-CSRFToken": token}, max_redirects=0
    )
    assert response.status == 302, response.text()[:500]
