from django.contrib import admin
from django.urls import include, path

from companion.views import (
    app_manifest,
    common,
    lobby,
    offline,
    play,
    players,
    records,
    seats,
    stream,
)

urlpatterns = [
    path("", lobby.home, name="home"),
    path("ok/", common.ok, name="ok"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", app_manifest.manifest, name="manifest"),
    path("history/", records.history_list, name="history"),
    path("history/<str:code>/", records.history_detail, name="history_detail"),
    path("history/<str:code>/record.json", records.history_export, name="history_export"),
    path("games/<slug:slug>/rules/", records.rules, name="rules"),
    path("t/<str:code>/", play.table_page, name="table"),
    path("t/<str:code>/live/", play.table_live, name="table_live"),
    path("t/<str:code>/watch/<str:token>/", play.watch_page, name="watch"),
    path("t/<str:code>/start/", lobby.start, name="start"),
    path("t/<str:code>/seat/<int:index>/free/", lobby.free_seat, name="free_seat"),
    path("t/<str:code>/seat/<int:index>/rename/", lobby.rename_seat, name="rename_seat"),
    path("t/<str:code>/listing/", lobby.listing, name="listing"),
    path("t/<str:code>/join/", seats.join, name="join"),
    path("t/<str:code>/join/qr.svg", records.join_qr, name="join_qr"),
    path("t/<str:code>/s/<int:index>/<str:token>/", seats.seat_link, name="seat_link"),
    path("t/<str:code>/s/<int:index>/<str:token>/qr.svg", records.seat_qr, name="seat_qr"),
    path("t/<str:code>/me/", play.phone, name="phone"),
    path("t/<str:code>/me/live/", play.phone_live, name="phone_live"),
    path("t/<str:code>/host/", play.host_mode, name="host"),
    path("t/<str:code>/act/", play.act, name="act"),
    path("t/<str:code>/undo/", play.undo, name="undo"),
    path("t/<str:code>/undo/confirm/", play.undo_confirm, name="undo_confirm"),
    path("t/<str:code>/correct/<int:seq>/", play.correct, name="correct"),
    path("t/<str:code>/stream/", stream.stream, name="stream"),
    path("t/<str:code>/version/", stream.version, name="version"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

# Players, statistics, ratings, exports, import, rematch (issue 15).
urlpatterns += [
    path("players/", players.player_list, name="players"),
    path("players/import/", players.import_plays, name="import_plays"),
    path("players/<int:pk>/", players.player_detail, name="player"),
    path("players/<int:pk>/edit/", players.player_edit, name="player_edit"),
    path("players/<int:pk>/merge/", players.player_merge, name="player_merge"),
    path("players/<int:pk>/unmerge/<int:merge>/", players.player_unmerge, name="player_unmerge"),
    path("players/<int:pk>/history.csv", players.player_csv, name="player_csv"),
    path("stats/<slug:slug>/", players.game_statistics, name="game_stats"),
    path("plays/<str:code>/", players.play_detail, name="play"),
    path("plays/<str:code>/play.bgsplay", players.play_bgstats, name="play_bgstats"),
    path("plays/<str:code>/bgg.xml", players.play_bgg, name="play_bgg"),
    path("t/<str:code>/rematch/", players.start_rematch, name="rematch"),
]
