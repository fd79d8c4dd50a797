"""Fixed facts of Wallenstein: the map, the cards, the set-up numbers.

The 45 lands come from ``data/lands.json`` (copied from the project's shared
data; the rules text does not list the map). Everything else is transcribed
from the rulebook (event cards, fixed allocations) or from the shared data
README (action-card costs, revolt table, component counts).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from games.i18n import _

# -- components ----------------------------------------------------------------
# "62x kostičky označující armády pro každého hráče" - and "Každý hráč položí jednu kostičku
# jako žeton na počítadlo obilí": one cube marks grain, so 61 are armies.
CUBES_PER_PLAYER = 62
GRAIN_MARKERS = 1
ARMIES_PER_PLAYER = CUBES_PER_PLAYER - GRAIN_MARKERS
PEASANTS = 20
REVOLT_MARKERS = 42
BUILDING_STOCK = {"palace": 28, "church": 26, "trade": 26}
BLANK_CARDS = 5
ACTION_SPACES = 10
YEARS = 2

# "truhličky zlata v hodnotě 18 zlatých pro 3 hráče ... 15 ... 4 ... 13 ... 5"
START_GOLD = {3: 18, 4: 15, 5: 13}
# Army groups on the player board, from the front; 3 players use 9, 4 use 8, 5 use 7.
ARMY_GROUPS = (5, 4, 4, 3, 3, 2, 2, 2, 2)
GROUP_COUNT = {3: 9, 4: 8, 5: 7}

# The first fill of the tower: 7 armies of each player and 10 peasants.
FILL_ARMIES = 7
FILL_PEASANTS = 10

SEASONS = ("spring", "summer", "autumn")
SEASON_LABELS = {
    "spring": _("Spring"),
    "summer": _("Summer"),
    "autumn": _("Autumn"),
    "winter": _("Winter"),
}

REGIONS = ("Brandenburg", "Sachsen", "Kurpfalz", "Bayern", "Österreich")
REGION_LABELS = {
    "Brandenburg": _("Brandenburg"),
    "Sachsen": _("Sachsen"),
    "Kurpfalz": _("Kurpfalz"),
    "Bayern": _("Bayern"),
    "Österreich": _("Österreich"),
}

BUILDINGS = ("palace", "church", "trade")
BUILDING_LABELS = {"palace": _("palace"), "church": _("church"), "trade": _("trading house")}
# Points for the most buildings of a type in a region; tied players get one less.
MAJORITY_POINTS = {"palace": 3, "church": 2, "trade": 1}


# -- action cards --------------------------------------------------------------
@dataclass(frozen=True)
class ActionCard:
    """One of the ten action cards (and the space of the same name on each player board)."""

    key: str
    label: str
    cost: int
    kind: str  # build, grain, taxes, recruit, reinforce, move
    amount: int = 0  # armies recruited, or the building type index


ACTION_CARDS: dict[str, ActionCard] = {
    card.key: card
    for card in (
        ActionCard("palace", _("Palace"), 3, "build"),
        ActionCard("church", _("Church"), 2, "build"),
        ActionCard("trade", _("Trading house"), 1, "build"),
        ActionCard("grain", _("Grain"), 0, "grain"),
        ActionCard("taxes", _("Taxes"), 0, "taxes"),
        ActionCard("recruit5", _("Recruit 5 armies"), 3, "recruit", 5),
        ActionCard("recruit3", _("Recruit 3 armies"), 2, "recruit", 3),
        ActionCard("reinforce", _("Reinforce"), 1, "reinforce", 1),
        ActionCard("move_a", _("Move / attack A"), 0, "move"),
        ActionCard("move_b", _("Move / attack B"), 0, "move"),
    )
}
ACTION_KEYS: tuple[str, ...] = tuple(ACTION_CARDS)
OPEN_ACTION_CARDS = 5


# -- event cards ---------------------------------------------------------------
@dataclass(frozen=True)
class EventCard:
    """An event card: its effect in spring/summer/autumn and its winter grain loss."""

    number: int
    kind: str  # bad_harvest, good_harvest, church_peace, troop_shortage,
    #            palace_guards, tired_peasants, angry_peasants, trade_bonus
    region: str | None
    grain_loss: int
    label: str


_EVENT_KIND_LABELS = {
    "bad_harvest": _("Bad harvest in %(region)s"),
    "good_harvest": _("Good harvest in %(region)s"),
    "church_peace": _("Church peace"),
    "troop_shortage": _("Troop shortage in %(region)s"),
    "palace_guards": _("Palace guards"),
    "tired_peasants": _("Peasants tired of fighting"),
    "angry_peasants": _("Angry peasants"),
    "trade_bonus": _("Trade bonus"),
}

# What each kind of card does in its season (the rulebook's "Karty událostí").
EVENT_EFFECTS = {
    "bad_harvest": _("Grain actions in the region give 2 grain less."),
    "good_harvest": _("Grain actions in the region give 2 grain more."),
    "church_peace": _("Lands with a church cannot be attacked."),
    "troop_shortage": _("Recruiting in the region gives 3 armies instead of 5, 2 instead of 3."),
    "palace_guards": _("An attacked land with a palace gets one green cube for the defender."),
    "tired_peasants": _("No green cubes defend an unoccupied land."),
    "angry_peasants": _("Unoccupied lands are defended by 3 green cubes."),
    "trade_bonus": _("A trading house gives 1 gold instead of costing 1."),
}

# (number, kind, region, grain loss) exactly as the rulebook's list of the 25 cards.
_EVENTS: tuple[tuple[int, str, str | None, int], ...] = (
    (1, "bad_harvest", "Sachsen", 6),
    (2, "bad_harvest", "Brandenburg", 1),
    (3, "bad_harvest", "Kurpfalz", 5),
    (4, "bad_harvest", "Österreich", 2),
    (5, "bad_harvest", "Bayern", 5),
    (6, "good_harvest", "Bayern", 3),
    (7, "good_harvest", "Sachsen", 4),
    (8, "good_harvest", "Kurpfalz", 6),
    (9, "good_harvest", "Österreich", 4),
    (10, "good_harvest", "Brandenburg", 2),
    (11, "church_peace", None, 2),
    (12, "church_peace", None, 3),
    (13, "church_peace", None, 7),
    (14, "troop_shortage", "Bayern", 1),
    (15, "troop_shortage", "Österreich", 0),
    (16, "troop_shortage", "Kurpfalz", 6),
    (17, "troop_shortage", "Sachsen", 3),
    (18, "troop_shortage", "Brandenburg", 4),
    (19, "palace_guards", None, 5),
    (20, "tired_peasants", None, 3),
    (21, "tired_peasants", None, 2),
    (22, "angry_peasants", None, 4),
    (23, "angry_peasants", None, 2),
    (24, "trade_bonus", None, 1),
    (25, "trade_bonus", None, 2),
)
EVENTS: dict[int, EventCard] = {
    number: EventCard(number, kind, region, loss, _EVENT_KIND_LABELS[kind])
    for number, kind, region, loss in _EVENTS
}
EVENTS_PER_YEAR = 4


# -- winter revolt table (a picture on the board; see the shared data README) --
def hunger_revolts(shortage: int) -> tuple[int, int]:
    """(lands that revolt, extra peasants in each) for a grain shortage."""
    if shortage <= 0:
        return 0, 0
    if shortage == 1:
        return 1, 1
    if shortage == 2:
        return 1, 2
    if shortage <= 4:
        return 2, 2
    if shortage <= 6:
        return 2, 3
    return 3, 3


# -- map -----------------------------------------------------------------------
@dataclass(frozen=True)
class Land:
    """A land of the board."""

    id: str
    name: str
    region: str
    gold: int
    grain: int
    building_sites: int
    excluded_in_3p: bool
    neighbors: tuple[str, ...]


@cache
def lands() -> dict[str, Land]:
    """All 45 lands by id, in board order."""
    raw: list[dict[str, Any]] = json.loads(
        resources.files(__package__).joinpath("data/lands.json").read_text(encoding="utf-8")
    )
    return {
        item["id"]: Land(
            id=item["id"],
            name=item["name"],
            region=item["region"],
            gold=item["gold"],
            grain=item["grain"],
            building_sites=item["building_sites"],
            excluded_in_3p=item["excluded_in_3p"],
            neighbors=tuple(item["neighbors"]),
        )
        for item in raw
    }


def lands_in_play(player_count: int) -> list[str]:
    """The land ids used with ``player_count`` players (8 are left out with 3)."""
    return [land.id for land in lands().values() if not (player_count == 3 and land.excluded_in_3p)]


# -- fixed start allocations ("Přidělení zemí", end of the rulebook) ------------
# Player A is seat 0, B seat 1, ...; each entry is (land, armies).
FIXED_ALLOCATIONS: dict[int, tuple[tuple[tuple[str, int], ...], ...]] = {
    3: (
        (
            ("mark", 5),
            ("osnabrueck", 4),
            ("oberoesterreich", 4),
            ("passau", 3),
            ("trier", 3),
            ("koeln", 2),
            ("niederoesterreich", 2),
            ("saechslande", 2),
            ("vogtland", 2),
        ),
        (
            ("strassburg", 5),
            ("mittelmark", 4),
            ("paderborn", 4),
            ("baden", 3),
            ("breisgau", 3),
            ("lothringen", 2),
            ("hessenkassel", 2),
            ("neumark", 2),
            ("vorpommern", 2),
        ),
        (
            ("augsburg", 5),
            ("boehmen", 4),
            ("lueneburg", 4),
            ("salzburg", 3),
            ("wuerzburg", 3),
            ("kaernten", 2),
            ("lausitz", 2),
            ("mecklenburg", 2),
            ("schlesien", 2),
        ),
    ),
    4: (
        (
            ("lueneburg", 5),
            ("holstein", 4),
            ("wuerttemberg", 4),
            ("mecklenburg", 3),
            ("wolfenbuettel", 3),
            ("anhalt", 2),
            ("baden", 2),
            ("mittelmark", 2),
        ),
        (
            ("oberoesterreich", 5),
            ("mark", 4),
            ("schlesien", 4),
            ("kaernten", 3),
            ("tirol", 3),
            ("trier", 2),
            ("lausitz", 2),
            ("niederoesterreich", 2),
        ),
        (
            ("zweibruecken", 5),
            ("boehmen", 4),
            ("paderborn", 4),
            ("koeln", 3),
            ("strassburg", 3),
            ("hessendarmstadt", 2),
            ("lothringen", 2),
            ("passau", 2),
        ),
        (
            ("augsburg", 5),
            ("oberpfalz", 4),
            ("osnabrueck", 4),
            ("kursachsen", 3),
            ("salzburg", 3),
            ("bremen", 2),
            ("bayern", 2),
            ("vogtland", 2),
        ),
    ),
    5: (
        (
            ("mark", 5),
            ("boehmen", 4),
            ("schlesien", 4),
            ("koeln", 3),
            ("lausitz", 3),
            ("maehren", 2),
            ("vogtland", 2),
        ),
        (
            ("augsburg", 5),
            ("mecklenburg", 4),
            ("wuerzburg", 4),
            ("bremen", 3),
            ("hessendarmstadt", 3),
            ("holstein", 2),
            ("regensburg", 2),
        ),
        (
            ("altmark", 5),
            ("trier", 4),
            ("neumark", 4),
            ("luettich", 3),
            ("kursachsen", 3),
            ("anhalt", 2),
            ("mittelmark", 2),
        ),
        (
            ("lothringen", 5),
            ("zweibruecken", 4),
            ("kaernten", 4),
            ("baden", 3),
            ("niederoesterreich", 3),
            ("burgund", 2),
            ("steiermark", 2),
        ),
        (
            ("paderborn", 5),
            ("oberoesterreich", 4),
            ("osnabrueck", 4),
            ("salzburg", 3),
            ("wolfenbuettel", 3),
            ("hessenkassel", 2),
            ("passau", 2),
        ),
    ),
}
