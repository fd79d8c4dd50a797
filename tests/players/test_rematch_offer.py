"""Issue 22: each seat's phone is offered the rematch when the table screen starts it.

Observed before: "Phones are never told about a rematch: the button and the link are on
the table screen only." Now the finished table moves to a new version when its rematch
is made, and every seated phone's region offers its own seat there in one tap; the new
table's code reaches no spectator and no stranger.
"""

from __future__ import annotations

import pytest
from django.test import Client

from companion import regions
from companion.models import Rematch, Table
from companion.players import results
from tests.players.helpers import played

pytestmark = pytest.mark.django_db(transaction=True)

OFFER = "Rematch: join your seat"


def rematch_of(table: Table) -> Table:
    return Rematch.objects.get(table=table).next_table


def test_each_phone_is_offered_its_own_seat_and_takes_it_in_one_tap(make_table, join):
    table, host, phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    for phone in phones:
        assert OFFER not in phone.page().content.decode()
    before = table.version

    assert host.post(f"/t/{table.code}/rematch/").status_code == 302
    table.refresh_from_db()
    new = rematch_of(table)
    # A new version of the finished table: the streams push every phone's region again.
    assert table.version == before + 1
    for phone in phones:
        pushed = regions.region_at_least(
            table.code, regions.Viewer("seat", "en", phone.seat), table.version
        )
        assert pushed is not None and pushed[0] == table.version
        fetched = phone.client.get(
            f"/t/{table.code}/me/live/", HTTP_HX_REQUEST="true"
        ).content.decode()
        for html in (pushed[1], fetched, phone.page().content.decode()):
            assert OFFER in html
            assert f'action="/t/{table.code}/rematch/"' in html
            assert new.code not in html  # the one tap goes through the finished table

    for phone in phones:
        response = phone.client.post(f"/t/{table.code}/rematch/")
        assert response["Location"] == f"/t/{new.code}/me/"
        page = phone.client.get(response["Location"])
        assert page.status_code == 200
        assert page.context["viewer"].seat == phone.seat  # its own seat, not another's
    names = [seat.name for seat in new.seats.order_by("index")]
    assert names == ["Anna", "Ben"] and not any(s.is_free for s in new.seats.all())
    assert Table.objects.count() == 2


def test_spectators_strangers_and_the_room_do_not_learn_the_new_tables_code(make_table, join):
    table, host, phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    spectator = Client()
    watch = f"/t/{table.code}/watch/{table.watch_token}/"
    assert spectator.get(watch).status_code == 200
    host.post(f"/t/{table.code}/rematch/")
    new = rematch_of(table)

    views = {
        "spectator": spectator.get(watch),
        "spectator region": spectator.get(f"/t/{table.code}/live/?watch=1"),
        "stranger": Client().get(f"/t/{table.code}/"),
        "stranger region": Client().get(f"/t/{table.code}/live/"),
        "a player's phone on the table screen": phones[0].client.get(f"/t/{table.code}/"),
    }
    for who, response in views.items():
        html = response.content.decode()
        assert response.status_code == 200, who
        assert "A rematch has started" in html, who
        assert new.code not in html, who
        assert OFFER not in html, who
    # The host's table screen still leads there.
    assert f"/t/{new.code}/join/" in host.get(f"/t/{table.code}/").content.decode()
    # Neither a stranger nor a spectator gets a seat at the rematch through the old table.
    for client in (Client(), spectator):
        assert client.post(f"/t/{table.code}/rematch/").status_code == 403
    assert [s.is_free for s in new.seats.order_by("index")] == [True, True]


def test_a_freed_seats_phone_is_not_offered_the_rematch(make_table, join):
    table, host, phones = played(make_table, join, ["Anna", "Ben", "Cyril"], [6, 1, 1, 6])
    cyril = phones[2]
    assert host.post(f"/t/{table.code}/seat/2/free/").status_code in (200, 302)
    host.post(f"/t/{table.code}/rematch/")
    new = rematch_of(table)

    assert cyril.client.get(f"/t/{table.code}/me/")["Location"] == f"/t/{table.code}/join/"
    assert cyril.client.get(f"/t/{table.code}/me/live/").status_code == 403
    assert OFFER not in cyril.client.get(f"/t/{table.code}/join/").content.decode()
    assert cyril.client.post(f"/t/{table.code}/rematch/").status_code == 403
    assert cyril.client.get(f"/t/{new.code}/join/").status_code in (200, 302)
    assert new.seats.get(index=2).is_free
    # The seats still held are offered theirs.
    assert OFFER in phones[0].page().content.decode()
    # Host mode enters for every seat: the host has the table screen's link instead.
    host_mode = host.get(f"/t/{table.code}/host/?seat=0").content.decode()
    assert OFFER not in host_mode


def test_the_rematch_adds_nothing_to_the_finished_games_log_and_keeps_its_play(make_table, join):
    """The new version carries no entry: the history still ends at the game's last entry,
    and the game's Play (whose results a player merge remembers by id) is not rebuilt."""
    table, host, _phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    play = results.ensure_play(table)
    assert play is not None
    result_ids = list(play.results.values_list("pk", flat=True))
    last = table.events.order_by("-seq").first()
    assert last is not None and last.seq == table.version

    host.post(f"/t/{table.code}/rematch/")
    table.refresh_from_db()
    assert table.version == last.seq + 1 and table.events.count() == last.seq
    kept = results.ensure_play(table)
    assert kept is not None and kept.pk == play.pk
    assert list(kept.results.values_list("pk", flat=True)) == result_ids
    page = host.get(f"/history/{table.code}/?step=1").content.decode()
    assert f"After log entry 1 of {last.seq}<" in page
