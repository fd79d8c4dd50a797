"""Play files other apps read and write: BG Stats, BoardGameGeek, CSV."""
