"""Where a number meets a noun, the noun takes the form the language's plural rule asks for
(issue 23): "1 card / 2 cards", "1 karta / 2 karty / 5 karet", "1 карта / 2 карты / 5 карт /
21 карта / 22 карты / 11 карт".

- Every plural entry (ngettext, ``blocktranslate count``) is rendered in English, Czech and
  Russian with 1, 2, 5, 11, 21 and 22, and each noun after a number (with its adjective) is
  checked against the forms of ``locale/glossary/plurals.toml`` for that number's category.
- A number written in a text ("Recruit 5 armies", "dobrat 3 karty") is checked the same way.
- A message that puts a number before a noun without plural forms is found by a heuristic
  over every msgid and translation (``%(…)s`` before a counted noun, or a genitive plural
  right before ``%(…)s``) and by an explicit list; it must be a plural entry, or say it
  without the pair ("body: 3").
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from companion.templatetags.companion import translate
from tests.catalogues import (
    Entry,
    catalogues,
    glossary,
    language_of,
    messages,
    parse_po,
    rel,
)

COUNTS = (1, 2, 5, 11, 21, 22)
LANGUAGES = ("en", "cs", "ru")
# Placeholders that never hold a count: names, cards, places, texts.
NOT_A_COUNT = set(
    [
        "action",
        "building",
        "card",
        "card1",
        "card2",
        "card3",
        "card4",
        "cards",
        "city",
        "code",
        "colour",
        "counts",
        "date",
        "decoration",
        "drawer",
        "effect",
        "entry",
        "event",
        "field",
        "first",
        "flower",
        "groups",
        "item",
        "kind",
        "land",
        "last",
        "levels",
        "material",
        "name",
        "nation",
        "opponent",
        "option",
        "origin",
        "player",
        "reason",
        "region",
        "rest",
        "season",
        "second",
        "ship",
        "slug",
        "source",
        "target",
        "third",
        "tile",
        "type",
        "value",
        "victim",
        "winners",
    ]
)
WORD = r"[^\W\d_]+"
NUMBER_THEN_WORDS = re.compile(rf"(?<![\w.,/−–-])(\d+)((?:\s+{WORD}){{1,3}})")
PLACEHOLDER_THEN_WORD = re.compile(rf"%\((\w+)\)s\s+({WORD})")
WORD_THEN_PLACEHOLDER = re.compile(rf"({WORD})\s+%\((\w+)\)s")

# Number–noun messages the heuristic cannot see (the count hides in a placeholder whose name
# says nothing): each must be a plural entry.
EXPLICIT = {
    "%(height)s tile",  # games/babylon/templates/games/babylon/_quarry.html
}


def category(language: str, n: int) -> str:
    if language == "en":
        return "one" if n == 1 else "other"
    if language == "cs":
        return "one" if n == 1 else "few" if 2 <= n <= 4 else "many"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


@cache
def forms(language: str) -> dict[str, set[str]]:
    """Each word form of ``plurals.toml`` with the categories it stands in."""
    table: dict[str, set[str]] = {}
    for lemma, by_category in glossary("plurals")[language].items():
        if lemma in ("modifiers", "adjectives"):
            continue
        for name, words in by_category.items():
            for word in words:
                table.setdefault(word, set()).add(name)
    return table


def modifiers(language: str) -> set[str]:
    return set(glossary("plurals")[language]["modifiers"])


@cache
def adjectives(language: str) -> set[str]:
    """The forms of the adjectives of ``plurals.toml``: the noun comes after them."""
    data = glossary("plurals")[language]
    return {
        word for lemma in data["adjectives"] for words in data[lemma].values() for word in words
    }


# Words after which the counted noun stands in the genitive: one takes the genitive singular
# (in the table with the "few" forms of a feminine noun: "z 1 karty", "из 1 карты"), two or
# more the genitive plural ("výměna 2 karet", "больше 3 карт").
GENITIVE = {
    "en": set(),
    "cs": set(
        [
            "z",
            "ze",
            "do",
            "od",
            "bez",
            "u",
            "kolem",
            "místo",
            "kromě",
            "dobrání",
            "výměna",
            "výměnu",
            "výměně",
            "odebrání",
            "zahrání",
            "vyložení",
            "ztráta",
            "ztrátu",
            "počet",
            "součet",
            "hra",
            "hře",
            "hodnota",
            "hodnotu",
        ]
    ),
    "ru": set(
        [
            "из",
            "до",
            "от",
            "без",
            "для",
            "около",
            "кроме",
            "больше",
            "меньше",
            "более",
            "менее",
            "выше",
            "ниже",
            "сверх",
            "обмен",
            "обмена",
            "набор",
            "набора",
            "добор",
            "добора",
            "сброс",
            "сброса",
            "потеря",
            "потерю",
            "число",
            "сумма",
            "сумму",
        ]
    ),
}
# Words that may stand between the governing word and the number ("vyložení až 3 karet").
PARTICLES = {
    "en": set(),
    "cs": {"až", "nejvýše", "nejméně", "alespoň", "aspoň", "jen", "pouze", "ještě", "právě"},
    "ru": {"не", "ещё", "еще", "только", "ровно", "всего", "хотя", "бы"},
}
WORDS_BEFORE = re.compile(rf"(?:({WORD})\s+)?({WORD})\s+$")


def misfits(language: str, text: str, *, strict: str | None = None) -> Iterator[str]:
    """Each number in ``text`` whose noun does not take its category's form.

    ``strict``: the number whose noun must be in the table (the count of a plural entry).
    """
    table = forms(language)
    for hit in NUMBER_THEN_WORDS.finditer(text):
        number, words = int(hit.group(1)), hit.group(2).split()
        wanted = category(language, number)
        before = WORDS_BEFORE.search(text[: hit.start()])
        governing = ""
        if before:
            governing = before.group(2).lower()
            if governing in PARTICLES[language] and before.group(1):
                governing = before.group(1).lower()
        genitive = governing in GENITIVE[language]
        checked = False
        for index, word in enumerate(words):
            lower = word.lower()
            following = words[index + 1].lower() if index + 1 < len(words) else ""
            if lower in modifiers(language) and following in table:
                continue  # "30 ship cards": the noun comes next
            if lower not in table:
                break
            checked = True
            fits = table[lower]
            if genitive:
                ok = bool(fits & {"one", "few"}) if wanted == "one" else "many" in fits
            else:
                ok = wanted in fits
            if not ok:
                yield f"{number} {word!r} is not the {wanted!r} form ({text!r})"
            if lower not in adjectives(language):
                break  # the noun: what follows it does not agree with the number
        if not checked and strict == hit.group(1):
            yield (
                f"{number} {words[0]!r}: a word after the count that plurals.toml does not know "
                f"({text!r})"
            )


def all_entries() -> Iterator[tuple[Path, Entry]]:
    for po in catalogues():
        for entry in messages(po):
            yield po, entry


def placeholders(text: str) -> list[str]:
    return re.findall(r"%\((\w+)\)s", text)


def count_key(entry: Entry) -> str | None:
    """The placeholder that holds the count: the one whose next word changes in the plural."""
    assert entry.msgid_plural is not None
    one = dict(PLACEHOLDER_THEN_WORD.findall(entry.msgid))
    other = dict(PLACEHOLDER_THEN_WORD.findall(entry.msgid_plural))
    for key in placeholders(entry.msgid_plural):
        if key in one and key in other and one[key] != other[key]:
            return key
    return None


def counted_noun(entry: Entry, key: str | None) -> bool:
    """Whether the English plural puts a noun of plurals.toml right after the count."""
    words = dict(PLACEHOLDER_THEN_WORD.findall(entry.msgid_plural or ""))
    word = words.get(key or "", "").lower()
    return word in forms("en") or word in modifiers("en")


def render(entry: Entry, language: str, n: int, key: str | None) -> str:
    args: dict[str, Any] = {name: "Anna" for name in placeholders(entry.msgid_plural or "")}
    if key:
        args[key] = n
    message = {"text": entry.msgid, "plural": entry.msgid_plural, "count": n, "args": args}
    with translation.override(language):
        return translate(message)


PLURALS = {
    entry.key: entry for po, entry in all_entries() if entry.msgid_plural and "/cs/" in str(po)
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", sorted(PLURALS), ids=lambda key: key[:60])
def test_a_plural_entry_takes_the_form_of_each_count(key: str, language: str) -> None:
    entry = PLURALS[key]
    count = count_key(entry)
    strict = counted_noun(entry, count)
    problems = []
    for n in COUNTS:
        text = render(entry, language, n, count)
        problems += misfits(language, text, strict=str(n) if strict else None)
        # Every other number–noun pair of the text follows the count too: a second count
        # needs a message of its own.
        if count:
            for other, word in PLACEHOLDER_THEN_WORD.findall(entry.msgid_plural or ""):
                second = other != count and other not in NOT_A_COUNT
                if second and word.lower() in forms("en"):
                    problems.append(f"%({other})s {word}: a second count in one message")
    assert not problems, "\n".join(dict.fromkeys(problems))


def invariant(language: str, word: str) -> bool:
    """A word with one form for every count ("grain", "obilí"): no plural rule to follow."""
    every = {"one", "other"} if language == "en" else {"one", "few", "many"}
    return forms(language).get(word, set()) >= every


def number_noun_pairs(po: Path, entry: Entry) -> list[str]:
    """Where the entry puts a count before a noun (or a genitive plural before a count)."""
    found = []
    texts = [("en", entry.msgid)] + [(language_of(po), t) for t in entry.msgstr.values()]
    for language, text in texts:
        table = forms(language)
        for key, word in PLACEHOLDER_THEN_WORD.findall(text):
            lower = word.lower()
            counted = lower in table or lower in modifiers(language)
            if key not in NOT_A_COUNT and counted and not invariant(language, lower):
                found.append(f"{language}: %({key})s {word}")
        if language != "en":
            for word, key in WORD_THEN_PLACEHOLDER.findall(text):
                categories = table.get(word.lower(), set())
                if key not in NOT_A_COUNT and categories == {"many"}:
                    found.append(f"{language}: {word} %({key})s")
    return found


def test_a_number_before_a_noun_takes_plural_forms() -> None:
    """Found by the heuristic or listed in EXPLICIT, and not a plural entry: a failure."""
    found = []
    for po, entry in all_entries():
        if entry.msgid_plural:
            continue
        pairs = number_noun_pairs(po, entry)
        if entry.msgid in EXPLICIT:
            pairs.append("listed in EXPLICIT")
        if pairs:
            found.append(f"{rel(po)} {entry.describe()}: {'; '.join(pairs)}")
    assert not found, "Use ngettext / blocktranslate count, or say it without the pair:\n  " + (
        "\n  ".join(found)
    )


@pytest.mark.parametrize("po", catalogues(), ids=rel)
def test_a_number_written_in_a_text_agrees_with_its_noun(po: Path) -> None:
    language = language_of(po)
    problems = []
    for entry in messages(po):
        for text in entry.msgstr.values():
            problems += [f"{entry.describe()}: {m}" for m in misfits(language, text)]
        if language == "cs":  # the English source once
            for text in filter(None, (entry.msgid, entry.msgid_plural)):
                problems += [f"{entry.describe()} (en): {m}" for m in misfits("en", text)]
    assert not problems, f"{rel(po)}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("po", catalogues(), ids=rel)
def test_the_plural_rule_of_the_test_is_the_catalogues_own(po: Path) -> None:
    """The categories above are those of the catalogue's Plural-Forms formula."""
    position = {"cs": {"one": 0, "few": 1, "many": 3}, "ru": {"one": 0, "few": 1, "many": 2}}
    language = language_of(po)
    header = parse_po(po)[0]
    assert header.key == "", rel(po)
    formula = re.search(r"plural=([^;]+);", header.msgstr[0])
    assert formula, f"{rel(po)} has no Plural-Forms"
    pick = gettext.c2py(formula.group(1))
    wrong = [n for n in range(200) if pick(n) != position[language][category(language, n)]]
    assert not wrong, f"{rel(po)}: the formula and the test disagree for {wrong[:10]}"
