"""Wallenstein through the platform: three phones draft the lands and start the spring."""

from __future__ import annotations

from typing import Any

import pytest

from games.wallenstein import GAME, setup

pytestmark = pytest.mark.django_db(transaction=True)

OK = (200, 302)


def current(table: Any) -> dict[str, Any]:
    table.refresh_from_db()
    return table.state


def test_three_phones_draft_and_start_the_spring(make_table: Any, join: Any) -> None:
    table, host = make_table("wallenstein", players=3, allocation="draft")
    phones = [join(table, 0, "Anna"), join(table, 1, "Boris"), join(table, 2, "Cyril")]
    anna, boris, cyril = phones

    # The first fill of the tower: the app simulates it.
    assert cyril.act({"type": "drop", "by_app": True}).status_code in OK
    assert current(table)["stage"] == "draft"

    # Anna turns up the two face-up land cards (one by the app, one entered).
    assert anna.act({"type": "reveal_land", "by_app": True}).status_code in OK
    left = setup.drawable(current(table))
    assert anna.act({"type": "reveal_land", "land": left[0]}).status_code in OK
    face_up = list(current(table)["draft"]["face_up"])
    assert len(face_up) == 2

    # Boris may not take a land while it is Anna's turn: refused, nothing changes.
    version, before = table.state_version, current(table)
    refused = boris.act({"type": "take", "from": "face_up", "land": face_up[0]})
    assert refused.status_code == 400
    table.refresh_from_db()
    assert table.state_version == version and table.state == before

    # Anna takes a face-up card and chooses her group of 5 for it.
    taken = {"type": "take", "from": "face_up", "land": face_up[0], "group": 5}
    assert anna.act(taken).status_code in OK
    land = current(table)["lands"][face_up[0]]
    assert land["owner"] == 0 and land["armies"] == 5

    # The rest of the draft: each phone lets the app take the top card of the deck
    # (filling an empty face-up place first when one is empty).
    for _ in range(200):
        state = current(table)
        if state["stage"] != "draft":
            break
        phone = phones[_to_act(table)]
        if setup.must_reveal(state):
            response = phone.act({"type": "reveal_land", "by_app": True})
        else:
            group = max(state["draft"]["groups"][_to_act(table)])
            response = phone.act({"type": "take", "from": "deck", "by_app": True, "group": group})
        assert response.status_code in OK, response.content.decode()[:300]
    state = current(table)
    assert state["stage"] == "year_events"
    owned = [
        sum(1 for info in state["lands"].values() if info["owner"] == seat) for seat in range(3)
    ]
    assert owned == [9, 9, 9]

    # The start of the spring, entered from different phones.
    assert (
        boris.act(
            {"type": "events", "card_1": 15, "card_2": 2, "card_3": 4, "card_4": 10}
        ).status_code
        in OK
    )
    for phone, card in zip(
        [anna, boris, cyril, anna, boris],
        ["palace", "taxes", "grain", "church", "trade"],
        strict=True,
    ):
        assert phone.act({"type": "action_card", "card": card}).status_code in OK
    assert cyril.act({"type": "turn_order", "pos_1": 2, "pos_2": 0, "pos_3": 1}).status_code in OK
    assert anna.act({"type": "current_event", "event": 2}).status_code in OK
    state = current(table)
    assert state["stage"] == "act"
    assert _to_act(table) == 2  # Cyril's general came first

    # Anna is not on turn: her palace entry is refused and changes nothing.
    anna_land = next(key for key, info in state["lands"].items() if info["owner"] == 0)
    version = table.state_version
    assert anna.act({"type": "play", "land": anna_land}).status_code == 400
    table.refresh_from_db()
    assert table.state_version == version and table.state == state

    # Cyril builds a palace in one of his lands.
    cyril_land = next(key for key, info in state["lands"].items() if info["owner"] == 2)
    gold = state["gold"][2]
    assert cyril.act({"type": "play", "land": cyril_land}).status_code in OK
    state = current(table)
    assert state["lands"][cyril_land]["palace"] is True
    assert state["gold"][2] < gold
    assert _to_act(table) == 0

    # The pages render: the phone, the table screen and the rules.
    page = anna.page()
    assert page.status_code == 200
    assert "g-wallenstein" in page.content.decode()
    board = host.get(f"/t/{table.code}/")
    assert board.status_code == 200
    text = board.content.decode()
    assert "g-wallenstein" in text and "Brandenburg" in text and "Tower" in text
    rules = host.get("/games/wallenstein/rules/")
    assert rules.status_code == 200
    assert "Readings we chose" in rules.content.decode()


