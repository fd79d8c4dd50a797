"""Wallenstein on a 390×844 phone: each busy step's first and committing control above the fold.

Issue 21 observed: "The step lists about 40 'source → target' cards ... The page is up to
8,932 px tall; the wanted button was below the fold 28 times of 31" and "Wallenstein tower
drop. The submit was below the fold 35 times of 35." The product rule: every step's first
control and its committing control within the first 844 px, at every player count and in
all three languages, and nothing wider than the phone.

One table per player count (3 and 5, fixed lands). On the phone that must act, each step of
a season is measured in English, Czech and Russian (switched with the page's language
buttons), then entered with real taps: the tower drop of the set-up, the year's event cards,
the action cards, the generals, the current event, the land cards revealed for the taxes and
for the reinforcement (every land of the list, the lowest one tapped), the move picker's two steps (the source,
then a target that commits, its count on a stepper before it), the widest hand's picker (ten
lands in the five regions, half of them no army can leave, put in the real page's place;
its last land was at 847–881 px when the cards sat as wide as their names), the defence and the
battle's drop. A second table per player count drafts its lands: the face-up cards' group
buttons and the app's draw of the top card. With ``WALLENSTEIN_FOLD_SHOTS`` set to a
folder, the screens are saved there, and where each step's controls end
(positions.txt: players, step, language, first control, committing control, page height).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.i18n import msg
from games.wallenstein.data import REGION_LABELS, REGIONS, lands
from tests.browser.fold import clipped, switch_language
from tests.browser.phone_actions import LIVE, seated_and_started
from tests.browser.test_babylon_fold import FOLD, LANGUAGES, actor, version

pytestmark = pytest.mark.browser

WIDTH = 390
# Names as long as a group's real ones, in both scripts: the status card's clocks name every
# seat above each step, so short names would hide a step pushed below the fold.
NAMES = ["Alexandra", "Bartoloměj", "Kateřina", "Светлана", "Maximilian"]
# The first control a player can take on the step (a picker's summary, a stepper, a menu, a
# button) and the step's committing buttons.
CONTROLS = "section.choices :is(summary, button, select, input:not([type=hidden])):visible"
SUBMIT = "section.choices form.choice:visible button[type=submit]"


def entry(kind: str, *parts: str) -> str:
    """The entry form whose action is of ``kind`` (and holds each of ``parts``)."""
    selector = f'form.choice:has(input[name=action][value*=\'"type":"{kind}"\']'
    for part in parts:
        selector += f"[value*='{part}']"
    return selector + ")"


def start_table(page: Any, base_url: str, players: int, allocation: str = "fixed") -> str:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "/")
    form = page.locator("form[data-game='wallenstein']")
    form.locator("select[name=players]").select_option(str(players))
    form.locator("select[name='opt.allocation']").select_option(allocation)
    form.get_by_role("button", name="Start a table").click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+/$"))
    return page.locator(".join-qr figcaption a").get_attribute("href")


def bottom(phone: Any, selector: str, last: bool = False) -> float:
    found = phone.locator(selector)
    element = found.last if last else found.first
    element.wait_for(timeout=LIVE)
    box = element.bounding_box()
    assert box is not None, selector
    return float(box["y"] + box["height"])


# The boxes not held to their widest line: an event card's line is its number, name and
# effect ("18. Troop shortage in Brandenburg: Recruiting ..."), which the closed box cuts
# after the name by choice, four of them beside their labels on the first screen (the open
# list shows each whole).
EVENT_BOXES = ("f.event: ", *(f"f.card_{number}: " for number in range(1, 5)))


def check_fold(
    phone: Any,
    players: int,
    step: str,
    committing: str = SUBMIT,
    reopen: Callable[[Any], None] = lambda phone: None,
    every: str = "",
) -> None:
    """In each language: the first control and ``committing`` end above 844 px, and the page
    is no wider than the phone; so does the last of ``every`` (the step's whole list).
    ``reopen`` takes the picker back to the step after the language's page load."""
    phone.set_viewport_size({"width": WIDTH, "height": FOLD})
    for code in LANGUAGES:
        switch_language(phone, code)
        reopen(phone)
        phone.evaluate("() => window.scrollTo(0, 0)")
        first, commit = bottom(phone, CONTROLS), bottom(phone, committing)
        if every:
            commit = max(commit, bottom(phone, every, last=True))
        wide = phone.evaluate("() => document.scrollingElement.scrollWidth")
        folder = os.environ.get("WALLENSTEIN_FOLD_SHOTS")
        if folder:  # the screen as the phone shows it, and where its controls end
            Path(folder).mkdir(parents=True, exist_ok=True)
            phone.screenshot(path=f"{folder}/{players}p-{step}-{code.lower()}.png")
            tall = phone.evaluate("() => document.scrollingElement.scrollHeight")
            with open(f"{folder}/positions.txt", "a") as out:
                out.write(f"{players} {step} {code} {first:.0f} {commit:.0f} {tall}\n")
        assert first <= FOLD and commit <= FOLD, (players, step, code, first, commit)
        assert wide <= WIDTH, (players, step, code, wide)
        cut = [item for item in clipped(phone) if not item.startswith(EVENT_BOXES)]
        assert cut == [], (players, step, code, cut)
    switch_language(phone, "EN")
    reopen(phone)


def send(phone: Any, form: str) -> int:
    """Tap the committing button of the first ``form``; the table's version after it."""
    with phone.expect_response(lambda r: "/act/" in r.url, timeout=LIVE):
        phone.locator(form).first.locator("button[type=submit]").click()
    phone.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=LIVE)
    return version(phone)


