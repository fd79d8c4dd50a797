"""The keys each entry type may carry: anything else is refused, not ignored.

An unknown key is most likely a typo in a script or a stale form ("dice_1" for
"die_1"); ignoring it would silently enter something else than was meant.
"""

from __future__ import annotations

from games.base import Action, IllegalAction
from games.i18n import _

from .moves import MOVES

#: Keys every entry may carry: the platform adds ``seat`` and ``seed``.
COMMON_KEYS = frozenset({"type", "seat", "seed"})


#: The keys each entry type may carry, from its declaration (``moves.py``).
ENTRY_KEYS: dict[str, frozenset[str]] = {move.type: move.keys() for move in MOVES.moves}


def check_keys(action: Action) -> None:
    """Refuse a key the entry type does not know, and a seed that is not a whole number."""
    allowed = COMMON_KEYS | ENTRY_KEYS[action["type"]]
    unknown = sorted(str(key) for key in action if key not in allowed)
    if unknown:
        raise IllegalAction(_("%(field)s is not a field of this entry."), field=unknown[0])
    seed = action.get("seed")
    if "seed" in action and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise IllegalAction(_("This entry has no valid seed for the app's draw."))
