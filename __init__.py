"""mtgcr: a multilingual corpus processor for the Magic: The Gathering Comprehensive Rules.

The repository's top-level folders are this package's sub-packages (mapped at build time by
``package-dir`` in ``pyproject.toml``): :mod:`mtgcr.corpus` (bytes → documents, the store),
:mod:`mtgcr.extract` (documents → rulesets), :mod:`mtgcr.crossref` (alignment of releases and
languages) and :mod:`mtgcr.reports` (reports and the ``mtgcr`` command line). Imports go one
way: corpus ← extract ← crossref ← reports.

The library API is :func:`mtgcr.open` (:mod:`mtgcr.api`): a store and every
operation of the command line, returning objects and pandas DataFrames. It is imported on
first use, so ``import mtgcr`` stays cheap.
"""

from __future__ import annotations

__all__ = ["__version__", "open", "Corpus"]


def __getattr__(name: str):
    """``mtgcr.open`` and ``mtgcr.Corpus``, imported from :mod:`mtgcr.api` on first
    use; ``__version__`` read from the installed metadata on first use (``"unknown"`` for a
    checkout that is not installed): reading it costs more than the rest of ``import mtgcr``."""
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            value = version("mtgcr")
        except PackageNotFoundError:  # pragma: no cover - a checkout that is not installed
            value = "unknown"
        globals()["__version__"] = value
        return value
    if name in ("open", "Corpus"):
        from mtgcr import api

        return getattr(api, name)
    raise AttributeError(f"module 'mtgcr' has no attribute {name!r}")