def by_app(phone: Any, kind: str) -> int:
    return send(phone, entry(kind, '"by_app":true'))


def acting(phones: list[Any], now: int, form: str) -> Any:
    """The first phone that shows ``form`` once every phone is at version ``now`` (in the
    set-up every phone may enter)."""
    for phone in phones:
        phone.wait_for_function(
            "(v) => +document.querySelector('#live').dataset.version >= v", arg=now, timeout=LIVE
        )
    found = [phone for phone in phones if phone.locator(form).count()]
    assert found, form
    return found[0]


SETTLED = "() => !document.querySelector('[data-fresh]')"
# Open a source and tap one of its targets (a committing button) 300 ms later, as a second
# finger would: on the page's clock, when the disclosure opened, when the tap came, and
# whether an entry left.
GHOST_TAP = """([source, target]) => new Promise((resolve) => {
  const details = document.querySelector(source);
  let sent = false, opened = 0;
  document.body.addEventListener("htmx:beforeRequest", () => { sent = true; }, { once: true });
  details.addEventListener("toggle", () => { opened = performance.now(); }, { once: true });
  details.querySelector("summary").click();
  setTimeout(() => {
    const at = performance.now();
    // A busy machine that comes back too late does not tap: the entry would be made.
    if (at - opened >= 450) { resolve({ opened, at, sent }); return; }
    details.querySelector(target).click();
    setTimeout(() => resolve({ opened, at, sent }), 100);
  }, 300);
})"""


def ghost_tap_is_refused(phone: Any, source: str, target: str) -> None:
    """A tap on a target less than 500 ms after its source opened sends nothing
    (static/companion/ghost.js). A trial whose tap would come later (a busy machine) taps
    nothing and is played again."""
    for _trial in range(5):
        if phone.locator(source + "[open]").count():
            phone.locator(source + " > summary").first.click()
        phone.wait_for_function(SETTLED, timeout=LIVE)
        found = phone.evaluate(GHOST_TAP, [source, target])
        assert not (found["sent"] and found["at"] - found["opened"] < 500), found
        if found["at"] - found["opened"] < 500:
            return
    raise AssertionError("no tap came within 500 ms of the opening")


def attack_source(phone: Any) -> str:
    """A source of the picker with an attack that church peace allows (its land id)."""
    land = phone.evaluate(
        """() => [...document.querySelectorAll('.w-src')]
             .find(s => s.querySelector('button.w-tgt.attack'))?.dataset.land"""
    )
    assert land, "a source with an attack"
    return str(land)


