"""Migrating the citations of source trees to another release: the plan, the patch, the write.

:func:`plan_migration` reads every citation through a :class:`~mtgcr.crossref.cite.source_run.
SourceRun` (evidence, verdicts) and plans the edits of each file
(:func:`~mtgcr.crossref.cite.source_migrate.citation_edits`: only numbers whose reading is
certain are rewritten; everything else is :class:`Listed` for a human with the reason).
:meth:`Migration.patch` gives the changes as a patch ``git apply`` accepts;
:func:`write_migration` rewrites the files in place through the one safe writer
(:func:`mtgcr.corpus.safe_write.replace_file`), keeping the
:class:`~mtgcr.crossref.cite.migrate_journal.Journal` so an interrupted run resumes.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from mtgcr.corpus.safe_write import replace_file
from mtgcr.crossref.cite.evidence import AsOf
from mtgcr.crossref.cite.migrate_journal import Journal
from mtgcr.crossref.cite.source_migrate import (
    Edit,
    apply_edits,
    citation_edits,
    identifier_edits,
    unified_diff,
)
from mtgcr.crossref.cite.source_run import FileResult, SourceRun
from mtgcr.errors import InputError
from mtgcr.extract.citations.source import Region, Syntax

__all__ = ["Listed", "FileChange", "Migration", "plan_migration", "write_migration"]


@dataclass(frozen=True)
class Listed:
    """A citation left for a human.

    Attributes:
        where: ``file:line:column``.
        text: the citation as written.
        reasons: why it is not rewritten.
    """

    where: str
    text: str
    reasons: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.where}: {self.text!r}: {'; '.join(self.reasons)}"


@dataclass
class FileChange:
    """One file's planned rewrite.

    Attributes:
        path: the file.
        name: as reports name it.
        edits: the edits of its citations (offsets into its text as read).
        sha256: hex digest of its bytes as read (the write checks it is unchanged).
        new: its new text, once computed by :meth:`Migration.finish`.
        old: its text as read, once computed.
        listed: its citations left for a human.
    """

    path: Path
    name: str
    edits: list[Edit]
    sha256: str
    new: str | None = None
    old: str | None = None
    listed: list[Listed] = field(default_factory=list)


@dataclass
class Migration:
    """A planned migration.

    Attributes:
        target: the release name migrated to.
        found: citations read.
        changes: files with edits, in walk order.
        listed: citations left for a human.
        renames: identifiers holding a moved number → their new name.
        skipped: files the journal says are already migrated to the target.
        leftovers: temporary files of an earlier killed run, removed.
        problems: files that could not be read or changed (one line each).
        written: files rewritten in place (:func:`write_migration`).
    """

    target: str
    found: int = 0
    changes: list[FileChange] = field(default_factory=list)
    listed: list[Listed] = field(default_factory=list)
    renames: dict[str, str] = field(default_factory=dict)
    skipped: list[Path] = field(default_factory=list)
    leftovers: list[Path] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    written: int = 0

    def finish(self, rename_identifiers: bool, files: list[FileResult]) -> None:
        """Compute each changed file's new text (re-reading it; with ``rename_identifiers``
        every file of the run gets the identifier renames)."""
        by_path = {c.path: c for c in self.changes}
        if rename_identifiers and self.renames:
            for f in files:
                if f.path not in by_path and not f.problem:
                    by_path[f.path] = FileChange(f.path, f.name, [], f.sha256)
        out = []
        for change in by_path.values():
            try:
                raw = change.path.read_bytes()
            except OSError as exc:
                self.problems.append(f"{change.path}: cannot read: {exc.strerror or exc}")
                continue
            if hashlib.sha256(raw).hexdigest() != change.sha256:
                self.problems.append(
                    f"{change.path} changed while cite-migrate ran; not rewritten (run it again)"
                )
                continue
            text = raw.decode("utf-8", errors="surrogateescape")
            edits = list(change.edits)
            if rename_identifiers and self.renames:
                taken = [(e.start, e.end) for e in edits]
                edits += [
                    e
                    for e in identifier_edits(text, self.renames)
                    if not any(a < e.end and e.start < b for a, b in taken)
                ]
            new = apply_edits(text, edits) if edits else text
            if new != text:
                change.old, change.new = text, new
                out.append(change)
        self.changes = out

    def patch(self) -> str:
        """The changes as one patch (``diff --git`` per file, paths as :attr:`FileChange.name`
        names them: run ``git apply`` from the folder they are relative to)."""
        return "".join(
            unified_diff(c.name, c.old or "", c.new or "") for c in self.changes if c.new
        )


def plan_migration(
    run: SourceRun,
    stamped_only: bool = False,
    journal: Journal | None = None,
) -> Migration:
    """Read every citation of ``run`` and plan the edits (module docstring).

    Args:
        run: the run over the tree (its options give the target and ``--from``).
        stamped_only: rewrite only citations read against their own date stamp
            (``--from stamped``: the others are left alone, not listed).
        journal: the journal of earlier ``--write`` runs: files already migrated to the
            target are skipped, leftovers of a killed writer removed.

    Returns:
        The :class:`Migration` (call :meth:`Migration.finish` before :meth:`Migration.patch`
        or :func:`write_migration`).
    """
    target = run.target.name
    mig = Migration(target)
    stamp_to = run.target.effective_date
    for res in run:
        if res.problem:
            mig.problems.append(res.problem)
            continue
        if journal is not None:
            state = journal.state(res.path, res.sha256)
            mig.leftovers += journal.remove_leftovers(state)
            if state.migrated_to == target:
                mig.skipped.append(res.path)
                mig.found += len(res.citations)
                mig.listed += [Listed(w, t, r) for w, t, r in state.listed]
                continue
        edits: list[Edit] = []
        first_listed = len(mig.listed)
        for chk in res.citations:
            mig.found += 1
            c = chk.citation
            if stamped_only and chk.as_of is not AsOf.STAMP:
                continue
            plan = citation_edits(chk, rename=False, stamp_to=stamp_to)
            where = f"{chk.file}:{c.line}:{c.column}"
            if plan.problems:
                mig.listed.append(
                    Listed(where, c.text, tuple(plan.problems) + ((chk.note,) if chk.note else ()))
                )
            for old, new in plan.renames:
                mig.renames[old] = new
                mig.listed.append(
                    Listed(
                        where,
                        old,
                        (f"its rule is moved; rename it to {new} (--rename-identifiers)",),
                    )
                )
            if c.region is not Region.CODE and c.syntax is not Syntax.IDENTIFIER:
                edits += plan.edits
        if edits:
            change = FileChange(res.path, res.name, edits, res.sha256)
            change.listed = mig.listed[first_listed:]
            mig.changes.append(change)
    return mig


def write_migration(mig: Migration, journal: Journal, from_: str | None) -> int:
    """Rewrite the changed files of ``mig`` in place, each through
    :func:`~mtgcr.corpus.safe_write.replace_file`, recording each in ``journal`` before and
    after (module docstring of :mod:`~mtgcr.crossref.cite.migrate_journal`).

    Returns:
        The number of files rewritten.

    Raises:
        InputError: a file could not be written (the files before it are written and
            journaled; a re-run resumes).
    """
    journal.start(mig.target, from_)
    done = 0
    try:
        for c in mig.changes:
            if c.new is None:
                continue
            data = c.new.encode("utf-8", errors="surrogateescape")
            after = hashlib.sha256(data).hexdigest()
            listed = [[x.where, x.text, list(x.reasons)] for x in c.listed]
            journal.begin(c.path, c.sha256, after, mig.target, listed)
            try:
                replace_file(c.path, data)
            except OSError as exc:
                raise InputError(f"cannot write {c.path}: {exc.strerror or exc}") from None
            journal.done(c.path, after, mig.target, listed)
            done += 1
    finally:
        journal.end(done)
    return done
