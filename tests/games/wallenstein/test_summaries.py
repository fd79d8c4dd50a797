"""What the table is told after an entry: view()["last_event"] and correction previews."""

from __future__ import annotations

from games.i18n import render_english
from games.wallenstein import GAME, winter
from games.wallenstein.data import FIXED_ALLOCATIONS

from .helpers import NAMES, clear_land, do, drop, enter_events, in_season, start_season

BLUE, RED, YELLOW = 0, 1, 2


def _attack_on_anhalt(**options: str):
    """Spring, Move/attack A first; blue in Altmark (5), red in Anhalt (3); 1 red and
    1 green cube already lie in the tower."""
    state = GAME.setup(NAMES[:3], {"allocation": "fixed", **options})
    state = drop(state, [7, 6, 7], peasants=9)
    state = enter_events(state, [15, 2, 4, 10])
    state = start_season(state, ["move_a"], [BLUE, RED, YELLOW], 15)
    state = clear_land(state, "altmark", BLUE, 5)
    state = clear_land(state, "anhalt", RED, 3)
    state = do(state, BLUE, type="play", land="altmark", to="anhalt", count=4)
    return do(state, RED, type="defend", count=3)


def test_battle_summary_follows_the_rulebook_example() -> None:
    """„Tři modré a čtyři červené armády (jedna již byla ve věži) a jedna zelená (také z věže)
    vypadnou do nádoby. Pokud sedláci podporovali v obraně červeného, má celkem 5 armád oproti
    3 armádám modrého. Červený vrátí 2 své armády do země“"""
    state = drop(_attack_on_anhalt(), [3, 4, 0], peasants=1)
    event = GAME.view(state, None)["last_event"]
    assert event["kind"] == "battle" and event["battle"] == "attack"
    assert event["land"] == "anhalt" and event["land_name"] == "Anhalt"
    assert event["attacker"] == {"seat": BLUE, "armies": 3, "peasants": 0, "total": 3}
    assert event["defender"] == {"seat": RED, "armies": 4, "peasants": 1, "total": 5}
    assert event["result"] == "defender" and event["armies_in_land"] == 2
    assert event["thrown"] == {"armies": [4, 3, 0], "peasants": 0}
    assert event["tower_before"] == {"armies": [0, 1, 0], "peasants": 1}
    assert event["tower_after"] == {"armies": [1, 0, 0], "peasants": 0}
    assert event["involved"] == [BLUE, RED]
    # the summary lasts until the next entry
    after = do(state, RED, type="play", land="blank")
    assert GAME.view(after, None)["last_event"] is None


def test_battle_summary_of_a_tie_says_devastated() -> None:
    """„Pokud je výsledek nerozhodný, je země celkově zpustošena“"""
    state = drop(_attack_on_anhalt(), [3, 3, 0], peasants=0)
    event = GAME.view(state, RED)["last_event"]
    assert event["result"] == "draw" and event["devastated"] is True
    assert event["owner"] is None and event["armies_in_land"] == 0


def test_hidden_ledger_keeps_the_tower_out_of_the_summary() -> None:
    """Option ledger=hidden: the count inside the tower is not shown, not even afterwards."""
    state = drop(_attack_on_anhalt(ledger="hidden"), [3, 4, 0], peasants=1)
    event = GAME.view(state, None)["last_event"]
    assert "tower_before" not in event and "tower_after" not in event
    assert event["defender"]["total"] == 5


def _winter(grain: list[int], prepare=None):
    state = in_season(order=[0, 1, 2])
    state["season"] = "autumn"
    state["events"]["used"] = [15, 2, 4]
    state["grain"] = list(grain)
    if prepare:
        prepare(state)
    state["last_event"] = None
    winter.start_winter(state)
    return state


