"""Green is the peasants' colour in Wallenstein, never a seat's.

"20x zelené kostičky označující armády sedláků" (the components) and "Do věže se najednou
vhodí 7 kostiček armád každého hráče a 10 neutrálních zelených armád" (the set-up): the
tower's counters show each seat's marker beside the peasants' green one, so a green seat
would look like the peasants (in Russian both marks were even the same letter, К).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from companion.models import Seat, Table
from companion.services.tables import COLOUR_KEYS

pytestmark = pytest.mark.django_db


def _offered(page: str) -> list[str]:
    return re.findall(r'name="colour" value="(\w+)"', page)


def test_no_seat_of_a_new_table_is_green(make_table: Any) -> None:
    table, _host = make_table(game="wallenstein", players=5, start=False)
    colours = list(table.seats.order_by("index").values_list("colour", flat=True))
    assert "green" not in colours
    assert len(set(colours)) == 5
    babylon, _host = make_table(game="babylon", players=4, start=False)
    assert "green" in babylon.seats.values_list("colour", flat=True)  # other games keep it


def test_the_join_page_does_not_offer_green(make_table: Any) -> None:
    table, _host = make_table(game="wallenstein", players=3, start=False)
    offered = _offered(Client().get(f"/t/{table.code}/join/").content.decode())
    assert offered and "green" not in offered
    assert set(offered) == set(COLOUR_KEYS) - {"green"}
    babylon, _host = make_table(game="babylon", players=2, start=False)
    assert "green" in _offered(Client().get(f"/t/{babylon.code}/join/").content.decode())


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Pick one of the offered colours."),
        ("cs", "Vyberte jednu z nabízených barev."),
        ("ru", "Выберите один из предложенных цветов."),
    ],
)
def test_a_green_seat_is_refused_in_the_language_of_the_phone_and_nothing_changes(
    make_table: Any, language: str, message: str
) -> None:
    table, _host = make_table(game="wallenstein", players=3, start=False)
    before = list(Seat.objects.filter(table=table).order_by("index").values())
    phone = Client(headers={"accept-language": language})
    response = phone.post(
        f"/t/{table.code}/join/", {"seat": 0, "name": "Zelený", "colour": "green"}
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert list(Seat.objects.filter(table=table).order_by("index").values()) == before
    assert Table.objects.get(pk=table.pk).version == table.version


def test_a_free_seat_moved_off_a_picked_colour_is_not_made_green(make_table: Any) -> None:
    table, _host = make_table(game="wallenstein", players=5, start=False)
    first = table.seats.get(index=1).colour  # the second seat's colour, taken by the first
    response = Client().post(f"/t/{table.code}/join/", {"seat": 0, "name": "A", "colour": first})
    assert response.status_code == 302
    colours = list(table.seats.order_by("index").values_list("colour", flat=True))
    assert colours[0] == first and "green" not in colours and len(set(colours)) == 5
