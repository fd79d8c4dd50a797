"""Accessibility checks of a page in the browser: axe-core for WCAG 2.1 A/AA, and the page's
structure (one <h1>, no skipped heading level, labelled navigation, no empty header cell).

    from tests.browser.axe import assert_accessible
    assert_accessible(page, "wallenstein table, cs, dark")

axe-core is vendored under tests/browser/vendor/axe-core (its licence beside it) and injected
into the page under test only; users never load it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SCHEMES = ("light", "dark")
LANGUAGES = ("en", "cs", "ru")

# Headings, navigation and header cells as a screen reader meets them (hidden ones skipped,
# visually hidden ones counted).
_STRUCTURE = """() => {
  const shown = (el) => el.getClientRects().length > 0 && !el.closest('[hidden], [aria-hidden=true]');
  const problems = [];
  const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter(shown);
  const h1 = headings.filter((h) => h.tagName === 'H1').length;
  if (h1 !== 1) problems.push(`${h1} <h1> elements (want exactly one)`);
  let level = 0;
  for (const h of headings) {
    const now = Number(h.tagName[1]);
    if (now > level + 1) problems.push(`<${h.tagName.toLowerCase()}> "${h.textContent.trim().slice(0, 60)}" follows <h${level}>`);
    level = now;
  }
  const navs = [...document.querySelectorAll('nav')].filter(shown);
  if (navs.length > 1) {
    for (const nav of navs) {
      if (!nav.getAttribute('aria-label') && !nav.getAttribute('aria-labelledby')) problems.push(`unlabelled <nav class="${nav.className}">`);
    }
  }
  for (const th of document.querySelectorAll('th')) {
    if (shown(th) && !th.textContent.trim()) problems.push(`empty <th> in ${th.closest('table, section')?.className || 'a table'}`);
  }
  return problems;
}"""


def inject(page: Any) -> None:
    """Put axe-core into the page. Not by a <script> tag: the app's Content-Security-Policy
    (script-src 'self') rightly refuses an inline script, and the tests check the pages as
    they are served. The DevTools protocol's evaluate is outside the page's policy."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")


def violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations of WCAG 2.1 A and AA on the page as it is now."""
    inject(page)
    result = page.evaluate(
        "(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " resultTypes: ['violations']})",
        WCAG_21_AA,
    )
    return list(result["violations"])


def structure_problems(page: Any) -> list[str]:
    return list(page.evaluate(_STRUCTURE))


def describe(found: list[dict[str, Any]]) -> str:
    lines = []
    for rule in found:
        lines.append(
            f"{rule['id']} ({rule.get('impact')}): {rule['help']} [{len(rule['nodes'])} nodes]"
        )
        for node in rule["nodes"][:4]:
            summary = " ".join((node.get("failureSummary") or "").split())
            lines.append(f"    {node['target']}: {summary[:300]}")
    return "\n".join(lines)


def problems(page: Any, where: str) -> list[str]:
    """axe's violations of WCAG 2.1 A/AA and the structure's problems, readable; none: []."""
    found = violations(page)
    structure = structure_problems(page)
    if not found and not structure:
        return []
    message = describe(found) + "".join(f"\n    structure: {p}" for p in structure)
    return [f"{where} ({page.url}):\n{message}"]


def assert_accessible(page: Any, where: str) -> None:
    found = problems(page, where)
    assert not found, "\n".join(found)


def set_language(page: Any, base_url: str, language: str) -> None:
    """The language as the language buttons set it (Django's cookie), for the next load."""
    page.context.add_cookies([{"name": "django_language", "value": language, "url": base_url}])


def set_scheme(page: Any, scheme: str) -> None:
    """The device's colour scheme; the page follows it (static/companion/scheme.js)."""
    page.emulate_media(color_scheme=scheme)
    page.wait_for_function(
        "(scheme) => document.documentElement.dataset.scheme === scheme", arg=scheme
    )


def scan(
    page: Any,
    base_url: str,
    url: str,
    where: str,
    *,
    phone: bool = False,
    languages: tuple[str, ...] = LANGUAGES,
) -> list[str]:
    """The problems of ``url`` in every language and both schemes (see ``problems``);
    ``phone``: also every control smaller than 44 x 44 px."""
    found = []
    for language in languages:
        set_language(page, base_url, language)
        page.goto(url)
        assert page.evaluate("document.documentElement.lang") == language, url
        if phone:
            found += [f"{where}, {language}: small target {t}" for t in small_targets(page)]
        for scheme in SCHEMES:
            set_scheme(page, scheme)
            found += problems(page, f"{where}, {language}, {scheme}")
    return found


# Every control a finger must hit, at least 44 x 44 px (a tick box or radio button by its label).
_SMALL_TARGETS = """(least) => {
  const out = [];
  for (const el of document.querySelectorAll('a[href], button, select, input:not([type=hidden]), summary, textarea')) {
    if (!el.getClientRects().length || el.closest('[hidden]')) continue;
    const target = el.matches('input[type=checkbox], input[type=radio]') && el.closest('label') || el;
    const box = target.getBoundingClientRect();
    if (box.width < least - 0.5 || box.height < least - 0.5) {
      out.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent || el.value || '').trim().slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return out;
}"""


def small_targets(page: Any, least: int = 44) -> list[str]:
    """The controls smaller than ``least`` px either way (a phone's page)."""
    return list(page.evaluate(_SMALL_TARGETS, least))
