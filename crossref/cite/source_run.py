"""Checking every CR citation of source trees: files walked, read, dated, checked — and kept.

One :class:`SourceRun` is one ``cite-check`` (or the reading half of ``cite-migrate``) over
files and folders:

1. the files are walked (:func:`mtgcr.extract.citations.tree.walk_sources`; with
   ``changed_since``, only files with lines changed against that commit, and of those only
   the citations on changed lines are reported);
2. each file's bytes are hashed; a file whose bytes, settings and store were seen before is
   answered from the result cache (:class:`mtgcr.corpus.keyed_cache.KeyedCache`) without
   being read again;
3. otherwise its citations are read (:mod:`mtgcr.extract.citations.source`), their lines
   dated from git history where the tree is a git repository
   (:mod:`mtgcr.extract.citations.gitlines`), and checked
   (:class:`mtgcr.crossref.cite.source_check.CitationChecker`); a reference inside rule text
   pasted beside an earlier citation is read against that quote's release.

Results come one file at a time (:meth:`SourceRun.__iter__`), so a caller can stream them;
the rule index and the lineage are only built when a file is not in the cache.
"""

from __future__ import annotations

import functools
import hashlib
from concurrent.futures import Future
import json
import os
import re
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Callable, Iterable, Iterator

from mtgcr.corpus.keyed_cache import KeyedCache
from mtgcr.corpus.workers import WORKERS, worker_start
from mtgcr.corpus.store import Store, StoreError
from mtgcr.crossref.chain import Chain
from mtgcr.crossref.cite.evidence import AsOf, EvidenceKind
from mtgcr.crossref.cite.rule_index import RuleIndex
from mtgcr.crossref.cite.source_check import (
    CheckedCitation,
    CitationChecker,
    Context,
    Control,
    pin_release,
    run_controls,
)
from mtgcr.crossref.cite.verdicts import Verdict
from mtgcr.errors import BadArgument
from mtgcr.extract.citations.gitlines import GitError, GitHistory, changed_lines, repository_top
from mtgcr.extract.citations.source import SourceCitation, find_source_citations
from mtgcr.extract.citations.tree import SourceFile, TreeScan, walk_sources
from mtgcr.extract.model import Release
from mtgcr.extract.rulenum import RuleNumber

__all__ = [
    "SourceOptions",
    "FileResult",
    "SourceRun",
    "SourceCheck",
    "CHECK_VERSION",
    "display_path",
]

#: Changes whenever what a check gives for the same input changes (cached results are keyed
#: by it, and by the code of the citation modules: :func:`code_digest`).
CHECK_VERSION = "cite-source-3"


@functools.lru_cache(maxsize=1)
def code_digest() -> str:
    """sha256 of the source of the modules a check's answer depends on (the citation reader
    and checker, the lineage walk): a cached result never outlives the code that made it."""
    import mtgcr.crossref.cite as cite
    import mtgcr.crossref.lineage as lineage
    import mtgcr.extract.citations as citations

    h = hashlib.sha256()
    files = [Path(str(lineage.__file__))]
    for pkg in (cite, citations):
        files += sorted(Path(str(pkg.__file__)).parent.glob("*.py"))
    for f in files:
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


@dataclass(frozen=True)
class SourceOptions:
    """How to check a source tree.

    Attributes:
        release: the target release (a release spec); default the newest stored.
        pin: a CR copy kept beside the engine: its release is the target.
        default: the release citations without evidence were written against (``--from``);
            default the target (``assumed``).
        stamps: honour date stamps.
        git: date lines from git history where the tree is a git repository.
        changed_since: report only citations on lines changed against this commit.
        cache: the result cache file, or ``None`` for none.
        max_bytes: a file larger than this is not read (reported); ``None``: no limit.
    """

    release: str | None = None
    pin: str | None = None
    default: str | None = None
    stamps: bool = True
    git: bool = True
    changed_since: str | None = None
    cache: Path | None = None
    max_bytes: int | None = None


@dataclass
class FileResult:
    """One file's checked citations.

    Attributes:
        path: the file as found.
        name: the file as reports name it.
        citations: its citations (only those on changed lines with ``changed_since``).
        ignored: numbers read by a weak syntax that no stored release has (not citations).
        cached: answered from the result cache.
        sha256: hex digest of the bytes read.
        problem: why it was not read (too large, unreadable), else ``""``.
    """

    path: Path
    name: str
    citations: list[CheckedCitation] = field(default_factory=list)
    ignored: int = 0
    cached: bool = False
    sha256: str = ""
    problem: str = ""


