"""What a change to the log would do to the game, in words a table understands.

Used by the previews of a correction and of reopening a finished game: the
generic part (scores, the winner, whose turn it is) comes from here, the
game's own terms from ``Game.changes(before, after)``.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.naming import named
from games.base import Game, State
from games.i18n import Msg, _, msg, ngettext


def _names(names: Sequence[str], seats: Sequence[int]) -> str:
    return ", ".join(names[seat] if 0 <= seat < len(names) else str(seat) for seat in seats)


def consequences(game: Game, names: Sequence[str], before: State, after: State) -> list[Msg]:
    """The differences between ``before`` and ``after``, most important first."""
    lines: list[Msg] = []
    lines.extend(_winner_lines(game, names, before, after))
    for seat, (old, new) in enumerate(zip(game.scores(before), game.scores(after), strict=False)):
        if old["total"] != new["total"]:
            lines.append(
                msg(
                    _("%(player)s: points %(before)s → %(after)s."),
                    player=_names(names, [seat]),
                    before=old["total"],
                    after=new["total"],
                )
            )
    old_turn, new_turn = game.to_act(before), game.to_act(after)
    if game.outcome(after) is None and old_turn != new_turn:
        if old_turn:
            lines.append(
                msg(
                    _("Next to act: %(after)s (now: %(before)s)."),
                    after=_names(names, new_turn),
                    before=_names(names, old_turn),
                )
            )
        else:
            lines.append(msg(_("Next to act: %(after)s."), after=_names(names, new_turn)))
    lines.extend(named(game.changes(before, after), names))
    return lines


def _winner_lines(game: Game, names: Sequence[str], before: State, after: State) -> list[Msg]:
    old, new = game.outcome(before), game.outcome(after)
    if old is None and new is None:
        return []
    if old is not None and new is None:
        return [
            ngettext(
                "The game reopens: %(winners)s is no longer the winner.",
                "The game reopens: %(winners)s are no longer the winners.",
                len(old["winners"]),
                winners=_names(names, old["winners"]),
            )
        ]
    if old is None and new is not None:
        return [
            msg(_("The game ends. Winner: %(winners)s."), winners=_names(names, new["winners"]))
        ]
    assert old is not None and new is not None
    if old["winners"] != new["winners"]:
        return [
            msg(
                _("The winner changes from %(before)s to %(after)s."),
                before=_names(names, old["winners"]),
                after=_names(names, new["winners"]),
            )
        ]
    return [
        msg(
            _("The game stays over; the winner stays %(winners)s."),
            winners=_names(names, new["winners"]),
        )
    ]
