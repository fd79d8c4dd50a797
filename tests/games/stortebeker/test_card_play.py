"""Phase 1: exactly three cards, laid out, exchanged or used to fire the cannons."""

from __future__ import annotations

from games.stortebeker import GAME

from .helpers import act, assert_conserved, lay_from_deck, refused, set_hand, ship, started

RUM_SHIP = ship("black", 5, 8, rum=2, meat=1)


def rum_game(hand: list[str], players: int = 2) -> dict:
    state = started(players, sea=[RUM_SHIP])
    return set_hand(state, 0, hand)


def test_lay_only_the_provisions_the_ship_needs() -> None:
    """ "K lodi se smí položit pouze ten druh proviantu a nejvýše v takovém množství, kolik je
    na kartě lodi vyobrazeno. Proviantní karty se vykládají lícem nahoru.\""""
    state = rum_game(["rum", "rum_p", "rum", "water", "meat", "meat"])
    error = refused(state, 0, {"type": "lay", "ship": 0, "card": "water"})
    assert "water" in error.reason
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum_p"})
    error = refused(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    assert "no more rum" in error.reason
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "meat"})
    assert state["sea"][0]["laid"][0] == ["meat", "rum", "rum_p"]
    assert state["step"] != "play"  # three cards played
    assert_conserved(state)


def test_lay_at_several_ships() -> None:
    """ "Hráč může buď položit všechny karty vedle jedné lodi, nebo je rozdělit mezi více lodí.\""""
    state = started(2, sea=[RUM_SHIP, ship("red", 4, 9, water=2)])
    state = set_hand(state, 0, ["rum", "water", "water", "beans", "beans", "beans"])
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "lay", "ship": 1, "card": "water"})
    state = act(state, 0, {"type": "lay", "ship": 1, "card": "water"})
    assert state["sea"][0]["laid"][0] == ["rum"]
    assert state["sea"][1]["laid"][0] == ["water", "water"]


def test_no_more_pirates_than_provisions() -> None:
    """ "Hráč nesmí k jedné lodi položit více pirátů než karet s proviantem. Karty pirátů se
    vykládají lícem dolů.\""""
    state = rum_game(["pirate2", "pirate3", "rum", "water", "water", "water"])
    refused(state, 0, {"type": "lay", "ship": 0, "card": "pirate2"})
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "pirate3"})
    refused(state, 0, {"type": "lay", "ship": 0, "card": "pirate2"})


def test_pirates_hidden_from_other_phones() -> None:
    """ "Karty pirátů se vykládají lícem dolů." Other phones and the table see a face-down card."""
    state = rum_game(["pirate4", "rum", "water", "water", "water", "water"])
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "pirate4"})
    assert GAME.view(state, 0)["sea"][0]["laid"][0] == ["pirate4", "rum"]
    assert GAME.view(state, 1)["sea"][0]["laid"][0] == ["hidden", "rum"]
    assert GAME.view(state, None)["sea"][0]["laid"][0] == ["hidden", "rum"]
    other_phone = GAME.view(state, 1)
    del other_phone["labels"]  # the names of all cards, for the templates
    assert "pirate4" not in str(other_phone)
    assert "pirate 4" not in str(GAME.describe({"type": "lay", "ship": 0, "card": "pirate4"}))


def test_hands_and_deck_hidden() -> None:
    """Each hand stays on its phone; the deck shows only its size ("lícem dolů")."""
    state = rum_game(["pirate4", "rum", "water", "water", "water", "water"])
    view = GAME.view(state, 1)
    assert view["hands"][0] is None
    assert view["hand_counts"][0] == 6
    assert view["hand"] == state["hands"][1]
    assert view["deck"] == len(state["deck"])
    assert GAME.view(state, None)["hand"] is None


def test_play_exactly_three_cards_in_order() -> None:
    """ "Hráč na řadě se musí zbavit právě 3 karet ... Pokud si vybere více akcí, musí je
    provést v pořadí, ve kterém jsou zde uvedeny." (vyložení, výměna, odpálení děl)"""
    state = rum_game(["rum", "water", "water", "beans", "beans", "beans"])
    # The cannons take the last card only: with 3 to play they cannot come yet.
    refused(state, 0, {"type": "fire", "ship": 0, "card": "water", "colours": ["red", "red"]})
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "exchange", "discard": ["beans", "beans"]})
    assert state["turn"]["played"] == 3
    # first round: no boarding, so the turn goes straight to drawing
    assert state["step"] == "draw"
    refused(state, 0, {"type": "lay", "ship": 0, "card": "rum"})


