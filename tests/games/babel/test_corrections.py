"""Issue 12: what a correction shows (facts with help lines, changes) and the log lines."""

from __future__ import annotations

from games.babel import GAME
from games.babel.constants import STAGE_TEMPLE
from tests.games.babel.helpers import act, arrange, new_game

S, A, P, M, H = "sumerians", "assyrians", "persians", "medes", "hittites"


def english(line: dict) -> str:
    return line["text"] % line["args"]


def test_drawn_cards_are_facts_with_a_help_line() -> None:
    """ "Na začátku tahu si hráč vytáhne 3 karty národů" -- a card entered wrongly is a fact a
    correction may change; each field says what it asks for."""
    fields = GAME.facts({"type": "draw", "card1": M, "card2": P, "card3": H})
    assert [field.key for field in fields] == ["card1", "card2", "card3"]
    assert all(field.help is not None for field in fields)
    (level,) = GAME.facts({"type": "temple_card", "level": 3})
    assert level.help is not None and [value for value, _ in level.choices] == [1, 2, 3, 4, 5, 6]
    assert GAME.facts({"type": "build", "source": "row0"}) == ()


def test_changes_name_temples_rows_and_hands() -> None:
    """ "Protivníkův chrám v daném městě se zbourá." -- a correction's preview names the
    temple that changes, in Babel's terms."""
    before = arrange(
        new_game(),
        rows={H: [[A, A, A], []]},
        temples={H: [[], [1, 2]]},
        figures=[H, "quarry"],
        start_card=[False, False],
    )
    after = act(before, 0, "ability", nation=A, power="own")
    lines = [english(line) for line in GAME.changes(before, after)]
    assert "Ben's temple in Hatti: height 2 → 0." in lines
    assert "Anna's row in Hatti: cards 3 → 2." in lines
    assert GAME.changes(before, before) == []


def test_changes_after_a_temple_draw() -> None:
    """ "Nejdříve obě karty odkryje, pak položí tu s vyšší hodnotou a na ni tu s nižší." """
    state = arrange(new_game(), stage=STAGE_TEMPLE, start_card=[False, True])
    after = act(state, 0, "draw_temples", first=2, second=5)
    assert [english(line) for line in GAME.changes(state, after)] == [
        "Anna's temple row now ends with level 2."
    ]


def test_the_log_names_what_an_ability_does() -> None:
    """The log line says what the ability did, the platform adds the player's name."""
    line = GAME.describe({"type": "ability", "nation": M, "power": "own", "target": P})
    assert english(line) == "Uses the Medes: the opponent discards every card of the Persians here"
    line = GAME.describe({"type": "build", "source": "row1", "level": 4})
    assert english(line) == "Builds level 4 from the second temple row"


def test_ending_the_actions_without_doing_anything_asks_once_more() -> None:
    """ "Hráč má na výběr 5 různých akcí, které může provádět v libovolném pořadí a libovolně
    často": none is compulsory, but a stray tap must not end the turn unnoticed."""
    from tests.games.babel.helpers import act as _act

    state = _act(arrange(new_game(), stage="draw", start_card=[False, False]), 0, "draw")
    (end,) = [c for c in GAME.choices(state, 0) if c.action["type"] == "end_actions"]
    assert end.confirm is not None
    state = _act(state, 0, "travel", nation=M)
    (end,) = [c for c in GAME.choices(state, 0) if c.action["type"] == "end_actions"]
    assert end.confirm is None
