"""Störtebeker through the platform: two phones set up and play a turn; the pages render."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

SHIP = {"type": "ship", "colour": "black", "points": 5, "defence": 8, "need_rum": 1, "need_meat": 1}


def ok(response: Any) -> None:
    body = response.content.decode()
    assert response.status_code in (200, 302), (
        body[body.find("error") :][:400] if "error" in body else body[-1500:]
    )


def test_two_phones_set_up_and_play(make_table: Any, join: Any) -> None:
    table, host = make_table("stortebeker", players=2, rules="extended")
    anna, ben = join(table, 0, "Anna"), join(table, 1, "Ben")
    # 3 ships at sea (extended, 2 players) and the harbour's 3 face-up ships, from either phone
    for phone in (anna, anna, anna, anna, ben, ben):
        ok(phone.act(SHIP))
    ok(
        anna.act(
            {
                "type": "hand",
                "card_1": "pirate4",
                "card_2": "rum",
                "card_3": "rum",
                "card_4": "meat",
                "card_5": "water",
                "card_6": "water",
            }
        )
    )
    ok(ben.act({"type": "hand", "by_app": True}))
    table.refresh_from_db()
    assert table.state["step"] == "setup"  # who starts is still to be entered
    ok(ben.act({"type": "start", "player": 0}))
    table.refresh_from_db()
    assert table.state["step"] == "play"
    ok(anna.act({"type": "lay", "ship": 0, "card": "rum"}))
    ok(anna.act({"type": "lay", "ship": 0, "card": "pirate4"}))
    refused = anna.act({"type": "lay", "ship": 0, "card": "rum"})
    assert refused.status_code == 400
    ok(anna.act({"type": "lay", "ship": 0, "card": "meat"}))
    table.refresh_from_db()
    assert table.state["step"] == "draw"
    anna_page = anna.page().content.decode()
    ben_page = ben.page().content.decode()
    assert "g-stortebeker" in anna_page
    assert "pirate 4" in anna_page  # her own pirate, on her phone
    if "pirate4" not in table.state["hands"][1]:
        assert "pirate 4" not in ben_page
    assert "face-down pirate" in ben_page
    board = host.get(f"/t/{table.code}/").content.decode()
    assert "face-down pirate" in board and "Harbour" in board
    rules = host.get("/games/stortebeker/rules/")
    assert rules.status_code == 200
    assert "Our readings of the rules" in rules.content.decode()


def test_correcting_the_start_player_and_a_card_through_the_platform(
    make_table: Any, join: Any
) -> None:
    """The start player is a fact: a phone corrects it in the history, and the first turn
    follows ("Začíná hráč, jehož žeton se na bodovací tabulce nachází nejvíc nahoře")."""
    from companion.models import Event

    table, _host = make_table("stortebeker", players=2)
    anna, ben = join(table, 0, "Anna"), join(table, 1, "Ben")
    for _ship in range(5):
        ok(anna.act(SHIP))
    ok(anna.act({"type": "hand", "by_app": True}))
    ok(ben.act({"type": "hand", "by_app": True}))
    ok(ben.act({"type": "start", "player": 0}))
    table.refresh_from_db()
    assert table.state["turn"]["seat"] == 0
    start = Event.objects.get(table=table, kind="action", payload__type="start")
    form = ben.client.get(f"/t/{table.code}/correct/{start.seq}/")
    body = form.content.decode()
    assert form.status_code == 200
    # The seats' names, which the engine does not know, name the choices (Field.seats).
    assert ">Ben</option>" in body and ">Anna</option>" in body
    assert "Seat 3" not in body and "highest on the scoring track" in body
    response = ben.client.post(
        f"/t/{table.code}/correct/{start.seq}/",
        {
            "f.player": "1",
            "version": str(table.state_version),
            "idem": "fix-start",
            "step": "apply",
        },
    )
    ok(response)
    table.refresh_from_db()
    assert table.state["start"] == 1
    assert table.state["turn"]["seat"] == 1
    ship = Event.objects.filter(table=table, kind="action", payload__type="ship").first()
    page = anna.client.get(f"/t/{table.code}/correct/{ship.seq}/").content.decode()
    assert "Points in the top corners: 0 to 20." in page


def render_board(state: dict, seat: int | None) -> str:
    """The table's (or a phone's) part of the page for ``state``, as the platform renders it."""
    from django.template.loader import render_to_string

    from games.stortebeker import GAME

    seats = [
        {"index": index, "name": name, "colour": "red"}
        for index, name in enumerate(state["players"])
    ]
    template = "table.html" if seat is None else "phone.html"
    return render_to_string(
        f"games/stortebeker/{template}",
        {
            "view": GAME.view(state, seat),
            "seats": seats,
            "scores": GAME.scores(state),
            "outcome": GAME.outcome(state),
            "me": seat,
        },
    )


def test_summaries_render_for_counter_attacks_penalties_and_cannons() -> None:
    """ "červený zvolá „Protiútok“ a přiloží k lodi chybějící kartu s fazolemi. Na kostkách hodí
    6 a odkryje svého čtyřkového piráta, čímž se dostane na 10 bodů" — the table reads each
    side's total, who takes the ship and what went to the discard pile."""
    from tests.games.stortebeker.helpers import (
        act,
        lay_from_deck,
        past_first_round,
        set_hand,
        started,
    )
    from tests.games.stortebeker.helpers import ship as ship_entry
    from tests.games.stortebeker.test_battle import worked_example_start

    state = worked_example_start()
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "beans"})
    state = act(state, 0, {"type": "fire", "ship": 0, "card": "water", "colours": ["red", "blue"]})
    state = act(state, 0, {"type": "steal", "victim": 2, "card": "meat_p"})
    page = " ".join(render_board(state, None).split())
    assert "Cannons at the black ship (5 points, defence 8)" in page
    assert "Takes meat with a pirate symbol from Blue and keeps it." in page
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [3, 4]})
    state = act(state, 1, {"type": "counter", "dice": [2, 4]})
    page = " ".join(render_board(state, 1).split())
    assert (
        "Yellow boards: dice 3 + 4, pirates 1 = <strong>8 points</strong> against defence 8."
        in (page)
    )
    assert "Red counter-attacks: dice 2 + 4, pirates 4 = <strong>10 points</strong>." in page
    assert "Higher: takes the lead." in page
    assert "Red takes the black ship: 5 points." in page
    assert "Red: 3 provisions, 1 pirate;" in page or "Red: 3 provisions, 1 pirate." in page

    state = started(2, sea=[ship_entry("red", 3, 12, rum=2)])
    state = past_first_round(state)
    state = set_hand(state, 0, ["beans"] * 6)
    state = lay_from_deck(state, 0, 0, ["rum", "rum", "pirate2", "pirate3"])
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [1, 1]})
    page = " ".join(render_board(state, None).split())
    assert "The boarding failed." in page and "now rolls the colour dice" in page
    state = act(state, 0, {"type": "penalty", "colours": ["black", "blue"]})
    page = " ".join(render_board(state, None).split())
    assert "the colour dice show black (rum) and blue (water)." in page
    assert "Pirates lost (more pirates than provisions left):" in page


