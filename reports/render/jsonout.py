"""JSON rendering of a change report: the report dict itself (UTF-8, 2-space indent)."""

from __future__ import annotations

import json
from typing import Any

__all__ = ["render"]


def render(view: dict[str, Any]) -> str:
    """The report dict as JSON text (see :mod:`mtgcr.reports.diffview` for the shape)."""
    return json.dumps(view, ensure_ascii=False, indent=2) + "\n"
