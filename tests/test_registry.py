"""The games registry: every package loads, and the contract's basics hold for each game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import games
from games.base import Game, IllegalAction

ROOT = Path(__file__).resolve().parent.parent
SLUGS = ["babel", "babylon", "stortebeker", "wallenstein"]


def test_importing_games_needs_no_django_settings():
    code = "import games; print(sorted(game.slug for game in games.all()))"
    # No DJANGO_SETTINGS_MODULE in this environment: importing the games must not need it.
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin"},
    )
    assert result.returncode == 0, result.stderr
    for slug in SLUGS:
        assert slug in result.stdout


def test_engines_import_nothing_from_django():
    code = (
        "import sys, games\n"
        "games.all()\n"
        "print([m for m in sys.modules if m == 'django' or m.startswith('django.')])\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_every_game_package_loads():
    games.all()
    assert games.broken == {}
    assert {game.slug for game in games.all()} >= set(SLUGS)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_contract_basics(slug):
    game = games.get(slug)
    assert isinstance(game, Game) and game.slug == slug and game.name
    players = [f"P{i}" for i in range(min(game.player_counts))]
    state = game.setup(players, seed=7)
    assert json.loads(json.dumps(state)) == state  # plain JSON data
    assert game.setup(players, seed=7) == state  # deterministic for a seed
    assert game.outcome(state) is None
    assert len(game.scores(state)) == len(players)
    assert game.to_act(state), "someone must be able to act at the start"
    assert game.phase(state)["label"]["text"]
    for seat in range(len(players)):
        game.view(state, seat)
        for choice in game.choices(state, seat):
            assert choice.action.get("type")
    with pytest.raises(IllegalAction):
        game.apply(state, {"type": "no-such-entry", "seat": game.to_act(state)[0], "seed": 1})
    with pytest.raises(IllegalAction):
        game.setup(["only one"] * (max(game.player_counts) + 1))
