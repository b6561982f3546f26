"""CSV rendering of a change report: one row per rule group, section change and glossary
change (column ``type`` tells which), for spreadsheets. RFC 4180 quoting, ``\\n`` line ends."""

from __future__ import annotations

import csv
import io
from typing import Any

__all__ = ["render", "COLUMNS"]

#: The header row.
COLUMNS = [
    "type",
    "kind",
    "old",
    "new",
    "similarity",
    "old_section",
    "new_section",
    "old_title",
    "new_title",
    "notes",
    "old_text",
    "new_text",
]


def render(view: dict[str, Any]) -> str:
    """The report as CSV text. ``old``/``new`` hold numbers joined by spaces (``"101.1 101.2"``
    for a split); glossary rows hold the headwords there. When a release is cut off in its
    glossary, one row ``glossary,not compared`` says so in ``notes`` instead.

    The first rows (``type`` ``summary``) are the summary counts, one per rule change kind
    (``typography`` apart from ``modified``): ``old``/``new`` hold how many old / new rules
    the kind covers, ``notes`` the number of groups (``"groups: 681"``)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    s = view["summary"]
    for kind, groups in s["rules"].items():
        n_old, n_new = s["rule_counts"][kind]
        w.writerow(["summary", kind, n_old, n_new, "", "", "", "", "", f"groups: {groups}", "", ""])
    for c in view["changes"]:
        w.writerow(
            [
                "rule",
                c["kind"],
                " ".join(c["old"]),
                " ".join(c["new"]),
                f"{c['similarity']:.4f}",
                " ".join(s["number"] for s in c["old_section"]),
                " ".join(s["number"] for s in c["new_section"]),
                "; ".join(s["title"] or "" for s in c["old_section"]),
                "; ".join(s["title"] or "" for s in c["new_section"]),
                "; ".join(c["notes"]),
                c["old_text"] or "",
                c["new_text"] or "",
            ]
        )
    for s in view["sections"]:
        w.writerow(
            [
                "section",
                s["kind"],
                s["old"] or "",
                s["new"] or "",
                "",
                s["old"] or "",
                s["new"] or "",
                s["old_title"] or "",
                s["new_title"] or "",
                "retitled" if s["retitled"] and s["kind"] != "retitled" else "",
                "",
                "",
            ]
        )
    skipped = view["summary"].get("glossary_not_compared")
    if skipped:
        w.writerow(["glossary", "not compared", "", "", "", "", "", "", "", skipped, "", ""])
    for g in view["glossary"]:
        w.writerow(
            [
                "glossary",
                g["kind"],
                g["old_term"] or "",
                g["new_term"] or "",
                f"{g['similarity']:.4f}",
                "",
                "",
                "",
                "",
                "; ".join(g["notes"]),
                g["old_text"] or "",
                g["new_text"] or "",
            ]
        )
    return buf.getvalue()
