"""A turn of the tracked game ("PRŮBĚH HRY") and the end of a round.

A: extract (mandatory), B: build tiles and decorations (optional), C: store
or discard (mandatory); after the last player, the round token is revealed.
Pillars a player holds during a turn live in ``state["turn"]``; between
turns only the stored single pillars (``board["singles"]``) remain.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.babylon.components import (
    BRIDGE,
    DECORATION_LABELS,
    DECORATIONS,
    DOUBLE,
    EFFECT_ADD_SYMBOL,
    EFFECT_DOUBLE,
    EFFECT_FLOWER_TWO,
    EFFECT_ONE_FEWER,
    EFFECT_SINGLE,
    EFFECTS,
    FLOWERS,
    FOUNTAIN,
    MAX_FLOOR,
    QUARRY_PLACES,
    SINGLE,
    STAIRS,
    STATUE,
    STORAGE_SINGLES,
    SYMBOLS_ON,
    TOKEN_BOX,
    VIEWPOINT,
)
from games.babylon.garden import (
    Board,
    highest_built_floor,
    next_id,
    tiles_on_floor,
    visible_decorations,
)
from games.babylon.preparation import STEP_BUILD, STEP_EXTRACT, STEP_FINAL, STEP_REVEAL
from games.babylon.quarry import extraction, visible_material
from games.base import choice_arg, int_arg, require, seeded_random
from games.i18n import _

State = dict[str, Any]

TILE_EXTRACTED = "extracted"
TILE_STORED = "stored"

# What follows a placement (``then``): the turn ends with it (C done at once: the taken tile,
# if still in hand, stored or discarded), or the player goes on building. Entries without
# ``then`` (older logs) go on building.
THEN_END = "end"
THEN_STORE = "store"
THEN_DISCARD = "discard"
THEN_BUILD = "build"
THEN_ALL = (THEN_END, THEN_STORE, THEN_DISCARD, THEN_BUILD)


# -- A. extraction -------------------------------------------------------------
def flower_bonus(effect: str | None, matches: bool) -> int:
    """Pillars for a tile showing the player's flower.

    "pokud se druh květiny na vybraném dílku shoduje s druhem květiny na vaší
    desce hráče" gives 1, or 2 in a round with the flower token.
    """
    if not matches:
        return 0
    return 2 if effect == EFFECT_FLOWER_TWO else 1


def extraction_pillars(state: State, seat: int, place: int, flower: str) -> dict[str, int]:
    """The pillars taking the visible tile of ``place`` gives ``seat`` now."""
    effect = state["effect"]
    edges = extraction(state["quarry"], place)["pillars"]
    singles = edges + flower_bonus(effect, flower == state["boards"][seat]["flower"])
    if effect == EFFECT_ONE_FEWER:
        # "získáte o 1 jednoduchý sloup méně" - never below none.
        singles = max(0, singles - 1)
    if effect == EFFECT_SINGLE:
        singles += 1
    return {"edges": edges, SINGLE: singles, DOUBLE: 1 if effect == EFFECT_DOUBLE else 0}


def take_from_supply(state: State, kind: str, wanted: int) -> int:
    """Take up to ``wanted`` pieces of ``kind``; the supply cannot go negative."""
    given = min(wanted, state["supply"][kind])
    state["supply"][kind] -= given
    return given


def see_flower(state: State, seat: int, action: dict[str, Any]) -> None:
    """The phone's first tap of an extraction: the flower on the tile to take.

    Nothing physical happens: the app only remembers the flower so that the
    next tap (the tile) can show the exact pillars. ``flower: None`` goes back.
    """
    flower = action.get("flower")
    require(flower is None or flower in FLOWERS, _("Enter the flower shown on the tile."))
    state["seen_flower"] = flower


def extract(state: State, seat: int, action: dict[str, Any]) -> None:
    """A. Take one visible tile from the quarry and the pillars it gives."""
    place = int_arg(action, "place", 0, QUARRY_PLACES - 1)
    flower = action.get("flower")
    require(flower in FLOWERS, _("Enter the flower shown on the tile."))
    material = visible_material(state["quarry"], place)
    require(material is not None, _("This place of the quarry is empty."))
    gain = extraction_pillars(state, seat, place, flower)
    state["quarry"][place].pop()
    state["seen_flower"] = None
    singles = take_from_supply(state, SINGLE, gain[SINGLE])
    doubles = take_from_supply(state, DOUBLE, gain[DOUBLE])
    board = state["boards"][seat]
    state["turn"] = {
        "seat": seat,
        "tile": {"material": material, "flower": flower},
        SINGLE: board["singles"] + singles,
        DOUBLE: doubles,
        "placed": [],
        "decorations": 0,
    }
    board["singles"] = 0  # the stored pillars are in hand for this turn
    state["last"] = {
        "seat": seat,
        "place": place,
        "material": material,
        "flower": flower,
        "edges": gain["edges"],
        SINGLE: singles,
        DOUBLE: doubles,
    }
    state["last_event"] = {"kind": "extract", **state["last"]}
    state["step"] = STEP_BUILD


# -- B. building ---------------------------------------------------------------
def tile_to_place(state: State, board: Board, which: str) -> dict[str, str]:
    """The tile the player wants to place: the one just taken or the stored one."""
    if which == TILE_EXTRACTED:
        tile = state["turn"]["tile"]
        require(tile is not None, _("You have already placed the tile you took."))
    else:
        tile = board["stored"]
        require(tile is not None, _("Your storage slot holds no tile."))
    return tile


def singles_to_exchange(turn: dict[str, Any], doubles: int) -> int:
    """How many doubles must come from exchanged singles to have ``doubles``.

    "Kdykoli můžete vyměnit 2 jednoduché sloupy za 1 dvojitý sloup" - never back.
    """
    return max(0, doubles - turn[DOUBLE])


def lies_exactly_over(board: Board, floor: int, on_tiles_below: int) -> bool:
    """Whether a tile on ``floor`` with ``on_tiles_below`` supports standing on tiles of
    the floor below (single pillars, statues) must lie exactly over a tile there."""
    return floor > 1 and on_tiles_below >= 3 and len(tiles_on_floor(board, floor - 1)) == 1


def optional_int(action: dict[str, Any], key: str, low: int, high: int) -> int:
    """An int field the phone leaves out when it can only be 0."""
    return int_arg(action, key, low, high) if key in action else 0


def place_tile(state: State, seat: int, action: dict[str, Any]) -> None:
    """B1. Place a tile garden side up on 3 or 4 pillars."""
    board = state["boards"][seat]
    turn = state["turn"]
    which = choice_arg(action, "tile", (TILE_EXTRACTED, TILE_STORED))
    tile = tile_to_place(state, board, which)
    then = choice_arg(action, "then", THEN_ALL) if "then" in action else THEN_BUILD
    require(
        then in then_options(turn, which),
        _("Store or discard the tile you took to end the turn.")
        if then == THEN_END
        else _("No tile you took is left to store or discard: end the turn."),
    )
    highest = highest_built_floor(board)
    floor = int_arg(action, "floor", 1, MAX_FLOOR)
    # "Svoji zahradu musíte stavět postupně po jednotlivých patrech."
    require(
        floor <= highest + 1,
        _("You can build on floor %(floor)s only once you have a tile on floor %(below)s."),
        floor=floor,
        below=floor - 1,
    )
    # "stranou se zahradou vzhůru na 3 nebo 4 sloupy"
    supports = int_arg(action, "supports", 3, 4)
    doubles = optional_int(action, "doubles", 0, supports)
    statues = optional_int(action, "statues", 0, supports - doubles)
    singles = supports - doubles - statues
    if floor == 1:
        # Pillars stand on the board: a double pillar or a statue reaches floor 2.
        require(
            doubles == 0 and statues == 0,
            _("A tile on the first floor rests on single pillars standing on the board."),
        )
    # "2 dílky teras se nikdy nesmí zcela překrývat." A single pillar or a statue stands
    # on a tile one floor lower, on one of its four pillar places (a 2 x 2 square). If
    # that floor has one visible tile, three or four of them stand on it, and the tile
    # above, which covers all its pillars, lies exactly over it. The counts show it.
    require(
        not lies_exactly_over(board, floor, singles + statues),
        _(
            "This tile would lie exactly over the one tile on floor %(below)s: stand at most 2 of its pillars on that tile (use double pillars)."
        ),
        below=floor - 1,
    )
    usable_statues = visible_decorations(board, STATUE, floor - 1)
    require(
        statues <= len(usable_statues),
        _("Not enough visible statues on floor %(floor)s (there: %(count)s)."),
        count=len(usable_statues),
        floor=floor - 1,
    )
    converted = singles_to_exchange(turn, doubles)
    require(
        singles + 2 * converted <= turn[SINGLE],
        _("Not enough pillars for this tile (in hand: single %(singles)s, double %(doubles)s)."),
        singles=turn[SINGLE],
        doubles=turn[DOUBLE],
    )
    require(
        state["supply"][DOUBLE] >= converted,
        _("The supply has no double pillar left to exchange."),
    )
    require(
        supports == 4 or state["supply"][VIEWPOINT] > 0,
        _("The supply has no viewpoint left, so the tile needs 4 pillars."),
    )
    # Exchange singles for doubles first, then build the pillars in.
    turn[SINGLE] -= 2 * converted
    state["supply"][SINGLE] += 2 * converted
    state["supply"][DOUBLE] -= converted
    turn[DOUBLE] += converted
    turn[SINGLE] -= singles
    turn[DOUBLE] -= doubles
    board["pillars"][SINGLE] += singles
    board["pillars"][DOUBLE] += doubles
    # "Sochu lze použít jako sloup ... poté se však již nepovažuje za sochu."
    for statue in usable_statues[:statues]:
        statue["covered"] = True
        statue["pillar"] = True
    tile_id = next_id(board, "t")
    board["tiles"].append(
        {
            "id": tile_id,
            "floor": floor,
            "flower": tile["flower"],
            "material": tile["material"],
            "covered": False,
            "round": state["round"],
            "symbols": SYMBOLS_ON[tile["material"]],
            "used": 0,
        }
    )
    if which == TILE_EXTRACTED:
        turn["tile"] = None
    else:
        board["stored"] = None
    turn["placed"].append(tile_id)
    if supports == 3:
        # "Pokud použijete pouze 3 sloupy, ihned umístěte vyhlídku"
        state["supply"][VIEWPOINT] -= 1
        board["decorations"].append(
            {"id": next_id(board, "d"), "kind": VIEWPOINT, "floor": floor, "covered": False}
        )
    record_build(
        state,
        seat,
        {
            "floor": floor,
            "material": tile["material"],
            "flower": tile["flower"],
            "supports": supports,
            "singles": singles,
            "doubles": doubles,
            "statues": statues,
            "exchanged": converted,
            "viewpoint": supports == 3,
        },
    )
    if then != THEN_BUILD:
        # The player ends the turn with this tile: no decoration follows. C: the pillars
        # are stored or returned, the taken tile still in hand stored or discarded.
        end_turn(state, seat, {} if then == THEN_END else {"tile": then})


def then_options(turn: dict[str, Any], which: str) -> tuple[str, ...]:
    """How a turn can go on after placing tile ``which``: it ends (storing or discarding the
    taken tile when that is still in hand: "můžete jej buď odložit, nebo uskladnit"), or
    the player builds on."""
    if which == TILE_EXTRACTED or turn["tile"] is None:
        return (THEN_END, THEN_BUILD)
    return (THEN_STORE, THEN_DISCARD, THEN_BUILD)


def placed_this_turn_on(state: State, board: Board, floors: tuple[int, ...]) -> bool:
    """Whether a tile placed in this turn lies on one of ``floors``."""
    placed = set(state["turn"]["placed"])
    return any(t["id"] in placed and t["floor"] in floors for t in board["tiles"])


def decorate(state: State, seat: int, action: dict[str, Any]) -> None:
    """B2. Place a decoration on a tile placed in this turn."""
    board = state["boards"][seat]
    turn = state["turn"]
    kind = choice_arg(action, "kind", DECORATIONS)
    label = DECORATION_LABELS[kind]
    require(
        bool(turn["placed"]), _("A decoration goes on a tile placed in this turn: place one first.")
    )
    floor = int_arg(action, "floor", 1, MAX_FLOOR)
    # "na alespoň 1 dílek umístěný v tomto tahu"
    if kind == STAIRS:
        # "Schodiště musí spojovat 2 symboly schodišť ... na 2 destičkách, které
        # od sebe dělí 1 patro."
        require(
            bool(tiles_on_floor(board, floor)) and bool(tiles_on_floor(board, floor + 1)),
            _("Stairs join a tile on floor %(floor)s and a tile on floor %(upper)s."),
            floor=floor,
            upper=floor + 1,
        )
        require(
            placed_this_turn_on(state, board, (floor, floor + 1)),
            _("One end of the stairs must rest on a tile placed in this turn."),
        )
    else:
        require(
            placed_this_turn_on(state, board, (floor,)),
            _("The %(decoration)s must rest on a tile placed in this turn on floor %(floor)s."),
            decoration=label,
            floor=floor,
        )
        if kind in (FOUNTAIN, BRIDGE):
            # "na 2 destičkách na stejném patře"
            require(
                len(tiles_on_floor(board, floor)) >= 2,
                _("The %(decoration)s joins two tiles on the same floor."),
                decoration=label,
            )
    ends = symbol_ends(state, board, kind, floor)
    require(ends is not None, NO_FREE_SYMBOL[kind], floor=floor, upper=floor + 1)
    require(
        state["supply"][kind] > 0,
        _("The supply has no %(decoration)s left."),
        decoration=label,
    )
    assert ends is not None
    for tile, added in ends:
        if added:
            # The round token's new symbol on a blank space, once in the turn.
            tile["symbols"] = free_symbols(tile) + tile.get("used", 0) + 1
            turn["added_symbol"] = True
        tile["used"] = tile.get("used", 0) + 1
    state["supply"][kind] -= 1
    board["decorations"].append(
        {"id": next_id(board, "d"), "kind": kind, "floor": floor, "covered": False}
    )
    turn["decorations"] += 1
    record_build(state, seat, {"decoration": kind, "floor": floor})


# Why a decoration finds no symbols to rest on (by kind; placeholders floor and upper).
NO_FREE_SYMBOL: dict[str, str] = {
    STATUE: _("No tile placed in this turn on floor %(floor)s has a free symbol left."),
    FOUNTAIN: _(
        "A fountain needs a free symbol on a tile placed in this turn and on another tile of floor %(floor)s."
    ),
    BRIDGE: _(
        "A bridge needs a free symbol on a tile placed in this turn and on another tile of floor %(floor)s."
    ),
    STAIRS: _(
        "Stairs need a free symbol on a tile of floor %(floor)s and on one of floor %(upper)s, one of them placed in this turn."
    ),
}


def free_symbols(tile: dict[str, Any]) -> int:
    """Symbols of a tile not yet under a decoration ("prázdná pole s odpovídajícími symboly")."""
    return tile.get("symbols", SYMBOLS_ON[tile["material"]]) - tile.get("used", 0)


End = tuple[dict[str, Any], bool]  # a tile and whether it uses the round token's new symbol


def new_tile_end(state: State, tile: dict[str, Any]) -> End | None:
    """How a tile placed in this turn can carry one end of a decoration, if it can."""
    if free_symbols(tile) > 0:
        return (tile, False)
    turn = state["turn"]
    # "V tomto tahu můžete 1 pole bez symbolu na právě umístěném dílku terasy proměnit
    # na libovolný symbol": once, on a new tile with a blank space (fewer than 4 symbols).
    blank = tile.get("symbols", SYMBOLS_ON[tile["material"]]) < 4
    if state["effect"] == EFFECT_ADD_SYMBOL and blank and not turn.get("added_symbol"):
        return (tile, True)
    return None


def symbol_ends(state: State, board: Board, kind: str, floor: int) -> list[End] | None:
    """The tiles whose symbols a decoration uses, or ``None`` when no tiles can carry it.

    A statue uses one symbol of a tile placed in this turn. A fountain, a bridge and
    stairs join two symbols, one on each of two tiles ("musí spojovat 2 symboly ... na
    2 destičkách"), at least one of them placed in this turn; the other end is taken from
    an older tile when one has a free symbol, keeping the new tiles' symbols for more.
    """
    placed = set(state["turn"]["placed"])
    pairs = [(floor, floor + 1), (floor + 1, floor)] if kind == STAIRS else [(floor, floor)]
    for new_floor, other_floor in pairs:
        new_tiles = [t for t in tiles_on_floor(board, new_floor) if t["id"] in placed]
        new_tiles.sort(key=lambda t: -free_symbols(t))
        for tile in new_tiles:
            end = new_tile_end(state, tile)
            if end is None:
                continue
            if kind == STATUE:
                return [end]
            others = [
                t
                for t in tiles_on_floor(board, other_floor)
                if t is not tile and free_symbols(t) > 0
            ]
            others.sort(key=lambda t: (t["id"] in placed, -free_symbols(t)))
            if others:
                return [end, (others[0], False)]
    return None


def record_build(state: State, seat: int, what: dict[str, Any]) -> None:
    """Add a tile or a decoration to the turn's summary (``last_event``, kind ``build``)."""
    event = state.get("last_event")
    if not event or event.get("kind") != "build" or event.get("seat") != seat:
        event = {"kind": "build", "seat": seat, "tiles": [], "decorations": []}
        state["last_event"] = event
    if "decoration" in what:
        event["decorations"].append(what)
    else:
        event["tiles"].append(what)


# -- C. storing and discarding ---------------------------------------------------
def end_turn(state: State, seat: int, action: dict[str, Any]) -> None:
    """C. Store or discard what is left, then pass the turn."""
    board = state["boards"][seat]
    turn = state["turn"]
    if turn["tile"] is not None:
        what = choice_arg(action, "tile", ("store", "discard"))
        if what == "store":
            # "Pokud se již ve výřezu nachází jiný dílek, můžete jej odložit a
            # nahradit novým."
            discard_stored(state, board)
            board["stored"] = turn["tile"]
        else:
            state["discarded"] += 1
    # "až 6 jednoduchých sloupů, ale žádné dvojité sloupy. Případné přebytečné
    # sloupy musíte vrátit do zásoby."
    kept = min(STORAGE_SINGLES, turn[SINGLE])
    board["singles"] = kept
    state["supply"][SINGLE] += turn[SINGLE] - kept
    state["supply"][DOUBLE] += turn[DOUBLE]
    state["turn"] = None
    pass_turn(state)


def discard_stored(state: State, board: Board) -> None:
    """Throw the stored tile out of the game to make room."""
    stored = board["stored"]
    if stored is None:
        return
    if stored["material"] == "start":
        state["discarded_start"] += 1
    else:
        state["discarded"] += 1
    board["stored"] = None


def pass_turn(state: State) -> None:
    """The next player, or the end of the round after the last one."""
    following = (state["current"] + 1) % len(state["players"])
    if following != state["first"]:
        state["current"] = following
        state["step"] = STEP_EXTRACT
        return
    # "Když poslední hráč dokončí svůj tah, odhalí vrchní žeton kola"; "Hra
    # končí, když poslední hráč nemůže odhalit žeton kola."
    state["current"] = state["token_holder"]
    state["step"] = STEP_REVEAL if state["tokens_left"] else STEP_FINAL


# -- end of round -------------------------------------------------------------------
def tokens_left_in_box(revealed: list[str]) -> list[str]:
    """The faces the app may still draw, assuming the box of TOKEN_BOX."""
    left = Counter(TOKEN_BOX) - Counter(revealed)
    faces = sorted(left.elements())
    return faces or sorted(EFFECTS)


def reveal(state: State, seat: int, action: dict[str, Any]) -> None:
    """Reveal the top round token: its effect holds for the whole next round."""
    by_app = action.get("by_app", False)
    require(isinstance(by_app, bool), _("by_app must be true or false."))
    if by_app:
        effect = seeded_random(action).choice(tokens_left_in_box(state["revealed"]))
    else:
        effect = choice_arg(action, "effect", EFFECTS)
    state["revealed"].append(effect)
    state["tokens_left"] -= 1
    state["effect"] = effect
    state["last_event"] = {"kind": "reveal", "seat": seat, "effect": effect}
    state["round"] += 1
    state["current"] = state["first"]
    state["step"] = STEP_EXTRACT
