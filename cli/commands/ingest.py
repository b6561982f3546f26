"""``mtgcr ingest PATH…``: read CR files and pages into the store."""

from __future__ import annotations

import sys

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from mtgcr.corpus.copies import CopyOrigin
from mtgcr.extract.ingest_run import Stop
from mtgcr.extract.model import ParseWarning

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.alignctx import add_decisions_option, read_decisions
from mtgcr.cli.args import add_max_size_option, max_bytes
from mtgcr.errors import BadArgument
from mtgcr.cli.output import console, err_console, table


def register(sub) -> None:
    """Add the ``ingest`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "ingest",
        help=SUMMARIES["ingest"],
        description="Read official CR text files (any era and encoding), translations and "
        "wiki pages into the store. Files already stored (same bytes) are skipped; "
        "a file that fails leaves nothing behind and does not stop the others. A "
        "file whose contents list sections its body lacks is stored as an incomplete "
        "release; a file cut off in its glossary is marked truncated (its glossary "
        "is not compared). Every CR text is kept as a copy of its release (language "
        "and effective date); one copy is canonical: official files (folder "
        "'official' or --origin official) over files of unknown origin over "
        "second-hand ones ('normalized', 'archive'), then whole, then cleaner "
        "(fewer U+FFFD and '?' for quote marks), then fuller. A second copy never "
        "replaces the canonical one silently: the summary says which is canonical. "
        "Files are read and parsed by worker processes (one per processor, at most 4); "
        "afterwards the consecutive "
        "releases of each language are aligned (only the pairs not yet stored) and "
        "the alignments stored, so that history, remap and show --pair read them "
        "instead of aligning. "
        "Example: mtgcr ingest ../shared/corpus/en/official ../shared/corpus/en/archive",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    p.add_argument(
        "--warnings",
        action="store_true",
        help="list every warning, not just counts (also those stored with files "
        "already in the store)",
    )
    p.add_argument(
        "--replace",
        action="store_true",
        help="make these files the canonical copies of their releases (the user's "
        "choice, kept by later ingests); for quotes, let an incomplete or "
        "smaller parse replace a stored complete release",
    )
    p.add_argument(
        "--origin",
        choices=[o.value for o in CopyOrigin],
        help="where the files come from (default: from their folder names: "
        "official, normalized, archive; else unknown)",
    )
    p.add_argument(
        "--encoding",
        metavar="CODEC",
        help="decode every file with this codec (euc_jp, koi8_r, gb18030, …) instead of "
        "detecting it (detected: UTF-8/16, Windows-1252, Mac Roman, DOS 437, Shift_JIS, "
        "Windows-1251); a byte it cannot decode fails the file, naming the line",
    )
    add_max_size_option(p)
    add_decisions_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr ingest PATH…``: ingest files and folders (:meth:`mtgcr.api.Corpus.ingest`),
    then print what was stored.

    Returns:
        0; 1 when a file failed, a folder or folder entry could not be read (each is
        named) or no file was found; 2 when a store error stopped the run;
        130 when interrupted (every file that finished stays stored).

    Raises:
        BadArgument: an empty PATH.
    """
    if any(not str(p).strip() for p in args.paths):
        raise BadArgument(
            "ingest: an empty PATH ('') names no file; give files or folders "
            "(did a shell variable expand to nothing?)"
        )
    bars = _Bars()
    # the decisions the alignments stored after the files are made with: those the queries
    # will use, so that they read them instead of aligning again (a bad default file is left
    # to the queries, which say why; a bad --decisions FILE is an error before any file)
    corpus = ctx.corpus(read_decisions(args, ctx)) if args.decisions else ctx.corpus()
    try:
        run = corpus.ingest(
            *args.paths,
            replace=args.replace,
            on_file=None if ctx.silent else bars.on_file,
            origin=args.origin,
            max_bytes=max_bytes(args),
            on_align=None if ctx.silent else bars.on_align,
            encoding=args.encoding,
        )
    finally:
        bars.stop()
    return _conclude(args, ctx, run)


def _conclude(args, ctx, run) -> int:
    """Print the table, errors, notes and the summary line of the ingest ``run``
    (:class:`mtgcr.api.IngestRun`); returns the exit status :func:`run` documents."""
    results, files, scan, stop = run.results, run.files, run.scan, run.message or None
    status = 130 if run.stop is Stop.INTERRUPTED else 2
    _report(args, ctx, run.reread + results)
    if scan.skipped and files and not ctx.silent:
        print(f"note: {scan.skipped_note()}", file=sys.stderr)
    failed = [r for r in results if r.status == "failed"]
    for r in failed:
        print(f"error: {r.error}", file=sys.stderr)
    for line in scan.unreadable_errors():
        print(f"error: {line}", file=sys.stderr)
    if not files and stop is None:
        print(
            "error: no files found in the given paths"
            + (f" ({scan.skipped_note()})" if scan.skipped else ""),
            file=sys.stderr,
        )
        return 1
    done, same = run.count("ingested"), run.count("unchanged")
    n_warn = sum(len(r.warnings) for r in results)
    if n_warn and not args.warnings and not ctx.silent:
        print(
            f"{n_warn} warnings (file:line: message) — 'mtgcr ingest --warnings' lists them all; "
            f"they are also in the store's warnings table",
            file=sys.stderr,
        )
    if not ctx.silent or stop:
        _summary_line(run, done, same, len(failed), stop)
    if stop:
        print(f"mtgcr: {stop}", file=sys.stderr)
        return status
    if run.alignment_stopped:
        print(
            "mtgcr: interrupted while aligning the releases: every file above is stored, and "
            "the alignments finished so far; history, remap and diff align the rest when "
            "they need them",
            file=sys.stderr,
        )
        return 130
    return 1 if failed or scan.unreadable else 0