def test_set_up_names_the_yellow_seat_for_the_start() -> None:
    """ "Začíná hráč, jehož žeton se na bodovací tabulce nachází nejvíc nahoře (zpravidla je to
    žlutý hráč)": the table screen names the seat playing yellow until who starts is entered."""
    from django.template.loader import render_to_string

    from games.stortebeker import GAME

    state = GAME.setup(["Anna", "Ben"])
    seats = [
        {"index": 0, "name": "Anna", "colour": "red"},
        {"index": 1, "name": "Ben", "colour": "yellow"},
    ]
    context = {"view": GAME.view(state, None), "seats": seats, "scores": GAME.scores(state)}
    page = render_to_string("games/stortebeker/table.html", context)
    assert "Ben plays yellow." in page
    state = GAME.apply(state, {"type": "start", "player": 1, "seat": 0, "seed": 1})
    context["view"] = GAME.view(state, None)
    assert "plays yellow" not in render_to_string("games/stortebeker/table.html", context)


def test_a_card_to_lay_is_named_as_its_box_names_it(make_table: Any, join: Any) -> None:
    """The buttons of the cards lying out to lay and the boxes of a hand name a card with a
    pirate symbol alike, "biscuits ☠" (one declaration: ``cards.SHORT_CARD_LABELS``); the
    button's accessible name is the whole entry."""
    table, _host = make_table("stortebeker", players=2)
    anna, ben = join(table, 0, "Anna"), join(table, 1, "Ben")
    biscuits_ship = {**SHIP, "need_rum": 0, "need_meat": 0, "need_biscuits": 2}
    for _ship in range(5):
        ok(anna.act(biscuits_ship))
    cards = ("biscuits_p", "biscuits", "rum", "meat", "water", "water")
    ok(anna.act({"type": "hand", **{f"card_{n}": card for n, card in enumerate(cards, 1)}}))
    ok(ben.act({"type": "hand", "by_app": True}))
    ok(ben.act({"type": "start", "player": 0}))
    page = anna.page().content.decode()
    assert ">biscuits ☠</button>" in page
    assert ">biscuits</button>" in page
    assert "with a pirate symbol" in page  # the button's accessible name, in full
