"""Corrections: the fact fields, the log's words for ships, and the preview of what changes."""

from __future__ import annotations

from games.i18n import render_english
from games.stortebeker import GAME

from .helpers import act, lay_from_deck, past_first_round, refused, set_hand, ship, started


def test_fact_fields_carry_units_and_the_limits_of_the_rules() -> None:
    """A ship card shows "v horních rozích bodová hodnota, uprostřed spodní části číslem
    vyjádřená obranyschopnost, pod ní je vyobrazen požadovaný proviant"; the number dice show
    1 to 6. Each field says which number it is and what the limits are."""
    fields = {field.key: field for field in GAME.facts({"type": "ship"})}
    assert (fields["points"].low, fields["points"].high) == (0, 20)
    assert "top corners" in render_english(fields["points"].help)
    assert "bottom" in render_english(fields["defence"].help)
    assert render_english(fields["need_rum"].label) == "rum needed"
    dice = GAME.facts({"type": "board"})
    assert all(render_english(field.help) == "Pips on the die: 1 to 6." for field in dice)
    start = GAME.facts({"type": "start", "player": 1})
    assert [value for value, _label in start[0].choices] == [0, 1, 2, 3]
    assert render_english(start[0].choices[1][1]) == "Seat 2"
    cards = GAME.facts({"type": "hand", "cards": ["rum"] * 6})
    assert [field.label for field in cards][:2] == ["Card 1", "Card 2"]


def test_a_stale_page_cannot_hit_the_ship_that_sailed_in() -> None:
    """ "Po uzavření všech pokusů o obsazení lodí se na uvolněné místo položí nová loď z
    přístavu": a place at sea changes its ship, so an entry carries the ship it was offered
    for and is refused when another ship lies there now."""
    state = started(2, sea=[ship("red", 3, 20, rum=1)])
    lay = next(c.action for c in GAME.choices(state, 0) if c.action["type"] == "lay")
    assert lay["seen"] == {"0": {"colour": "red", "points": 3}}
    act(state, 0, lay)
    other = {**lay, "seen": {"0": {"colour": "black", "points": 3}}}
    error = refused(state, 0, other)
    assert "sea has changed" in error.reason
    refused(state, 0, {**lay, "seen": {"7": {"colour": "red", "points": 3}}})
    refused(state, 0, {**lay, "seen": "red"})


def test_changes_name_the_ship_the_holder_and_the_provisions() -> None:
    """A correction of the boarding roll from 2 to 12: the preview says who now holds the ship
    and what happens to the provisions at it ("Všechny akční karty, nahromaděné kolem lodi, se
    dají do odkládacího balíku")."""
    state = started(2, sea=[ship("red", 3, 12, rum=1)])
    state = past_first_round(state)
    state = set_hand(state, 0, ["beans"] * 6)
    state = lay_from_deck(state, 0, 0, ["rum"])
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    failed = act(state, 0, {"type": "board", "ship": 0, "dice": [1, 1]})
    taken = act(state, 0, {"type": "board", "ship": 0, "dice": [6, 6]})
    lines = [render_english(line) for line in GAME.changes(failed, taken)]
    assert "Yellow holds the red ship (3 points)." in lines
    assert "The red ship (3 points) is no longer at sea." in lines
    back = [render_english(line) for line in GAME.changes(taken, failed)]
    assert "Yellow no longer holds the red ship (3 points)." in back
    assert GAME.changes(taken, taken) == []
    penalty = act(failed, 0, {"type": "penalty", "colours": ["black", "blue"]})
    lines = [render_english(line) for line in GAME.changes(failed, penalty)]
    assert lines == ["Yellow's provisions at the red ship (3 points): 1 → 0."]


def test_describe_names_ship_and_card() -> None:
    """The log names a ship by colour and points (no number is printed at the sea)."""
    state = started(2, sea=[ship("black", 5, 8, rum=1)])
    lay = next(c.action for c in GAME.choices(state, 0) if c.action.get("card") == "rum")
    assert render_english(GAME.describe(lay)) == "Laid rum at the black ship (5 points)."
    draw = GAME.describe({"type": "draw", "card_1": "rum", "card_2": "meat"})
    assert render_english(draw) == "Drew 2 cards."


def test_describe_counts_a_ships_points() -> None:
    """Issue 23: "1 point", never "1 points"; a script's entry without a number reads "?"."""
    state = started(2, sea=[ship("red", 1, 3, rum=1)])
    lay = next(c.action for c in GAME.choices(state, 0) if c.action.get("card") == "rum")
    assert render_english(GAME.describe(lay)) == "Laid rum at the red ship (1 point)."
    came = {"type": "ship", "colour": "red", "points": 1, "defence": 3}
    assert render_english(GAME.describe(came)) == (
        "A red ship worth 1 point with defence 3 came into view."
    )
    came = {"type": "ship", "colour": "red", "defence": 3}
    assert render_english(GAME.describe(came)) == (
        "A red ship worth ? points with defence 3 came into view."
    )
