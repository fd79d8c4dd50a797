"""Issue 13: what the table is told after a build and after an ability (``last_event``)."""

from __future__ import annotations

from games.babel import GAME
from games.babel.constants import STAGE_DRAW
from tests.games.babel.helpers import act, arrange, new_game

S, A, P, M, H = "sumerians", "assyrians", "persians", "medes", "hittites"


def lines(state: dict, seat: int | None) -> list[str]:
    return [line["text"] % line["args"] for line in GAME.view(state, seat)["last_event_lines"]]


def at(city: str, mine: list[str], theirs: list[str], **kwargs) -> dict:  # type: ignore[no-untyped-def]
    return arrange(
        new_game(),
        rows={city: [mine, theirs]},
        figures=[city, "quarry"],
        start_card=[False, False],
        **kwargs,
    )


def test_the_assyrians_summary_names_the_destroyed_temple() -> None:
    """ "Protivníkův chrám v daném městě se zbourá. Chrámové karty se odloží lícem dolů na
    dobírací balíček chrámových karet." -- the table reads whose temple and which levels."""
    state = act(
        at(H, [A, A, A], [], temples={H: [[], [1, 2, 3]]}), 0, "ability", nation=A, power="own"
    )
    event = GAME.view(state, None)["last_event"]
    assert event["destroyed"] == [1, 2, 3] and event["city"] == H
    assert lines(state, None) == [
        "Anna's Assyrians destroyed Ben's temple in Hatti: levels 1, 2, 3 go back on the"
        " temple deck, the lowest on top."
    ]


def test_the_hittites_summary_names_the_stolen_level() -> None:
    """ "Z protivníkova chrámu v daném městě se sebere nejvyšší patro a položí se na vlastní
    chrám v tomto městě." -- the level that moved."""
    state = act(
        at(H, [H, H, H], [], temples={H: [[], [1, 2]]}), 0, "ability", nation=H, power="own"
    )
    assert GAME.view(state, 1)["last_event"]["stolen"] == 2
    assert "stole level 2 of Ben's temple" in lines(state, 1)[0]


def test_halving_says_from_how_many_to_how_many() -> None:
    """ "Pokud má lichý počet karet, stanoví se polovina v jeho prospěch (tj. např. 5 karet se
    zredukuje na 3)." -- seven cards are cut to four, and the summary stays up while the
    opponent discards them one by one."""
    state = at(H, [S, S, S], [], hand_sizes=[2, 7])
    state = act(state, 0, "ability", nation=S, power="halve")
    expected = "Anna used three Sumerians: Ben's cards in hand: 7 → 4."
    assert lines(state, None) == [expected]
    state = act(state, 1, "give_up", nation=M)
    assert lines(state, 1) == [expected]


def test_a_build_names_the_level_and_the_log_too() -> None:
    """ "Na začátku hry má každý hráč v ruce jednu chrámovou kartu pro první patro" -- the
    build of the starting card is level 1; the next entry clears the summary."""
    state = arrange(new_game(), figures=[P, "quarry"], rows={P: [[H], []]}, hand_sizes=[5, 5])
    build = next(c for c in GAME.choices(state, 0) if c.action["type"] == "build")
    assert build.action == {"type": "build", "source": "start", "level": 1}
    assert GAME.describe(build.action)["args"]["level"] == 1
    state = act(state, 0, "build", source="start", level=1)
    assert lines(state, 0) == ["Anna built level 1 in Persia from the starting card."]
    state = act(state, 0, "settle", nation=H)
    assert GAME.view(state, None)["last_event"] is None


def test_a_wrong_level_in_a_build_is_refused() -> None:
    """The level the phone named must be the card's level."""
    from tests.games.babel.helpers import refused

    state = arrange(new_game(), figures=[P, "quarry"], rows={P: [[H], []]}, hand_sizes=[5, 5])
    assert "level" in refused(state, 0, "build", source="start", level=2)


def test_no_summary_before_anything_happened() -> None:
    assert GAME.view(arrange(new_game(), stage=STAGE_DRAW), None)["last_event_lines"] == []
