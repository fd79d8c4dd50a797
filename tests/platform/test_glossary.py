"""Every catalogue speaks the rulebooks' words, in one register (issue 23).

The glossaries (``locale/glossary/<game>.toml``, ``platform.toml``) hold each term of the
rulebooks with its Czech and Russian words and the wrong variants to refuse. A catalogue
follows the platform's glossary and its own game's; a wrong variant is refused in the
translation of every text that contains the English term. Beside the terms: "vy" in Czech
and "вы" in Russian everywhere, a player's past tense in Czech that fits either gender, and
Russian sentences in which a Latin-script name needs no declension.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.catalogues import (
    GLOSSARY,
    catalogues,
    glossary,
    glossary_names,
    language_of,
    messages,
    rel,
    scope_of,
)

FIELDS = {"en", "cs", "ru", "cs_wrong", "ru_wrong"}
NAME_ARGS = ("player", "opponent", "victim", "drawer", "winners", "name", "owner")


def whole_word(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)(?:{pattern})(?!\w)", re.IGNORECASE)


def english(term: dict[str, Any]) -> re.Pattern[str]:
    """What marks a text as using the term: ``en_match``, or the term with a plural ending."""
    return whole_word(term.get("en_match") or re.escape(term["en"]) + "(s|es)?")


def terms_for(po: Path) -> list[dict[str, Any]]:
    found = list(glossary("platform")["term"])
    scope = scope_of(po)
    if scope != "platform":
        found += glossary(scope)["term"]
    return found


def translations(entry: Any) -> list[str]:
    """The entry's translations, each placeholder left as "%(...)s": no word of a sentence."""
    return [
        re.sub(r"%\(\w+\)s", "%(...)s", text) if "%(" in text else text
        for _index, text in sorted(entry.msgstr.items())
    ]


@pytest.mark.parametrize("name", glossary_names())
def test_a_glossary_is_complete_and_its_patterns_compile(name: str) -> None:
    data = glossary(name)
    assert data.get("scope") in {"all", name}, f"{name}.toml: scope must be {name!r}"
    problems = []
    for term in data["term"]:
        missing = FIELDS - set(term)
        if missing:
            problems.append(f"{term.get('en')!r} lacks {sorted(missing)}")
            continue
        if not (term.get("source") or (term.get("cs_source") and term.get("ru_source"))):
            problems.append(f"{term['en']!r} has no source passage")
        english(term)  # compiles
        for language in ("cs", "ru"):
            for pattern in term[f"{language}_wrong"]:
                wrong = whole_word(pattern)
                # The right word must not be refused by its own wrong variants.
                right = term[language].split(" (")[0]
                if wrong.search(right):
                    problems.append(f"{term['en']!r}: {pattern!r} refuses the right {right!r}")
    assert not problems, f"{GLOSSARY / name}.toml:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("po", catalogues(), ids=rel)
def test_a_catalogue_uses_no_term_its_glossary_refuses(po: Path) -> None:
    language = language_of(po)
    rules = [
        (term, english(term), [(p, whole_word(p)) for p in term[f"{language}_wrong"]])
        for term in terms_for(po)
    ]
    found = []
    for entry in messages(po):
        source = entry.msgid + " " + (entry.msgid_plural or "")
        for term, marks, wrongs in rules:
            if not wrongs or not marks.search(source):
                continue
            for text in translations(entry):
                for _pattern, wrong in wrongs:
                    hit = wrong.search(text)
                    if hit:
                        found.append(
                            f"{entry.describe()}: {hit.group(0)!r} for {term['en']!r} "
                            f"(the glossary says {term[language]!r}): {text!r}"
                        )
    assert not found, f"{rel(po)}:\n  " + "\n  ".join(dict.fromkeys(found))


@pytest.mark.parametrize("po", catalogues(), ids=rel)
def test_a_catalogue_speaks_to_the_player_in_one_register(po: Path) -> None:
    """Czech "vy", Russian "вы": the platform's "Jste na tahu" sets the tone for all."""
    language = language_of(po)
    wrongs = [whole_word(p) for p in glossary("platform")["register"][f"{language}_wrong"]]
    found = [
        f"{entry.describe()}: {hit.group(0)!r} in {text!r}"
        for entry in messages(po)
        for text in translations(entry)
        for wrong in wrongs
        if (hit := wrong.search(text))
    ]
    assert not found, f"{rel(po)}: the informal register (ty/ты):\n  " + "\n  ".join(found)


# A Czech past tense: an -l participle ("dobral", "postavil", "dosáhl"). Words that merely
# end in -l (nouns, names) are not verbs of a sentence about a player.
PAST = re.compile(r"(?<!\w)(\w+(?:al|el|il|ěl|ál|ul|yl|hl|kl|dl|sl|zl|tl))(?!\w)(?!\(a\))")
NOT_PAST = {"babel", "generál", "cíl", "dál", "stůl", "ideál", "materiál", "děl", "došel"}


@pytest.mark.parametrize("po", [p for p in catalogues() if language_of(p) == "cs"], ids=rel)
def test_a_czech_sentence_about_a_player_fits_either_gender(po: Path) -> None:
    """ "%(player)s dosáhl…" says the player is a man: "dosáhl(a)" fits everyone."""
    found = []
    for entry in messages(po):
        about_a_player = any(f"%({name})s" in entry.msgid for name in NAME_ARGS) or (
            re.match(
                r"(I |Drew|Laid|Fired|Boarded|Counter-attacked|Rolled|Entered|Took|Exchanged"
                r"|Let the counter)",
                entry.msgid,
            )
        )
        if not about_a_player:
            continue
        for text in translations(entry):
            for hit in PAST.finditer(text):
                if hit.group(1).lower() not in NOT_PAST:
                    found.append(f"{entry.describe()}: {hit.group(1)!r} in {text!r}")
    assert not found, f"{rel(po)}: a masculine-only past tense:\n  " + "\n  ".join(found)


# What may stand right before a player's name in Russian so that the name keeps its
# nominative: a colon or dash, the word "игрок" in any case, or the start of the sentence.
NAME = re.compile(r"%\((" + "|".join(NAME_ARGS) + r")\)s")
BEFORE_NAME = re.compile(
    r"(^|[:—–(«,.;]\s*|\b(игрок|игрока|игроку|игроком|игроке|игроки|игроков|игрокам|игроками"
    r"|игроках|Игрок|Игрока|Игроку|Победитель|победитель|победители|Победители"
    r"|побеждает|побеждают|Начинает|начинает|Ходит|ходит|станет|будет"
    r"|зовут|называется)\s+)$"
)


@pytest.mark.parametrize("po", [p for p in catalogues() if language_of(p) == "ru"], ids=rel)
def test_a_russian_sentence_needs_no_declension_of_a_latin_name(po: Path) -> None:
    """ "У Anna больше нет корабля" cannot be read: a name typed in Latin letters cannot
    decline, so it stands where the nominative fits ("Anna: кораблей больше нет",
    "Ход игрока Anna")."""
    found = []
    for entry in messages(po):
        for _index, text in sorted(entry.msgstr.items()):
            for hit in NAME.finditer(text):
                if not BEFORE_NAME.search(text[: hit.start()]):
                    found.append(f"{entry.describe()}: {text!r}")
                    break
    assert not found, f"{rel(po)}: a name that would need declension:\n  " + "\n  ".join(
        dict.fromkeys(found)
    )
