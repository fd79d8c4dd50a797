"""Engine messages reach the user translated, plurals included."""

from __future__ import annotations

from django.utils import translation

from companion.templatetags.companion import translate
from games.i18n import msg, ngettext, render_english


def test_plural_messages_follow_the_count_in_english():
    assert render_english(ngettext("%(count)s seat", "%(count)s seats", 1)) == "1 seat"
    assert render_english(ngettext("%(count)s seat", "%(count)s seats", 5)) == "5 seats"


def test_messages_and_their_arguments_are_translated():
    message = msg("It is not %(player)s's turn.", player="Anna")
    with translation.override("cs"):
        assert translate(message) == "Hráč Anna teď není na řadě."
    with translation.override("en"):
        assert translate(message) == "It is not Anna's turn."


def test_a_text_whose_placeholders_do_not_fit_is_shown_as_it_is():
    assert translate({"text": "%(missing)s here", "args": {"other": 1}}) == "%(missing)s here"
    assert translate(msg("Plain %(x)s", x="text")) == "Plain text"


def test_plural_messages_use_the_languages_own_forms():
    with translation.override("en"):
        assert translate(ngettext("%(count)s seat", "%(count)s seats", 2)) == "2 seats"
        assert translate(ngettext("%(count)s seat", "%(count)s seats", 1)) == "1 seat"
