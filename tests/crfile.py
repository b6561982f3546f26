"""Build small CR text files in the official format for unit tests (text written for the tests).

The layout follows the official English files: title, date statement, introduction, contents
(repeating every chapter and section heading, then Glossary and Credits), body, glossary,
credits, date statement again. Blank lines separate paragraphs as in the real files.
"""

from __future__ import annotations

DEFAULT_BODY = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players.

100.1a A two-player game starts with two players.

100.1b A multiplayer game starts with three or more players.

100.2. Each player brings a deck.
"""

DEFAULT_GLOSSARY = """\
Deck
The cards a player starts the game with. See rule 100.2.
"""


def cr_text(
    body: str = DEFAULT_BODY,
    glossary: str = DEFAULT_GLOSSARY,
    *,
    date: str = "These rules are effective as of March 3, 2031.",
    contents: str | None = None,
    credits: str = "Credits\n\nWritten for the mtgcr tests.\n",
    title: str = "Magic: The Gathering Comprehensive Rules",
) -> str:
    """A whole CR file as text with LF line breaks (callers convert them as needed).

    ``contents`` defaults to every chapter (``N. Title``) and section (``NNN. Title``) heading
    of ``body``, then "Glossary" and "Credits", as the official files do.
    """
    if contents is None:
        heads = []
        for line in body.splitlines():
            s = line.strip()
            head, _, rest = s.partition(". ")
            if head.isdigit() and len(head) in (1, 3) and rest and not rest[0].isdigit():
                heads.append(s)
        contents = "\n".join(heads + ["Glossary", "Credits"])
    return (
        f"{title}\n\n{date}\n\nIntroduction\n\nThis file was written for the mtgcr unit tests.\n\n"
        f"Contents\n\n{contents}\n\n{body.rstrip()}\n\nGlossary\n\n{glossary.rstrip()}\n\n"
        f"{credits.rstrip()}\n\n{date}\n"
    )


def line_of(text: str, needle: str) -> int:
    """The 1-based number of the first line of ``text`` (LF breaks) after the contents that
    starts with ``needle`` (a heading repeated in the contents is found in the body)."""
    lines = text.split("\n")
    c = lines.index("Contents")
    end_of_contents = lines.index("", c + 2)
    for i in range(end_of_contents, len(lines)):
        if lines[i].startswith(needle):
            return i + 1
    raise AssertionError(f"{needle!r} not in the text")
