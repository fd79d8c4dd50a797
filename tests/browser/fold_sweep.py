"""Where a phone's entry buttons end, over many states of a real game (a report, not a test).

    python -m tests.browser.fold_sweep [--game stortebeker] [--players 4] [--seeds 8]
        [--entries 8 17 26 ...] [--shots FOLDER]

The fold tests (``test_<game>_fold.py``) tap through chosen states; this looks at the states
random play reaches (``seed_games``: the engines' own enabled choices). For each seed it
deals one table per ENTRIES and makes that many random legal entries, then opens the phone of
the seat to act at 390×844 in English, Czech and Russian (no live updates while it
measures) and takes the lowest end of the enabled entry buttons a player sees without
opening anything. It prints, per language, how many of those screens put a button below
844 px and the worst ones; with ``--shots`` their full pages are saved there. Every page
has a time limit and the server is stopped at the end, so it never hangs; a page that
fails is counted and printed, not skipped.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.fixtures import CHROMIUM, ROOT, migrate, server_env, start_server

FOLD = 844
LANGUAGES = ("en", "cs", "ru")
LARGEST = {"babel": 2, "babylon": 4, "wallenstein": 5, "stortebeker": 4}
OPTIONS = {"wallenstein": ["allocation=fixed"]}
# The enabled entry buttons a player sees at once: not greyed, not in a folded part.
LOWEST_BUTTON = """() => {
  const shown = [...document.querySelectorAll("form.choice button[type=submit]")]
    .filter(b => !b.disabled && b.offsetParent !== null && !b.closest("details:not([open])"));
  const kinds = [...new Set([...document.querySelectorAll("form.choice input[name=action]")]
    .map(input => { try { return JSON.parse(input.value).type; } catch { return "?"; } }))];
  return {lowest: Math.max(0, ...shown.map(b => b.getBoundingClientRect().bottom)),
          buttons: shown.length, kinds};
}"""


@contextmanager
def server_and_chromium() -> Iterator[tuple[Any, Any]]:
    """A server of its own (a new database in a temporary folder) and Chromium, for the
    report scripts; both stopped at the end, whatever happens."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        env = server_env(Path(folder) / "data")
        migrate(env)
        server = start_server(env)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=["--no-sandbox"]
                )
                try:
                    yield server, browser
                finally:
                    browser.close()
        finally:
            server.stop()


def seed_tables(env: dict[str, str], game: str, players: int, seed: int, entries: list[int]) -> Any:
    command = [sys.executable, "-m", "tests.browser.seed_games", game, str(players), str(seed)]
    command += [str(n) for n in entries] + [f"--option={o}" for o in OPTIONS.get(game, [])]
    done = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, check=True, timeout=600
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def sweep(args: argparse.Namespace) -> int:
    players = args.players or LARGEST[args.game]
    screens: Counter[str] = Counter()
    over: Counter[str] = Counter()
    worst: list[tuple[float, str]] = []
    steps: Counter[str] = Counter()  # the over-the-fold screens by the kinds of entry they offer
    failures: list[str] = []
    with server_and_chromium() as (server, browser):
        for seed in range(args.seeds):
            for table in seed_tables(server.env, args.game, players, seed, args.entries):
                if not table["running"] or not table["to_act"]:
                    continue
                cookie = table["seats"][table["to_act"][0]]
                for language in LANGUAGES:
                    where = f"seed {seed}, {table['entries']} entries, {language}"
                    try:
                        found = look(
                            browser, server.url, table["code"], cookie, language, args.shots
                        )
                    except Exception as error:  # a page that fails is counted, not skipped
                        failures.append(f"{where}: {error}")
                        continue
                    if not found["buttons"]:
                        continue
                    screens[language] += 1
                    if found["lowest"] > FOLD:
                        over[language] += 1
                        kinds = "/".join(found["kinds"])
                        steps[kinds] += 1
                        worst.append((found["lowest"], f"{where} ({kinds}) {table['code']}"))
    print(f"{args.game}, {players} players, {args.seeds} seeds, entries {args.entries}")
    for language in LANGUAGES:
        print(f"  {language}: {screens[language]} screens with entry buttons, "
              f"{over[language]} with one below {FOLD} px")  # fmt: skip
    for kinds, count in steps.most_common():
        print(f"  {count:4d} below the fold offering {kinds}")
    for lowest, where in sorted(worst, reverse=True)[:12]:
        print(f"  {lowest:6.0f} px  {where}")
    print(f"  pages that failed: {len(failures)}")
    for failure in failures[:12]:
        print(f"    {failure}")
    return 1 if failures else 0


def look(
    browser: Any, url: str, code: str, cookie: dict[str, str], language: str, shots: str | None
) -> Any:
    context = browser.new_context(viewport={"width": 390, "height": FOLD}, base_url=url)
    try:
        context.set_default_timeout(20_000)
        context.route("**/stream/**", lambda route: route.abort())
        context.add_cookies(
            [{**cookie, "url": url}, {"name": "django_language", "value": language, "url": url}]
        )
        page = context.new_page()
        page.goto(f"/t/{code}/me/", wait_until="domcontentloaded")
        page.evaluate("document.fonts.ready")
        found = page.evaluate(LOWEST_BUTTON)
        if shots and found["lowest"] > FOLD:
            Path(shots).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=f"{shots}/{code}-{language}.png", full_page=True)
        return found
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="stortebeker", choices=sorted(LARGEST))
    parser.add_argument("--players", type=int, default=0, help="default: the largest count")
    parser.add_argument("--seeds", type=int, default=8)
    parser.add_argument("--entries", type=int, nargs="+", default=list(range(8, 160, 9)))
    parser.add_argument("--shots", help="a folder for the pages with a button below the fold")
    sys.exit(sweep(parser.parse_args()))


if __name__ == "__main__":
    main()
