"""Where default data files are found: beside the package or the store, never in the folder a
command happens to run in.

Two commands read data files of the shared corpus when none is named: ``site`` the set list
(``versions_*.json``, to name each release's set) and ``fetch archive`` the archive metadata
(``archive_metadata.json``). Both used to look in ``../shared/…`` of the *current folder*, so
the same command read another file, or none, depending on where it ran. :func:`default_data_file`
looks, in order, in:

1. ``$MTGCR_SHARED/corpus/derived/`` (the shared folder named, as the tests name it);
2. ``shared/corpus/derived/`` beside the checkout the package runs from (the project's layout:
   ``../shared`` of the repository root);
3. the store's folder (a file put beside the store).
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["default_data_file", "data_folders"]

#: The repository root (the package ``mtgcr`` is the repository root).
_PACKAGE_ROOT = Path(__file__).resolve().parent.parent


def data_folders(store_path: str | Path | None = None) -> list[Path]:
    """The folders :func:`default_data_file` looks in, in order (module docstring)."""
    out = []
    env = os.environ.get("MTGCR_SHARED", "").strip()
    if env:
        out.append(Path(env) / "corpus" / "derived")
    out.append(_PACKAGE_ROOT.parent / "shared" / "corpus" / "derived")
    if store_path is not None:
        out.append(Path(store_path).resolve().parent)
    return out


def default_data_file(pattern: str, store_path: str | Path | None = None) -> Path | None:
    """The first file matching ``pattern`` (a name, or a glob such as ``versions_*.json``; the
    last in name order when several match) in :func:`data_folders`, or ``None``."""
    for folder in data_folders(store_path):
        hits = sorted(p for p in folder.glob(pattern) if p.is_file()) if folder.is_dir() else []
        if hits:
            return hits[-1]
    return None