class _Bars:
    """The progress bars of an ingest on stderr: the files' bar, shown from the first file
    on (not for a store error), then the bar of the alignments computed after the files."""

    def __init__(self) -> None:
        self.bar: list = []
        self.aligning: list = []

    def on_file(self, f, done: int, total: int) -> None:
        """The ingest's ``on_file`` callback: file ``f`` is number ``done`` of ``total``."""
        bar = self.bar
        if not bar:
            bar.append(
                Progress(
                    TextColumn("[bold]ingest"),
                    BarColumn(),
                    MofNCompleteColumn(),
                    TimeElapsedColumn(),
                    TextColumn("{task.description}"),
                    console=err_console,
                    transient=True,
                )
            )
            bar[0].start()
            bar.append(bar[0].add_task("", total=total))
        bar[0].update(bar[1], completed=done, description=f.name)

    def on_align(self, done: int, total: int) -> None:
        """The ingest's ``on_align`` callback: ``done`` of ``total`` alignments computed."""
        bar, aligning = self.bar, self.aligning
        if not aligning:
            if bar:
                bar[0].stop()
            aligning.append(
                Progress(
                    TextColumn("[bold]align"),
                    BarColumn(),
                    MofNCompleteColumn(),
                    TimeElapsedColumn(),
                    console=err_console,
                    transient=True,
                )
            )
            aligning[0].start()
            aligning.append(aligning[0].add_task("", total=total))
        aligning[0].update(aligning[1], completed=done)

    def stop(self) -> None:
        """Take down whichever bars were shown."""
        for shown in (self.bar, self.aligning):
            if shown:
                shown[0].stop()


def _summary_line(run, done: int, same: int, failed: int, stop: str | None) -> None:
    """``N ingested (…), M already stored, K failed …`` on stderr."""
    as_copies, scan = run.as_copies, run.scan
    print(
        f"{done} ingested"
        + (f" ({as_copies} as copies, not canonical: mtgcr releases --copies)" if as_copies else "")
        + f", {same} already stored, {failed} failed"
        + (f", {len(scan.unreadable)} unreadable" if scan.unreadable else "")
        + (f", {run.not_done} not done" if stop else "")
        + (f"; {len(run.reread)} stored texts read again as copies" if run.reread else ""),
        file=sys.stderr,
    )


def _report(args, ctx, results) -> None:
    """The table of what was ingested, then warnings (with --warnings) and notes."""
    rows = []
    for r in results:
        name = r.path.rsplit("/", 1)[-1]
        copy_cells = [
            f"copy {cp.id}" + ("" if canonical else f" of {cp.name}") for cp, canonical in r.copies
        ]
        for k, (lang, label, eff, c) in enumerate(r.releases):
            cell = f"{lang}:{label}"
            if k < len(r.copies) and not r.copies[k][1]:
                cell += f" ({copy_cells[k]})"
            rows.append(
                [
                    name,
                    cell,
                    eff,
                    r.encoding,
                    c["sections"],
                    c["rules"],
                    c["subrules"],
                    c["examples"],
                    c["glossary"],
                    warn_cell(r.warnings),
                ]
            )
        if r.status == "unchanged":
            rows.append(
                [
                    name,
                    "(already stored" + (f": {copy_cells[0]})" if copy_cells else ")"),
                    "",
                    r.encoding,
                    "",
                    "",
                    "",
                    "",
                    "",
                    warn_cell(r.warnings),
                ]
            )
        elif r.status == "ingested" and not r.releases:
            rows.append(
                [
                    name,
                    f"({r.kind or 'stored'})",
                    "",
                    r.encoding,
                    "",
                    "",
                    "",
                    "",
                    "",
                    warn_cell(r.warnings),
                ]
            )
        elif r.status == "interrupted":
            rows.append([name, "(interrupted: not stored)", "", r.encoding, "", "", "", "", "", ""])
    if rows and not ctx.silent:
        console.print(
            table(
                f"Ingested into {ctx.store_path}",
                [
                    "file",
                    "release",
                    "effective",
                    "encoding",
                    "sections",
                    "rules",
                    "subrules",
                    "examples",
                    "glossary",
                    "warnings",
                ],
                rows,
            )
        )
    for r in results:
        if args.warnings:
            for w in r.warnings:
                print(f"warning: {w}", file=sys.stderr)
        for n in r.notes:
            print(f"note: {r.path}: {n}", file=sys.stderr)


def warn_cell(warnings: list[ParseWarning]) -> str:
    """The warnings column, one layout for every row: ``"0"``, or ``"N: line: message"`` —
    the count, then the first warning without its file name (``line`` 0 when it has none)."""
    if not warnings:
        return "0"
    return f"{len(warnings)}: {warnings[0].line}: {warnings[0].message}"