def test_no_laying_out_after_the_exchange() -> None:
    """Order of actions: "Vyložení" comes before "Výměna"."""
    state = rum_game(["rum", "rum", "water", "beans", "beans", "beans"])
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "exchange", "discard": ["beans", "beans"]})
    assert state["turn"]["played"] == 3
    state = rum_game(["rum", "rum", "water", "beans", "beans", "beans"])
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    error = refused(state, 0, {"type": "exchange", "discard": ["beans", "beans", "beans"]})
    assert "three cards" in error.reason


def test_exchange_then_cannons() -> None:
    """ "Výměna: Zahodí 2 nebo 3 karty ..." then "Odpálení děl: Zahodí 1 kartu" (2 + 1 = 3)."""
    state = rum_game(["water", "water", "beans", "beans", "beans", "beans"])
    state = lay_from_deck(state, 0, 0, ["rum"])
    state = act(state, 0, {"type": "exchange", "discard": ["water", "water"]})
    refused(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "fire", "ship": 0, "card": "beans", "colours": ["blue", "blue"]})
    assert state["turn"]["fired"]
    assert state["turn"]["played"] == 3


def test_exchange_of_two_needs_the_cannons_after() -> None:
    """Exactly 3 cards: with no provision at any ship the cannons cannot take the third card."""
    state = rum_game(["water", "water", "beans", "beans", "beans", "beans"])
    error = refused(state, 0, {"type": "exchange", "discard": ["water", "water"]})
    assert "three cards" in error.reason
    state = act(state, 0, {"type": "exchange", "discard": ["water", "water", "beans"]})
    assert state["turn"]["played"] == 3


def test_exchange_takes_at_most_two_other_cards_face_up() -> None:
    """ "Zahodí 2 nebo 3 karty na odkládací balík a vybere si z něj nejvýše 2 jiné karty ...
    Vybrané karty položí před sebe lícem nahoru ... Bude je moci využít až v příštím kole."
    and "Pokud před sebe hráč ve fázi 1 otevřeně vyložil karty k výměně, vezme si je nyní do
    ruky. Poté doplní svou ruku opět na 6 karet.\""""
    state = rum_game(["water", "water", "beans", "beans", "beans", "beans"])
    state["deck"].remove("pirate4")
    state["deck"].remove("meat_p")
    state["deck"].remove("rum")
    state["discard"] = ["meat_p", "pirate4", "rum"]
    refused(
        state,
        0,
        {
            "type": "exchange",
            "discard": ["water", "water", "beans"],
            "take": ["pirate4", "meat_p", "rum"],
        },
    )
    # the cards just discarded are not "other" cards
    refused(
        state, 0, {"type": "exchange", "discard": ["water", "water", "beans"], "take": ["water"]}
    )
    refused(state, 0, {"type": "exchange", "discard": ["water"], "take": []})
    state = lay_from_deck(state, 0, 0, ["meat"])
    state = act(
        state, 0, {"type": "exchange", "discard": ["water", "water"], "take": ["pirate4", "meat_p"]}
    )
    assert state["fronts"][0] == ["meat_p", "pirate4"]
    assert GAME.view(state, 1)["fronts"][0] == ["meat_p", "pirate4"]
    assert sorted(state["discard"]) == ["rum", "water", "water"]
    # not usable this turn: the cannons cannot discard a card lying in front
    refused(state, 0, {"type": "fire", "ship": 0, "card": "pirate4", "colours": ["blue", "blue"]})
    state = act(state, 0, {"type": "fire", "ship": 0, "card": "beans", "colours": ["blue", "blue"]})
    assert state["step"] == "draw"
    assert state["fronts"][0] == []
    state = act(state, 0, {"type": "draw", "cards": ["water"]})
    assert sorted(state["hands"][0]) == ["beans", "beans", "beans", "meat_p", "pirate4", "water"]
    assert state["fronts"][0] == []
    assert_conserved(state)


