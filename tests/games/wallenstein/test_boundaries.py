"""Boundaries found in review: malformed entries, the hidden ledger, tired peasants and the
tray, cards won back, players with nothing to do, and what the phone tells the player."""

from __future__ import annotations

import copy

import pytest

from games.base import IllegalAction
from games.i18n import render_english
from games.wallenstein import GAME, choices, season
from games.wallenstein.data import ARMIES_PER_PLAYER as ARMIES

from .helpers import (
    NAMES,
    army_total,
    clear_land,
    do,
    drop,
    drop_all_out,
    enter_events,
    in_season,
    new_game,
    peasant_total,
    start_season,
)

A, B, C = 0, 1, 2


@pytest.mark.parametrize(
    "action",
    [
        {"type": {"a": 1}},
        {"type": ["play"], "land": "blank"},
        {"type": "play", "land": "passau", "count": 2, "to": ["oberpfalz"]},
        {"type": "play", "land": "passau", "count": 2, "to": {"land": "oberpfalz"}},
    ],
)
def test_unhashable_values_are_refused(action: dict) -> None:
    """Malformed input raises IllegalAction and changes nothing (the engine contract)."""
    state = in_season(cards=["move_a"])
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, {"seat": A, "seed": 1, **action})
    assert state == before


@pytest.mark.parametrize("bad", [1.0, True])
def test_numbers_must_be_whole_numbers_not_floats_or_bools(bad) -> None:
    """Event cards, generals and the current event are JSON ints; 1.0 or true are refused."""
    state = new_game(3)
    with pytest.raises(IllegalAction):
        do(state, A, type="events", card_1=bad, card_2=12, card_3=13, card_4=14)
    state = enter_events(state, [15, 2, 4, 10])
    for card in ("palace", "church", "trade", "grain", "taxes"):
        state = do(state, A, type="action_card", card=card)
    with pytest.raises(IllegalAction):
        do(state, A, type="turn_order", pos_1=bad, pos_2=0, pos_3=2)
    state = do(state, A, type="turn_order", pos_1=0, pos_2=1, pos_3=2)
    with pytest.raises(IllegalAction):
        do(state, A, type="current_event", event=15.0 if bad is True else 2.0)


def _battle(ledger: str = "shown"):
    state = in_season(cards=["move_a"], ledger=ledger)
    return do(state, A, type="play", land="passau", count=2, to="oberpfalz")


def test_hidden_ledger_is_not_shown_by_the_phone_or_the_refusal() -> None:
    """The issue: „the table can choose whether the ledger is shown to the players or only used
    for checking“ - so with the hidden ledger neither the input limits nor the refusal tell how
    many cubes are inside."""
    shown = _battle()
    fields = choices.for_seat(shown, A)[0].fields
    assert [field.high for field in fields] == [2, 0, 0, 1]
    state = _battle("hidden")
    assert "tower" not in GAME.view(state, A)
    entry = choices.for_seat(state, A)[0]
    assert all(field.high is None for field in entry.fields)
    with pytest.raises(IllegalAction) as refused:
        drop(state, [3, 0, 0], 0)
    assert "2" not in render_english(refused.value.message)
    with pytest.raises(IllegalAction) as refused:
        drop(state, [0, 0, 0], 2)
    assert "1" not in render_english(refused.value.message)


def test_tired_peasants_leave_the_green_cubes_in_the_tray() -> None:
    """„Bojem unavení sedláci: Když je napadena neobsazená země, žádné zelené jednotky nejsou
    vhozeny do věže.“ - not even the green cubes lying in the tray."""
    state = in_season(cards=["move_a"], events=[20, 2, 4, 10], event=20)
    state["tray"]["peasants"] = 2
    state["peasant_supply"] -= 2
    state = do(state, A, type="play", land="passau", count=2, to="oberpfalz")
    assert GAME.view(state, None)["going_in"] == {"armies": [2, 0, 0], "peasants": 0}
    with pytest.raises(IllegalAction):  # the tray's green cubes were not thrown
        drop(state, [0, 0, 0], 1)
    state = drop(state, [1, 0, 0], 0)
    assert state["lands"]["oberpfalz"]["owner"] == A
    assert state["tray"]["peasants"] == 2
    assert peasant_total(state) == 20 and army_total(state, A) == ARMIES
    # with the usual event the tray goes in with the new green cube
    usual = in_season(cards=["move_a"])
    usual["tray"]["peasants"] = 2
    usual["peasant_supply"] -= 2
    usual = do(usual, A, type="play", land="passau", count=2, to="oberpfalz")
    assert GAME.view(usual, None)["going_in"]["peasants"] == 3


