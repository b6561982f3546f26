"""Reading a response body from a server nobody vouches for: bounded in bytes and in time.

mtgwiki and mtg.ru are fetched over plain http, so anyone on the path can answer. A body is
read from the wire (``httpx``'s raw stream, never its decoded one) and decoded here, under four
limits checked as it arrives:

* **one content coding at most, and only one that was offered**: mtgcr sends
  ``Accept-Encoding: gzip, deflate`` (:data:`ACCEPT_ENCODING`); ``Content-Encoding: gzip, gzip``
  (a 1,827-byte answer that grows to gigabytes), ``br`` or anything else is refused before a
  byte is decoded;
* **a decompression budget inside the decoding**: zlib is asked for at most the bytes the cap
  still allows (``decompressobj().decompress(data, max_length)``), so a bomb stops at the cap
  (:attr:`~mtgcr.corpus.fetch.http.FetchPolicy.max_bytes`) with that much memory, not after
  inflating;
* **a deadline per response** (:attr:`~mtgcr.corpus.fetch.http.FetchPolicy.max_time`): a server
  trickling a byte every two seconds never trips a read timeout, but it trips this;
* **a deadline for the whole run** (:class:`Deadline`, ``--deadline``): ``fetch`` and ``update``
  (run by cron) end, whatever the servers do.

A callback sees the bytes as they come (download progress).
"""

from __future__ import annotations

import time
import zlib
from dataclasses import dataclass
from typing import Callable, Iterable

from mtgcr.errors import FetchError

__all__ = ["ACCEPT_ENCODING", "Deadline", "read_body"]

#: The content codings mtgcr offers (and so accepts).
ACCEPT_ENCODING = "gzip, deflate"
_DECODERS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": zlib.MAX_WBITS}


@dataclass(frozen=True)
class Deadline:
    """A moment (``time.monotonic()``) by which something must be done, and what it is
    called in messages (``"the run's deadline of 1800 s (--deadline)"``)."""

    at: float
    what: str

    @classmethod
    def after(cls, seconds: float, what: str) -> "Deadline":
        return cls(time.monotonic() + seconds, what)

    def left(self) -> float:
        """Seconds left (negative once passed)."""
        return self.at - time.monotonic()

    def check(self, url: str) -> None:
        """Raise :class:`FetchError` naming ``url`` when the deadline has passed."""
        if self.left() <= 0:
            raise FetchError(f"{url}: stopped: {self.what} has passed")


def _coding(header: str | None, url: str) -> str | None:
    """The one content coding of a response (``None``: identity).

    Raises:
        FetchError: more than one coding, or one that was not offered.
    """
    codings = [c.strip().lower() for c in (header or "").split(",") if c.strip()]
    codings = [c for c in codings if c != "identity"]
    if len(codings) > 1:
        raise FetchError(
            f"{url}: the answer is encoded {len(codings)} times ({', '.join(codings)}); "
            f"stacked encodings are refused (a decompression bomb)"
        )
    if codings and codings[0] not in _DECODERS:
        raise FetchError(
            f"{url}: the answer is encoded as {codings[0]!r}, which mtgcr did not offer "
            f"(Accept-Encoding: {ACCEPT_ENCODING}); refused"
        )
    return codings[0] if codings else None


def _then_end(raw: Iterable[bytes], end: bool) -> Iterable[bytes | None]:
    """The chunks of ``raw``, then ``None`` (the end, when a decoder must be flushed)."""
    yield from raw
    if end:
        yield None


def read_body(
    raw: Iterable[bytes],
    url: str,
    content_encoding: str | None,
    cap: int,
    deadlines: Iterable[Deadline] = (),
    on_bytes: Callable[[int], None] | None = None,
) -> bytes:
    """Read and decode a body within the limits of the module docstring.

    Args:
        raw: the body as sent (``httpx.Response.iter_raw()``).
        url: the URL (named in messages).
        content_encoding: the response's ``Content-Encoding`` header.
        cap: the most decoded bytes accepted.
        deadlines: checked before each chunk is read further (the tightest applies).
        on_bytes: called with the decoded bytes read so far after each chunk (progress).

    Returns:
        The decoded body.

    Raises:
        FetchError: a refused coding, a body past ``cap`` (decoded or not), broken
            compressed data, a passed deadline.
    """
    coding = _coding(content_encoding, url)
    dec = zlib.decompressobj(_DECODERS[coding]) if coding else None
    limits = list(deadlines)
    out: list[bytes] = []
    size = 0

    def too_big() -> FetchError:
        return FetchError(
            f"{url}: the response is more than the cap of {cap:,} bytes"
            + (" once decompressed" if dec else "")
            + " (aborted; raise it with --max-bytes)"
        )

    def inflate(data: bytes | None) -> bytes:
        """Decoded bytes of ``data`` (``None``: the end of the stream), within the budget."""
        assert dec is not None
        try:
            if data is None:
                return dec.flush()
            piece = dec.decompress(data, cap + 1 - size)
        except zlib.error as exc:
            raise FetchError(f"{url}: broken {coding} data ({exc})") from None
        if dec.unconsumed_tail:  # more output than the budget: past the cap
            raise too_big()
        return piece

    for chunk in _then_end(raw, dec is not None):
        for d in limits:
            d.check(url)
        piece = chunk if dec is None else inflate(chunk)
        assert piece is not None
        size += len(piece)
        if size > cap:
            raise too_big()
        out.append(piece)
        if on_bytes is not None and chunk is not None:
            on_bytes(size)
    for d in limits:
        d.check(url)
    return b"".join(out)
