"""The texts of the phone's outbox (``static/companion/outbox.js``), translated here.

The outbox shows them while the phone has no connection, so they travel with the page.
Where a number meets a noun, every plural form of the page's language is sent, keyed by
the categories of the browser's ``Intl.PluralRules`` (one, few, many, other): each is
the catalogue's form for a whole number of that category (1; 2; 5; 5).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django import template
from django.utils.translation import gettext, ngettext

register = template.Library()

# A whole number in each CLDR plural category of English, Czech and Russian, for picking
# the catalogue's form; "many" and "other" hold no whole number in Czech and Russian
# respectively, and 5 gives the form such whole numbers take.
_SAMPLES = {"one": 1, "few": 2, "many": 5, "other": 5}


def _forms(form: Callable[[int], str]) -> dict[str, str]:
    """``form(n)`` is one ``ngettext`` call with its texts written out, so that
    ``makemessages`` finds them."""
    return {category: form(n) for category, n in _SAMPLES.items()}


@register.simple_tag
def outbox_texts() -> str:
    """The outbox's texts as JSON (``%(count)s`` and ``%(entry)s`` left for the script)."""
    return json.dumps(
        {
            "waiting": _forms(
                lambda n: ngettext(
                    "Waiting for the connection: %(count)s entry",
                    "Waiting for the connection: %(count)s entries",
                    n,
                )
            ),
            "kept": _forms(
                lambda n: ngettext(
                    "%(count)s entry is kept and will be sent again.",
                    "%(count)s entries are kept and will be sent again.",
                    n,
                )
            ),
            "offline": gettext(
                "No connection: this is the game as this phone last saw it. "
                "Entries are possible again when the connection returns."
            ),
            "refused": gettext("Sent when the connection returned, and refused: %(entry)s"),
        },
        ensure_ascii=False,
    )
