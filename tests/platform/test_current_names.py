"""Every text shows a seat's name of record, never a default dealt before the players named
themselves (issue 23): a History page said "Player 2 má vyšší součet" beside "Vítěz: Boris".

The engines keep the names dealt at the start; a message the engine makes while it is shown
uses the current names (``selectors.with_current_names``), and a message kept in the state
(a result, a summary) names the seat with ``games.i18n.seat_name``, which the platform shows
as the seat's name now (``companion.naming.named``).
"""

from __future__ import annotations

import html
import json
import random
from typing import Any

import pytest
from django.utils import translation

import games
from companion.models import Table
from companion.naming import named
from companion.selectors import with_current_names
from companion.templatetags.companion import translate
from games.base import IllegalAction
from games.i18n import msg, render_english, seat_name


def test_a_seats_name_in_a_message_is_shown_as_the_seat_is_called_now() -> None:
    reason = msg("%(player)s wins.", player=seat_name(1, "Player 2"))
    assert render_english(reason) == "Player 2 wins."  # the engine's own English
    shown = named({"outcome": {"reason": reason, "winners": [1]}}, ["Anna", "Boris"])
    assert render_english(shown["outcome"]["reason"]) == "Boris wins."
    assert reason["args"]["player"]["args"]["name"] == "Player 2"  # the input is unchanged


def test_data_without_a_seats_name_is_passed_through_untouched() -> None:
    view = {"pending": {"seat": 1, "levels": [3]}, "log": [msg("Level %(level)s", level=3)]}
    assert named(view, ["Anna", "Boris"]) is view


def test_a_name_is_never_translated() -> None:
    """A player called "Total" stays "Total" in Czech."""
    with translation.override("cs"):
        assert translate(msg("%(player)s wins.", player=seat_name(0, "Total"))).startswith("Total")


