"""Who started, as each engine records it (``Game.start_seat``), from the rules' passages.

Issue 22: statistics guessed the start player from the first state in which one seat
alone could act, which named a seat still entering its hand (Störtebeker), the last
seat to take a board (Babylon) or the last to confirm (Babylon, scoring only). Each
test below reproduces such a state: one seat alone may act, and it is not the start
player.
"""

from __future__ import annotations

from games.babel import GAME as BABEL
from games.babylon import GAME as BABYLON
from games.stortebeker import GAME as STORTEBEKER
from games.wallenstein import GAME as WALLENSTEIN
from tests.games.babel.helpers import act as babel_act
from tests.games.babel.helpers import new_game as babel_game
from tests.games.babylon.helpers import act as babylon_act
from tests.games.stortebeker.helpers import act as storte_act
from tests.games.stortebeker.helpers import new_game as storte_game
from tests.games.stortebeker.helpers import ship
from tests.games.wallenstein.helpers import do, enter_events, new_game, start_season


def test_stortebeker_start_is_the_seat_entered_even_while_a_hand_is_still_missing() -> None:
    """ "Začíná hráč, jehož žeton se na bodovací tabulce nachází nejvíc nahoře (zpravidla je
    to žlutý hráč)." The table taps "Yellow starts" while Blue still enters its hand."""
    state = storte_game(3)
    while any(c.action["type"] == "ship" for c in STORTEBEKER.choices(state, 0)):
        state = storte_act(state, 0, ship())
    state = storte_act(state, 0, {"type": "hand", "by_app": True}, seed=10)
    state = storte_act(state, 1, {"type": "hand", "by_app": True}, seed=11)
    assert STORTEBEKER.start_seat(state) is None  # not entered yet: unknown
    state = storte_act(state, 1, {"type": "start", "player": 0})
    assert STORTEBEKER.to_act(state) == [2]  # the old guess: Blue, alone to act
    assert STORTEBEKER.start_seat(state) == 0
    state = storte_act(state, 2, {"type": "hand", "by_app": True}, seed=12)
    assert STORTEBEKER.start_seat(state) == 0


def test_babylon_start_is_the_first_player_not_the_last_to_take_a_board() -> None:
    """ "Libovolným způsobem určete hráče, který bude hrát jako první" and "Hráči se
    střídají v tazích ... počínaje prvním hráčem": Petr is the first seat and starts;
    Anna takes her board last."""
    state = BABYLON.setup(["Petr", "Anna"], {"first_player": "first"})
    state = babylon_act(state, 0, type="board", flower="white")
    assert BABYLON.to_act(state) == [1]  # the old guess: Anna
    state = babylon_act(state, 1, type="board", flower="pink")
    assert BABYLON.start_seat(state) == 0
    assert state["current"] == 0  # the engine's own turn order agrees


def test_babylon_start_drawn_by_the_app_is_the_drawn_seat() -> None:
    """The option "Drawn by the app" draws the first player at set-up."""
    seats = set()
    for seed in range(12):
        state = BABYLON.setup(["A", "B", "C", "D"], {"first_player": "random"}, seed=seed)
        assert BABYLON.start_seat(state) == state["first"]
        seats.add(BABYLON.start_seat(state))
    assert len(seats) > 1  # really drawn, not always the first seat


def test_babylon_scoring_only_knows_no_start_player() -> None:
    """Scoring only: "each player enters the visible garden"; the turns were played
    without the app, so who started is unknown, not the last player to confirm."""
    state = BABYLON.setup(["Petr", "Anna"], {"mode": "scoring"})
    state = babylon_act(state, 0, type="confirm", holes=0)
    assert BABYLON.to_act(state) == [1]  # the old guess: Anna
    assert BABYLON.start_seat(state) is None


def test_wallenstein_start_is_the_first_seasons_startspieler() -> None:
    """ "hráč představující generála nahoře (Startspieler) bude hrát první ... Pořadí bude
    platit do začátku dalšího období, kdy se určí nové pořadí." The game's start player is
    the first season's; later seasons' orders do not change it."""
    state = enter_events(new_game(3), [15, 2, 4, 10])
    assert WALLENSTEIN.start_seat(state) is None
    state = start_season(state, order=[2, 0, 1])
    assert WALLENSTEIN.start_seat(state) == 2
    # the next season's order (entered the same way) leaves the record alone
    later = dict(state, season_state={**state["season_state"], "order": []}, stage="turn_order")
    later = do(later, 0, type="turn_order", pos_1=1, pos_2=2, pos_3=0)
    assert later["season_state"]["order"][0] == 1
    assert WALLENSTEIN.start_seat(later) == 2


def test_wallenstein_score_only_knows_no_start_player() -> None:
    """Score-only mode enters the board at each winter, never a turn order."""
    state = WALLENSTEIN.setup(["Anna", "Boris", "Cyril"], {"mode": "scoring"})
    assert WALLENSTEIN.start_seat(state) is None


def test_babel_the_eldest_in_seat_0_starts_even_when_seat_1_deals_last() -> None:
    """ "Starší hráč smí začít." With hand tracking seat 0 enters its hand first and
    seat 1 is left alone to act: still seat 0 starts."""
    state = babel_game(hand_tracking="on")
    state = babel_act(state, 0, "deal", by_app=True)
    assert BABEL.to_act(state) == [1]  # the old guess
    assert BABEL.start_seat(state) == 0
    state = babel_act(state, 1, "deal", by_app=True)
    assert BABEL.to_act(state) == [0]
