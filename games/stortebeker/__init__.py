"""Störtebeker: ships, provisions, pirates and four dice (see ``engine``)."""

from games.stortebeker.engine import GAME

__all__ = ["GAME"]
