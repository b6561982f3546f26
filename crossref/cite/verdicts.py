"""What a cited rule number is in the target release: the verdicts of the source-tree citation
checker (:mod:`mtgcr.crossref.cite.source_check`), shared with the migrator
(:mod:`mtgcr.crossref.cite.source_migrate`)."""

from __future__ import annotations

import enum

__all__ = ["Verdict", "SEVERITY", "STALE"]


class Verdict(enum.Enum):
    """What a cited number is in the target release (see the module docstring)."""

    CURRENT = "current"
    MOVED = "moved"
    CHANGED = "changed"
    GONE = "gone"
    ABSENT = "absent"
    MISMATCH = "mismatch"
    PLACEHOLDER = "placeholder"
    MALFORMED = "malformed"


#: Verdicts from least to most serious (a citation gets its most serious number's).
SEVERITY = (
    Verdict.CURRENT,
    Verdict.PLACEHOLDER,
    Verdict.CHANGED,
    Verdict.MOVED,
    Verdict.GONE,
    Verdict.MISMATCH,
    Verdict.MALFORMED,
    Verdict.ABSENT,
)

#: Verdicts that say a citation names the wrong rule now (a number to fix): what ``cite-check``
#: flags. ``changed`` (same rule, new wording) and ``placeholder`` are reported, not flagged.
STALE = frozenset(
    {Verdict.MOVED, Verdict.GONE, Verdict.MISMATCH, Verdict.ABSENT, Verdict.MALFORMED}
)
