"""What a correction changes on the table, in Babel's terms (``Game.changes``).

Only what lies face up is named: temples, settlements, figures, the temple rows
and hand sizes; never the cards in a hand.
"""

from __future__ import annotations

from games.babel.constants import CITY_NAMES, NATIONS
from games.babel.state import State, height
from games.i18n import Msg, _, msg


def changes(before: State, after: State) -> list[Msg]:
    """One line per thing that differs between ``before`` and ``after``."""
    lines: list[Msg] = []
    players = after["players"]
    for city in NATIONS:
        for seat, name in enumerate(players):
            old = before["cities"][city]["temples"][seat]
            new = after["cities"][city]["temples"][seat]
            if height(old) != height(new):
                lines.append(
                    msg(
                        _("%(player)s's temple in %(city)s: height %(before)s → %(after)s."),
                        player=name,
                        city=CITY_NAMES[city],
                        before=height(old),
                        after=height(new),
                    )
                )
            old_row = before["cities"][city]["rows"][seat]
            new_row = after["cities"][city]["rows"][seat]
            if old_row != new_row:
                lines.append(
                    msg(
                        _("%(player)s's row in %(city)s: cards %(before)s → %(after)s."),
                        player=name,
                        city=CITY_NAMES[city],
                        before=len(old_row),
                        after=len(new_row),
                    )
                )
    for seat, name in enumerate(players):
        if before["figures"][seat] != after["figures"][seat]:
            place = after["figures"][seat]
            lines.append(
                msg(
                    _("%(player)s's figure goes to %(place)s."),
                    player=name,
                    place=CITY_NAMES.get(place, _("the quarry")),
                )
            )
        if before["hand_sizes"][seat] != after["hand_sizes"][seat]:
            lines.append(
                msg(
                    _("%(player)s's nation cards in hand: %(before)s → %(after)s."),
                    player=name,
                    before=before["hand_sizes"][seat],
                    after=after["hand_sizes"][seat],
                )
            )
        if before["temple_rows"][seat] != after["temple_rows"][seat]:
            cards = after["temple_rows"][seat]
            lines.append(
                msg(
                    _("%(player)s's temple row now ends with level %(level)s."),
                    player=name,
                    level=cards[-1] if cards else "-",
                )
            )
    return lines
