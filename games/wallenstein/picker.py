"""The move / attack picker of a phone: the source, then a target that commits (issue 21).

The entries stay the ``choices`` of ``choices._act`` (one per source and target, today's
action JSON); this module only tells the phone how to lay them out: the seat's sources
grouped by region in the board's order, and for each source its targets with what the
button needs to say (the land, its owner, move or attack). Church-peace-protected targets
are among them, marked, so the phone greys them with the reason.

The source is the land card revealed, so the phone shows one form per source: the count
(all but one army, the rules' most, on a − n + stepper) and a button per target, which
sends ``action`` completed with ``to`` and ``count``: the same entry as the (source,
target) choice, in two taps (the source, the target) instead of three.
"""

from __future__ import annotations

from typing import Any

from games.base import State
from games.wallenstein import actions, season, turns
from games.wallenstein.data import ACTION_CARDS, REGION_LABELS, REGIONS, lands


def _target(state: State, seat: int, land: str, protected: bool) -> dict[str, Any]:
    owner = state["lands"][land]["owner"]
    return {
        "name": lands()[land].name,
        "owner": owner,
        "attack": owner != seat,
        "protected": protected,
    }


def _source(state: State, seat: int, land: str) -> dict[str, Any] | None:
    """A land whose armies may leave (at least two, and a neighbour to go to, or one that
    church peace protects, shown greyed); ``None`` for a land no army can leave."""
    armies = state["lands"][land]["armies"]
    if armies < 2:
        return None
    open_ = actions.move_targets(state, seat, land, attack=True)
    protected = actions.protected_targets(state, seat, land)
    if not open_ and not protected:
        return None
    targets = {target: _target(state, seat, target, False) for target in open_}
    targets.update({target: _target(state, seat, target, True) for target in protected})
    return {
        "id": land,
        "name": lands()[land].name,
        "armies": armies,
        "targets": targets,
        # The form's action before its target button and count complete it.
        "action": {"type": "play", "land": land},
        # The open target whose choice lends the form its count field and key (all the
        # source's choices have the same count); None when church peace protects them all.
        "first": min(open_, key=lambda target: lands()[target].name) if open_ else None,
    }


def picks_a_move(state: State, seat: int | None) -> bool:
    """Whether ``seat`` is on turn during a move / attack card (its view holds a picker)."""
    if seat is None or state["stage"] != "act" or seat not in turns.to_act(state):
        return False
    return ACTION_CARDS[season.current_card(state)].kind == "move"


def move_picker(state: State, seat: int | None) -> dict[str, Any] | None:
    """The picker of the seat on turn during a move / attack card, else ``None``.

    ``regions``: the board's regions that hold a playable land, each with its sources in
    the board's order and its ``stuck`` lands; ``sole``: the only source, if there is one;
    ``stuck``: the seat's playable lands no army can leave. Revealing one cancels the
    action, but it is the card on the space as much as any other: the phone lists it in its
    region beside the sources, one tap, marked as cancelling (``_lost.html``).
    """
    if not picks_a_move(state, seat):
        return None
    assert seat is not None  # picks_a_move says so
    playable = season.playable_lands(state, seat)
    found = {land: _source(state, seat, land) for land in playable}
    stuck = [
        land
        for land in playable
        if state["lands"][land]["armies"] < 2
        or not actions.move_targets(state, seat, land, attack=True)
    ]
    regions = []
    for region in REGIONS:
        here = [land for land in state["lands"] if lands()[land].region == region]
        sources = [source for land in here if (source := found.get(land)) is not None]
        # A land with armies whose every target church peace protects is a source (its
        # greyed targets say why) and offers its cancelling card inside (_picker.html).
        stuck_here = [land for land in here if land in stuck and found.get(land) is None]
        if sources or stuck_here:
            regions.append(
                {"region": REGION_LABELS[region], "sources": sources, "stuck": stuck_here}
            )
    sources = [source for region in regions for source in region["sources"]]
    return {
        "regions": regions,
        # With one source only, the phone shows its targets at once: a tap less.
        "sole": sources[0]["id"] if len(sources) == 1 else None,
        "stuck": stuck,
    }
