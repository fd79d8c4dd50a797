"""The catalogues are in step with the code (issue 23): ``makemessages`` finds nothing that a
catalogue lacks and nothing that a catalogue keeps without use.

It runs Django's ``makemessages`` (xgettext) on a copy of the sources, as a translator would
(games/README.md "Translations"), and compares each catalogue's entries with what it made:
every text marked in the code has its entry, every entry a text, plural entries included.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.catalogues import ROOT, catalogues, messages, rel
from tests.fixtures import missing

# What makemessages reads: the platform's and the games' code and templates.
SOURCES = ("companion", "games", "templates", "locale", "manage.py")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo")


def keys(po: Path) -> set[tuple[str, str | None]]:
    return {(entry.key, entry.msgid_plural) for entry in messages(po)}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the sources with catalogues freshly made by makemessages."""
    if shutil.which("xgettext") is None:
        missing("GNU gettext (xgettext)")
    copy = tmp_path_factory.mktemp("makemessages")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=SKIP)
        else:
            shutil.copy2(source, copy / name)
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "companion.settings", "PYTHONPATH": str(copy)}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    env["COMPANION_DATA_DIR"] = str(copy / "data")
    result = subprocess.run(
        [sys.executable, "-m", "django", "makemessages", "-l", "cs", "-l", "ru", "--no-obsolete"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return copy


@pytest.mark.parametrize("po", catalogues(), ids=rel)
def test_a_catalogue_holds_exactly_the_texts_of_the_code(po: Path, extracted: Path) -> None:
    made = extracted / po.relative_to(ROOT)
    assert made.exists(), f"makemessages made no {rel(po)}"
    ours, code = keys(po), keys(made)
    new = sorted(f"{key!r}" + (f" / {plural!r}" if plural else "") for key, plural in code - ours)
    unused = sorted(
        f"{key!r}" + (f" / {plural!r}" if plural else "") for key, plural in ours - code
    )
    assert not new and not unused, (
        f"{rel(po)} is not in step with the code (run makemessages, see games/README.md):\n"
        + "".join(f"  new in the code: {item}\n" for item in new)
        + "".join(f"  no longer used: {item}\n" for item in unused)
    )
