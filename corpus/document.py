"""Documents: raw bytes in, decoded text with provenance out.

A :class:`Document` is what every parser in :mod:`extract` reads. It keeps the exact bytes
(and their sha256) so that any parse can be redone later from the store.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import cached_property
from pathlib import Path

from mtgcr.corpus.decode import DecodeError, decode_bytes, split_lines

__all__ = ["Document", "DocumentError", "load_document", "document_from_bytes"]


class DocumentError(ValueError):
    """A file cannot be read as a document; ``str()`` is one line naming the file and reason."""


@dataclass
class Document:
    """One source document.

    Attributes:
        source: where it came from (a file path or URL), used in every message.
        raw: the exact bytes.
        sha256: hex digest of ``raw``.
        encoding: detected codec name (see :mod:`mtgcr.corpus.decode`).
        text: decoded text, line endings as in the file.
        line_endings: counts of ``CRLF``/``CR``/``LF`` breaks.
        encoding_evidence: why that encoding was chosen.
        fetched_at: when the bytes were read (UTC).
    """

    source: str
    raw: bytes
    sha256: str
    encoding: str
    text: str
    line_endings: dict[str, int] = field(default_factory=dict)
    encoding_evidence: str = ""
    fetched_at: datetime = field(default_factory=lambda: datetime.now(timezone.utc))

    @cached_property
    def lines(self) -> list[str]:
        """The text split on CRLF, CR and LF; ``lines[i]`` is line ``i + 1``."""
        return split_lines(self.text)

    @property
    def name(self) -> str:
        """The last path component of :attr:`source`."""
        return Path(self.source).name


def document_from_bytes(data: bytes, source: str) -> Document:
    """Decode ``data`` into a :class:`Document`.

    Raises:
        DocumentError: empty, binary or undecodable input (message names ``source``).
    """
    try:
        dec = decode_bytes(data, source)
    except DecodeError as exc:
        raise DocumentError(str(exc)) from None
    if not dec.text or dec.text.isspace():
        raise DocumentError(f"{source}: no text (only white space)")
    return Document(source=source, raw=data, sha256=hashlib.sha256(data).hexdigest(),
                    encoding=dec.encoding, text=dec.text, line_endings=dec.line_endings,
                    encoding_evidence=dec.evidence)


def load_document(path: str | Path) -> Document:
    """Read a file from disk into a :class:`Document`.

    Raises:
        DocumentError: the file cannot be read, or is empty, binary or undecodable.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DocumentError(f"{path}: cannot read ({exc.strerror or exc})") from None
    return document_from_bytes(data, str(path))
