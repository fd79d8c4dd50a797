"""Which games the benchmarks play, and how many seats a table of each has.

The four games are played through the forms their phones get (``bench/forms.py``); the
platform tests' dice race (``tests/engines/dice_race.py``: an entry costs its engine
nothing) stays beside them as the floor: what the platform itself costs per entry.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

REAL_GAMES = ("wallenstein", "babylon", "babel", "stortebeker")
FLOOR = "dice_race"
# Options a table of the game is created with (else the game's defaults). The dice race
# never ends within a run.
OPTIONS = {FLOOR: {"target": "10000"}}
# The players a game allows (the engines' player_counts; the dice race takes 2-5).
COUNTS = {
    "wallenstein": (3, 4, 5),
    "babylon": (2, 3, 4),
    "babel": (2,),
    "stortebeker": (2, 3, 4),
    FLOOR: (2, 3, 4, 5),
}
# No green: the colour of Wallenstein's peasants, which no seat of it may take.
COLOURS = ["red", "blue", "yellow", "purple", "orange"]


def games_of(choice: str) -> list[str]:
    """``--game``: one game, ``mix`` (the four real games in turn) or the floor."""
    return list(REAL_GAMES) if choice == "mix" else [choice]


def seats_for(game: str, phones: int) -> int:
    """The largest table the game allows with at most ``phones`` phones."""
    allowed = [count for count in COUNTS[game] if count <= phones]
    return max(allowed) if allowed else min(COUNTS[game])


def new_table_form(game: str, seats: int) -> dict[str, str]:
    """The home page's form that creates a table of ``game``."""
    form = {"game": game, "players": str(seats)}
    form.update({f"opt.{key}": value for key, value in OPTIONS.get(game, {}).items()})
    return form


def host_speed() -> str:
    """The host's speed and load, printed beside every figure: the same 10-million-step
    Python loop as the earlier rounds (CPU seconds), and the load averages."""
    started = time.process_time()
    total = 0
    for step in range(10_000_000):
        total += step
    loop = time.process_time() - started
    load = " / ".join(f"{value:.1f}" for value in os.getloadavg())
    cores = os.cpu_count()
    return (
        f"host: 10-million-step Python loop {loop:.2f} s CPU; load average {load} ({cores} cores)"
    )


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) that process ``pid`` used so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
