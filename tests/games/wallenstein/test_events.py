"""The 25 event cards: each changes the season as its card says."""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.wallenstein import GAME
from games.wallenstein.data import EVENTS

from .helpers import clear_land, do, in_season

A, B, C = 0, 1, 2
# A land of seat A in each region (Bayern is given to A by the test), with its grain.
REGION_LAND = {
    "Sachsen": ("vogtland", 3),
    "Brandenburg": ("osnabrueck", 4),
    "Kurpfalz": ("mark", 5),
    "Österreich": ("passau", 3),
    "Bayern": ("regensburg", 3),
}


def _season_with(event: int, cards: list[str]):
    others = [n for n in (15, 2, 4, 10, 11) if n != event][:3]
    state = in_season(cards=cards, events=[event, *others], event=event)
    return clear_land(state, "regensburg", A, 3)


def test_card_list_matches_rulebook_grain_losses() -> None:
    """„1. Špatná úroda – Sachsen ... / -6 OBILÍ“ ... „25. Obchodní prémie ... / -2 OBILÍ“"""
    losses = [6, 1, 5, 2, 5, 3, 4, 6, 4, 2, 2, 3, 7, 1, 0, 6, 3, 4, 5, 3, 2, 4, 2, 1, 2]
    assert [EVENTS[n].grain_loss for n in range(1, 26)] == losses


@pytest.mark.parametrize("event", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
def test_harvest_events(event: int) -> None:
    """„1. Špatná úroda – Sachsen: V tomto kole je v regionu Sachsen sklizeno o dvě méně obilí.“
    „6. Dobrá sklizeň – Bayern: Během tohoto kola jsou v regionu Bayern sklizeny dvě obilí
    navíc.“ (and so for every region)"""
    card = EVENTS[event]
    land, grain = REGION_LAND[card.region]
    state = _season_with(event, ["grain"])
    after = do(state, A, type="play", land=land)
    delta = -2 if card.kind == "bad_harvest" else 2
    assert after["grain"][A] == max(0, grain + delta)
    # a land elsewhere is not touched
    other = next(r for r in REGION_LAND if r != card.region)
    land, grain = REGION_LAND[other]
    assert do(state, A, type="play", land=land)["grain"][A] == grain


@pytest.mark.parametrize("event", [11, 12, 13])
def test_church_peace(event: int) -> None:
    """„Mír v kostele: Během tohoto kola nemůže být země, v níž je postaven kostel, napadena.“"""
    state = _season_with(event, ["move_a"])
    state["lands"]["boehmen"]["church"] = True  # C's land next to A's Passau
    with pytest.raises(IllegalAction):
        do(state, A, type="play", land="passau", count=2, to="boehmen")
    assert do(state, A, type="play", land="passau", count=2, to="oberpfalz")["stage"] == "drop"
    plain = _season_with(15, ["move_a"])
    plain["lands"]["boehmen"]["church"] = True
    assert do(plain, A, type="play", land="passau", count=2, to="boehmen")["stage"] == "defend"


def test_church_peace_shows_the_protected_attack_greyed_with_the_reason() -> None:
    """Issue 21: church peace hid the attack. „Během tohoto kola nemůže být země, v níž je
    postaven kostel, napadena“: the attack is shown disabled, saying why."""
    state = _season_with(11, ["move_a"])
    state["lands"]["boehmen"]["church"] = True
    attacks = {
        c.action.get("to"): c
        for c in GAME.choices(state, A)
        if c.action.get("land") == "passau" and "to" in c.action
    }
    assert attacks["boehmen"].disabled is not None
    assert "Church peace" in attacks["boehmen"].disabled["text"]
    assert attacks["oberpfalz"].disabled is None
    plain = _season_with(15, ["move_a"])
    plain["lands"]["boehmen"]["church"] = True
    shown = [c for c in GAME.choices(plain, A) if c.action.get("to") == "boehmen"]
    assert shown and all(c.disabled is None for c in shown)


@pytest.mark.parametrize("event", [14, 15, 16, 17, 18])
def test_troop_shortage(event: int) -> None:
    """„Nedostatek jednotek – Bayern: V regionu Bayern se mění tyto dvě akce: Za 2 zlaťáky jsou
    2 jednotky. Za 3 zlaťáky jsou 3 jednotky.“ (and so for every region)"""
    card = EVENTS[event]
    land, _grain = REGION_LAND[card.region]
    for action, gold, armies in (("recruit5", 3, 3), ("recruit3", 2, 2)):
        state = _season_with(event, [action])
        before = state["lands"][land]["armies"]
        after = do(state, A, type="play", land=land)
        assert after["lands"][land]["armies"] == before + armies
        assert after["gold"][A] == state["gold"][A] - gold
        other = REGION_LAND[next(r for r in REGION_LAND if r != card.region)][0]
        normal = do(state, A, type="play", land=other)
        assert (
            normal["lands"][other]["armies"] == state["lands"][other]["armies"] + {3: 5, 2: 3}[gold]
        )


def test_palace_guards() -> None:
    """„19. Palácové stráže: V bránících se zemích s postaveným palácem, je při vhození do věže
    přidána jedna zelená jednotka.“"""
    state = _season_with(19, ["move_a"])
    state["lands"]["boehmen"]["palace"] = True
    state = do(state, A, type="play", land="passau", count=2, to="boehmen")
    state = do(state, C, type="defend", count=4)
    assert state["battle"]["throw"] == {"armies": [2, 0, 4], "peasants": 1}
    plain = _season_with(19, ["move_a"])  # no palace: no guard
    plain = do(plain, A, type="play", land="passau", count=2, to="boehmen")
    plain = do(plain, C, type="defend", count=4)
    assert plain["battle"]["throw"]["peasants"] == 0


@pytest.mark.parametrize(("event", "peasants"), [(20, 0), (21, 0), (22, 3), (23, 3), (15, 1)])
def test_peasants_of_unoccupied_lands(event: int, peasants: int) -> None:
    """„Bojem unavení sedláci: Když je napadena neobsazená země, žádné zelené jednotky nejsou
    vhozeny do věže.“ „Rozzuření sedláci: Během kola brání sedláci neobsazené země s dalšími dvěma
    jednotkami navíc.“"""
    state = _season_with(event, ["move_a"])
    state = do(state, A, type="play", land="passau", count=2, to="oberpfalz")
    assert state["battle"]["throw"]["peasants"] == peasants


@pytest.mark.parametrize("event", [24, 25])
def test_trade_bonus(event: int) -> None:
    """„Obchodní prémie: Za každý nově postavený obchod nezaplatí hráči jeden zlaťák, ale naopak
    jeden z banky získají.“"""
    state = _season_with(event, ["trade"])
    after = do(state, A, type="play", land="mark")
    assert after["lands"]["mark"]["trade"] and after["gold"][A] == state["gold"][A] + 1


def test_event_only_in_its_season() -> None:
    """„Text platí pro období jaro, léto, podzim.“ The next season draws a new current event."""
    state = _season_with(24, ["trade"])
    assert GAME.phase(state)["key"] == "act"
    assert state["events"]["current"] == 24