def test_exchange_with_phone_fields() -> None:
    """The phone sends numbered fields; an empty optional slot means no card."""
    state = rum_game(["water", "water", "beans", "beans", "beans", "beans"])
    state = act(
        state,
        0,
        {
            "type": "exchange",
            "discard_1": "water",
            "discard_2": "water",
            "discard_3": "beans",
            "take_1": "",
            "take_2": "",
        },
    )
    assert state["turn"]["exchanged"]


def test_fire_needs_own_provision_at_the_ship() -> None:
    """ "Vybere si (a oznámí ostatním) loď, u které má sám vyložen alespoň jednu proviantní
    kartu, a hodí oběma barevnými kostkami." and "V jednom tahu smí odpálit děla jen u jedné
    lodi.\""""
    state = started(2, sea=[RUM_SHIP, ship("red", 4, 9, water=2)])
    state = set_hand(state, 0, ["water", "water", "beans", "beans", "beans", "beans"])
    state = lay_from_deck(state, 0, 0, ["rum"])
    state = act(state, 0, {"type": "exchange", "discard": ["water", "water"]})
    error = refused(
        state, 0, {"type": "fire", "ship": 1, "card": "beans", "colours": ["blue", "red"]}
    )
    assert "no provisions at this ship" in error.reason
    state = act(state, 0, {"type": "fire", "ship": 0, "card": "beans", "colours": ["blue", "red"]})
    assert state["last_roll"]["colours"] == ["blue", "red"]


def test_cannon_miss() -> None:
    """ "Pokud na kostkách padly barvy, jejichž proviant nikdo nevyložil, padne výstřel do
    prázdna a nikdo o žádný proviant nepřijde.\""""
    state = rum_game(["rum", "rum", "water", "beans", "beans", "beans"])
    state = lay_from_deck(state, 0, 1, ["meat", "rum"])
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    before = state["sea"][0]["laid"][1]
    state = act(
        state, 0, {"type": "fire", "ship": 0, "card": "water", "colours": ["blue", "green"]}
    )
    assert state["sea"][0]["laid"][1] == before


def test_cannon_spoils_kept_if_room_else_discarded() -> None:
    """ "Když má hráč mezi kartami, které sám vyložil, ještě místo na ukořistěný proviant,
    přiloží jeho kartu(y) ke svým. Karty, na které už místo nemá, se dají na odkládací balík.\""""
    state = rum_game(["rum", "rum", "water", "beans", "beans", "beans"])
    state = lay_from_deck(state, 0, 1, ["rum_p", "meat"])
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    discard = list(state["discard"])
    state = act(state, 0, {"type": "fire", "ship": 0, "card": "water", "colours": ["black", "red"]})
    # rum: no room (2 of 2 laid) -> discarded; meat: room -> kept
    assert state["sea"][0]["laid"][0] == ["meat", "rum", "rum"]
    assert state["sea"][0]["laid"][1] == []
    assert sorted(state["discard"]) == sorted(discard + ["water", "rum_p"])
    assert_conserved(state)


def test_cannon_takes_one_card_per_die_and_surplus_pirates_go() -> None:
    """ "vezme si útočník za každou kostku 1 proviant, nejvýše tedy 2 karty" — and the victim
    may not keep more pirates than provisions ("Hráč nesmí k jedné lodi položit více pirátů
    než karet s proviantem")."""
    state = rum_game(["water", "water", "water", "beans", "beans", "beans"])
    state = lay_from_deck(state, 0, 0, ["meat"])
    state = lay_from_deck(state, 0, 1, ["rum", "rum", "pirate2", "pirate3"])
    state = act(state, 0, {"type": "exchange", "discard": ["beans", "beans"]})
    state = act(
        state, 0, {"type": "fire", "ship": 0, "card": "water", "colours": ["black", "black"]}
    )
    assert state["sea"][0]["laid"][0] == ["meat", "rum", "rum"]
    # the victim lost both provisions, so both pirates leave too
    assert state["sea"][0]["laid"][1] == []
    assert {"pirate2", "pirate3"} <= set(state["discard"])
    assert_conserved(state)
