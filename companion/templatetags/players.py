"""Template tags for the players' parts shown inside other pages (the table's game-over)."""

from __future__ import annotations

from typing import Any

from django import template
from django.template import Context
from django.utils.safestring import mark_safe

from companion.models import Table
from companion.players import access, names, rematch, results

register = template.Library()


@register.simple_tag
def rematch_of(table: Table) -> Table | None:
    """The table a rematch of ``table`` started, if any."""
    return rematch.next_table(table)


@register.inclusion_tag("companion/players/_counting.html", takes_context=True)
def games_being_counted(context: Context) -> dict[str, int]:
    """How many finished games of the device's groups the statistics do not count yet (after
    an upgrade, until the upgrade step or the requests' catch-up has built their plays)."""
    return {"count": results.pending(access.group_keys(context["request"]))}


@register.simple_tag
def score_race(table: Table) -> Any:
    """The finished table's score race as SVG ("" before the end or without scoring)."""
    from companion.views.players import race_chart

    play = results.ensure_play(table)
    if play is None:
        return ""
    rows = names.result_names(play.results.order_by("seat"))
    # The SVG is built from escaped names and numbers only (charts.line_chart escapes).
    return mark_safe(race_chart(play, rows))  # noqa: S308