def worst_hand_picker(language: str) -> str:
    """The move picker of the widest hand a player holds at five players, rendered in
    ``language`` as ``_picker.html`` does: ten land cards, two in each of the board's five
    regions (the longest names), one a source and one that no army can leave and whose
    reveal cancels the action. A random game seldom deals it, so the check puts it in the
    place of the real picker of a real page."""
    regions, choices = [], []
    for region in REGIONS:
        source, stuck = sorted(
            (land for land in lands().values() if land.region == region),
            key=lambda land: len(land.name),
        )[-2:]
        regions.append(
            {
                "region": REGION_LABELS[region],
                "sources": [{"id": source.id, "name": source.name, "armies": 12, "first": None}],
                "stuck": [stuck.id],
            }
        )
        cancels = {
            "label": msg(stuck.name),
            "action": {"type": "play", "land": stuck.id},
            "fields": [],
            "note": msg(
                "Revealing this card cancels the action: %(reason)s",
                reason=msg("No army can move from this land."),
            ),
            "style": "cancels",
            "disabled": None,
        }
        choices.append((cancels, f"idem-{stuck.id}"))
    context = {"view": {"picker": {"regions": regions}}, "choices": choices, "act_url": "/"}
    with translation.override(language):
        return render_to_string("games/wallenstein/_picker.html", context)


def check_worst_hand(phone: Any, players: int) -> None:
    """In each language, the real page with the widest hand's picker in place of its own:
    the last land card (source or cancelling) and the blank card under them end above the
    fold (the greyed space that must hold a card below them is no tap)."""
    phone.set_viewport_size({"width": WIDTH, "height": FOLD})
    for code in LANGUAGES:
        switch_language(phone, code)
        phone.locator(".w-picker").evaluate(
            "(picker, html) => { picker.outerHTML = html; }", worst_hand_picker(code.lower())
        )
        phone.evaluate("() => window.scrollTo(0, 0)")
        assert phone.locator(".w-picker form.w-lost").count() == len(REGIONS)
        cards = ".w-picker :is(.w-src > summary, form.w-lost button)"
        last = bottom(phone, cards, last=True)
        after = bottom(phone, entry("play", '"land":"blank"') + " button")
        folder = os.environ.get("WALLENSTEIN_FOLD_SHOTS")
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            phone.screenshot(path=f"{folder}/{players}p-worst-hand-{code.lower()}.png")
        assert max(last, after) <= FOLD, (players, code, last, after)
        assert clipped(phone) == [], (players, code, clipped(phone))
    switch_language(phone, "EN")


