"""Set-up: players, ships at sea, the harbour, the 66 action cards, the hands."""

from __future__ import annotations

from collections import Counter

import pytest

from games.base import IllegalAction
from games.stortebeker import GAME
from games.stortebeker.cards import DECK_COMPOSITION, PIRATE_VALUES, kind_of

from .helpers import act, assert_conserved, new_game, refused, ship, started


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players: int) -> None:
    """ "Urputná hra v kostky pro 2-4 mořské vlky od 10 let.\""""
    with pytest.raises(IllegalAction):
        GAME.setup(["p"] * players)


def test_unknown_option_refused() -> None:
    """The rules are basic or extended ("Základní pravidla", "Rozšířená pravidla")."""
    with pytest.raises(IllegalAction):
        GAME.setup(["a", "b"], {"rules": "pirate"})


def test_action_cards() -> None:
    """ "66 akčních karet: 10 pirátů (3 × hodnota 4, 3 × hodnota 3, 4 × hodnota 2), 56 proviantních
    karet, z toho 10 s malým symbolem piráta ... 13 × voda, 10 × fazole, 10 × suchary, 8 × maso,
    8 × rum, 7 × banány\""""
    cards = Counter(new_game()["deck"])
    assert sum(cards.values()) == 66
    assert {code: cards[code] for code in PIRATE_VALUES} == {
        "pirate2": 4,
        "pirate3": 3,
        "pirate4": 3,
    }
    kinds = Counter()
    for code, count in cards.items():
        if kind_of(code):
            kinds[kind_of(code)] += count
    assert kinds == {"water": 13, "beans": 10, "biscuits": 10, "meat": 8, "rum": 8, "bananas": 7}
    assert sum(count for code, count in cards.items() if code.endswith("_p")) == 10
    assert cards == Counter(DECK_COMPOSITION)


@pytest.mark.parametrize(
    ("players", "rules", "sea", "harbour", "face_up"),
    [
        (2, "basic", 4, 12, 1),
        (3, "basic", 4, 15, 1),
        (4, "basic", 4, 18, 1),
        (2, "extended", 3, 12, 3),
        (3, "extended", 4, 15, 3),
        (4, "extended", 4, 18, 3),
    ],
)
def test_sea_and_harbour(players: int, rules: str, sea: int, harbour: int, face_up: int) -> None:
    """ "Poté se 4 z nich odkryjí a vyloží na stůl ... 2 hráči: 12 lodí, 3 hráči: 15 lodí,
    4 hráči: 18 lodí. Horní karta se otočí ... Přebytečné karty se vrátí do krabice."
    Extended: "Počet předem odkrytých lodí čekajících na startu se zvýší na 3" and
    "Hra ve dvou: Na moři jsou pouze 3 lodě najednou.\""""
    state = new_game(players, rules)
    assert len(state["sea"]) == sea
    assert state["harbour"] == {"hidden": harbour, "visible": []}
    assert state["out_of_game"] == 30 - sea - harbour
    entered = 0
    while any(c.action["type"] == "ship" for c in GAME.choices(state, players - 1)):
        state = act(state, players - 1, ship(points=entered))
        entered += 1
    assert entered == sea + face_up
    assert [s["points"] for s in state["sea"]] == list(range(sea))
    assert len(state["harbour"]["visible"]) == face_up
    assert state["harbour"]["hidden"] == harbour - face_up
    assert state["step"] == "setup"  # the hands are still to come
    assert_conserved(state)


def test_hands_of_six_then_the_first_player_starts() -> None:
    """ "Každý hráč obdrží 6 karet do ruky. Zbytek tvoří dobírací balík ... Začíná hráč, jehož
    žeton se na bodovací tabulce nachází nejvíc nahoře (zpravidla je to žlutý hráč).\""""
    state = new_game(2)
    for _n in range(5):
        state = act(state, 0, ship())
    state = act(state, 0, {"type": "start", "player": 0})
    state = act(state, 0, {"type": "hand", "cards": ["pirate4"] * 3 + ["rum"] * 3})
    assert GAME.to_act(state) == [1]
    refused(state, 0, {"type": "hand", "by_app": True})
    state = act(state, 1, {"type": "hand", "by_app": True}, seed=7)
    assert len(state["hands"][1]) == 6
    assert "pirate4" not in state["hands"][1]
    assert state["step"] == "play"
    assert GAME.to_act(state) == [0]
    assert len(state["deck"]) == 54
    assert_conserved(state)


def test_hand_must_be_in_the_deck() -> None:
    """Only 3 pirates of value 4 exist ("3 × hodnota 4")."""
    state = new_game(2)
    error = refused(state, 0, {"type": "hand", "cards": ["pirate4"] * 4 + ["rum"] * 2})
    assert "pirate 4" in error.reason


def test_hand_needs_six_cards() -> None:
    """ "Každý hráč obdrží 6 karet do ruky.\""""
    refused(new_game(2), 0, {"type": "hand", "cards": ["rum"] * 5})


def test_app_dealt_hands_replay_the_same() -> None:
    """An app deal is drawn with the entry's seed, so replaying the log repeats it."""
    state = new_game(2)
    one = act(state, 0, {"type": "hand", "by_app": True}, seed=42)
    two = act(state, 0, {"type": "hand", "by_app": True}, seed=42)
    assert one == two


def test_ship_entry_validated() -> None:
    """A ship shows points, defence and the provisions it needs ("v horních rozích bodová
    hodnota, uprostřed spodní části číslem vyjádřená obranyschopnost, pod ní je vyobrazen
    požadovaný proviant, na okrajích barva")."""
    state = new_game(2)
    refused(state, 0, {**ship(), "colour": "purple"})
    refused(state, 0, {**ship(), "points": -1})
    refused(state, 0, {**ship(), "defence": "8"})
    refused(state, 0, {**ship(), "needs": {}})
    refused(state, 0, {**ship(), "needs": {"gold": 1}})
    refused(state, 0, {**ship(), "needs": ["rum"]})
    state = act(
        state,
        0,
        {"type": "ship", "colour": "red", "points": 4, "defence": 9, "need_rum": 2, "need_meat": 1},
    )
    assert state["sea"][0]["needs"] == {"meat": 1, "rum": 2}


def test_setup_then_play_through_started_helper() -> None:
    """The helper used by the other tests reaches the first turn."""
    state = started(4)
    assert state["step"] == "play"
    assert_conserved(state)
