"""Known players: choosing one on a phone, renaming, hiding, merging."""

from __future__ import annotations

from django.db.models import F, QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from companion.models import Player, PlayerMerge, PlayResult, Seat, SeatPlayer
from companion.naming import typed_name
from companion.players import groups
from companion.services.errors import NotFound, Refused
from companion.writes import write_transaction
from games.i18n import _

PLAYER_COOKIE = "player"
PLAYER_COOKIE_AGE = 60 * 60 * 24 * 365 * 2  # a phone remembers its player across many game nights
NEW = "new"


def known_players(among: QuerySet[Player], me: Player | None = None) -> list[Player]:
    """The players of ``among`` (those a device sees) a phone may pick: not hidden or merged,
    and the phone's own player (``me``) even when hidden."""
    found = list(among.filter(hidden=False, merged_into__isnull=True))
    if me is not None and me.merged_into_id is None and all(p.pk != me.pk for p in found):
        found = sorted([*found, me], key=lambda p: (p.name, p.pk))
    return found


def same_name(name: str) -> str:
    """The form two names are compared in: whitespace trimmed, case ignored, accents kept
    ("anna" is Anna, "Anička" is not)."""
    return " ".join((name or "").split()).casefold()


def current(player: Player) -> Player:
    """Follow merges to the player that is kept."""
    seen = set()
    while player.merged_into_id is not None and player.pk not in seen:
        seen.add(player.pk)
        player = player.merged_into  # type: ignore[assignment]
    return player


def get(player_id: int | str) -> Player:
    try:
        return Player.objects.get(pk=int(player_id))
    except (Player.DoesNotExist, TypeError, ValueError):
        raise NotFound(_("There is no such player.")) from None


def remembered(request: HttpRequest) -> Player | None:
    """The player this phone chose last time, if the cookie is genuine and the player exists."""
    value = request.get_signed_cookie(PLAYER_COOKIE, default=None, salt=PLAYER_COOKIE)
    if not value:
        return None
    player = Player.objects.filter(pk=value).first()
    return current(player) if player else None


def remember(request: HttpRequest, response: HttpResponse, player: Player) -> None:
    """This phone keeps its player (and the player's language) for the next game."""
    response.set_signed_cookie(
        PLAYER_COOKIE,
        str(player.pk),
        salt=PLAYER_COOKIE,
        max_age=PLAYER_COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    # Only where this phone shows another language: a phone's own choice is not overridden
    # by the language the player happened to have when first seen.
    if player.language and player.language != translation.get_language():
        from django.conf import settings

        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            player.language,
            max_age=PLAYER_COOKIE_AGE,
            samesite="Lax",
            secure=request.is_secure(),
        )


def clean_name(name: str) -> str:
    name = typed_name(name)
    if not name:
        raise Refused(_("Enter a name."))
    return name


def chosen(choice: str, among: QuerySet[Player], me: Player | None = None) -> Player | None:
    """The player picked on the join form: a known one of ``among`` (the players this
    device sees), or ``None`` for a new one. Another group's player is not found: a phone
    cannot become someone it does not know. The phone's own player (``me``) may be picked
    even when hidden: hidden means out of the lists, not forgotten by their own phone."""
    if not choice or choice == NEW:
        return None
    player = current(get(choice))
    if not among.filter(pk=player.pk).exists():
        raise NotFound(_("There is no such player."))
    if player.hidden and (me is None or me.pk != player.pk):
        raise Refused(_("This player is hidden. Pick another one or enter a new name."))
    return player


def create(name: str, colour: str = "", language: str = "") -> Player:
    return Player.objects.create(name=clean_name(name), colour=colour, language=language)


def link_seat(seat: Seat, player: Player | None, *, language: str = "") -> Player:
    """Seat ``seat`` is ``player`` (a new player named like the seat when ``None``)."""
    with write_transaction():
        if player is None:
            player = create(seat.name, seat.colour, language)
        player.colour = seat.colour  # the colour they keep: the one picked last
        if not player.language and language:
            player.language = language
        player.save(update_fields=["colour", "language"])
        SeatPlayer.objects.update_or_create(seat=seat, defaults={"player": player})
    return player


def player_of_seat(seat: Seat) -> Player | None:
    link = SeatPlayer.objects.filter(seat=seat).select_related("player").first()
    return current(link.player) if link else None


def update(player: Player, *, name: str, colour: str, language: str, hidden: bool) -> Player:
    from django.conf import settings

    from companion.services.tables import COLOUR_KEYS

    if colour and colour not in COLOUR_KEYS:
        raise Refused(_("Pick one of the offered colours."))
    if language and language not in {code for code, _name in settings.LANGUAGES}:
        raise Refused(_("Pick one of the offered languages."))
    player.name = clean_name(name)
    player.colour = colour
    player.language = language
    player.hidden = hidden
    player.save()
    return player


def merge(source: Player, target: Player) -> PlayerMerge:
    """``source`` becomes ``target``: its seats and results count for ``target`` from now on.

    What moved is kept (``PlayerMerge``) so that ``unmerge`` can put it back. The two
    players' groups become one.
    """
    source, target = current(source), current(target)
    if source.pk == target.pk:
        raise Refused(_("A player cannot be merged with themselves."))
    with write_transaction():
        record = PlayerMerge.objects.create(
            source=source,
            target=target,
            results=list(PlayResult.objects.filter(player=source).values_list("pk", flat=True)),
            seat_links=list(SeatPlayer.objects.filter(player=source).values_list("pk", flat=True)),
            players=list(Player.objects.filter(merged_into=source).values_list("pk", flat=True)),
            source_was_hidden=source.hidden,
        )
        SeatPlayer.objects.filter(player=source).update(player=target)
        PlayResult.objects.filter(player=source).update(player=target)
        Player.objects.filter(merged_into=source).update(merged_into=target)
        source.merged_into = target
        source.hidden = True
        source.save(update_fields=["merged_into", "hidden"])
        groups.join([source.group_key, target.group_key])
    return record


def unmerge(record: PlayerMerge) -> Player:
    """Undo a merge: the merged player is back with the seats and results that moved.

    Only while the kept player was not merged on (undo that later merge first). A play
    rebuilt since the merge (a correction after the end) has new result rows: those are
    found by the moved seats. The group stays joined (groups never split).
    """
    with write_transaction():
        record = (
            PlayerMerge.objects.select_for_update()
            .select_related("source", "target")
            .get(pk=record.pk)
        )
        source, target = record.source, record.target
        if record.undone_at is not None or source.merged_into_id != target.pk:
            raise Refused(_("This merge has already been undone."))
        if target.merged_into_id is not None:
            raise Refused(
                _("%(name)s was merged on since: undo that merge first."), name=target.name
            )
        SeatPlayer.objects.filter(pk__in=record.seat_links, player=target).update(player=source)
        PlayResult.objects.filter(pk__in=record.results, player=target).update(player=source)
        PlayResult.objects.filter(
            player=target,
            play__table__seats__player_link__pk__in=record.seat_links,
            play__table__seats__index=F("seat"),
        ).update(player=source)
        Player.objects.filter(pk__in=record.players, merged_into=target).update(merged_into=source)
        source.merged_into = None
        source.hidden = record.source_was_hidden
        source.save(update_fields=["merged_into", "hidden"])
        record.undone_at = timezone.now()
        record.save(update_fields=["undone_at"])
    return source
