"""``mtgcr glossary export|diff|check``: bilingual glossaries of a translation.

A thin layer over :mod:`mtgcr.reports.glossary`: ``export`` writes the term pairs of one
translation release (TBX v3, TBX 2, CSV, OmegaT, Anki, JSON), ``diff`` compares two releases'
pairs, ``check`` finds translated rules that do not use the glossary's term.
"""

from __future__ import annotations

import io
import sys
import time

from rich.markup import escape

from mtgcr.errors import BadArgument
from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.output import console, err_console, print_json, table


def register(sub) -> None:
    """Add the ``glossary`` command (with ``export``, ``diff``, ``check``) to ``sub``."""
    p = sub.add_parser(
        "glossary",
        help=SUMMARIES["glossary"],
        description="Bilingual glossaries of a translation (ja, zh, ru) against the EN "
        "glossary: every translated term with its EN original, the concept id "
        "(stable across releases), definitions and defining rules in both "
        "languages, status and provenance. "
        "Example: mtgcr glossary export --lang ja --format tbx --out ja.tbx",
    )
    gsub = p.add_subparsers(
        dest="glossary_command", metavar="ACTION", required=True, parser_class=type(p)
    )
    e = gsub.add_parser(
        "export",
        help="write the term pairs of one release",
        description="Write the term pairs of one translation release. Formats: tbx (TBX v3, "
        "TBX-Basic), tbx2 (TBX 2 martif: translate-toolkit, Weblate, older CAT "
        "tools), csv (UTF-8 with BOM for Excel; --no-bom, --delimiter), omegat "
        "(OmegaT glossary, tab-separated: save as .utf8 or .txt in the project's "
        "glossary folder), anki (an .apkg deck; needs --out), json (every field). "
        "Example: mtgcr glossary export --lang ja --release 20260116 --format csv "
        "--out ja.csv",
    )
    e.add_argument("--lang", required=True, help="the translation's language (ja, zh, ru)")
    e.add_argument(
        "--release",
        "-r",
        help="label (20260116) or date; default: the newest "
        "release whose glossary gives English terms",
    )
    from mtgcr.reports.glossary.formats import FORMATS

    e.add_argument("--format", required=True, choices=list(FORMATS))
    e.add_argument("--out", metavar="FILE", help="write to FILE (default: standard output)")
    e.add_argument("--no-bom", action="store_true", help="csv: no UTF-8 byte-order mark")
    e.add_argument(
        "--delimiter", default=",", help="csv: field delimiter (default ','; '\\t' for a tab)"
    )
    e.set_defaults(func=run_export)
    _add_diff(gsub)
    _add_check(gsub)


def _add_diff(gsub) -> None:
    """Add ``glossary diff`` to the subcommand parsers ``gsub``."""
    d = gsub.add_parser(
        "diff",
        help="term pairs added, removed, renamed or re-translated between releases",
        description="Compare the term pairs of two translation releases: terms added, "
        "removed, renamed (through the EN glossary alignment when both EN releases "
        "are stored) and re-translated; and EN glossary entries changed after the "
        "translation's release (its translation may be stale). "
        "Example: mtgcr glossary diff --lang ja 20251114 20260116",
    )
    d.add_argument("--lang", required=True)
    d.add_argument("old", metavar="OLD")
    d.add_argument("new", metavar="NEW")
    d.add_argument("--format", choices=["text", "json"], default="text")
    d.set_defaults(func=run_diff)


def _add_check(gsub) -> None:
    """Add ``glossary check`` to the subcommand parsers ``gsub``."""
    c = gsub.add_parser(
        "check",
        help="translated rules that do not use the glossary's term",
        description="Terminology QA of a translation: for every term pair, the translated "
        "rules whose EN rule uses the EN term but which do not use the translated "
        "term (the rendering drifted), and translated terms used for two EN terms; "
        "counts per section. Exit status 0 when clean, 1 when there are findings. "
        "Example: mtgcr glossary check --lang ja --release 20260116 --format json",
    )
    c.add_argument("--lang", required=True)
    c.add_argument("--release", "-r")
    c.add_argument("--section", metavar="N", help="only the rules of this section (702)")
    c.add_argument("--format", choices=["text", "json"], default="text")
    c.set_defaults(func=run_check)


def _catalog(ctx, lang: str, spec: str | None):
    return ctx.corpus().glossary(lang, spec)


