"""Migrating the CR citations of a source tree from one release to another.

Only the number tokens of ``moved`` citations are rewritten, each in its own form
(``704.5r`` → ``704.5q``, the ``f`` of ``301.5a/f``, the ``70219b`` of a Yawgatog anchor), and
all edits of a file are applied in one pass over its original text (:func:`apply_edits`), so
no replacement can be rewritten again (``100.2`` → ``100.3`` beside ``100.3`` → ``100.4``
gives ``100.3`` and ``100.4``). A citation with any number ``changed``, ``gone``,
``mismatch``, ``absent``, ``malformed`` or a placeholder is listed for a human and left
alone; so is a moved number that cannot be written in place (split into two, letters that
now belong to another rule, a range whose middle moved apart). An XMage date stamp is set
to the target's effective date when its citation is rewritten. Identifiers
(``stateBasedAction704_5r``) are reported; :func:`identifier_edits` renames every use of
one in the tree when asked.

:func:`unified_diff` writes the changes as a patch ``git apply`` accepts.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from datetime import date

from mtgcr.extract.rulenum import RuleNumber
from mtgcr.extract.citations.source import StampScope, TokenForm, expand_range

from mtgcr.crossref.cite.verdicts import Verdict

__all__ = [
    "Edit",
    "CitationPlan",
    "apply_edits",
    "citation_edits",
    "identifier_edits",
    "unified_diff",
]


@dataclass(frozen=True)
class Edit:
    """Replace ``text[start:end]`` (character offsets of the original) by ``new``."""

    start: int
    end: int
    new: str

    def shifted(self, by: int) -> "Edit":
        """The same edit with offsets moved by ``by`` (for a slice of the text)."""
        return Edit(self.start + by, self.end + by, self.new)


@dataclass
class CitationPlan:
    """What migrating one citation takes.

    Attributes:
        edits: the edits (empty when nothing is to be rewritten).
        problems: why it is listed for a human instead (empty when it is not).
        renames: ``(identifier, new identifier)`` for an identifier citation.
    """

    edits: list[Edit] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    renames: list[tuple[str, str]] = field(default_factory=list)


def apply_edits(text: str, edits: list[Edit]) -> str:
    """``text`` with every edit applied at once (offsets all refer to ``text``).

    Raises:
        ValueError: two edits overlap (the message names both spans).
    """
    out, pos = [], 0
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        if e.start < pos:
            raise ValueError(f"overlapping edits at {e.start}–{e.end} and before {pos}")
        out += [text[pos : e.start], e.new]
        pos = e.end
    out.append(text[pos:])
    return "".join(out)


def citation_edits(
    checked, rename: bool = False, stamp_to: date | None = None, force: bool = False
) -> CitationPlan:
    """The edits that migrate one checked citation (a
    :class:`mtgcr.crossref.cite.source_check.CheckedCitation`).

    A number is rewritten to its one number in the target when it is ``moved``, or
    ``mismatch`` with one suggestion (the rule the words beside it belong to), and its reading
    is certain (:attr:`~mtgcr.crossref.cite.source_check.NumberCheck.certain`: the alignment
    and every piece of evidence on the line agree). Anything else is listed for a human.

    Args:
        checked: the citation with its checks.
        rename: write identifier tokens too (else identifiers are only reported in
            ``renames``).
        stamp_to: the date a date stamp of the citation's own is set to when the citation is
            rewritten (the target's effective date: the release every number was checked
            against).
        force: plan the rewrite even when a reading is not certain (for the suggestion that
            ``cite-check`` shows; ``cite-migrate`` never forces).

    Returns:
        A :class:`CitationPlan`; ``edits`` is empty when the citation is current or is
        listed (``problems``).
    """
    cit, plan = checked.citation, CitationPlan()
    rewrite = (Verdict.MOVED, Verdict.MISMATCH)
    if checked.verdict not in rewrite:
        if checked.verdict not in (Verdict.CURRENT, Verdict.CHANGED):
            plan.problems.append(checked.verdict.value)
        return plan
    by_number = {c.number: c for c in checked.checks}
    keep = (Verdict.CURRENT, Verdict.CHANGED, *rewrite)
    bad = [c for c in checked.checks if c.verdict not in keep]
    if bad:
        plan.problems += [f"{c.number} {c.verdict.value}" for c in bad]
        return plan
    if not force:
        unsure = [c for c in checked.checks if c.verdict in rewrite and not c.certain]
        if unsure:
            plan.problems += [f"{c.number}: {c.reason or 'not certain'}" for c in unsure]
            return plan
    if cit.stamp is not None and cit.stamp.scope is StampScope.BLOCK and not force:
        plan.problems.append(
            f"under the heading CR {cit.stamp.written}: rewrite that comment and its heading "
            f"by hand"
        )
        return plan

    def new_of(n: RuleNumber | None) -> RuleNumber | None:
        c = by_number.get(n)
        if c is None:
            return None
        if c.verdict in (Verdict.CURRENT, Verdict.CHANGED):
            return c.number
        if len(c.now) != 1:
            plan.problems.append(
                f"{n} is {' or '.join(map(str, c.now)) or 'nothing'} now: rewrite it by hand"
            )
            return None
        return c.now[0]

    new_full: RuleNumber | None = None
    for tok in cit.tokens:
        new = new_of(tok.number)
        if new is None:
            continue
        if tok.form is TokenForm.LETTERS:
            if (
                new_full is None
                or (new.section, new.rule) != (new_full.section, new_full.rule)
                or new.letters is None
            ):
                plan.problems.append(
                    f"{tok.number} is {new} now, which the letters "
                    f"{tok.written!r} cannot say: rewrite it by hand"
                )
                continue
        else:
            new_full = new
        if new == tok.number:
            continue
        written = tok.render(new)
        if written is None:
            plan.problems.append(f"{tok.number} is {new} now, which {tok.written!r} cannot say")
            continue
        if tok.form is TokenForm.IDENTIFIER:
            ident = cit.identifier or ""
            rel = tok.start - cit.start
            plan.renames.append((ident, ident[:rel] + written + ident[rel + len(tok.written) :]))
            if not rename:
                continue
        plan.edits.append(Edit(tok.start, tok.end, written))
    for i, j in cit.ranges:
        a, b = cit.tokens[i].number, cit.tokens[j].number
        if a is None or b is None:
            continue
        old = expand_range(a, b)
        na, nb = new_of(a), new_of(b)
        if old is None or na is None or nb is None:
            continue
        mapped = [new_of(n) for n in old]
        if expand_range(na, nb) != mapped:
            plan.problems.append(
                f"the range {a}..{b} does not stay one range "
                f"({', '.join(map(str, mapped))}): rewrite it by hand"
            )
    if plan.problems:
        plan.edits = []
        return plan
    if plan.edits and cit.stamp is not None and stamp_to is not None:
        if cit.stamp.scope is StampScope.LINE and len(cit.stamp.written) in (8, 9):
            plan.edits.append(Edit(cit.stamp.start, cit.stamp.end, stamp_to.strftime("%Y%m%d")))
    return plan


def identifier_edits(text: str, renames: dict[str, str]) -> list[Edit]:
    """Edits renaming every whole-word use of each identifier of ``renames`` in ``text``
    (code and comments alike: a javadoc ``{@link #stateBasedAction704_5r}`` follows)."""
    if not renames:
        return []
    pat = re.compile(
        r"(?<![A-Za-z0-9_$])("
        + "|".join(map(re.escape, sorted(renames, key=len, reverse=True)))
        + r")(?![A-Za-z0-9_$])"
    )
    return [Edit(m.start(), m.end(), renames[m.group()]) for m in pat.finditer(text)]


def unified_diff(path: str, old: str, new: str) -> str:
    """A git-style patch of one file (``diff --git a/PATH b/PATH``, three lines of context,
    ``\\ No newline at end of file`` where needed) that ``git apply`` accepts when run from
    the folder ``path`` is relative to. ``""`` when nothing changed."""
    if old == new:
        return ""
    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    out = [f"diff --git a/{path} b/{path}\n"]
    for line in difflib.unified_diff(a, b, f"a/{path}", f"b/{path}", n=3):
        if line.startswith(("---", "+++")):
            out.append(line.rstrip("\n") + "\n")
            continue
        out.append(line)
        if not line.endswith("\n"):
            out.append("\n\\ No newline at end of file\n")
    return "".join(out)
