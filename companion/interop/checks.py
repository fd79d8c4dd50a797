"""Strict checks of an uploaded play file before anything is written.

An import must never answer 5xx nor write half a file: the JSON is parsed with
limits (nesting depth, finite numbers), every string is checked for what the
databases refuse (NUL on PostgreSQL, lone surrogates everywhere), and each field the
importer reads must have the expected type and a sane range. Anything else is a
``Refused`` with a message the person can act on, raised before the first write.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from companion.services.errors import Refused
from companion.validation import json_depth
from games.i18n import _

MAX_DEPTH = 12  # a BG Stats file nests 4 deep; anything far deeper is not one
MAX_SCORE = 1_000_000  # no board game scores beyond this; the column is a 32-bit int
MAX_SMALL = 1_000  # ranks, seat orders: a handful of players
MAX_MINUTES = 60 * 24 * 7  # a play of a week
MAX_ITEMS = 50_000  # plays of a file: its 5 MB cap (MAX_IMPORT_BYTES) allows about this many


# NUL (PostgreSQL refuses it) and lone surrogates (no UTF-8 database stores them).
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def load(raw: bytes | str) -> Any:
    """The parsed JSON, or Refused: not UTF-8, not JSON, too deep, non-finite numbers."""
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise Refused(_("This is not a BG Stats play file (it is not JSON).")) from None
    if json_depth(text) > MAX_DEPTH:
        raise Refused(_("This play file nests its data too deeply to be a BG Stats file."))
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError):
        raise Refused(_("This is not a BG Stats play file (it is not JSON).")) from None


def check_text(value: Any) -> None:
    """Every string (keys too) free of NUL and lone surrogates, which no database stores."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and UNSTORABLE.search(item):
            raise Refused(
                _("The play file holds text with invalid characters: %(value)s."),
                value=item.encode("utf-8", "replace").decode("utf-8").replace("\x00", "?")[:40],
            )


def _refuse_field(field: str, value: Any) -> Refused:
    return Refused(
        _("The play file's field %(field)s has a value that cannot be right: %(value)s."),
        field=field,
        value=json.dumps(value)[:40],
    )


def items(data: dict[str, Any], key: str, *, required: bool = False) -> list[dict[str, Any]]:
    """A list of objects under ``key`` (missing: empty unless ``required``)."""
    value = data.get(key)
    if value is None and not required:
        return []
    if not isinstance(value, list) or len(value) > MAX_ITEMS:
        raise _refuse_field(key, value)
    if not all(isinstance(item, dict) for item in value):
        raise _refuse_field(key, next(item for item in value if not isinstance(item, dict)))
    return value


def ref(item: dict[str, Any], key: str) -> int | str | None:
    """An id or a reference to one: a whole number or a short text."""
    value = item.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | str) or len(str(value)) > 64:
        raise _refuse_field(key, value)
    return value


def text(item: dict[str, Any], key: str, limit: int = 200) -> str:
    value = item.get(key)
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > limit:
        raise _refuse_field(key, value)
    return value


def flag(item: dict[str, Any], key: str) -> bool:
    value = item.get(key)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise _refuse_field(key, value)
    return value


def number(item: dict[str, Any], key: str, low: int, high: int) -> int | None:
    """A whole number in ``low..high``, given as a number or a text; empty: ``None``."""
    value = item.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise _refuse_field(key, value)
    try:
        parsed = float(str(value).strip()) if not isinstance(value, int) else value
    except ValueError:
        raise _refuse_field(key, value) from None
    if isinstance(parsed, float) and not math.isfinite(parsed):
        raise _refuse_field(key, value)
    if not low <= parsed <= high:
        raise _refuse_field(key, value)
    return int(parsed)
