"""Babel (Uwe Rosenberg, Hagen Dorgathen; Kosmos 2000): the engine for two players."""

from games.babel.engine import OPTIONS, BabelGame
from games.i18n import _

GAME = BabelGame(slug="babel", name=_("Babel"), player_counts=(2,), options=OPTIONS)
