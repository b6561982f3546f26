"""The size limit of a document read (its own module: the library's defaults name it without
importing the document reader and its encoding detection)."""

from __future__ import annotations

__all__ = ["DEFAULT_MAX_BYTES"]

#: The largest document read by default, in bytes (64 MiB). The largest real inputs are about
#: 2 MB (official EN 2022-11-18: 1.7 MB); a bigger file is more likely a wrong path or a dump
#: than a page, and parsing costs memory in proportion to it. ``mtgcr ingest --max-size`` and
#: ``max_bytes`` raise it.
DEFAULT_MAX_BYTES = 64 * 1024 * 1024
