"""Comments and docs of source files, as one searchable text mapped back to the original.

A rules engine cites the CR in comments (``// CR 704.5a: …``, ``/// CR 704.5b``), doc comments
(`` * 702.94a Soulbond is …`` in javadoc), Python docstrings and Markdown docs. This module
finds those regions and joins them into a :class:`CommentText`: the comment *content* (comment
markers ``//``, ``///``, ``//!``, ``#``, ``/*``, ``*/`` and javadoc's leading ``*`` left out)
line by line, so a citation split across a comment line break (``… the CR`` / ``// 110.2a``)
reads as one, while every offset maps back to the original text. Consecutive line comments
form one *paragraph* (lines joined by ``"\\n"``); separate comments are joined by ``"\\n\\n"``
so that nothing reads across code.

Code (outside comments and string literals) is kept as spans, for citations written inside
identifiers (``stateBasedAction704_5r``). String literals are neither: a CR number in a
string is data, not a citation.

Format knowledge (lexical syntax of the languages engines are written in; checked against
the languages' specifications for comments and string literals):

* C family (Java, Rust, Kotlin, Scala, Groovy, C#, C, C++, JavaScript, TypeScript, Go,
  Swift, Dart): ``//`` to end of line, ``/* … */`` (not nested), string literals ``"…"`` with
  backslash escapes, Java/Kotlin text blocks ``\"\"\"…\"\"\"``, Rust raw strings
  ``r#"…"#``, character literals ``'x'`` / ``'\\n'`` (a Rust lifetime ``'a`` is not one), and
  JavaScript/Go backtick strings.
* Hash family (Python, Ruby, shell, Perl, R, YAML, TOML): ``#`` to end of line; Python's
  triple-quoted strings are docs (docstrings), other strings are skipped.
* Docs (Markdown, reStructuredText, AsciiDoc): the whole file is doc text.

Offsets are character offsets into the decoded text (not bytes).
"""

from __future__ import annotations

import bisect
import enum
import re
from dataclasses import dataclass
from pathlib import PurePath

__all__ = ["Family", "CommentText", "family_of", "comment_text", "SOURCE_SUFFIXES", "DOC_SUFFIXES"]


class Family(enum.Enum):
    """How a file's comments are written."""

    C = "c"  #: ``//`` and ``/* */``
    HASH = "hash"  #: ``#`` (and Python docstrings)
    DOC = "doc"  #: the whole file is documentation


_C_SUFFIXES = {
    ".java",
    ".rs",
    ".kt",
    ".kts",
    ".scala",
    ".groovy",
    ".gradle",
    ".cs",
    ".c",
    ".h",
    ".cc",
    ".cpp",
    ".cxx",
    ".hpp",
    ".hh",
    ".js",
    ".mjs",
    ".cjs",
    ".jsx",
    ".ts",
    ".tsx",
    ".go",
    ".swift",
    ".dart",
}
_HASH_SUFFIXES = {
    ".py",
    ".pyi",
    ".rb",
    ".sh",
    ".bash",
    ".pl",
    ".pm",
    ".r",
    ".yaml",
    ".yml",
    ".toml",
}
#: Suffixes of documentation files read as a whole.
DOC_SUFFIXES = frozenset({".md", ".markdown", ".rst", ".adoc"})
#: Every suffix a folder walk reads (source files and docs), lower case with the dot.
SOURCE_SUFFIXES = frozenset(_C_SUFFIXES | _HASH_SUFFIXES | DOC_SUFFIXES)


def family_of(path: str | PurePath) -> Family | None:
    """The comment family of a file by its suffix (case-insensitive), or ``None`` when it is
    not a source or doc file (``.txt`` card scripts, data, binaries)."""
    suffix = PurePath(path).suffix.lower()
    if suffix in _C_SUFFIXES:
        return Family.C
    if suffix in _HASH_SUFFIXES:
        return Family.HASH
    if suffix in DOC_SUFFIXES:
        return Family.DOC
    return None


_C_TOKENS = re.compile(
    r"(?=[/\"'`]|r\#*\")"  # every token starts with one of these: other positions fail at once
    r"(?:(?P<line>//[^\n]*)"
    r"|(?P<block>/\*.*?(?:\*/|\Z))"
    r"|(?P<skip>\br(?P<hashes>\#*)\".*?\"(?P=hashes)"  # Rust raw string
    r"|\"\"\".*?(?:\"\"\"|\Z)"  # text block
    r"|\"(?:\\.|[^\"\\\n])*\"?"  # string
    r"|'(?:\\[^'\n]{1,10}|[^'\\\n])'"  # character literal
    r"|`(?:\\.|[^`\\])*`?))",  # backtick string
    re.S,
)
_HASH_TOKENS = re.compile(
    r"(?=[#\"'])"
    r"(?:(?P<line>\#[^\n]*)"
    r"|(?P<block>\"\"\".*?(?:\"\"\"|\Z)|'''.*?(?:'''|\Z))"
    r"|(?P<skip>\"(?:\\.|[^\"\\\n])*\"?|'(?:\\.|[^'\\\n])*'?))",
    re.S,
)
_BLOCK_LEAD = re.compile(r"[ \t]*\*+(?!/)")  # javadoc's " * " at the start of a line