@pytest.mark.parametrize("players", [3, 5])
def test_first_and_committing_control_above_the_fold(
    server: Any, phones: Any, players: int
) -> None:
    screen = phones()
    join_url = start_table(screen, server.url, players)
    seats = seated_and_started(screen, phones, join_url, NAMES[:players])

    # -- set-up: the tower is filled; a counter per colour, the button on the same screen ------
    phone = acting(seats, 0, entry("drop"))
    assert phone.locator(".w-count").count() == players + 1
    check_fold(phone, players, "setup-drop", entry("drop") + " button[type=submit]")
    now = by_app(phone, "drop")

    # -- the year and the season: event cards, action card, generals, current event ----------
    phone = acting(seats, now, entry("events"))
    check_fold(phone, players, "events")
    now = by_app(phone, "events")
    phone = acting(seats, now, entry("action_card"))
    check_fold(phone, players, "action-card")
    for card in ("Taxes", "Reinforce", "Move / attack A"):  # the first three open cards
        phone = acting(seats, now, entry("action_card"))
        form = phone.locator(entry("action_card") + ":has(select)")
        form.locator("select").select_option(label=card)
        now = send(phone, entry("action_card") + ":has(select)")
    phone = acting(seats, now, entry("action_card"))
    now = by_app(phone, "action_card")
    phone = acting(seats, now, entry("turn_order"))
    # The app's draw (what a table taps most) and the generals entered by hand, both.
    drawn = entry("turn_order", '"by_app":true') + " button"
    check_fold(phone, players, "generals", drawn, every=SUBMIT)
    now = by_app(phone, "turn_order")
    phone = acting(seats, now, entry("current_event"))
    check_fold(phone, players, "current-event")
    now = by_app(phone, "current_event")

    # -- taxes, then reinforce: every player reveals a land card from the list, its lowest ----
    plays = "form.w-play:visible button[type=submit]"
    for step in ("reveal", "reinforce"):
        for turn in range(players):
            phone = actor(seats, now)
            if turn == 0:
                check_fold(phone, players, step, plays, every=plays)
            if step == "reinforce" and turn == 0:  # with a move: set aside, a land at a time
                land = ".w-more .w-rf:has(input[name='f.count'])"

                def open_land(phone: Any, land: str = land) -> None:
                    if not phone.locator(".w-more[open]").count():
                        phone.locator(".w-more > summary").click()
                    if not phone.locator(land + "[open]").count():
                        phone.locator(land + " > summary").last.click()

                check_fold(phone, players, "reinforce-move", ".w-rf[open] button", open_land)
                phone.locator(".w-more > summary").click()  # back to the list
            now = send(phone, "form.w-play:visible >> nth=-1")

    # -- move / attack: the source, then a target that commits -------------------------------
    phone = actor(seats, now)
    phone.locator(".w-picker").wait_for(timeout=LIVE)
    check_fold(phone, players, "move-source", ".w-src > summary", every=".w-src > summary")
    check_worst_hand(phone, players)
    land = attack_source(phone)
    source = f".w-src[data-land='{land}']"

    def open_source(phone: Any) -> None:
        if not phone.locator(source + "[open]").count():
            phone.locator(source + " > summary").click()
        phone.locator(source + " .w-targets").wait_for(timeout=LIVE)

    ghost_tap_is_refused(phone, source, "button.w-tgt.attack")
    open_source(phone)
    targets = f"{source} :is(button.w-tgt, .w-tgt.disabled)"
    check_fold(phone, players, "move-target", targets, open_source, every=targets)
    chosen = phone.locator(f"{source} form.w-move")
    attack = chosen.locator("button.w-tgt.attack").first
    count = chosen.locator("input[name='f.count']")
    most = int(count.get_attribute("max"))
    assert count.input_value() == str(most)  # all but one army: the rules' most
    chosen.locator("button[data-step='1']").click()
    assert count.input_value() == str(most)  # the stepper keeps to the limit
    if most > 1:  # every target says what it sends, and follows the stepper
        chosen.locator("button[data-step='-1']").click()
        attack.locator("[data-echo='f.count']").filter(has_text=str(most - 1)).wait_for()
        chosen.locator("button[data-step='1']").click()
    attack.locator("[data-echo='f.count']").filter(has_text=str(most)).wait_for()
    sent = chosen.locator("input[name=action]").get_attribute("value")
    assert json.loads(sent) == {"type": "play", "land": land}  # the target adds "to"
    with (
        phone.expect_request(lambda r: "/act/" in r.url, timeout=LIVE) as posted,
        phone.expect_response(lambda r: "/act/" in r.url, timeout=LIVE),
    ):
        attack.click()
    form = posted.value.post_data or ""
    assert "f.to=" in form and f"f.count={most}" in form
    phone.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=LIVE)
    now = version(phone)

    # -- the battle: the defence (when the land has an owner), then the tower ---------------
    for other in seats:
        other.wait_for_function(
            "(v) => +document.querySelector('#live').dataset.version >= v", arg=now, timeout=LIVE
        )
    defenders = [p for p in seats if p.locator(entry("defend")).count()]
    if defenders:
        phone = defenders[0]
        check_fold(phone, players, "defend")
        now = send(phone, entry("defend"))
    phone = acting(seats, now, entry("drop"))
    check_fold(phone, players, "battle-drop", entry("drop") + " button[type=submit]")
    counters = phone.locator(entry("drop") + " .w-count")
    assert counters.count() == players + 1
    now = by_app(phone, "drop")


@pytest.mark.parametrize("players", [3, 5])
def test_the_land_draft_above_the_fold(server: Any, phones: Any, players: int) -> None:
    """The draft ("Hráč si vezme jednu z odkrytých karet, nebo kartu z balíčku"): the two
    face-up cards' group buttons and the app's draw of the top card on the first screen."""
    screen = phones()
    join_url = start_table(screen, server.url, players, allocation="draft")
    seats = seated_and_started(screen, phones, join_url, NAMES[:players])
    phone = acting(seats, 0, entry("drop"))
    now = by_app(phone, "drop")
    takes = "form.w-take button[type=submit]"
    for turn in (1, 2):  # the first two takes of the draft
        while True:  # the face-up cards, turned up by the app
            phone = acting(seats, now, f":is({entry('reveal_land')}, {entry('take')})")
            if not phone.locator(entry("reveal_land")).count():
                break
            now = by_app(phone, "reveal_land")
        assert phone.locator(takes).count() >= 2
        # Each button names the land and the group in full for a screen reader.
        assert "armies" in (phone.locator(takes).first.get_attribute("aria-label") or "")
        drawn = entry("take", '"by_app":true') + " button"
        check_fold(phone, players, f"draft-{turn}", drawn, every=takes)
        now = send(phone, "form.w-take >> nth=-1")
