"""Every catalogue is complete, and its committed .mo is compiled from its .po as it is now.

Covers the platform catalogue (locale/) and every game's own catalogue
(games/<slug>/locale/). A failure lists each untranslated (empty or fuzzy)
entry, each broken placeholder, or each entry where the .mo disagrees with the
.po, so the owner knows exactly what to fix; the cure for the .mo is
``msgfmt -o django.mo django.po`` (or ``manage.py compilemessages``).
"""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from tests.catalogues import (
    LANGUAGES,
    PLACEHOLDER,
    ROOT,
    catalogues,
    game_packages,
    messages,
    rel,
)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", game_packages())
def test_every_game_has_a_catalogue(game: str, language: str) -> None:
    path = ROOT / "games" / game / "locale" / language / "LC_MESSAGES" / "django.po"
    assert path.exists(), f"games/{game} has no {language} catalogue ({rel(path)})"


@pytest.mark.parametrize("po", catalogues(), ids=rel)
def test_catalogue_is_complete(po: Path) -> None:
    assert po.exists(), f"{rel(po)} is missing"
    entries = messages(po)
    assert entries, f"{rel(po)} has no messages"
    untranslated = [
        e.describe() + (" (fuzzy)" if e.fuzzy else "")
        for e in entries
        if e.fuzzy or not e.msgstr or not all(e.msgstr.values())
    ]
    assert not untranslated, (
        f"{rel(po)}: {len(untranslated)} of {len(entries)} entries untranslated:\n  "
        + "\n  ".join(untranslated)
    )


@pytest.mark.parametrize("po", catalogues(), ids=rel)
def test_placeholders_survive_translation(po: Path) -> None:
    if not po.exists():
        pytest.fail(f"{rel(po)} is missing")
    broken = []
    for e in messages(po):
        wanted = set(PLACEHOLDER.findall(e.msgid))
        allowed = wanted | set(PLACEHOLDER.findall(e.msgid_plural or ""))
        for index, text in e.msgstr.items():
            if not text:
                continue
            got = set(PLACEHOLDER.findall(text))
            # A plural form may leave out the count (e.g. Russian "one" form).
            ok = got <= allowed if e.msgid_plural is not None else got == wanted
            if not ok:
                broken.append(
                    f"{e.describe()} msgstr[{index}] has {sorted(got)}, not {sorted(wanted)}"
                )
    assert not broken, f"{rel(po)}: placeholders changed:\n  " + "\n  ".join(broken)


@pytest.mark.parametrize("po", catalogues(), ids=rel)
def test_mo_is_compiled_from_the_current_po(po: Path) -> None:
    if not po.exists():
        pytest.fail(f"{rel(po)} is missing")
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{rel(mo)} is missing: run msgfmt -o {rel(mo)} {rel(po)}"
    with mo.open("rb") as handle:
        compiled = dict(gettext.GNUTranslations(handle)._catalog)  # type: ignore[attr-defined]
    compiled.pop("", None)  # the header

    entries = messages(po)
    stale = []
    for e in entries:
        if e.fuzzy or not e.msgstr or not all(e.msgstr.values()):
            continue  # msgfmt leaves these out; test_catalogue_is_complete reports them
        if e.msgid_plural is None:
            if compiled.get(e.key) != e.msgstr[0]:
                stale.append(f"{e.describe()}: .mo has {compiled.get(e.key)!r}")
        else:
            for index, text in e.msgstr.items():
                if compiled.get((e.key, index)) != text:
                    stale.append(
                        f"{e.describe()} form {index}: .mo has {compiled.get((e.key, index))!r}"
                    )
    known = {e.key for e in entries}
    extra = sorted({key[0] if isinstance(key, tuple) else key for key in compiled} - known)
    stale += [f"{key!r} is in the .mo but no longer in the .po" for key in extra]
    assert not stale, f"{rel(mo)} is older than {rel(po)} (recompile it):\n  " + "\n  ".join(stale)


def test_parser_reads_plurals_context_and_fuzzy(tmp_path: Path) -> None:
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: ru\\n"\n\n'
        '#: a.py:1\n#, fuzzy, python-format\nmsgid "a %(n)s"\nmsgstr "б %(n)s"\n\n'
        'msgctxt "seat"\nmsgid ""\n"free"\nmsgstr "свободно"\n\n'
        'msgid "one \\"x\\""\nmsgid_plural "many"\nmsgstr[0] "один"\nmsgstr[1] ""\n\n'
        '#~ msgid "old"\n#~ msgstr "старое"\n',
        encoding="utf-8",
    )
    fuzzy, ctx, plural = messages(po)
    assert (fuzzy.msgid, fuzzy.fuzzy, fuzzy.msgstr) == ("a %(n)s", True, {0: "б %(n)s"})
    assert (ctx.key, ctx.fuzzy) == ("seat\x04free", False)
    assert (plural.msgid, plural.msgid_plural, plural.msgstr) == (
        'one "x"',
        "many",
        {0: "один", 1: ""},
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_english_text_has_one_translation_across_catalogues(language: str) -> None:
    """Django merges every catalogue into one per language: the first translation found of a
    text wins everywhere. Two catalogues translating the same text differently would show one
    game the other's word, so they must agree (or use different English texts)."""
    translations: dict[str, dict[str, tuple[str, ...]]] = {}
    for po in catalogues():
        if f"/{language}/" not in str(po):
            continue
        for entry in messages(po):
            if entry.fuzzy:
                continue
            forms = tuple(entry.msgstr[index] for index in sorted(entry.msgstr))
            translations.setdefault(entry.key, {})[rel(po)] = forms
    clashes = [
        f"{key!r}: " + "; ".join(f"{where} -> {forms[0]!r}" for where, forms in found.items())
        for key, found in translations.items()
        if len(set(found.values())) > 1
    ]
    assert not clashes, "\n".join(clashes)