@pytest.mark.parametrize(
    ("language", "board_words", "phone_words", "heading"),
    [
        (
            "cs",
            ["Věž", "Zlato", "Jaro", "Sachsen"],
            ["Zlato", "Vaše země", "Akce:"],
            "Wallenstein: pravidla, jak je vede aplikace",
        ),
        (
            "ru",
            ["Башня", "Золото", "Весна", "Sachsen"],
            ["Золото", "Ваши земли", "Действие:"],
            "Валленштейн: правила, как их ведёт приложение",
        ),
    ],
)
def test_pages_are_translated(
    make_table: Any,
    join: Any,
    language: str,
    board_words: list[str],
    phone_words: list[str],
    heading: str,
) -> None:
    table, host = make_table("wallenstein", players=3, allocation="fixed")
    anna = join(table, 0, "Anna")
    for action in ("drop", "events", "action_card", "turn_order", "current_event"):
        assert anna.act({"type": action, "by_app": True}).status_code in OK
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    board = host.get(f"/t/{table.code}/", **headers).content.decode()
    phone = anna.client.get(f"/t/{table.code}/me/", **headers).content.decode()
    for word in board_words:
        assert word in board, word
    for word in phone_words:
        assert word in phone, word
    assert heading in host.get("/games/wallenstein/rules/", **headers).content.decode()


def _to_act(table: Any) -> int:
    table.refresh_from_db()
    seats = GAME.to_act(table.state)
    assert len(seats) == 1, seats
    return seats[0]


def test_score_only_table_enters_the_board_and_reads_the_winter(make_table: Any, join: Any) -> None:
    """Score-only mode through the platform: a land entered from a phone (the multi field of
    buildings arrives as a list), the winter scored, the summary on the phone page."""
    table, host = make_table("wallenstein", players=3, mode="scoring")
    anna, boris, _cyril = (join(table, 0, "Anna"), join(table, 1, "Boris"), join(table, 2, "C"))
    entry = {"type": "land", "land": "mittelmark", "owner": 0, "buildings": ["palace", "church"]}
    response = anna.act(entry)
    assert response.status_code in OK, response.content.decode()
    assert current(table)["lands"]["mittelmark"]["palace"] is True
    assert boris.act({"type": "score_winter"}).status_code in OK
    assert current(table)["winters"][0][0]["palace"] == 3
    page = anna.page().content.decode()
    assert "Winter 1: scoring" in page and "Running total" in page


def test_a_tower_drop_correction_names_each_seat_and_its_colour(make_table: Any, join: Any) -> None:
    """The correction form of a tower drop says whose armies each box is (Field.seat)."""
    from companion.models import Event

    table, host = make_table("wallenstein", players=3, allocation="fixed")
    anna = join(table, 0, "Anna")
    join(table, 1, "Ivan")
    join(table, 2, "Emma")
    drop = {"type": "drop", "out_0": 0, "out_1": 0, "out_2": 0, "out_peasants": 0}
    assert anna.act(drop).status_code in OK
    event = Event.objects.get(table=table, kind="action", payload__type="drop")
    page = host.get(f"/t/{table.code}/correct/{event.seq}/").content.decode()
    for name in ("Anna", "Ivan", "Emma"):
        assert f"<strong>{name}</strong> · Armies of player" in page, name
    assert "Peasants (green)" in page


def test_a_tower_drop_correction_keeps_the_entrys_limits(make_table: Any, join: Any) -> None:
    """Issue 21: the correction showed only "At least 0."; too many cubes was caught at the
    preview with a message naming a later entry. "Do věže se najednou vhodí 7 kostiček armád
    každého hráče a 10 neutrálních zelených armád": at most 7 of each colour, 10 green."""
    from companion.models import Event

    table, host = make_table("wallenstein", players=3, allocation="fixed")
    anna = join(table, 0, "Anna")
    join(table, 1, "Ivan")
    join(table, 2, "Emma")
    drop = {"type": "drop", "out_0": 7, "out_1": 7, "out_2": 7, "out_peasants": 10}
    assert anna.act(drop).status_code in OK
    event = Event.objects.get(table=table, kind="action", payload__type="drop")
    page = host.get(f"/t/{table.code}/correct/{event.seq}/").content.decode()
    assert page.count('max="7"') == 3 and 'max="10"' in page
    assert page.count("From 0 to 7.") == 3
    table.refresh_from_db()
    response = host.post(
        f"/t/{table.code}/correct/{event.seq}/",
        {"step": "preview", "f.out_0": "9", "version": table.state_version},
    )
    assert response.status_code == 400
    text = response.content.decode()
    assert "Armies of player 1 that came out: from 0 to 7." in text
    assert "impossible" not in text


