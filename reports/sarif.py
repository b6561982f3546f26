"""Checked source citations as a SARIF 2.1.0 log, for code scanning in pull requests.

Format knowledge: OASIS SARIF 2.1.0 (schema ``sarif-schema-2.1.0.json``, errata 01) and the
subset GitHub code scanning reads (``tool.driver.rules`` with ``id``, ``shortDescription``,
``defaultConfiguration.level``; results with ``ruleId``, ``level``, ``message.text`` and one
``physicalLocation`` whose ``artifactLocation.uri`` is relative to the repository root;
``partialFingerprints`` to follow a result across commits).

One result per citation that is not ``current``: level ``error`` for the stale verdicts
(moved, gone, mismatch, absent, malformed), ``warning`` for ``changed`` (same rule, new
wording), ``note`` for ``placeholder``. A certain rewrite is given as a SARIF ``fix`` (one
replacement of the citation's text). Columns count Unicode code points
(``run.columnKind``), as the checker's do.
"""

from __future__ import annotations

import hashlib
from typing import Iterable
from urllib.parse import quote

from mtgcr.crossref.cite.source_check import CheckedCitation
from mtgcr.crossref.cite.verdicts import Verdict

__all__ = ["sarif_log", "RULES", "SCHEMA_URI"]

#: The ``$schema`` written in the log.
SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"

#: One SARIF rule per verdict that is reported: ``(verdict, level, short description, help)``.
RULES: tuple[tuple[Verdict, str, str, str], ...] = (
    (
        Verdict.MOVED,
        "error",
        "The cited rule has another number in the target release",
        "Rewrite the number (mtgcr cite-migrate does it when every piece of evidence agrees).",
    ),
    (
        Verdict.MISMATCH,
        "error",
        "The title or rule text beside the number is another rule's",
        "Cite the rule the text belongs to (the suggestion), or fix the text.",
    ),
    (
        Verdict.GONE,
        "error",
        "The cited rule was removed from the Comprehensive Rules",
        "Find what replaced it (the note names the closest rule) or drop the citation.",
    ),
    (
        Verdict.ABSENT,
        "error",
        "The cited number is in no stored release up to the target",
        "A mistyped number, or a rule newer than the target release.",
    ),
    (
        Verdict.MALFORMED,
        "error",
        "The citation is not a rule number",
        "Subrule letters skip l and o; a rule number has three digits, a dot, digits.",
    ),
    (
        Verdict.CHANGED,
        "warning",
        "The cited rule's wording changed since the release it was written against",
        "Check the code still does what the rule now says (the word diff shows the change).",
    ),
    (
        Verdict.PLACEHOLDER,
        "note",
        "A placeholder citation (no rule number yet)",
        "Replace it with the rule's number.",
    ),
)
_LEVEL = {v: level for v, level, _, _ in RULES}
_INDEX = {v: i for i, (v, _, _, _) in enumerate(RULES)}


def _rule_id(v: Verdict) -> str:
    return f"cr-citation/{v.value}"


def _uri(name: str) -> str:
    if name.startswith("/"):
        return "file://" + quote(name)
    return quote(name)


def _message(c: CheckedCitation) -> str:
    parts = [f"{c.citation.text.replace(chr(10), ' ')}: {c.verdict.value}"]
    if c.suggestion:
        parts.append(f"suggestion: {c.suggestion}" + ("" if c.certain else " (not certain)"))
    notes = [k.note for k in c.checks if k.verdict is not Verdict.CURRENT and k.note] or [c.note]
    parts += [n for n in notes if n]
    if c.reason:
        parts.append(f"left to a human: {c.reason}")
    return ". ".join(parts)


def _result(c: CheckedCitation) -> dict:
    cit = c.citation
    lines = cit.text.split("\n")
    end_line = cit.line + len(lines) - 1
    end_col = (cit.column if len(lines) == 1 else 1) + len(lines[-1])
    region = {
        "startLine": cit.line,
        "startColumn": cit.column,
        "endLine": end_line,
        "endColumn": end_col,
        "snippet": {"text": cit.text},
    }
    fp = hashlib.sha256(f"{c.file}\0{cit.text}\0{c.verdict.value}".encode()).hexdigest()[:32]
    out: dict = {
        "ruleId": _rule_id(c.verdict),
        "ruleIndex": _INDEX[c.verdict],
        "level": _LEVEL[c.verdict],
        "message": {"text": _message(c)},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": _uri(c.file)},
                    "region": region,
                }
            }
        ],
        "partialFingerprints": {"crCitation/v1": fp},
        "properties": {
            "numbers": [str(n) for n in cit.numbers],
            "release": c.release.name if c.release else None,
            "asOf": c.as_of.value,
            "target": c.target.name,
            "certain": c.certain,
        },
    }
    if c.suggestion and c.certain:
        out["fixes"] = [
            {
                "description": {"text": f"cite {c.suggestion}"},
                "artifactChanges": [
                    {
                        "artifactLocation": {"uri": _uri(c.file)},
                        "replacements": [
                            {
                                "deletedRegion": {
                                    k: region[k]
                                    for k in ("startLine", "startColumn", "endLine", "endColumn")
                                },
                                "insertedContent": {"text": c.suggestion},
                            }
                        ],
                    }
                ],
            }
        ]
    return out


def sarif_log(
    citations: Iterable[CheckedCitation],
    version: str,
    target: str,
    ok: bool = True,
    notes: Iterable[str] = (),
) -> dict:
    """The SARIF log of checked citations (module docstring).

    Args:
        citations: the checked citations (``current`` ones are left out).
        version: mtgcr's version (``tool.driver.version``).
        target: the target release's name (in the run's properties).
        ok: the run itself succeeded (``invocations[0].executionSuccessful``).
        notes: one-line notes about the run (unreadable files, failed controls), as
            tool notifications.

    Returns:
        The log as a JSON-ready dict.
    """
    results = [_result(c) for c in citations if c.verdict in _LEVEL]
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "mtgcr cite-check",
                        "version": version,
                        "informationUri": "https://magic.wizards.com/en/rules",
                        "rules": [
                            {
                                "id": _rule_id(v),
                                "name": f"CrCitation{v.value.title()}",
                                "shortDescription": {"text": short},
                                "help": {"text": help_},
                                "defaultConfiguration": {"level": level},
                            }
                            for v, level, short, help_ in RULES
                        ],
                    }
                },
                "invocations": [
                    {
                        "executionSuccessful": ok,
                        "toolExecutionNotifications": [
                            {"message": {"text": n}, "level": "warning"} for n in notes
                        ],
                    }
                ],
                "columnKind": "unicodeCodePoints",
                "properties": {"target": target},
                "results": results,
            }
        ],
    }
