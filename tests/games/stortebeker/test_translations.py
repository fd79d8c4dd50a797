"""Every text of the game has a Czech and a Russian translation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[3] / "games" / "stortebeker" / "locale"


def entries(path: Path) -> list[tuple[str, list[str]]]:
    """(msgid, msgstrs) of every entry but the header."""
    found = []
    for block in path.read_text(encoding="utf-8").split("\n\n")[1:]:
        msgid = "".join(
            re.findall(
                r'^(?:msgid )?"(.*)"$', block.split("msgid_plural")[0].split("msgstr")[0], re.M
            )
        )
        strs = [
            "".join(re.findall(r'"(.*)"', part))
            for part in re.split(r"^msgstr(?:\[\d\])? ", block, flags=re.M)[1:]
        ]
        found.append((msgid, strs))
    return found


@pytest.mark.parametrize("language", ["cs", "ru"])
def test_catalogue_complete(language: str) -> None:
    path = LOCALE / language / "LC_MESSAGES" / "django.po"
    found = entries(path)
    assert len(found) > 150
    for msgid, strs in found:
        assert strs and all(strs), f"{language}: {msgid!r} is not translated"
        for placeholder in re.findall(r"%\(\w+\)s", msgid):
            assert all(placeholder in text for text in strs), (language, msgid)
    assert (path.parent / "django.mo").exists()
