"""The admin, for fixing data by hand. The log stays append-only even here."""

from django.contrib import admin

from companion.models import Event, Seat, Snapshot, Table


class SeatInline(admin.TabularInline[Seat, Table]):
    model = Seat
    extra = 0
    fields = ("index", "name", "colour", "claimed_at")
    readonly_fields = ("claimed_at",)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin[Table]):
    list_display = ("code", "game", "status", "created_at", "finished_at", "version")
    list_filter = ("game", "status")
    search_fields = ("code",)
    inlines = [SeatInline]
    readonly_fields = ("version", "state_version", "applied", "seed", "host_token", "watch_token")


@admin.register(Event)
class EventAdmin(admin.ModelAdmin[Event]):
    list_display = ("table", "seq", "kind", "seat", "by_host", "created_at")
    list_filter = ("kind",)
    search_fields = ("table__code",)

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False  # entries are corrected in the app, where the correction is logged

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(Snapshot)
class SnapshotAdmin(admin.ModelAdmin[Snapshot]):
    list_display = ("table", "position")