def test_a_card_won_back_does_not_return_to_the_board() -> None:
    """„... získá hned od obránce kartu země, dokonce i když leží na plánované a ještě
    neprovedená akci (akce pro tuto zemi tím bude pro tohoto hráče zrušena).“ The card goes to
    the conqueror's hand; if the old owner wins the land back, the card goes to their hand, not
    back onto the planned action space."""
    state = in_season(cards=["move_a", "move_b"])
    state = clear_land(state, "oberpfalz", B, 1)
    state = do(state, A, type="play", land="passau", count=2, to="oberpfalz")
    state = do(state, B, type="defend", count=0)
    state = drop(state, [2, 0, 0], 0)
    assert state["lands"]["oberpfalz"]["owner"] == A
    # B wins it back from Regensburg in its turn
    state = clear_land(state, "regensburg", B, 4)
    state["season_state"]["cards"][B].append("regensburg")
    state = do(state, B, type="play", land="regensburg", count=3, to="oberpfalz")
    state = do(state, A, type="defend", count=1)
    state = drop(state, [0, 3, 0], 0)
    assert state["lands"]["oberpfalz"]["owner"] == B
    assert "oberpfalz" not in season.playable_lands(state, B)
    assert "oberpfalz" in state["season_state"]["taken"][B]


def test_no_defence_choice_when_no_army_stands_in_the_land() -> None:
    """„Protože se hráč brání, může použít k obraně tolik armád, kolik chce“ - with no army in
    the land there is nothing to choose: the tower is next."""
    state = in_season(cards=["move_a"])
    state = clear_land(state, "oberpfalz", B, 0)
    state = do(state, A, type="play", land="passau", count=2, to="oberpfalz")
    assert state["stage"] == "drop"
    assert state["battle"]["throw"]["armies"] == [2, 0, 0]


def test_palace_guards_also_when_no_army_defends() -> None:
    """„Palácové stráže: V bránících se zemích s postaveným palácem, je při vhození do věže
    přidána jedna zelená jednotka.“"""
    state = in_season(cards=["move_a"], events=[19, 2, 4, 10], event=19)
    state = clear_land(state, "oberpfalz", B, 0, palace=True)
    state = do(state, A, type="play", land="passau", count=2, to="oberpfalz")
    assert state["stage"] == "drop" and state["battle"]["throw"]["peasants"] == 1


def test_a_player_without_land_cards_is_passed_over() -> None:
    """A player with no land card left on the board can only reveal blanks („Pokud hráč na akci
    umístil prázdnou kartu, v daném kole ji neprovede“): the app does not ask for them."""
    state = in_season(cards=["taxes"])
    for land in list(state["season_state"]["cards"][B]):
        state = clear_land(state, land, None)
    state = do(state, A, type="play", land="blank")
    assert GAME.to_act(state) == [C]
    state = do(state, C, type="play", land="blank")
    assert GAME.to_act(state) == [A]  # the next action card, B skipped again
    assert any("no land card left" in render_english(note) for note in state["notes"])


def test_season_ends_when_nobody_has_a_land_card_left() -> None:
    """When every land card has been revealed, the cards still face down change nothing."""
    state = GAME.setup(NAMES[:3], {"allocation": "fixed"})
    state = drop(state, [7, 7, 7], peasants=10)
    state = enter_events(state, [15, 2, 4, 10])
    state = start_season(state, ["palace", "church", "trade", "grain", "taxes"])
    for seat in (A, B, C):
        for land in state["season_state"]["cards"][seat][1:]:
            state = clear_land(state, land, None)
    for seat in (A, B, C):  # everybody reveals their one land card for the palace
        state = do(state, seat, type="play", land=state["season_state"]["cards"][seat][0])
    assert state["season"] == "summer" and state["stage"] == "action_card"


def test_phone_notes_say_what_goes_in_and_what_is_cancelled() -> None:
    """The issue: „The app says exactly what goes in (the attacking armies, the defending armies
    chosen, the peasants that apply, and everything lying in the tray)“; a land whose action
    would be cancelled says so before it is tapped („je akce ihned zrušena“)."""
    state = _battle()
    note = render_english(choices.for_seat(state, A)[0].note)
    assert note == "Throw in: Anna 2; peasants 1."
    state = in_season(cards=["palace"])
    state["gold"][A] = 2
    entry = choices.for_seat(state, A)[0]
    assert render_english(entry.note) == (
        "Revealing this card cancels the action: There is not enough gold."
    )
    state = in_season(cards=["taxes"])
    labels = [render_english(choice.label) for choice in choices.for_seat(state, A)]
    assert labels[:2] == ["Osnabrück: 3 gold", "Sächs. Lande: 4 gold"]


@pytest.mark.parametrize("seed", [[1], "1", True, 1.5, None])
def test_app_draws_need_an_int_seed(seed) -> None:
    """The contract: „a seed that is not an int is an IllegalAction, never a TypeError“."""
    state = GAME.setup(["Anna", "Boris", "Cyril"], {"allocation": "fixed"})
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, {"type": "drop", "by_app": True, "seat": 0, "seed": seed})
    assert state == before
    state = drop_all_out(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, {"type": "events", "by_app": True, "seat": 1, "seed": seed})