def display_path(path: Path, cwd: str | None = None) -> str:
    """The path as a patch or a report names it: relative to the current folder (``cwd``)
    when it is below it (POSIX slashes), else as found."""
    cwd = cwd or os.getcwd()
    full = os.path.abspath(path)
    if full == cwd or full.startswith(cwd.rstrip(os.sep) + os.sep):
        return Path(os.path.relpath(full, cwd)).as_posix()
    return path.as_posix()


class SourceRun:
    """One check of the citations under ``paths`` (module docstring).

    Args:
        store: an open store with the EN releases.
        paths: source files and folders.
        options: see :class:`SourceOptions`.
        decisions: human alignment decisions.
        on_align: progress callback for alignments computed (``(k, n)``).
        defaults: ``(path, sha256 hex) -> release spec | None``: a file's own default release
            (the one an earlier ``cite-migrate --write`` left it at), read as ``journal``.
        name: ``path -> str``, how reports name a file (default: relative to the current
            folder when below it).

    Raises:
        BadArgument: a path does not exist; a release spec names no stored release; the
            pinned copy cannot be read or matches no release; ``changed_since`` is not a
            commit or the paths are not in a git repository.
        StoreError: no complete EN release in the store.
    """

    def __init__(
        self,
        store: Store,
        paths: Iterable[str | Path],
        options: SourceOptions = SourceOptions(),
        decisions: Iterable = (),
        on_align: Callable[[int, int], None] | None = None,
        defaults: Callable[[Path, str], str | None] | None = None,
        name: Callable[[Path], str] = display_path,
    ) -> None:
        self.store = store
        self.paths = [Path(p) for p in paths]
        self.options = options
        self.scan = TreeScan()
        self.name = name
        self.defaults = defaults
        try:
            self.files: list[SourceFile] = list(walk_sources(self.paths, self.scan))
        except FileNotFoundError as exc:
            raise BadArgument(str(exc)) from None
        self.chain = Chain(store, "en", list(decisions), on_align=on_align)
        self.k_target, self.target_from = self._target()
        try:
            self.k_default = self.chain.index(options.default) if options.default else None
        except StoreError as exc:
            raise BadArgument(f"--from {options.default}: {exc}") from None
        self.target: Release = self.chain.releases[self.k_target]
        self._by_name = {r.name: r for r in self.chain.releases}
        self._checker: CitationChecker | None = None
        self.changed = self._changed() if options.changed_since else None
        if self.changed is not None:
            self.files = [f for f in self.files if f.path.resolve() in self.changed]
        self._git: dict[Path, GitHistory | None] = {}
        self.cache = KeyedCache(options.cache)
        self.chain_digest = self._chain_digest()
        self.digest = self._digest()
        self._tops: dict[Path, Path | None] = {}
        self.results: list[FileResult] = []
        self.git_problem = ""

    # -- set-up ----------------------------------------------------------------------------
    def _target(self) -> tuple[int, str]:
        o = self.options
        try:
            if o.pin is not None:
                k, how = _pin(self.chain, o.pin)
                return k, f"the pinned copy {o.pin}, identified {how}"
            if o.release is not None:
                return self.chain.index(o.release), f"--release {o.release}"
        except StoreError as exc:
            raise BadArgument(str(exc)) from None
        return len(self.chain) - 1, "the newest stored release"

    def _changed(self) -> dict[Path, set[int] | None]:
        base = self.options.changed_since or "HEAD"
        top = repository_top(self.paths[0].resolve()) if self.paths else None
        if top is None:
            raise BadArgument(f"--changed-only: {self.paths[0]} is not in a git repository")
        try:
            return changed_lines(top, base, self.paths)
        except GitError as exc:
            raise BadArgument(f"--changed-only {base}: {exc}") from None

    def _chain_digest(self) -> str:
        """The store's releases of the chain (ids, labels, documents) and alignment settings."""
        rows = self.store.conn.execute(
            "SELECT r.id, r.label, r.effective_date, r.revision, d.sha256 FROM releases r "
            "LEFT JOIN documents d ON d.id = r.document_id WHERE r.id IN (%s) ORDER BY r.id"
            % ",".join(str(i.id) for i in self.chain.infos)
        ).fetchall()
        parts = [
            json.dumps([list(r) for r in rows]),
            *(self.chain.version(k) for k in range(len(self.chain) - 1)),
        ]
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]

    def _digest(self) -> str:
        """What every cached result depends on besides the file: the code, the chain
        (:meth:`_chain_digest`) and the options."""
        o = self.options
        parts = [
            CHECK_VERSION,
            code_digest(),
            self.chain_digest,
            str(self.k_target),
            str(self.k_default),
            str(o.stamps),
            str(o.git),
        ]
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]

    @property
    def checker(self) -> CitationChecker:
        """The checker (its rule index is read on first need)."""
        if self._checker is None:
            key = f"{self.chain_digest}:{CHECK_VERSION}:{code_digest()}:rule-index"
            got = self.cache.get(key)
            if got is not None:
                index = RuleIndex.from_json(got)
            else:
                index = RuleIndex.from_store(self.store, [i.id for i in self.chain.infos])
                self.cache.put(key, index.to_json())
            self._checker = CitationChecker(
                self.chain, self.k_target, self.k_default, index, stamps=self.options.stamps
            )
        return self._checker

    # -- the files -------------------------------------------------------------------------
    def __iter__(self) -> Iterator[FileResult]:
        """Each file's result, in walk order (also kept in :attr:`results`). Files not in the
        cache are read in worker processes (:data:`mtgcr.corpus.workers.WORKERS`) a batch
        ahead of the checking, when there are enough of them to pay for the workers."""
        pool = None
        try:
            self._start_histories()
            if len(self.files) >= PARALLEL_FILES and WORKERS > 1:
                from concurrent.futures import ProcessPoolExecutor

                pool = ProcessPoolExecutor(WORKERS, initializer=worker_start)
            batches = [self.files[i : i + BATCH] for i in range(0, len(self.files), BATCH)]
            ahead = self._prepare(batches[0], pool) if batches else []
            for k in range(len(batches)):
                current = ahead
                ahead = self._prepare(batches[k + 1], pool) if k + 1 < len(batches) else []
                for prep in current:
                    res = self._finish(prep)
                    self.results.append(res)
                    yield res
        finally:
            if pool is not None:
                pool.shutdown(cancel_futures=True)
            self.cache.flush()

    def _start_histories(self) -> None:
        """Start reading each repository's history in the background (while files are read)."""
        if not self.options.git or self.changed is not None and not self.files:
            return
        for p in self.paths:
            hist = self._history(p if p.is_dir() else p)
            if hist is not None:
                try:
                    hist.start()
                except GitError as exc:
                    self.git_problem = self.git_problem or f"git history not read ({exc})"

    def close(self) -> None:
        """Write the cache and stop git helpers."""
        self.cache.close()
        for g in self._git.values():
            if g is not None:
                g.close()

    def _prepare(self, files: list[SourceFile], pool) -> list["_Prepared"]:
        """Read and hash ``files``, answer those in the cache, and start reading the
        citations of the others (in ``pool`` when given)."""
        out = []
        for f in files:
            prep = _Prepared(f, self.name(f.path))
            out.append(prep)
            try:
                size = f.path.stat().st_size
                limit = self.options.max_bytes
                if limit is not None and size > limit:
                    prep.problem = (
                        f"{f.path}: too large ({size / 2**20:.1f} MiB; the limit is "
                        f"{limit / 2**20:g} MiB); raise it with --max-size MB"
                    )
                    continue
                raw = f.path.read_bytes()
            except OSError as exc:
                prep.problem = f"{f.path}: cannot read: {exc.strerror or exc}"
                continue
            prep.sha = hashlib.sha256(raw).hexdigest()
            prep.default = self.defaults(f.path, prep.sha) if self.defaults else None
            prep.key = f"{self.digest}:{f.family.value}:{prep.default or ''}:{prep.sha}"
            prep.cached = self.cache.get(prep.key)
            if prep.cached is None:
                prep.text = raw.decode("utf-8", errors="surrogateescape")
                if pool is not None:
                    prep.future = pool.submit(find_source_citations, prep.text, f.family)
        return out

    def _finish(self, prep: "_Prepared") -> FileResult:
        f, name = prep.file, prep.name
        if prep.problem:
            return FileResult(f.path, name, problem=prep.problem)
        if prep.cached is not None:
            got = prep.cached
            cits = [
                CheckedCitation.from_record(r, name, self.target, self._by_name) for r in got[1]
            ]
            res = FileResult(f.path, name, cits, got[0], True, prep.sha)
        else:
            assert prep.text is not None
            found = (
                prep.future.result()
                if prep.future is not None
                else find_source_citations(prep.text, f.family)
            )
            res = self._check_file(f, name, prep.text, prep.sha, prep.default, found)
            self.cache.put(prep.key, [res.ignored, [c.to_record() for c in res.citations]])
        if self.changed is not None:
            lines = self.changed.get(f.path.resolve())
            if lines is not None:
                res.citations = [c for c in res.citations if c.citation.line in lines]
        return res

    def _history(self, path: Path) -> GitHistory | None:
        if not self.options.git:
            return None
        given = next((p for p in self.paths if p == path or p in path.parents), path)
        if given not in self._tops:
            self._tops[given] = repository_top(given.resolve())
        top = self._tops[given]
        if top is None:
            return None
        if top not in self._git:
            inside = [p for p in self.paths if _below(p.resolve(), top)]
            self._git[top] = GitHistory(top, inside, self.cache)
        return self._git[top]

    def _check_file(
        self,
        f: SourceFile,
        name: str,
        text: str,
        sha: str,
        default: str | None,
        cits: list[SourceCitation],
    ) -> FileResult:
        res = FileResult(f.path, name, sha256=sha)
        if not cits:
            return res
        checker = self.checker
        dflt = None
        if default is not None:
            try:
                dflt = (self.chain.index(default), AsOf.JOURNAL)
            except StoreError:
                dflt = None
        dates = self._dates(f.path, text, cits)
        containers: list[tuple[int, int, int, RuleNumber]] = []  # quote span, release, number
        position = {r.name: k for k, r in enumerate(self.chain.releases)}
        heading: tuple[int, RuleNumber, str, int] | None = None  # release, rule, title, line
        line_reads: dict[tuple[int, str], CheckedCitation] = {}  # by line and text
        for c in cits:
            if not checker.is_citation(c):
                res.ignored += 1
                continue
            inner = None
            for start, end, k, n in containers:
                if start <= c.start < end:
                    inner = (k, n)
            git = dates.get(c.line)
            family = None
            if heading is not None and c.line - heading[3] <= HEADING_REACH:
                family = heading[:3]
            ctx = Context(
                git.line_date if git else None,
                inner,
                dflt,
                git.line_span if git else None,
                family,
            )
            chk = checker.check(name, c, ctx)
            same = line_reads.get((c.line, c.text))
            if same is not None and all(x.as_of in _DATE_ONLY for x in chk.checks):
                # written at the same time as the same citation before it on the line, whose
                # words date it (``CR 702.50a: Convoke — <its text> | // CR 702.50a``)
                chk = replace(
                    same,
                    citation=c,
                    line_date=chk.line_date,
                    note=_join_note(
                        same.note, f"read as the same citation at column {same.citation.column}"
                    ),
                )
            elif chk.checks and all(x.as_of in _WORD_DATED for x in chk.checks):
                line_reads.setdefault((c.line, c.text), chk)
            res.citations.append(chk)
            heading = _heading(chk, position) or (
                heading if heading and c.numbers and c.numbers[0].parent == heading[1] else None
            )
            if c.quote_end is not None and len(chk.checks) == 1 and inner is None:
                k0 = chk.checks[0]
                quoted = any(e.kind is EvidenceKind.QUOTE and e.agrees for e in k0.evidence) or (
                    k0.verdict is Verdict.MISMATCH and k0.score is not None
                )
                if quoted and k0.release is not None:
                    k = position[k0.release.name]
                    end = _quote_stop(text, c.end, c.quote_end, checker.index.text(k0.number, k))
                    containers.append((c.end, end, k, k0.number))
        return res

    def _dates(self, path: Path, text: str, cits: list[SourceCitation]) -> dict[int, Context]:
        """What git says about each cited line, by line number (``{}`` without git): its
        date, or — when every release the file's life spans reads the citation alike — the
        span of the file's history (no need to look further)."""
        hist = self._history(path)
        if hist is None:
            return {}
        try:
            span = hist.span(path, text)
            if span is None and not hist.shallow:
                today = date.today()
                return {c.line: Context(today) for c in cits}
            lines = text.split("\n")
            checker = self.checker
            out = {
                c.line: Context(span[1], line_span=span)
                for c in cits
                if span is not None and not checker.date_matters(c, span[0])
            }
            want = {c.line: lines[c.line - 1] for c in cits if c.line not in out}
            by_text = hist.line_dates(path, list(want.values())) if want else {}
        except GitError as exc:
            self.git_problem = self.git_problem or f"git history not read ({exc})"
            return {}
        for n, t in want.items():
            if t.strip() in by_text:
                out[n] = Context(by_text[t.strip()])
        return out

    # -- after the files -------------------------------------------------------------------
    def controls(self) -> list[Control]:
        """The built-in controls (:func:`~mtgcr.crossref.cite.source_check.run_controls`),
        answered from the cache when the store and settings were seen before."""
        key = f"{self.digest}:controls"
        got = self.cache.get(key)
        if got is not None:
            return [
                Control(n, s, tuple(Verdict(v) for v in e), tuple(Verdict(v) for v in g))
                for n, s, e, g in got
            ]
        out = run_controls(self.checker)
        self.cache.put(
            key,
            [
                [c.name, c.source, [v.value for v in c.expected], [v.value for v in c.got]]
                for c in out
            ],
        )
        return out