@pytest.mark.django_db
def test_history_names_the_winner_of_the_deck_as_the_seat_is_called_now(make_table, join):
    """The issue's page: Babel's last temple card laid, seat 2 has the higher total; the
    table was started before the phones named themselves."""
    from tests.games.babel.helpers import act
    from tests.games.babel.test_end import deck_end

    table, host = make_table("babel")  # started: the engine was dealt "Player 1", "Player 2"
    join(table, 0, "Anna")
    join(table, 1, "Boris")
    state = deck_end(12, 13, [2, 1])
    state["players"] = ["Player 1", "Player 2"]
    state = act(state, 0, "draw_temples", first=6, second=5)
    game = games.get("babel")
    table.state, table.outcome = state, game.outcome(state)
    table.status = Table.Status.FINISHED
    table.save()
    page = html.unescape(
        host.get(f"/history/{table.code}/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    )
    assert "Balíček chrámových karet došel; vyšší součet má Boris." in page
    assert "Player 2" not in page


def play_randomly(slug: str, players: int, rng: random.Random, steps: int) -> list[Any]:
    """States of a game played by random legal entries, with distinctive start names."""
    game = games.get(slug)
    names = [f"Dealt{index}" for index in range(players)]
    state = game.setup(names, None, seed=rng.randrange(1 << 30))
    states = [state]
    for _step in range(steps):
        seats = game.to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        offered = [c for c in game.choices(state, seat) if c.disabled is None]
        rng.shuffle(offered)
        for choice in offered[:8]:
            action = dict(choice.action)
            for field in choice.fields:
                if field.kind == "choice" and field.choices:
                    action[field.key] = rng.choice(field.choices)[0]
                elif field.kind == "int":
                    low = field.low or 0
                    high = field.high if field.high is not None else low + 3
                    if field.key.startswith("need_"):  # Störtebeker: ships easy to provision
                        high = min(high, 1)
                    action[field.key] = rng.randint(low, max(low, high))
                elif field.kind == "multi" and field.choices:
                    action[field.key] = [
                        value for value, _label in field.choices if rng.random() < 0.3
                    ]
            if action["type"] == "ship" and not any(
                action.get(f"need_{k}") for k in ("rum", "water")
            ):
                action["need_water"] = 1
            try:
                state = game.apply(state, {**action, "seat": seat, "seed": rng.randrange(1 << 30)})
            except IllegalAction:
                continue
            states.append(state)
            break
        else:
            break
    return states


@pytest.mark.parametrize("slug", ["babel", "babylon", "stortebeker", "wallenstein"])
def test_what_a_game_shows_never_holds_a_name_dealt_at_the_start(slug: str) -> None:
    """Random games; each state shown with the seats renamed: the view of the table and of
    each seat, the status line, the result and the correction's changes hold none of the
    names dealt at the start."""
    game = games.get(slug)
    players = max(game.player_counts)
    leaks: list[str] = []
    rng = random.Random(23)
    for _game in range(2):
        states = play_randomly(slug, players, rng, steps=500)
        seats = [{"name": f"Now{index}"} for index in range(players)]
        names = [seat["name"] for seat in seats]
        # A kept message stays in the states that follow: every 10th entry and the end.
        pairs = list(zip(states, states[1:], strict=False))
        for before, after in pairs[::10] + pairs[-3:]:
            state = with_current_names(after, seats)
            shown = {
                "views": [named(game.view(state, seat), names) for seat in [None, *range(players)]],
                "phase": named(game.phase(state), names),
                "outcome": named(game.outcome(state), names),
                "changes": named(game.changes(with_current_names(before, seats), state), names),
            }
            text = json.dumps(shown, ensure_ascii=False)
            if "Dealt" in text:
                start = text.index("Dealt")
                leaks.append(text[max(0, start - 160) : start + 20])
    assert not leaks, f"{slug} shows a name dealt at the start:\n  " + "\n  ".join(
        dict.fromkeys(leaks[:10])
    )


@pytest.mark.django_db(transaction=True)
def test_a_corrections_preview_names_the_seats_as_they_are_called_now(
    make_table, join, monkeypatch
):
    """The game's own lines of a preview ("Anna's temple…") come from states that still hold
    the names dealt at the start: the preview shows the names of record."""
    from tests.engines.dice_race import GAME as DICE_RACE

    def changes(before: Any, after: Any) -> list[Any]:
        return [msg("%(player)s's points change.", player=after["players"][0])]

    monkeypatch.setattr(DICE_RACE, "changes", changes)
    table, _host = make_table()  # started with "Player 1", "Player 2"
    anna = join(table, 0, "Anna")
    join(table, 1, "Dana")
    assert anna.act({"type": "roll", "value": 3}).status_code == 302
    seq = table.events.filter(kind="action").values_list("seq", flat=True).first()
    table.refresh_from_db()
    response = anna.client.post(
        f"/t/{table.code}/correct/{seq}/",
        {"step": "preview", "f.value": "5", "version": table.state_version},
    )
    page = html.unescape(response.content.decode())
    assert "Anna's points change." in page
    assert "Player 1" not in page


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("step", ["preview", "apply"])
def test_a_corrections_refusal_names_the_seats_as_they_are_called_now(
    make_table, join, monkeypatch, step: str
):
    """A correction that makes a later entry impossible is refused with the engine's reason;
    the replayed states still hold the names dealt at the start, the refusal shows the names
    of record, both at the preview and at the confirmation."""
    from tests.engines.dice_race import GAME as DICE_RACE

    rolled = DICE_RACE.apply

    def apply(state: Any, action: Any) -> Any:
        if action.get("type") == "roll" and state.get("last") == 6:  # this test's own rule
            seat = state["turn"]
            raise IllegalAction(
                "%(player)s cannot roll after a six.",
                player=seat_name(seat, state["players"][seat]),
            )
        return rolled(state, action)

    monkeypatch.setattr(DICE_RACE, "apply", apply)
    table, _host = make_table()  # started with "Player 1", "Player 2"
    anna = join(table, 0, "Anna")
    dana = join(table, 1, "Dana")
    assert anna.act({"type": "roll", "value": 3}).status_code == 302
    assert dana.act({"type": "roll", "value": 2}).status_code == 302
    seq = table.events.filter(kind="action").values_list("seq", flat=True).first()
    table.refresh_from_db()
    before = table.state
    response = anna.client.post(
        f"/t/{table.code}/correct/{seq}/",
        {"step": step, "f.value": "6", "version": table.state_version, "idem": f"six-{step}"},
    )
    page = html.unescape(response.content.decode())
    assert "Dana cannot roll after a six." in page
    assert "Player 2" not in page
    table.refresh_from_db()
    assert table.state == before  # refused: nothing changed