def test_winter_summary_grain_revolts_and_scoring_by_region() -> None:
    """„Číslo na poslední kartě událostí určuje množství obilí, které bude ztraceno.“ „Po ztrátě
    obilí musí každý hráč mít nejméně jedno obilí pro každou svou zemi.“ „Za většinu paláců
    v regionu získá 3 VB ... Při shodě jsou body uděleny každému z hráčů, ale o jeden bod méně“"""

    def build(state):
        state["lands"]["osnabrueck"]["palace"] = True  # seat 0, Brandenburg
        state["lands"]["mittelmark"]["palace"] = True  # seat 1, Brandenburg: a tie
        state["lands"]["mark"]["revolt"] = 1

    state = _winter([9, 11, 11], prepare=build)
    hunger = GAME.view(state, None)["last_event"]
    assert hunger["kind"] == "hunger" and hunger["card"] == 10 and hunger["loss"] == 2
    assert hunger["players"][0] == {
        "grain_before": 9,
        "grain": 7,
        "need": 9,
        "shortage": 2,
        "revolts": 1,
        "extra": 2,
        "row": {"text": "shortage %(low)s", "args": {"low": 2}},
    }
    state = do(state, 1, type="revolt_card", card="mark")
    state = do(state, 0, type="defend", count=5)
    state = drop(state, [4, 0, 0], peasants=3)
    event = GAME.view(state, 0)["last_event"]
    assert event["kind"] == "winter" and event["year"] == 1
    assert [item["kind"] for item in event["earlier"]] == ["battle"]
    assert event["revolts"] == [
        {
            "seat": 0,
            "land": "mark",
            "land_name": "Gft. Mark",
            "markers": 1,
            "extra": 2,
            "peasants": 3,
            "result": "defender",
            "devastated": False,
        }
    ]
    brandenburg = event["regions"][0]
    assert render_english(brandenburg["region"]) == "Brandenburg"
    assert brandenburg["majorities"]["palace"] == {"counts": [1, 1, 0], "points": [2, 2, 0]}
    lands_owned = [len(FIXED_ALLOCATIONS[3][seat]) for seat in range(3)]
    assert [sum(region["lands"][0] for region in event["regions"])] == [lands_owned[0]]
    assert event["winter_total"] == [sum(points.values()) for points in state["winters"][0]]
    assert event["total"] == event["winter_total"]


def test_a_new_year_starts_with_clean_boards() -> None:
    """„Všem hráčům je vynulováno počítadlo obilí na hracím plánu.“ - and last year's action
    cards and used land cards are off the boards."""
    state = _winter([11, 11, 11])
    assert state["stage"] == "year_events"
    assert state["season_state"] is None


def test_correction_preview_names_lands_and_counters() -> None:
    """A correction's preview says what changes on the board, in the game's terms."""
    before = drop(_attack_on_anhalt(), [3, 4, 0], peasants=1)
    after = drop(_attack_on_anhalt(), [4, 2, 0], peasants=1)
    lines = [render_english(line) for line in GAME.changes(before, after)]
    assert "Anhalt goes to Anna" in lines
    assert any(line.startswith("Armies in Anhalt: 2 → ") for line in lines)
    lost = drop(_attack_on_anhalt(), [3, 3, 0], peasants=0)
    assert "Anhalt goes back to unowned" in [
        render_english(line) for line in GAME.changes(before, lost)
    ]


def test_correction_fields_name_players_peasants_and_limits() -> None:
    """„Do věže se najednou vhodí 7 kostiček armád každého hráče a 10 neutrálních zelených
    armád.“ - a correction of a drop asks for each player's armies and the green peasants."""
    fields = GAME.facts(
        {"type": "drop", "out_0": 1, "out_1": 2, "out_2": 0, "out_peasants": 3, "seat": 0}
    )
    labels = [render_english(field.label) for field in fields]
    assert labels == [
        "Armies of player 1 that came out",
        "Armies of player 2 that came out",
        "Armies of player 3 that came out",
        "Peasants (green)",
    ]
    assert all(field.help is not None and field.low == 0 for field in fields)
    state = _attack_on_anhalt()
    drop_choice = next(c for c in GAME.choices(state, 0) if c.action == {"type": "drop"})
    assert render_english(drop_choice.fields[0].label) == "Armies of Anna"
    assert render_english(drop_choice.fields[0].help).endswith("0 to 4.")


def test_log_lines_name_the_land_card_and_event() -> None:
    """The log says what an entry concerns (the platform puts the player's name first)."""
    lines = {
        render_english(GAME.describe(action))
        for action in (
            {"type": "take", "from": "face_up", "land": "mark", "group": 4},
            {"type": "action_card", "card": "palace"},
            {"type": "current_event", "event": 5},
            {"type": "revolt_card", "card": "passau"},
            {"type": "reveal_land", "land": "trier"},
        )
    }
    assert lines == {
        "Takes Gft. Mark and places 4 armies",
        "Action card turned up: Palace",
        "Current event: 5. Bad harvest in Bayern (winter: 5 grain lost)",
        "Revolting land drawn: Passau",
        "Turns up Erzbm. Trier",
    }


def test_the_top_card_of_the_deck_is_found_by_region() -> None:
    """Taking the top card: the lands are listed region by region, each named with its region."""
    from games.wallenstein.data import REGIONS, lands

    state = GAME.setup(NAMES[:3], {"allocation": "draft"})
    state = drop(state, [7, 7, 7], peasants=10)
    state = do(state, 0, type="reveal_land", land="altmark")
    state = do(state, 0, type="reveal_land", land="anhalt")
    deck = next(c for c in GAME.choices(state, 0) if c.action == {"type": "take", "from": "deck"})
    options = next(field for field in deck.fields if field.key == "land").choices
    order = [REGIONS.index(lands()[land].region) for land, _label in options]
    assert order == sorted(order) and len(options) == 35
    assert render_english(options[0][1]).startswith("Brandenburg: ")
