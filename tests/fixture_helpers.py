"""Small releases and fixture files written for the fixture tests (nothing from ../shared).

``R1`` (effective 2031-03-03) and ``R2`` (2031-06-09): R2 inserts a new 100.2, so R1's
100.2 and 100.4 move one down (100.4 citing rule 100.3 → 100.4, a citation-only change),
R1's 100.3 is edited on the way to 100.4 (twenty → twenty-five life), R1's 100.5 is removed.
"""

from __future__ import annotations

from pathlib import Path

from crfile import cr_text
from helpers import ingested_store

R1_BODY = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players.

100.2. Each player brings a deck of at least forty cards.

100.3. Each player starts the game with twenty life.

100.4. A player with no life left loses the game. See rule 100.3.

100.5. A player who controls two copies of the same champion keeps one of them and puts the other into the graveyard.
"""

R2_BODY = """\
1. Game Concepts

100. Basics

100.1. These test rules describe a small game for two or more players.

100.2. A game may be played with an optional sideboard chosen before the match begins.

100.3. Each player brings a deck of at least forty cards.

100.4. Each player starts the game with twenty-five life.

100.5. A player with no life left loses the game. See rule 100.4.
"""

R1_DATE = "These rules are effective as of March 3, 2031."
R2_DATE = "These rules are effective as of June 9, 2031."


def two_release_store(folder: Path) -> Path:
    """A store holding R1 and R2 (labels 20310303 and 20310609)."""
    return ingested_store(
        folder,
        {
            "MagicCompRules 20310303.txt": cr_text(R1_BODY, date=R1_DATE),
            "MagicCompRules 20310609.txt": cr_text(R2_BODY, date=R2_DATE),
        },
    )


AUTHORED_TAIL = """
[setup]
phase = "precombat_main"   # the author's comment
seed = 11

[[setup.players]]
id = 1
life = 0

[[steps]]
action = "check_sbas"

[[assertions]]
kind = "game_over"
winner = 0
"""


def author(path: Path) -> str:
    """Turn a generated skeleton at ``path`` into an executable fixture (status, steps and
    assertions added, an unknown top-level key and a meta key of the author's); returns
    the new text."""
    text = path.read_text(encoding="utf-8")
    text = text.replace('status = "skeleton"', 'status = "executable"\nreviewer = "ana"')
    head, sep, meta = text.partition("\n[meta]\n")
    text = head + AUTHORED_TAIL + sep + meta + 'ticket = "ENG-42"\n'
    path.write_text(text, encoding="utf-8")
    return text


SPLIT_OLD = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players.

100.2. Each player brings a deck of at least forty cards, and each player may also bring a sideboard of up to fifteen cards chosen before the match.

100.3. A player who controls two copies of the same champion keeps one of them.

100.4. A player who controls two copies of the same relic keeps one of them.

100.5. Each player starts the game with twenty life.
"""

SPLIT_NEW = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players.

100.2. Each player brings a deck of at least forty cards.

100.3. Each player may also bring a sideboard of up to fifteen cards chosen before the match.

100.4. A player who controls two copies of the same champion keeps one of them. A player who controls two copies of the same relic keeps one of them.

100.5. Each player starts the game with twenty life.
"""


def split_merge_store(folder: Path) -> Path:
    """A store where 100.2 of 2031-03-03 is split into 100.2 + 100.3 of 2031-06-09 and 100.3 and
    100.4 are merged into 100.4."""
    return ingested_store(
        folder,
        {
            "MagicCompRules 20310303.txt": cr_text(SPLIT_OLD, date=R1_DATE),
            "MagicCompRules 20310609.txt": cr_text(SPLIT_NEW, date=R2_DATE),
        },
    )
