"""A release as a user names it: ``2023-11-17``, ``2023/11/17``, ``20231117``, ``20231117.0``,
``latest``.

The one parser of what follows ``--release``, ``diff OLD NEW``, ``remove`` and the decisions
file's ``old_release``/``new_release``: :meth:`ReleaseSpec.parse` reads it once, and
:meth:`ReleaseSpec.names` says whether a stored release (or copy) is the one named. A date may be
written with ``-``, ``/``, ``.`` or nothing between its parts (an eight-digit label is read as
the date it spells); a label may carry a translation's revision after a dot (JA
``20231117.0``, the form of the JA CR's own header and of the MTG Wiki's quote labels).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
import datetime as dt

__all__ = ["ReleaseSpec", "parse_date_spec"]

_DATE_SPEC = re.compile(r"(\d{4})([-/.]?)(\d{2})\2(\d{2})")


def parse_date_spec(spec: str) -> dt.date | None:
    """A date typed by a user: ``2023-11-17``, ``2023/11/17``, ``2023.11.17`` or ``20231117``;
    ``None`` for anything else (a label with a revision like ``20231117.0``, ``latest``, an
    impossible date like ``2023-02-30``)."""
    m = _DATE_SPEC.fullmatch(spec.strip())
    if not m:
        return None
    try:
        return dt.date(int(m.group(1)), int(m.group(3)), int(m.group(4)))
    except ValueError:
        return None


@dataclass(frozen=True)
class ReleaseSpec:
    """What a user typed to name a release, read once.

    Attributes:
        text: the spec as typed, stripped (``""`` for the newest release).
        date: the date it spells, if it is one (``2023-11-17`` and ``20231117`` alike).
        label: the eight-digit label it names (from the date, or the part before a revision:
            ``20231117.0`` → ``"20231117"``); ``None`` for ``latest``.
        revision: a translation's revision (``20231117.0`` → ``"0"``), else ``None``.
    """

    text: str
    date: dt.date | None = None
    label: str | None = None
    revision: str | None = None

    @classmethod
    def parse(cls, spec: str | None) -> ReleaseSpec:
        """Read ``spec`` (``None``, ``""`` and ``"latest"`` name the newest release).

        >>> ReleaseSpec.parse("2023/11/17").label, ReleaseSpec.parse("20231117.0").revision
        ('20231117', '0')
        """
        s = (spec or "").strip()
        if s in ("", "latest"):
            return cls("")
        when = parse_date_spec(s)
        if when is not None:
            return cls(s, when, when.strftime("%Y%m%d"))
        base, dot, rev = s.partition(".")
        return cls(s, None, base.replace("-", ""), rev if dot else None)

    @property
    def latest(self) -> bool:
        """Whether the spec names the newest release (nothing given, or ``latest``)."""
        return not self.text

    @property
    def iso(self) -> str:
        """The date as ``YYYY-MM-DD`` when the spec is a date, else the text as typed."""
        return self.date.isoformat() if self.date else self.text

    def names(self, effective_date: dt.date | str | None, label: str) -> bool:
        """Whether a release with this effective date (a date or ``YYYY-MM-DD``) and label is
        the one named: its effective date is the date asked for, or its label or the digits
        of its effective date are the label asked for. The revision is not compared
        (:meth:`revision_fits`)."""
        if self.latest:
            return False
        eff = effective_date.isoformat() if isinstance(effective_date, dt.date) else effective_date
        return eff == self.iso or label == self.label or (eff or "").replace("-", "") == self.label

    def revision_fits(self, revision: str | None) -> bool:
        """Whether a copy of ``revision`` fits: always when the spec names no revision."""
        return self.revision is None or revision == self.revision
