"""The Django admin works for fixing data by hand; the log itself stays append-only there."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_admin_lists_tables_seats_and_events(make_table, join, admin_client):
    table, _host = make_table(start=False)
    join(table, 0, "Anna")
    assert admin_client.get("/admin/companion/table/").status_code == 200
    page = admin_client.get(f"/admin/companion/table/{table.pk}/change/")
    assert page.status_code == 200 and "Anna" in page.content.decode()
    events = admin_client.get("/admin/companion/event/")
    assert events.status_code == 200
    event = table.events.first()
    # Events can be read but neither changed nor deleted: corrections are made in the app.
    assert admin_client.get(f"/admin/companion/event/{event.pk}/delete/").status_code == 403
    change = admin_client.post(f"/admin/companion/event/{event.pk}/change/", {"kind": "undo"})
    assert change.status_code == 403
