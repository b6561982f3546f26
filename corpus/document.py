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

from mtgcr.corpus.decode import DecodeError, decode_bytes, decode_with, split_lines
from mtgcr.corpus.limits import DEFAULT_MAX_BYTES as _DEFAULT_MAX_BYTES
from mtgcr.errors import DocumentError

__all__ = ["Document", "DocumentError", "load_document", "document_from_bytes"]


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


def document_from_bytes(data: bytes, source: str, encoding: str | None = None) -> Document:
    """Decode ``data`` into a :class:`Document`.

    Args:
        data: the bytes.
        source: where they come from (named in messages).
        encoding: a codec the user named (``mtgcr ingest --encoding``): decode strictly with it
            instead of detecting (:func:`mtgcr.corpus.decode.decode_with`).

    Raises:
        DocumentError: empty, binary or undecodable input (message names ``source``), or an
            unknown ``encoding``.
    """
    try:
        dec = (
            decode_bytes(data, source) if encoding is None else decode_with(data, encoding, source)
        )
    except DecodeError as exc:
        raise DocumentError(str(exc)) from None
    if not dec.text or dec.text.isspace():
        raise DocumentError(f"{source}: no text (only white space)")
    return Document(
        source=source,
        raw=data,
        sha256=hashlib.sha256(data).hexdigest(),
        encoding=dec.encoding,
        text=dec.text,
        line_endings=dec.line_endings,
        encoding_evidence=dec.evidence,
    )


#: The largest document read by default, in bytes (64 MiB; :mod:`mtgcr.corpus.limits`).
DEFAULT_MAX_BYTES = _DEFAULT_MAX_BYTES


def load_document(
    path: str | Path, max_bytes: int | None = DEFAULT_MAX_BYTES, encoding: str | None = None
) -> Document:
    """Read a file from disk into a :class:`Document`.

    Args:
        path: the file.
        max_bytes: refuse a file larger than this many bytes (``None``: no limit). At most
            ``max_bytes + 1`` bytes are read, so a device that never ends is refused too.
        encoding: a codec to decode with instead of detecting (see
            :func:`document_from_bytes`).

    Raises:
        DocumentError: the file cannot be read, is larger than ``max_bytes`` (the message
            gives its size and how to raise the limit), or is empty, binary or undecodable.
    """
    path = Path(path)
    try:
        with open(path, "rb") as f:
            data = f.read() if max_bytes is None else f.read(max_bytes + 1)
    except OSError as exc:
        raise DocumentError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if max_bytes is not None and len(data) > max_bytes:
        try:
            st_size = path.stat().st_size
        except OSError:  # pragma: no cover - gone meanwhile
            st_size = 0
        size = f"{st_size / 2**20:.1f} MiB" if st_size > max_bytes else "no end in sight"
        raise DocumentError(
            f"{path}: too large ({size}; the limit is {max_bytes / 2**20:g} MiB); "
            f"if it really is one document, raise the limit with --max-size MB"
        )
    return document_from_bytes(data, str(path), encoding)
