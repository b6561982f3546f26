"""Card records the engine adapters load: ``basic.json``, in the MTGJSON AtomicCards shape
(``{"meta": …, "data": {name: [face record]}}``), written for mtgcr's fixtures (basic lands,
vanilla creatures, a burn spell, a haste creature, a legendary creature). Nothing is
downloaded."""

from __future__ import annotations

from pathlib import Path

__all__ = ["path"]


def path() -> Path:
    """The bundled card file (``basic.json``)."""
    return Path(__file__).with_name("basic.json")
