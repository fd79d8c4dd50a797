"""Wallenstein (Queen Games 2002, 3-5 players): the engine of the table companion."""

from games.wallenstein.engine import GAME

__all__ = ["GAME"]