@dataclass(frozen=True)
class _Piece:
    """``length`` characters of the joined text from ``joined``, copied from ``original``."""

    joined: int
    original: int
    length: int


class CommentText:
    """The comments and docs of one file joined into one text (see the module docstring).

    Attributes:
        text: the joined comment content.
        code: ``[(start, end)]`` character spans of code in the original (outside comments
            and string literals), in order.
    """

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._pieces: list[_Piece] = []
        self._starts: list[int] = []
        self._size = 0
        self.code: list[tuple[int, int]] = []
        self.text = ""

    def _add(self, original: int, content: str) -> None:
        if content:
            self._pieces.append(_Piece(self._size, original, len(content)))
            self._starts.append(self._size)
        self._parts.append(content)
        self._size += len(content)

    def _sep(self, sep: str) -> None:
        if self._size:
            self._parts.append(sep)
            self._size += len(sep)

    def _finish(self) -> "CommentText":
        self.text = "".join(self._parts)
        self._parts = []
        return self

    def original(self, offset: int) -> int:
        """The original offset of joined-text ``offset`` (a separator maps to the end of the
        piece before it)."""
        k = bisect.bisect_right(self._starts, offset) - 1
        if k < 0:
            return self._pieces[0].original if self._pieces else 0
        p = self._pieces[k]
        return p.original + min(offset - p.joined, p.length)

    def contiguous(self, start: int, end: int) -> bool:
        """True when joined text ``[start, end)`` is one run of the original (no comment
        marker or line break was left out inside it), so it can be replaced in place."""
        k = bisect.bisect_right(self._starts, start) - 1
        if k < 0:
            return False
        p = self._pieces[k]
        return end <= p.joined + p.length

    def in_code(self, offset: int) -> bool:
        """True if original ``offset`` is in code (not in a comment or string literal)."""
        k = bisect.bisect_right(self.code, (offset, float("inf"))) - 1
        return k >= 0 and self.code[k][0] <= offset < self.code[k][1]


def _line_comment(out: CommentText, family: Family, start: int, token: str) -> None:
    if family is Family.C:
        body = token.lstrip("/")
        if body.startswith("!"):
            body = body[1:]
    else:
        body = token.lstrip("#")
    out._add(start + len(token) - len(body), body.rstrip("\r"))


def _block_comment(out: CommentText, start: int, token: str, opener: int, closer: str) -> None:
    end = len(token) - len(closer) if closer and token.endswith(closer) else len(token)
    pos, first = opener, True
    while pos <= end:
        nl = token.find("\n", pos, end)
        stop = end if nl < 0 else nl
        line = token[pos:stop]
        skip = 0
        if not first:
            m = _BLOCK_LEAD.match(line)
            skip = m.end() if m else 0
        elif opener == 2 and line.startswith("*"):  # "/**"
            skip = len(line) - len(line.lstrip("*"))
        if not first:
            out._sep("\n")
        out._add(start + pos + skip, line[skip:].rstrip("\r"))
        first = False
        if nl < 0:
            break
        pos = nl + 1


def comment_text(text: str, family: Family) -> CommentText:
    """Find the comments (and docs) of ``text`` written in ``family``.

    Args:
        text: a whole source file, decoded.
        family: its :class:`Family` (see :func:`family_of`).

    Returns:
        A :class:`CommentText`: comment content joined (consecutive line comments as one
        paragraph), its mapping to ``text``, and the code spans. A ``Family.DOC`` file is one
        paragraph of the whole text and has no code.
    """
    out = CommentText()
    if family is Family.DOC:
        out._add(0, text)
        return out._finish()
    tokens = _C_TOKENS if family is Family.C else _HASH_TOKENS
    code_from = 0
    last_line_end = -2  # original offset where the previous line comment ended
    for m in tokens.finditer(text):
        a, b = m.span()
        if a > code_from:
            out.code.append((code_from, a))
        code_from = b
        kind = m.lastgroup
        if kind == "skip":
            continue
        if kind == "line":
            between = text[last_line_end:a] if last_line_end >= 0 else None
            if between is not None and between.count("\n") == 1 and not between.strip():
                out._sep("\n")
            else:
                out._sep("\n\n")
            _line_comment(out, family, a, m.group())
            last_line_end = b
            continue
        token = m.group("block")
        out._sep("\n\n")
        if family is Family.C:
            _block_comment(out, a, token, 2, "*/")
        else:
            _block_comment(out, a, token, 3, token[:3])
        last_line_end = -2
    if code_from < len(text):
        out.code.append((code_from, len(text)))
    return out._finish()
