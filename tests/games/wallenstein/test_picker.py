"""Issue 21: a move / attack as the source, then a target that commits (its count before it).

"Wallenstein move / attack. The step lists about 40 'source → target' cards ... not grouped by
source." The picker is a layout of the same entries: every (source, target) it offers is a
choice whose action is today's, church peace's protected attacks among them, greyed with the
reason ("Během tohoto kola nemůže být země, v níž je postaven kostel, napadena"); a land no
army can leave ("alespoň jedna armáda musí zůstat") is not a source but is set aside.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from games.wallenstein import GAME, picker, season
from games.wallenstein.data import REGION_LABELS, REGIONS, lands

from .helpers import clear_land, in_season

A, B, C = 0, 1, 2


def _move_season(event: int = 15) -> dict[str, Any]:
    state = in_season(cards=["move_a"], events=[event, 2, 4, 10], event=event)
    return clear_land(state, "regensburg", A, 3)


def _pairs(found: dict[str, Any]) -> set[tuple[str, str]]:
    return {
        (source["id"], target)
        for region in found["regions"]
        for source in region["sources"]
        for target in source["targets"]
    }


def test_every_pair_is_a_choice_with_todays_action() -> None:
    state = _move_season()
    found = picker.move_picker(state, A)
    assert found is not None
    moves = {
        (c.action["land"], c.action["to"]): c for c in GAME.choices(state, A) if "to" in c.action
    }
    assert _pairs(found) == set(moves)
    for (land, target), choice in moves.items():
        assert choice.action == {"type": "play", "land": land, "to": target}
        (count,) = choice.fields
        armies = state["lands"][land]["armies"]
        assert (count.key, count.low, count.high, count.default) == (
            "count",
            1,
            armies - 1,
            armies - 1,
        )


def test_sources_by_region_in_the_boards_order_and_the_rest_set_aside() -> None:
    """Only lands with two armies or more and somewhere to go are sources; the other playable
    lands are set aside (revealing one cancels the action)."""
    state = _move_season()
    state = clear_land(state, "passau", A, 1)  # one army: it must stay
    found = picker.move_picker(state, A)
    assert found is not None
    labels = [region["region"] for region in found["regions"]]
    assert labels == [REGION_LABELS[r] for r in REGIONS if REGION_LABELS[r] in labels]
    sources = [s["id"] for region in found["regions"] for s in region["sources"]]
    for region in found["regions"]:
        for source in region["sources"]:
            assert lands()[source["id"]].region in REGIONS
            assert REGION_LABELS[lands()[source["id"]].region] == region["region"]
            assert source["armies"] >= 2 and source["targets"]
    assert "passau" not in sources and "passau" in found["stuck"]
    assert sorted(sources + found["stuck"]) == sorted(season.playable_lands(state, A))


def test_a_sole_source_is_shown_open() -> None:
    state = _move_season()
    found = picker.move_picker(state, A)
    assert found is not None and found["sole"] is None
    for land in season.playable_lands(state, A):
        if land != "passau":
            state = clear_land(state, land, A, 1)
    found = picker.move_picker(state, A)
    assert found is not None and found["sole"] == "passau"


def test_targets_say_move_or_attack_and_whose_land() -> None:
    state = _move_season()
    found = picker.move_picker(state, A)
    assert found is not None
    for region in found["regions"]:
        for source in region["sources"]:
            for land, target in source["targets"].items():
                owner = state["lands"][land]["owner"]
                assert target["owner"] == owner and target["attack"] is (owner != A)
                assert target["name"] == lands()[land].name


@pytest.mark.parametrize("event", [11, 12, 13])
def test_church_peace_keeps_the_protected_attack_marked(event: int) -> None:
    state = _move_season(event)
    state["lands"]["boehmen"]["church"] = True  # C's land next to A's Passau
    found = picker.move_picker(state, A)
    assert found is not None
    passau = next(
        s for region in found["regions"] for s in region["sources"] if s["id"] == "passau"
    )
    assert passau["targets"]["boehmen"]["protected"] is True
    assert passau["targets"]["oberpfalz"]["protected"] is False


def test_no_picker_off_turn_or_for_another_card() -> None:
    state = _move_season()
    assert picker.move_picker(state, B) is None
    assert picker.move_picker(state, None) is None
    other = in_season(cards=["taxes"], events=[15, 2, 4, 10], event=15)
    assert picker.move_picker(other, A) is None
    assert GAME.view(state, A)["picker"] == picker.move_picker(state, A)
    assert GAME.view(state, B)["picker"] is None


def _sent_moves(page: str) -> dict[tuple[str, str], dict[str, Any]]:
    """Each (source, target) the page's move forms can send, with the whole entry sent: the
    form's action completed with its target button's ``to`` and the count it shows."""
    found = {}
    for form in re.findall(r'<form [^>]*class="choice w-move">.*?</form>', page, re.S):
        value = re.search(r'name="action" value="([^"]*)"', form)
        count = re.search(r'name="f.count"[^>]*value="(\d+)"', form)
        assert value is not None and count is not None
        action = json.loads(html.unescape(value.group(1)))
        for target in re.findall(r'name="f.to" value="([^"]*)"', form):
            entry = {
                **action,
                "to": json.loads(html.unescape(target)),
                "count": int(count.group(1)),
            }
            found[(entry["land"], entry["to"])] = entry
    return found


@pytest.mark.django_db(transaction=True)
def test_the_phone_sends_the_choices_action_and_greys_the_protected_attack(
    make_table: Any, join: Any
) -> None:
    """The rendered picker: one form per source, a committing button per target; what a
    target sends is the (source, target) choice's own action with its suggested count (all
    but one army); the church-protected attack a greyed line with the reason, no button."""
    table, _host = make_table("wallenstein", players=3, allocation="fixed")
    phones = [join(table, seat, name) for seat, name in enumerate(("Anna", "Boris", "Cyril"))]
    state = _move_season(11)
    state["lands"]["boehmen"]["church"] = True
    table.state = state
    table.save()
    page = phones[A].page().content.decode()
    sent = _sent_moves(page)
    allowed = {
        (c.action["land"], c.action["to"]): {**c.action, "count": c.fields[0].default}
        for c in GAME.choices(state, A)
        if "to" in c.action and c.disabled is None
    }
    assert sent == allowed and ("passau", "boehmen") not in sent
    greyed = re.search(r'<div class="w-tgt disabled" data-land="boehmen">.*?</div>', page, re.S)
    assert greyed is not None and "Church peace" in greyed.group(0)
    sources = [s for r in picker.move_picker(state, A)["regions"] for s in r["sources"]]
    assert page.count('class="w-src"') == len(sources)
    # One form per source with an open target: the count is the source's, set once.
    assert page.count('class="choice w-move"') == len([s for s in sources if s["first"]])
    # Another phone (not on turn) has no picker.
    assert 'class="w-picker"' not in phones[B].page().content.decode()


def test_the_seat_picking_a_move_has_a_view_of_its_own() -> None:
    """The views are shared per version (``view_key``), but the move picker is the seat's
    own: the seat on turn at a move card must not get the table's view without it."""
    state = _move_season()
    assert GAME.view_key(state, A) != GAME.view_key(state, None)
    assert GAME.view(state, A)["picker"] is not None
    others = [seat for seat in (B, C) if GAME.view(state, seat)["picker"] is None]
    assert {GAME.view_key(state, seat) for seat in others} <= {GAME.view_key(state, None)}


