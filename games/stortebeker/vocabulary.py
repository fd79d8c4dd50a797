"""The keys each entry type may carry: anything else is refused, not ignored.

An unknown key is most likely a typo in a script or a stale form ("dice_1" for
"die_1"); ignoring it would silently enter something else than was meant.
"""

from __future__ import annotations

from games.base import Action, IllegalAction
from games.i18n import _

from .cards import KINDS

#: Keys every entry may carry: the platform adds ``seat`` and ``seed``.
COMMON_KEYS = frozenset({"type", "seat", "seed"})


def _numbered(prefix: str, count: int) -> set[str]:
    return {f"{prefix}_{number}" for number in range(1, count + 1)}


ENTRY_KEYS: dict[str, frozenset[str]] = {
    "ship": frozenset({"colour", "points", "defence", "needs", *(f"need_{k}" for k in KINDS)}),
    "hand": frozenset({"by_app", "cards", *_numbered("card", 6)}),
    "start": frozenset({"player"}),
    "lay": frozenset({"ship", "card", "seen"}),
    "exchange": frozenset({"discard", "take", *_numbered("discard", 3), *_numbered("take", 2)}),
    "fire": frozenset({"ship", "card", "by_app", "seen", "colours", *_numbered("colour", 2)}),
    "steal": frozenset({"victim", "card"}),
    "board": frozenset({"ship", "by_app", "seen", "dice", *_numbered("die", 2)}),
    "stop": frozenset(),
    "penalty": frozenset({"by_app", "seen", "colours", *_numbered("colour", 2)}),
    "counter": frozenset(
        {"by_app", "seen", "dice", "cards", *_numbered("die", 2), *_numbered("card", 3)}
    ),
    "decline": frozenset(),
    "draw": frozenset({"by_app", "cards", *_numbered("card", 6)}),
}


def check_keys(action: Action) -> None:
    """Refuse a key the entry type does not know, and a seed that is not a whole number."""
    allowed = COMMON_KEYS | ENTRY_KEYS[action["type"]]
    unknown = sorted(str(key) for key in action if key not in allowed)
    if unknown:
        raise IllegalAction(_("%(field)s is not a field of this entry."), field=unknown[0])
    seed = action.get("seed")
    if "seed" in action and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise IllegalAction(_("This entry has no valid seed for the app's draw."))
