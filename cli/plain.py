"""Console markup read without rich: the text rich writes for a line of markup on a stream
without styles (a file, a pipe), or ``None`` where rich would write something else, so that
:mod:`mtgcr.cli.output` can write the commonest output without importing rich."""

from __future__ import annotations

import re

__all__ = ["escape", "plain_text"]

# rich's markup grammar (rich.markup.RE_TAGS and its escape pattern) and emoji codes
# (rich._emoji_replace): the plain writer reads markup exactly as rich does, and leaves to rich
# any text in which rich would replace an emoji code.
_TAGS = re.compile(r"((\\*)\[([a-z#/@][^[]*?)])")
_ESCAPE = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")
_EMOJI = re.compile(r"(:(\S*?)(?:(?:\-)(emoji|text))?:)")
#: An emoji code's name that is five digits or more is no emoji (rich's names of digits
#: alone are "100" and "1234"): lineage ids (``en:20030315:420.5a``) are not looked up.
_NOT_EMOJI = re.compile(r"\d{5,}")
#: Styles the commands' markup uses; any other tag goes to rich.
_STYLES = frozenset({"bold", "dim", "italic"})
#: Characters rich removes or expands (control codes, tab) or may treat otherwise: to rich.
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")


def escape(text: str) -> str:
    """``text`` with what would read as markup escaped (``[cost]`` → ``\\[cost]``), as
    :func:`rich.markup.escape` does it (without importing rich)."""

    def backslashes(match: re.Match[str]) -> str:
        slashes, tag = match.groups()
        return f"{slashes}{slashes}\\{tag}"

    text = _ESCAPE.sub(backslashes, text)
    if text.endswith("\\") and not text.endswith("\\\\"):
        return text + "\\"
    return text


def _has_emoji(text: str) -> bool:
    """Whether rich would replace an emoji code (``:smile:``) in ``text``: a ``:name:`` whose
    name is in rich's table (read only when some ``:name:`` could be one)."""
    names = [
        m.group(2).lower() for m in _EMOJI.finditer(text) if not _NOT_EMOJI.fullmatch(m.group(2))
    ]
    if not names:
        return False
    from rich._emoji_codes import EMOJI

    return any(name in EMOJI for name in names)


def plain_text(markup: str, is_markup: bool = True) -> str | None:
    """The text rich shows for ``markup`` (plain text with ``is_markup=False``) on a stream
    without styles, or ``None`` when rich may show something else (an emoji code, a control
    character, a tag other than bold/dim/italic, unbalanced tags): then rich is asked."""
    pieces: list[str] = []
    if not is_markup or "[" not in markup:
        pieces.append(markup)
    else:
        stack: list[str] = []
        position = 0
        for match in _TAGS.finditer(markup):
            full, slashes, tag = match.groups()
            start, end = match.span()
            if start > position:
                pieces.append(markup[position:start].replace("\\[", "["))
            position = end
            if slashes:
                literal, escaped = divmod(len(slashes), 2)
                if literal:
                    pieces.append("\\" * literal)
                if escaped:
                    pieces.append(full[len(slashes) :].replace("\\[", "["))
                    continue
            if tag in _STYLES:
                stack.append(tag)
            elif tag == "/" and stack:
                stack.pop()
            elif tag.startswith("/") and tag[1:] in stack:
                del stack[len(stack) - 1 - stack[::-1].index(tag[1:])]
            else:
                return None
        if position < len(markup):
            pieces.append(markup[position:].replace("\\[", "["))
    if any(_has_emoji(p) for p in pieces):
        return None
    text = "".join(pieces)
    if _CONTROL.search(text) or any(line.endswith(" ") for line in text.split("\n")):
        return None  # rich strips control codes, expands tabs, trims spaces past the width
    return text
