"""Stable play uuids: the id a play keeps in every export and across re-imports.

A table's play is rebuilt when its log moves (a correction after the end), so its
uuid is derived from the table's code, not drawn: the rebuilt Play, and every file
exported before, carry the same one. An imported play keeps the file's uuid; a file
play without one gets a uuid derived from what it records, so importing the same
file twice still finds it.
"""

from __future__ import annotations

import uuid

# Fixed for good: the uuids of plays already exported depend on it (migration 0004
# writes the same value out, so that it stays self-contained).
NAMESPACE = uuid.UUID("6c1f4f0e-5b7a-4c55-9d43-6a4c7d8f2b10")


def for_table(code: str) -> uuid.UUID:
    return uuid.uuid5(NAMESPACE, f"table:{code}")


def for_import(raw: str) -> uuid.UUID:
    """The file's own uuid when it is one, else one derived from its text."""
    try:
        return uuid.UUID(raw)
    except ValueError:
        return uuid.uuid5(NAMESPACE, f"import:{raw}")


def for_content(game: str, date: str, seats: list[tuple[str, str]]) -> uuid.UUID:
    """A play file entry without a uuid: derived from its game, date and seats."""
    text = "|".join([game, date, *(f"{name}={score}" for name, score in seats)])
    return uuid.uuid5(NAMESPACE, f"content:{text}")


def for_name(kind: str, name: str) -> uuid.UUID:
    """The uuid of a player, game or location in an exported file."""
    return uuid.uuid5(NAMESPACE, f"{kind}:{name}")
