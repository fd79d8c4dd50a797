"""The translation catalogues and the glossaries, read for the language tests.

Every catalogue: the platform's (``locale/``) and each game's (``games/<slug>/locale/``).
The glossaries (``locale/glossary/*.toml``, see the README there) hold the rulebooks' terms,
the wrong variants to refuse and the plural forms of the nouns counted in messages.
"""

from __future__ import annotations

import ast
import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("cs", "ru")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def catalogues() -> list[Path]:
    found = [ROOT / "locale" / lang / "LC_MESSAGES" / "django.po" for lang in LANGUAGES]
    found += sorted(ROOT.glob("games/*/locale/*/LC_MESSAGES/django.po"))
    return found


def game_packages() -> list[str]:
    return sorted(p.parent.name for p in ROOT.glob("games/*/__init__.py"))


@dataclass
class Entry:
    line: int
    msgctxt: str | None = None
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False

    @property
    def key(self) -> str:
        """How gettext files the entry: context and msgid joined by EOT."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"

    def describe(self) -> str:
        return f"line {self.line}: {self.msgid!r}"


def parse_po(path: Path) -> list[Entry]:
    """The entries of a .po file, header included, obsolete (#~) ones left out."""
    entries: list[Entry] = []
    entry: Entry | None = None
    target: tuple[str, int] | None = None  # which field continuation lines extend

    def start(line_no: int) -> Entry:
        nonlocal entry
        if entry is None or entry.msgstr:  # a new entry begins
            entry = Entry(line=line_no)
            entries.append(entry)
        return entry

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#~"):
            target = None
            continue
        if line.startswith("#,"):
            current = start(number)
            current.fuzzy = current.fuzzy or "fuzzy" in line[2:].replace(" ", "").split(",")
            continue
        if line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            assert entry is not None and target is not None, f"{path}:{number}: stray string"
            text = ast.literal_eval(line)
        else:
            text = ast.literal_eval(rest)
            if keyword in ("msgctxt", "msgid"):
                start(number)
            assert entry is not None, f"{path}:{number}: {keyword} outside an entry"
            match = re.fullmatch(r"msgstr\[(\d+)\]", keyword)
            if keyword in ("msgctxt", "msgid", "msgid_plural"):
                target = (keyword, 0)
                setattr(entry, keyword, "")
            elif keyword == "msgstr" or match:
                target = ("msgstr", int(match.group(1)) if match else 0)
                entry.msgstr[target[1]] = ""
            else:
                raise AssertionError(f"{path}:{number}: unknown keyword {keyword!r}")
        name, index = target
        if name == "msgstr":
            entry.msgstr[index] += text
        else:
            setattr(entry, name, getattr(entry, name) + text)
    return entries


def messages(path: Path) -> list[Entry]:
    """The entries of a .po file without its header."""
    return [entry for entry in parse_po(path) if entry.key != ""]


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


GLOSSARY = ROOT / "locale" / "glossary"


def scope_of(po: Path) -> str:
    """``platform`` or the game's slug: which glossary a catalogue follows."""
    parts = po.relative_to(ROOT).parts
    return parts[1] if parts[0] == "games" else "platform"


def language_of(po: Path) -> str:
    return po.parent.parent.name


@cache
def glossary(name: str) -> dict[str, Any]:
    """``locale/glossary/<name>.toml``."""
    with (GLOSSARY / f"{name}.toml").open("rb") as handle:
        return tomllib.load(handle)


def glossary_names() -> list[str]:
    return sorted(p.stem for p in GLOSSARY.glob("*.toml") if p.stem != "plurals")