def test_score_only_shows_no_armies_and_asks_before_scoring(make_table: Any, join: Any) -> None:
    """Issue 21: score-only mode showed "0" armies on every land (it counts no armies: "Za
    každou zemi a budovu, kterou hráč vlastní, získá jeden vítězný bod"), and "Score winter",
    which fixes the winter's points, had no confirmation."""
    import re

    table, host = make_table("wallenstein", players=3, mode="scoring")
    anna = join(table, 0, "Anna")
    join(table, 1, "Boris")
    join(table, 2, "C")
    entry = {"type": "land", "land": "mittelmark", "owner": 0, "buildings": ["palace"]}
    assert anna.act(entry).status_code in OK
    for page in (anna.page().content.decode(), host.get(f"/t/{table.code}/").content.decode()):
        cells = re.findall(r'<td class="n(?: big-n)?">([^<]*)</td>', page)
        assert cells and all(cell.strip() == "" for cell in cells), cells
    phone = anna.page().content.decode()
    form = re.search(r"<form[^>]*>(?:(?!</form>).)*score_winter.*?</form>", phone, re.S)
    assert form is not None and "hx-confirm=" in form.group(0).split(">")[0]


def test_a_hidden_ledger_drop_correction_says_why_without_naming_another_entry(
    make_table: Any, join: Any
) -> None:
    """Issue 21: with the ledger hidden the correction has no upper limit to show, and the
    engine refuses too many cubes; the refusal is the drop's own reason, not "this correction
    would make entry N impossible"."""
    from companion.models import Event

    table, host = make_table("wallenstein", players=3, allocation="fixed", ledger="hidden")
    anna = join(table, 0, "Anna")
    join(table, 1, "Ivan")
    join(table, 2, "Emma")
    drop = {"type": "drop", "out_0": 7, "out_1": 7, "out_2": 7, "out_peasants": 10}
    assert anna.act(drop).status_code in OK
    event = Event.objects.get(table=table, kind="action", payload__type="drop")
    page = host.get(f"/t/{table.code}/correct/{event.seq}/").content.decode()
    assert 'max="' not in page.split("<form", 1)[1]
    table.refresh_from_db()
    response = host.post(
        f"/t/{table.code}/correct/{event.seq}/",
        {"step": "preview", "f.out_0": "9", "version": table.state_version},
    )
    assert response.status_code == 400
    text = response.content.decode()
    assert "cannot be in the tower" in text and "impossible" not in text


def test_undo_of_an_entry_that_chained_the_apps_draws(make_table: Any, join: Any) -> None:
    """Option draws=app (issue 21): the tower's first fill ends the fixed allocation, and the
    engine draws the year's event cards („vytáhne náhodně 4 karty událostí“) and the five
    open action cards after it; the generals entered, the current event follows. Undoing
    such an entry takes its draws back with it, and the other entries replay to the same."""
    import uuid

    table, host = make_table("wallenstein", players=3, allocation="fixed", draws="app")
    anna, boris, _cyril = (join(table, 0, "Anna"), join(table, 1, "Boris"), join(table, 2, "C"))
    assert anna.act({"type": "drop", "by_app": True}).status_code in OK
    drawn = current(table)
    assert drawn["stage"] == "turn_order"
    assert len(drawn["events"]["year"]) == 4 and len(drawn["season_state"]["actions"]) == 5
    generals = {"type": "turn_order", "pos_1": 2, "pos_2": 0, "pos_3": 1}
    assert boris.act(generals).status_code in OK
    assert current(table)["events"]["current"] in drawn["events"]["year"]
    page = anna.page().content.decode()
    assert "The app draws the current event:" in page

    def undo(phone: Any) -> None:
        table.refresh_from_db()
        answer = phone.client.post(
            f"/t/{table.code}/undo/", {"version": table.state_version, "idem": uuid.uuid4().hex}
        )
        assert answer.status_code in OK, answer.content.decode()[:300]

    undo(boris)
    assert current(table) == drawn  # the event drawn after the generals is gone with them
    undo(anna)
    back = current(table)
    assert back["stage"] == "drop" and back["events"]["year"] == []
    assert back["season_state"] is None
