"""The interaction benchmark's policies and tap counts (bench/forms.py, bench/interactions.py).

The benchmark plays whole games through the phones' forms; these tests run its policy on a
parsed sample region and on a real phone region of each game, so that a change of the
forms' markup cannot leave it measuring nothing. No timing.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bench.forms import SUGGESTED_TRIES, entry_forms, random_pick, table_pick, table_values

# A region as companion/_choices.html renders it: a secondary entry, a main entry that
# asks a confirmation, a main entry with a count (default 2, 0-5), a choice and boxes
# (one ticked), and a row of buttons that carry their value.
SAMPLE = """
<div id="live" data-state-version="7"><section class="status card">
<p class="big phase" data-phase="act">Spring</p>
<p class="now">Now: <span class="pill"><span class="marker">A</span>P1</span></p></section>
<section class="choices">
<div class="choice disabled"><button type="button" disabled>Fire the cannons</button>
  <span class="why small">You have no provision at sea.</span></div>
<form hx-post="/t/X/act/" class="choice"><input type="hidden" name="action"
  value='{"type": "pass"}'><input type="hidden" name="version" value="7">
  <input type="hidden" name="idem" value="a"><button type="submit" class="secondary">Pass</button></form>
<form hx-post="/t/X/act/" hx-confirm="End with nothing?" class="choice"><input type="hidden"
  name="action" value='{"type": "end"}'><input type="hidden" name="version" value="7">
  <button type="submit" class="primary">End</button></form>
<form hx-post="/t/X/act/" class="choice"><input type="hidden" name="action"
  value='{"type": "move", "from": "A"}'><input type="hidden" name="version" value="7">
  <label><input type="number" name="f.armies" min="0" max="5" value="2"></label>
  <select name="f.to"><option value='"B"'>B</option><option value='"C"' selected>C</option></select>
  <input type="hidden" name="multi" value="cubes">
  <input type="checkbox" name="m.cubes" value='"red"' checked>
  <input type="checkbox" name="m.cubes" value='"blue"'>
  <button type="submit" class="primary">Move</button></form>
<form hx-post="/t/X/act/" class="choice"><input type="hidden" name="action"
  value='{"type": "flower"}'><input type="hidden" name="version" value="7">
  <button type="submit" class="secondary" name="f.flower" value='"pink"'>Pink</button>
  <button type="submit" class="secondary" name="f.flower" value='"blue"'>Blue</button></form>
</section></div>
"""
# A drop entered by hand (a main entry with counts), the same drop by the app, and a pass.
DROP = """<form hx-post="/t/X/act/" class="choice"><input type="hidden" name="action"
  value='{"type": "drop"}'><input type="number" name="f.red" min="0" max="9" value="0">
  <button type="submit" class="primary">Enter the drop</button></form>
<form hx-post="/t/X/act/" class="choice"><input type="hidden" name="action"
  value='{"type": "drop", "by_app": true}'><button type="submit" class="secondary">Let the
  app simulate the tower</button></form>
<form hx-post="/t/X/act/" class="choice"><input type="hidden" name="action"
  value='{"type": "pass"}'><button type="submit" class="secondary">Pass</button></form>"""


def by_kind(region: str) -> dict[str, Any]:
    return {form.kind: form for form in entry_forms(region)}


def test_a_kept_default_costs_no_tap_and_each_change_one() -> None:
    move = by_kind(SAMPLE)["move"]
    kept = move.values(random.Random(1), suggested=True)
    assert kept == {"armies": 2, "to": "C", "cubes": ["red"]}
    assert move.taps_for(kept) == 1
    assert move.taps_for({**kept, "armies": 3}) == 2
    assert move.taps_for({**kept, "to": "B", "cubes": ["blue"]}) == 1 + 1 + 2
    unselected = entry_forms(SAMPLE.replace(" selected>", ">"))[2]
    assert unselected.inputs[1].shown == "B"  # the browser sends the first option
    assert unselected.taps_for({**kept, "to": "B"}) == 1


def test_a_confirmation_and_a_row_of_buttons() -> None:
    forms = by_kind(SAMPLE)
    assert forms["end"].taps_for({}) == 2
    flower = forms["flower"]
    assert flower.inputs[0].by_button and flower.inputs[0].options == ["pink", "blue"]
    assert flower.taps_for({"flower": "blue"}) == 1


# A picker as Wallenstein's phone shows it (games/wallenstein/_picker.html): a source
# opened by default (one tap saved), a closed source, each holding a closed target whose
# form has a count as − n + (default 3, 1-6); and an entry set aside in a closed <details>.
PICKER = """<div class="w-picker"><details class="w-src" open><summary>A 3</summary>
<details class="w-tgt"><summary>Move B</summary><form hx-post="/t/X/act/" class="choice">
  <input type="hidden" name="action" value='{"type": "move", "to": "B"}'>
  <button type="button" class="w-step" data-step="-1">-</button>
  <input type="number" name="f.count" min="1" max="6" value="3">
  <button type="button" class="w-step" data-step="1">+</button>
  <button type="submit" class="primary">Move</button></form></details></details>