def _delimiter(text: str) -> str:
    return {"\\t": "\t", "tab": "\t", "TAB": "\t"}.get(text, text)


def run_export(args, ctx) -> int:
    """``mtgcr glossary export``: write the catalog in one format; returns 0.

    Raises:
        BadArgument: ``--lang en``, nothing to export, a bad ``--delimiter``, Anki to a
            terminal, or ``--out`` naming an existing file without ``--force``.
        StoreError: no store or no such release.
    """
    from pathlib import Path

    from mtgcr.reports.glossary.formats import FORMATS

    fmt = FORMATS[args.format]
    out = Path(args.out) if args.out else None
    if out is not None:
        from mtgcr.corpus.safe_write import Replace, check_out_path

        # before the work: an existing file only with --force; never the store, an input, a
        # folder, link, device or pipe
        check_out_path(out, Replace.IF_FORCED)
    if out is None and fmt.binary and sys.stdout.isatty():
        raise BadArgument(
            f"--format {fmt.name} writes a binary package; give --out FILE{fmt.suffix}"
        )
    t0 = time.perf_counter()
    cat = _catalog(ctx, args.lang, args.release)
    if not cat.pairs:
        raise BadArgument(f"nothing to export for {args.lang} {cat.release_name}: no term pairs")
    buf = io.BytesIO()
    try:
        if fmt.name == "csv":
            fmt.write(buf, cat, bom=not args.no_bom, delimiter=_delimiter(args.delimiter))
        else:
            fmt.write(buf, cat)
    except ValueError as exc:
        raise BadArgument(str(exc)) from None
    data = buf.getvalue()
    if out is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        from mtgcr.corpus.safe_write import Replace, write_atomic

        # a failed run leaves no half-written file under the name asked for
        write_atomic(out, data, Replace.IF_FORCED)
    if not ctx.silent:
        concepts = len(cat.concepts)
        where = str(out) if out else "standard output"
        err_console.print(
            f"{len(cat.pairs)} term pairs, {concepts} concepts "
            f"({args.lang} {cat.release_name} ↔ en "
            f"{cat.en_release.label if cat.en_release else 'not stored'}) → "
            f"{escape(where)} as {fmt.name} in {time.perf_counter() - t0:.2f} s"
        )
        for n in cat.notes[:10]:
            err_console.print(f"[dim]note: {escape(n)}[/dim]")
        if len(cat.notes) > 10:
            err_console.print(
                f"[dim]… and {len(cat.notes) - 10} more notes (--format json lists them)[/dim]"
            )
    return 0


def run_diff(args, ctx) -> int:
    """``mtgcr glossary diff``: see :func:`mtgcr.reports.glossary.diff.diff_catalogs`; returns 0."""
    result = ctx.corpus().glossary_diff(args.lang, args.old, args.new)
    if args.format == "json":
        print_json(result.as_json())
        return 0
    console.print(
        f"[bold]glossary {args.lang} {escape(result.old)} → {escape(result.new)}[/bold]: "
        + ", ".join(f"{n} {k}" for k, n in result.counts().items())
    )
    rows = [
        [c.kind.value, c.concept, c.en, c.old or "", c.new or "", c.note] for c in result.changes
    ]
    if rows:
        console.print(table(None, ["change", "concept", "en", "old", "new", "note"], rows))
    return 0


def run_check(args, ctx) -> int:
    """``mtgcr glossary check``: findings as text or JSON; returns 1 when there are any,
    else 0."""
    from mtgcr.cli.args import section_option

    section = section_option(args.section)
    report = ctx.corpus().glossary_check(args.lang, args.release, section)
    if args.format == "json":
        print_json(report.as_json())
        return 1 if report.findings else 0
    console.print(
        f"[bold]glossary check {args.lang} {escape(report.release)}[/bold] against en "
        f"{report.en_release}: {len(report.findings)} findings ("
        + ", ".join(f"{n} {k}" for k, n in report.per_kind().items() if n)
        + f"; {report.concepts_checked} concepts, {report.rules_checked} rules)"
    )
    for note in report.notes:
        console.print(f"[dim]note: {escape(note)}[/dim]")
    if report.findings:
        console.print(
            table(
                "findings",
                ["kind", "rule", "en", "glossary", "found", "note"],
                [
                    [f.kind.value, str(f.rule or ""), f.en, f.term, f.found, f.note]
                    for f in report.findings
                ],
            )
        )
    return 1 if report.findings else 0
