"""Babylon (Geek Attitude Games 2024): hanging gardens built from a quarry.

Rules: ``/work/shared/rules/001_35d49d7429d46f71.txt`` (Czech); readings we
chose are listed in ``DECISIONS.md``.
"""

from __future__ import annotations

from games.babylon.game import OPTIONS, BabylonGame
from games.i18n import _

GAME = BabylonGame(slug="babylon", name=_("Babylon"), player_counts=(2, 3, 4), options=OPTIONS)
