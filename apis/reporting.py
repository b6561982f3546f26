"""The report capabilities of :class:`mtgcr.api.Corpus`: the change report between two
releases, the site and the build (:meth:`~mtgcr.api.Corpus.diff`,
:meth:`~mtgcr.api.Corpus.site`, :meth:`~mtgcr.api.Corpus.build`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from mtgcr.corpus.store import StoreError
from mtgcr.errors import BadArgument
from mtgcr.extract.lookup import NotFound
from mtgcr.extract.rulenum import RuleNumber

if TYPE_CHECKING:
    from mtgcr.api import Corpus
    from mtgcr.extract.ingest_run import IngestRun
    from mtgcr.reports.diffreport import Diff
    from mtgcr.reports.site import SiteResult


@dataclass
class Built:
    """What :meth:`mtgcr.api.Corpus.build` did: the ingest run and the index of the reports written
    (``index.json``'s dict: ``{"languages": [{"lang", "releases", "pairs"}], …}``)."""

    run: IngestRun
    index: dict[str, Any]
    out: Path
    kept: list[str] = field(default_factory=list)  # the user's files in ``out``, not replaced


def diff(
    corpus: Corpus,
    old: str,
    new: str,
    lang: str,
    section: int | str | None,
    include_unchanged: bool,
    include_typography: bool,
) -> Diff:
    """:meth:`mtgcr.api.Corpus.diff` of ``corpus``: that method's docstring says
    what it takes, returns and raises."""
    from mtgcr.crossref.translation.xlang import translation_alignment
    from mtgcr.reports.diffreport import Diff

    sec = section_number(section)
    decisions = corpus.decisions
    with corpus.aligning_store() as store:
        cross = translation_alignment(store, old, new, lang, decisions)
    if sec is not None and not (
        RuleNumber(sec) in cross.old.sections or RuleNumber(sec) in cross.new.sections
    ):
        names = [
            f"{lang} {rs.release.name}" + ("" if rs.complete else " (quoted rules only)")
            for rs in (cross.old, cross.new)
        ]
        raise NotFound(f"--section {sec}: there is no section {sec} in {names[0]} or in {names[1]}")
    return Diff(cross, sec, include_unchanged, decisions, include_typography, (old, new))


def site(
    corpus: Corpus,
    out: str | Path,
    langs: Sequence[str] | None,
    releases: Sequence[str] | None,
    compare: Sequence[tuple[str, str]],
    set_names: str | Path | None,
    on_step: Callable[[str], None] | None,
    force: bool,
) -> SiteResult:
    """:meth:`mtgcr.api.Corpus.site` of ``corpus``: that method's docstring says
    what it takes, returns and raises."""
    from mtgcr.corpus.safe_write import guarding
    from mtgcr.reports.site import SiteOptions, build_site, load_set_names

    out = Path(out)
    inputs = [set_names] if set_names is not None else []
    with (
        guarding([corpus.path], inputs, force),
        corpus.aligning_store() as store,  # no store yet: the usual error, none is created
    ):
        sets: dict[str, str] = {}
        if set_names is not None:
            dates = [r.effective_date for r in store.releases() if r.effective_date]
            try:
                sets = load_set_names(set_names, dates)
            except ValueError as exc:
                raise BadArgument(f"site: {exc}") from None
        return build_site(
            store,
            out,
            SiteOptions(
                langs=[lang.lower() for lang in langs] if langs else None,
                releases=list(releases) if releases else None,
                compare=[(c[0], c[1]) for c in compare],
                set_names=sets,
                on_step=on_step,
            ),
        )


def build(
    corpus: Corpus,
    sources: tuple[str | Path, ...],
    out: str | Path,
    langs: Sequence[str] | None,
    formats: Sequence[str] | None,
    on_file: Callable[[Path, int, int], None] | None,
    on_report: Callable[[str], None] | None,
    max_bytes: int | None,
    force: bool,
) -> Built:
    """:meth:`mtgcr.api.Corpus.build` of ``corpus``: that method's docstring says
    what it takes, returns and raises."""
    from mtgcr.corpus.output_folder import OutputFolder
    from mtgcr.corpus.safe_write import guarding
    from mtgcr.reports.render import RENDERERS

    fmts = list(formats) if formats is not None else list(RENDERERS)
    bad = [f for f in fmts if f not in RENDERERS]
    if bad or not fmts:
        raise BadArgument(
            f"--formats: unknown {', '.join(bad) or '(none given)'}; "
            f"choose from {', '.join(RENDERERS)}"
        )
    out = Path(out)
    with guarding([corpus.path], sources, force):
        folder = OutputFolder(out, "build").open()  # refused before anything is ingested
        try:
            return build_into(corpus, sources, folder, langs, fmts, on_file, on_report, max_bytes)
        finally:
            folder.close()


def build_into(
    corpus: Corpus, sources, folder, langs, fmts, on_file, on_report, max_bytes
) -> Built:
    """:meth:`mtgcr.api.Corpus.build` of ``corpus`` once its output folder ``folder`` (an
    open :class:`~mtgcr.corpus.output_folder.OutputFolder`) is open, with the formats
    ``fmts`` checked."""
    from mtgcr.extract.ingest import scan_paths
    from mtgcr.extract.ingest_run import Stop, run_ingest
    from mtgcr.reports.build_site import build_reports

    decisions = corpus.decisions
    scan = scan_paths(sources)
    files = scan.files
    if not files:
        raise BadArgument(
            f"no files found in {' '.join(map(str, sources))}"
            + "".join(f"; {line}" for line in scan.unreadable_errors())
        )
    with corpus.store(readonly=False) as store:
        run = run_ingest(store, files, on_file=on_file, max_bytes=max_bytes, scan=scan)
        if run.stop is Stop.INTERRUPTED:
            raise KeyboardInterrupt
        if run.stop is Stop.STORE:
            raise StoreError(run.message)
        if not store.releases():
            raise BadArgument("nothing was ingested; no reports to write")
        from mtgcr.crossref.history import PIVOT
        from mtgcr.crossref.prealign import prealign

        # the English pairs are aligned by the workers that write their reports
        prealign(
            store,
            decisions,
            langs=[lang for lang in langs or store.languages() if lang != PIVOT],
        )
        index = build_reports(
            store, folder, list(langs) if langs else None, decisions, fmts, on_report
        )
    return Built(run, index, folder.root, list(folder.kept))


def section_number(section: int | str | None) -> int | None:
    """``section`` as a section number (``"712"`` → 712), ``None`` when not given.

    Raises:
        BadArgument: not a section number.
    """
    if section is None or isinstance(section, int):
        return section
    num = RuleNumber.try_parse(str(section))
    if num is None or num.kind != "section":
        raise BadArgument(f"--section wants a section number like 712, not {section!r}")
    return num.section