#: Files read a batch ahead of the checking, in worker processes when there are at least
#: :data:`PARALLEL_FILES` of them.
BATCH = 64
PARALLEL_FILES = 200


@dataclass
class _Prepared:
    """A file read and hashed, with its cached result or its citations being read."""

    file: SourceFile
    name: str
    problem: str = ""
    sha: str = ""
    key: str = ""
    default: str | None = None
    cached: list | None = None
    text: str | None = None
    future: Future | None = None


#: A heading citation (``702.97. Cipher``) dates the subrules cited below it for this many
#: lines.
HEADING_REACH = 40
_DATE_ONLY = frozenset({AsOf.GIT, AsOf.DEFAULT, AsOf.JOURNAL, AsOf.ASSUMED, AsOf.INFERRED})
_WORD_DATED = frozenset({AsOf.TEXT, AsOf.STAMP})


def _join_note(*parts: str) -> str:
    return "; ".join(p for p in parts if p)


_WORD = re.compile(r"[A-Za-z0-9]+")
_SENTENCE_END = re.compile(r"[^\n]*?[.;!?](?=\s|$)")


def _quote_stop(text: str, start: int, end: int, rule: str | None) -> int:
    """Where a pasted rule text that begins after ``start`` ends: at the sentence end after
    the rule's last two words (a quote runs on into the engine's own prose, whose citations
    are not the rule's), else about the rule's length on, never past ``end``."""
    if not rule:
        return end
    words = _WORD.findall(rule)
    reach = min(end, start + len(rule) + len(rule) // 4 + 24)
    if len(words) >= 2:
        tail = re.compile(
            r"\b" + re.escape(words[-2]) + r"\W+" + re.escape(words[-1]) + r"\b", re.IGNORECASE
        )
        # the first time they come once most of the rule's length is past
        hit = tail.search(text, start + len(rule) // 2, reach)
        if hit is not None:
            # to the end of the sentence that holds them when it ends on the same line
            # (``counters (see rule 704.5c).``)
            stop = _SENTENCE_END.match(text, hit.end(), min(end, hit.end() + 60))
            return stop.end() if stop else hit.end()
    return reach


def _heading(
    chk: CheckedCitation, position: dict[str, int]
) -> tuple[int, RuleNumber, str, int] | None:
    """``(release position, rule, title, line)`` when ``chk`` is a rule cited with its title,
    read in the release that title dates; else ``None``."""
    c = chk.citation
    if len(chk.checks) != 1 or not c.title or c.numbers[0].kind != "rule":
        return None
    k0 = chk.checks[0]
    dated = any(e.kind is EvidenceKind.TITLE and e.agrees for e in k0.evidence)
    if not dated or k0.release is None:
        return None
    return position[k0.release.name], k0.number, c.title, c.line


def _below(path: Path, top: Path) -> bool:
    try:
        path.relative_to(top)
        return True
    except ValueError:
        return False


def _pin(chain: Chain, pin: str) -> tuple[int, str]:
    """The chain position of the CR copy ``pin`` and how it was identified.

    Raises:
        BadArgument: the file cannot be read, holds no CR text, or matches no stored release.
    """
    from mtgcr.corpus.document import load_document
    from mtgcr.errors import DocumentError
    from mtgcr.extract.kinds import UnknownKindError
    from mtgcr.extract.registry import parse_document

    try:
        doc = load_document(Path(pin))
        parsed = parse_document(doc)
    except (DocumentError, UnknownKindError, OSError, ValueError) as exc:
        raise BadArgument(f"--pin {pin}: {exc}") from None
    rulesets = [rs for rs, *_ in parsed.rulesets] if parsed.rulesets else []
    if not rulesets:
        raise BadArgument(f"--pin {pin}: no CR text in the file")
    try:
        return pin_release(chain, rulesets[0])
    except ValueError as exc:
        raise BadArgument(f"--pin {pin}: {exc}") from None


class SourceCheck:
    """A source-tree check as the library gives it (:meth:`mtgcr.api.Corpus.cite_check_source`):
    iterate it to run it file by file (each :class:`FileResult` as soon as it is ready); the
    store is closed when the iteration ends. Everything else is available after.

    Args:
        run: the run.
        close: called once at the end (closes the store).
    """

    def __init__(self, run: SourceRun, close: Callable[[], None]) -> None:
        self.run = run
        self._close = close
        self._done = False
        self.controls: list[Control] = []

    def __iter__(self) -> Iterator[FileResult]:
        if self._done:
            yield from self.run.results
            return
        try:
            yield from self.run
            self.controls = self.run.controls()
        finally:
            self._done = True
            self.run.close()
            self._close()

    def finish(self) -> "SourceCheck":
        """Run to the end (when not iterated); returns itself."""
        for _ in self:
            pass
        return self

    @property
    def files(self) -> list[FileResult]:
        """Every file's result (run to the end first)."""
        self.finish()
        return self.run.results

    @property
    def citations(self) -> list[CheckedCitation]:
        """Every checked citation, in file order."""
        return [c for f in self.files for c in f.citations]

    def exit_status(self) -> int:
        """2 when no citation was read (outside ``changed_since``) or a control misbehaved;
        else 1 when a citation is stale (:data:`~mtgcr.crossref.cite.verdicts.STALE`) or a file
        could not be read; else 0."""
        files = self.files
        cits = self.citations
        if not all(c.ok for c in self.controls):
            return 2
        if not cits and self.run.changed is None:
            return 2
        if any(f.problem for f in files) or any(c.stale for c in cits):
            return 1
        return 0

    def summary(self) -> dict:
        """``{kind: "summary", files, citations, verdicts, stale, certain_rewrites, target,
        target_from, changed_since, cached_files, ignored_numbers, ignored_files, other_files,
        unreadable_files, git, cache, controls_ok, exit_status}``."""
        files, cits = self.files, self.citations
        counts = {v.value: 0 for v in Verdict}
        for c in cits:
            counts[c.verdict.value] += 1
        run = self.run
        return {
            "kind": "summary",
            "files": len(files),
            "citations": len(cits),
            "verdicts": counts,
            "stale": sum(c.stale for c in cits),
            "certain_rewrites": sum(1 for c in cits if c.stale and c.certain and c.suggestion),
            "target": run.target.name,
            "target_from": run.target_from,
            "changed_since": run.options.changed_since,
            "cached_files": sum(f.cached for f in files),
            "ignored_numbers": sum(f.ignored for f in files),
            "ignored_files": run.scan.ignored,
            "other_files": run.scan.other,
            "unreadable_files": sum(1 for f in files if f.problem),
            "git": run.git_problem or ("on" if run.options.git else "off"),
            "cache": run.cache.problem or (str(run.options.cache) if run.options.cache else "off"),
            "controls_ok": all(c.ok for c in self.controls),
            "exit_status": self.exit_status(),
        }

    def to_frame(self):
        """One row per citation: file, line, column, text, syntax, verdict, release, as_of,
        target, suggestion, certain, reason, note (a pandas DataFrame)."""
        import pandas as pd

        rows = [
            {
                k: c.as_json()[k]
                for k in (
                    "file",
                    "line",
                    "column",
                    "text",
                    "syntax",
                    "verdict",
                    "release",
                    "as_of",
                    "target",
                    "suggestion",
                    "certain",
                    "reason",
                    "note",
                )
            }
            for c in self.citations
        ]
        return pd.DataFrame(rows)