<details class="w-src"><summary>C 9</summary><details class="w-tgt"><summary>Attack D</summary>
<form hx-post="/t/X/act/" class="choice">
  <input type="hidden" name="action" value='{"type": "attack", "to": "D"}'>
  <input type="number" name="f.count" min="0" max="20">
  <button type="submit" class="primary">Attack</button></form></details></details></div>
<details class="w-aside"><summary>Set aside</summary><form hx-post="/t/X/act/" class="choice">
  <input type="hidden" name="action" value='{"type": "reveal"}'>
  <button type="submit" class="secondary">Reveal</button></form></details>
<form hx-post="/t/X/act/" class="choice"><input type="hidden" name="action"
  value='{"type": "pass"}'><button type="submit" class="secondary">Pass</button></form>"""


def test_each_details_opened_is_a_tap_and_a_stepped_count_the_fewer_taps() -> None:
    forms = by_kind(PICKER)
    move, attack = forms["move"], forms["attack"]
    assert [form.closed for form in forms.values()] == [1, 2, 1, 0]
    assert move.inputs[0].stepper and not attack.inputs[0].stepper
    assert move.taps_for({"count": 3}) == 1 + 1  # the target, the button
    assert move.taps_for({"count": 5}) == 1 + 1 + 2  # and + twice
    assert move.taps_for({"count": 1}) == 1 + 1 + 2  # − twice
    assert attack.taps_for({"count": 12}) == 2 + 1 + 1  # source, target, button, the box
    assert forms["reveal"].taps_for({}) == 2 and forms["pass"].taps_for({}) == 1
    stepped = entry_forms(PICKER.replace(' value="3"', ""))[0].inputs[0]
    assert stepped.stepped_from == 1  # an empty box steps from 0 inside the limits
    assert stepped.taps(6) == 1 + 1  # typed: the box, one digit (fewer than 5 steps)
    assert stepped.taps(2) == 1


def test_the_table_prefers_a_main_entry_without_a_question_and_lets_the_app_draw() -> None:
    rng = random.Random(3)
    for _ in range(20):
        form, values = table_pick(entry_forms(SAMPLE), rng)
        assert form.kind == "move" and values == {"armies": 2, "to": "C", "cubes": ["red"]}
    for _ in range(20):
        form, values = table_pick(entry_forms(DROP), rng)
        assert form.by_app and form.kind == "drop" and values == {}
    drawn_only = entry_forms(DROP)[1:]  # no main entry: the app's draw
    assert all(table_pick(drawn_only, rng)[0].by_app for _ in range(20))


def test_after_refusals_the_table_tries_other_entries_and_values() -> None:
    rng = random.Random(5)
    forms = entry_forms(SAMPLE)
    kinds = {table_pick(forms, rng, refused=1)[0].kind for _ in range(60)}
    assert kinds == {"pass", "end", "move", "flower"}
    armies = set()
    for _ in range(60):
        form, values = table_pick(forms, rng, refused=SUGGESTED_TRIES)
        if form.kind == "move":
            armies.add(values["armies"])
            assert 0 <= values["armies"] <= 5
    assert len(armies) > 1
    form, values = random_pick(forms, rng)
    pairs = dict(form.pairs(values))
    assert json.loads(pairs["action"]) == form.action


# A ship entered from its card as Störtebeker's phone shows it (templates/companion/
# _field.html): a box the player must fill ("(choose)" first, required), an optional box
# ("(none)"), a count that stays empty until typed.
CHOOSE = """<form hx-post="/t/X/act/" class="choice"><input type="hidden" name="action"
  value='{"type": "ship"}'>
  <select name="f.colour" required><option value='""' selected>(choose)</option>
  <option value='"red"'>red</option><option value='"blue"'>blue</option></select>
  <select name="f.take_1"><option value='""' selected>(none)</option>
  <option value='"rum"'>rum</option></select>
  <input type="number" name="f.points" min="0" max="20">
  <button type="submit" class="primary">Enter a ship at sea</button></form>"""


def test_a_box_the_player_must_fill_is_never_sent_empty() -> None:
    """The live benchmark sent "(choose)" as Störtebeker's suggestion: every ship and
    exchange it tried so was refused ("is not a colour of the ships", "Discard 2 or 3
    cards"), two thirds of its entries. A table chooses there; "(none)" it may keep."""
    form = entry_forms(CHOOSE)[0]
    colour, take = form.inputs[0], form.inputs[1]
    assert colour.required and not take.required
    rng = random.Random(2)
    for suggested in (True, False):
        for _ in range(20):
            values = form.values(rng, suggested)
            assert values["colour"] in ("red", "blue")
            assert 0 <= values["points"] <= 20
            if suggested:
                assert values["take_1"] == ""
    assert {table_values(form, rng, keep_defaults=True)["colour"] for _ in range(20)} == {
        "red",
        "blue",
    }


def test_the_status_line_and_a_season_are_read() -> None:
    from bench.interactions import Budget, Entry, blocked, looping, to_act

    assert to_act(SAMPLE, ["P0", "P1"]) == [1]
    everyone = '<p class="now everyone">Now: everyone</p>'
    assert to_act(everyone, ["P0", "P1", "P2"]) == [0, 1, 2]
    assert blocked(SAMPLE) == "Fire the cannons: You have no provision at sea."
    budget = Budget("wallenstein", 2, "table")
    phases = ["draft", "action_card", "turn_order", "act", "action_card", "act"]
    phases += ["action_card", "turn_order", "act", "winter", "drop"]
    budget.entries = [Entry(i % 2, phase, "x", 2) for i, phase in enumerate(phases)]
    # 5 entries, then 3 (from the action card before the second turn_order), of 2 taps each
    # for 2 players; the winter's entries are in no season.
    assert budget.per_season() == [5.0, 3.0]
    assert budget.per_turn() == [2] * 11
    assert budget.per_round() == [2, 2] * 5
    assert looping(budget.entries).startswith(
        "the last 100 entries: action_card/x 3, act/x 3, turn_order/x 2"
    )


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["babel", "babylon", "wallenstein", "stortebeker"])
def test_the_table_policy_enters_on_a_real_region(game: str, make_table: Any, join: Any) -> None:
    """Each game's first phone region is read and the table's picks are accepted within
    a few tries (a game may refuse the suggested values: Störtebeker's ship of no needs)."""
    table, _host = make_table(game, players=3 if game == "wallenstein" else 2, start=False)
    phones = [join(table, seat) for seat in range(3 if game == "wallenstein" else 2)]
    assert _host.post(f"/t/{table.code}/start/").status_code == 302
    from bench.interactions import to_act

    first = phones[0].client.get(f"/t/{table.code}/me/live/").content.decode()
    seat = to_act(first, [f"P{index}" for index in range(len(phones))])[0]
    region = phones[seat].client.get(f"/t/{table.code}/me/live/").content.decode()
    forms = entry_forms(region)
    assert forms, region[:500]
    rng, refusals = random.Random(1), []
    for refused in range(12):  # as the benchmark does: another try after a refusal
        form, values = table_pick(forms, rng, refused)
        data: dict[str, list[str]] = {}
        for name, value in form.pairs(values):  # a repeated name (ticked boxes) as a list
            data.setdefault(name, []).append(value)
        answer = phones[seat].client.post(f"/t/{table.code}/act/", data, HTTP_HX_REQUEST="true")
        assert answer.status_code == 200
        page = answer.content.decode()
        if 'class="flash error"' not in page:
            break
        refusals.append((form.action, values))
        forms = entry_forms(page) or forms
    else:
        raise AssertionError(f"every pick refused: {refusals}")
