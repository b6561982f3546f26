"""mtgcr: a multilingual corpus processor for the Magic: The Gathering Comprehensive Rules.

The repository's top-level folders are this package's sub-packages (mapped at build time by
``package-dir`` in ``pyproject.toml``): :mod:`mtgcr.corpus` (bytes → documents, the store),
:mod:`mtgcr.extract` (documents → rulesets), :mod:`mtgcr.crossref` (alignment of releases and
languages) and :mod:`mtgcr.reports` (reports and the ``mtgcr`` command line). Imports go one
way: corpus ← extract ← crossref ← reports.
"""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version as _version

try:
    __version__ = _version("mtgcr")
except PackageNotFoundError:  # pragma: no cover - a checkout that is not installed
    __version__ = "unknown"

__all__ = ["__version__"]
