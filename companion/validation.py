"""Input checked at the edge: one rule per kind of input, before anything is built or stored.

Every POST passes :class:`RejectMalformedInput` first: body size, field count and text without
control characters (PostgreSQL refuses a NUL byte in text with a DataError, a 500 for the
user). JSON from the entry forms goes through :func:`parse_json` (bounded size and depth,
finite numbers of a size JSON readers agree on). An entry's stored payload keeps only the
keys of what the engine offered (:func:`keep_offered_keys`). A refusal is a
:class:`~companion.services.errors.Refused` with a translatable reason, so every endpoint
answers in the user's language and changes nothing.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from companion.services.errors import Refused
from games.base import Choice
from games.i18n import _

MAX_VALUE_CHARS = 8_000  # an entry's JSON, as posted (entries.MAX_ACTION_BYTES once parsed)
MAX_FIELDS = 500  # posted fields in one form (the largest, an admin page, has a few dozen)
MAX_JSON_DEPTH = 8  # the deepest action nests a list in a dict in a dict
MAX_INT = 2**53 - 1  # beyond this, JSON readers (browsers, PostgreSQL's jsonb) disagree
# C0 controls and DEL, except tab, newline and carriage return (a pasted name may hold them).
CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
IDEMPOTENCY_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
# Fields that carry a form's bookkeeping, with the shape each must have when present.
SMALL_INTEGER = re.compile(r"-?[0-9]{1,9}")
FIELD_SHAPES: dict[str, re.Pattern[str]] = {
    "idem": IDEMPOTENCY_KEY,
    "version": SMALL_INTEGER,
    "on_behalf": SMALL_INTEGER,
    "seat": SMALL_INTEGER,
    "players": SMALL_INTEGER,
}

NOT_UNDERSTOOD = _("This entry is not understood.")
INCOMPLETE_FORM = _("This form is incomplete; reload the page.")


def check_text(value: str) -> None:
    """One posted text: no control characters.

    Lengths are checked where each kind of text is read (a name: 40, an entry's JSON:
    ``MAX_VALUE_CHARS``); the whole body is capped by Django (``DATA_UPLOAD_MAX_MEMORY_SIZE``),
    so the admin can still save a large game state by hand.
    """
    if CONTROL_CHARACTERS.search(value):
        raise Refused(_("This form holds characters that cannot be stored."))


def check_post(data: Iterable[tuple[str, list[str]]]) -> None:
    """Every name and value of a posted form; the bookkeeping fields' shapes."""
    count = 0
    for name, values in data:
        check_text(name)
        for value in values:
            count += 1
            if count > MAX_FIELDS:
                raise Refused(_("This form holds too many fields."))
            check_text(value)
            shape = FIELD_SHAPES.get(name)
            if shape is not None and value != "" and not shape.fullmatch(value):
                raise Refused(INCOMPLETE_FORM)


def json_depth(raw: str) -> int:
    """How deeply arrays and objects nest in ``raw`` (strings skipped), without parsing it.

    Measured before ``json.loads``, which recurses and would hit Python's recursion limit.
    """
    depth = deepest = 0
    in_string = escaped = False
    for char in raw:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(raw: str) -> float:
    value = float(raw)
    if not math.isfinite(value):
        raise ValueError("the number is too large")
    return value


def _bounded_int(raw: str) -> int:
    if len(raw.lstrip("-")) > 16:  # checked before int(): a long digit string costs time
        raise ValueError("the number is too large")
    value = int(raw)
    if abs(value) > MAX_INT:
        raise ValueError("the number is too large")
    return value


def parse_json(raw: str) -> Any:
    """JSON from a form, bounded: ``ValueError`` for anything too large, deep or not finite."""
    if len(raw) > MAX_VALUE_CHARS:
        raise ValueError("too long")
    if json_depth(raw) > MAX_JSON_DEPTH:
        raise ValueError("nested too deeply")
    return json.loads(
        raw,
        parse_constant=_refuse_constant,
        parse_float=_finite_float,
        parse_int=_bounded_int,
    )


def keep_offered_keys(action: dict[str, Any], offered: Iterable[Choice]) -> dict[str, Any]:
    """The action with only the keys that the offered choices of its type send.

    A choice sends its ``action`` completed with its ``fields``; anything else a form
    posts is not part of the entry and is not stored. Disabled choices count: their
    keys are the same, and the engine gives the reason they are not possible now.
    """
    kinds = [choice for choice in offered if choice.action.get("type") == action.get("type")]
    if not kinds:
        raise Refused(_("This entry is not offered now."))
    allowed = {"type"}
    for choice in kinds:
        allowed.update(choice.action)
        allowed.update(field.key for field in choice.fields)
    return {key: value for key, value in action.items() if key in allowed}


def refusal_of(request: HttpRequest) -> Refused | None:
    """Why a POST is refused at the edge, or ``None``."""
    if request.method != "POST":
        return None
    try:
        check_post(request.POST.lists())
    except Refused as refusal:
        return refusal
    except (RequestDataTooBig, TooManyFieldsSent):
        return Refused(_("This form holds too much text."))
    return None


class RejectMalformedInput:
    """Middleware: a POST that breaks a rule above is refused before any view runs.

    Sync and async: the checks are plain computation on the already read body.
    """

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        self.async_mode = iscoroutinefunction(get_response)
        if self.async_mode:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if self.async_mode:
            return self.__acall__(request)
        refusal = refusal_of(request)
        if refusal is not None:
            return refused_page(request, refusal)
        return self.get_response(request)

    async def __acall__(self, request: HttpRequest) -> HttpResponse:
        refusal = refusal_of(request)
        if refusal is not None:
            return await sync_to_async(refused_page)(request, refusal)
        return await self.get_response(request)


def refused_page(request: HttpRequest, refusal: Refused) -> HttpResponse:
    return render(
        request, "companion/message.html", {"message": refusal.message}, status=refusal.status
    )