@pytest.mark.django_db(transaction=True)
def test_with_no_source_the_lands_no_army_can_leave_are_listed_at_once(
    make_table: Any, join: Any
) -> None:
    """A move card where no army can leave any land ("alespoň jedna armáda musí zůstat"):
    revealing a land is all there is. Each land is the card on the space as much as a
    source is, so it stands in its region of the picker, one tap, marked as cancelling the
    action, not behind a tap under the list (bench/interactions.py found that list below
    the fold at five players)."""
    table, _host = make_table("wallenstein", players=3, allocation="fixed")
    phones = [join(table, seat, name) for seat, name in enumerate(("Anna", "Boris", "Cyril"))]
    state = _move_season()
    for land in season.playable_lands(state, A):
        state = clear_land(state, land, A, 1)
    table.state = state
    table.save()
    page = phones[A].page().content.decode()
    assert 'class="w-aside' not in page
    picker = page[page.index('<div class="w-picker">') :]
    shown = {
        json.loads(html.unescape(value))["land"]
        for form in re.findall(r'<form [^>]*class="choice w-play w-lost">.*?</form>', picker, re.S)
        for value in re.findall(r'name="action" value="([^"]*)"', form)
    }
    assert shown == set(season.playable_lands(state, A))
    assert 'class="choice w-move"' not in page
    assert "The action is cancelled" in page


@pytest.mark.django_db(transaction=True)
def test_a_reinforcement_is_one_tap_per_land_and_the_move_set_aside(
    make_table: Any, join: Any
) -> None:
    """Reinforce ("po zaplacení jednoho zlata umístit do země jednu armádu ... může přemístit
    armády ... do sousední vlastní země"): each land card is one button that sends what its
    full form sends untouched (the army, no armies moved); the full forms, to move as well,
    lie in a disclosure under the list."""
    table, _host = make_table("wallenstein", players=3, allocation="fixed")
    phones = [join(table, seat, name) for seat, name in enumerate(("Anna", "Boris", "Cyril"))]
    state = in_season(cards=["reinforce"])
    table.state = state
    table.save()
    page = phones[A].page().content.decode()
    quick = {}
    for form in re.findall(r'<form [^>]*class="choice w-play">.*?</form>', page, re.S):
        value = re.search(r'name="action" value="([^"]*)"', form)
        assert value is not None
        sent = json.loads(html.unescape(value.group(1)))
        for key, raw in re.findall(r'name="f\.(\w+)" value="([^"]*)"', form):
            sent[key] = json.loads(html.unescape(raw))
        quick[sent["land"]] = sent
    full = {c.action["land"]: c for c in GAME.choices(state, A) if c.fields}
    assert full and set(full) <= set(quick)
    for land, choice in full.items():
        untouched = {
            field.key: field.default if field.default is not None else field.choices[0][0]
            for field in choice.fields
        }
        assert quick[land] == {**choice.action, **untouched}
        assert quick[land].get("count") == 0  # no armies moved
    start = page.index('<details class="w-aside w-more">')
    more = page[start : page.index("</section>", start)]
    # One land at a time: a disclosure per land, its full form inside.
    assert more.count('<details class="w-rf"') == len(full)
    assert more.count('name="f.count"') == len(
        [c for c in full.values() if any(f.key == "count" for f in c.fields)]
    )
