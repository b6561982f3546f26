"""Helpers the tests share: where the real corpus is (``../shared``, or ``$MTGCR_SHARED``) and
skipping with a reason when it is absent, documents and stores from texts written in a test.

Imported by the test modules as ``from helpers import …`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("MTGCR_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "corpus"
OFFICIAL = CORPUS / "en" / "official"


def need(path: Path) -> Path:
    """Return ``path`` or skip the test, naming what is missing."""
    if not path.exists():
        pytest.skip(f"real corpus not present: {path} (CI has ../shared beside the checkout)")
    return path


def make_doc(
    text: str,
    name: str = "MagicCompRules 20300110.txt",
    encoding: str = "utf-8",
    newline: str = "\n",
):
    """A :class:`mtgcr.corpus.document.Document` from text written in a test."""
    from mtgcr.corpus.document import document_from_bytes

    return document_from_bytes(text.replace("\n", newline).encode(encoding), name)


def ingested_store(folder: Path, files: dict[str, str]) -> Path:
    """The store ``folder/s.sqlite`` holding ``files`` (file name → text written for the test,
    saved as UTF-8 in ``folder``), ingested in the order given; the test fails unless every
    file is ingested."""
    from mtgcr.corpus.store import Store
    from mtgcr.extract.ingest import ingest_paths

    paths = []
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
        paths.append(folder / name)
    path = folder / "s.sqlite"
    with Store(path) as s:
        results = ingest_paths(s, paths)
        assert [r.status for r in results] == ["ingested"] * len(paths), [r.error for r in results]
    return path


def write_tree(root: Path, files: dict[str, str]) -> Path:
    """Write ``{relative name: text}`` under ``root`` (folders made); return ``root``."""
    for name, text in files.items():
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return root
