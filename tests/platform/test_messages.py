"""Engine messages reach the user translated, plurals included."""

from __future__ import annotations

from django.utils import translation

from companion.templatetags.companion import tr_echo, translate
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


def test_an_echoed_label_puts_its_field_value_in_a_span_the_page_keeps_in_step():
    message = msg(
        "Attack %(target)s of %(player)s from %(land)s with %(count)s",
        target="Bremen",
        player="<b>Ann</b>",
        land="Osnabrück",
        count=6,
    )
    with translation.override("en"):
        html = str(tr_echo(message, "count"))
    assert html == (
        "Attack Bremen of &lt;b&gt;Ann&lt;/b&gt; from Osnabrück with "
        '<span data-echo="f.count">6</span>'
    )
    with translation.override("cs"):
        html = str(tr_echo(message, "count"))
    assert html.endswith('armád: <span data-echo="f.count">6</span>')
    # No such argument, or no key: the plain translated label, escaped.
    assert str(tr_echo(msg("Roll <dice>"), "count")) == "Roll &lt;dice&gt;"
    assert str(tr_echo(message, "")) == translate(message).replace("<", "&lt;").replace(">", "&gt;")
