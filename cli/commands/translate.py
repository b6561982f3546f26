"""``mtgcr translate kit|import``: carry a translation to the next CR release, and bring the
completed translation back.

A thin layer over :meth:`mtgcr.api.Corpus.translation_kit` (units carried through the EN
alignment, written by :mod:`mtgcr.reports.translation`) and
:meth:`mtgcr.api.Corpus.import_translation`.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

from rich.markup import escape

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.output import console, err_console, print_json
from mtgcr.errors import BadArgument, RefusedOutput


def register(sub) -> None:
    """Add the ``translate`` command (``kit``, ``import``) to ``sub``."""
    p = sub.add_parser(
        "translate",
        help=SUMMARIES["translate"],
        description="Carry a translation release to the next EN release: every EN rule, "
        "example, heading, glossary entry and piece of front matter as a unit keyed by its "
        "anchor, the old translation pre-filled where the EN alignment says it still fits "
        "(cited rule numbers rewritten), offered as a suggestion where EN changed, empty "
        "where it is new; then import the completed kit as a CR text. "
        "Example: mtgcr translate kit --lang zh --from 20260227 --to 2026-04-17 "
        "--format xliff2 --out kits/",
    )
    tsub = p.add_subparsers(
        dest="translate_command", metavar="ACTION", required=True, parser_class=type(p)
    )
    _add_kit(tsub)
    _add_import(tsub)


def _add_kit(tsub) -> None:
    """Add ``translate kit`` to the subcommand parsers ``tsub``."""
    from mtgcr.reports.translation import FORMAT_NAMES

    k = tsub.add_parser(
        "kit",
        help="write a pre-translation kit for a new EN release",
        description="Write the kit carrying the translation release --from of --lang to the "
        "EN release --to. Formats: xliff2 (XLIFF 2.1 with the matches, glossary and "
        "metadata modules: Trados, memoQ, Okapi), xliff12 (XLIFF 1.2: Weblate, OmegaT "
        "through Okapi, Trados), tmx (TMX 1.4b translation memory: with --out DIR two "
        "files, the carried units for OmegaT's tm/auto and the suggestions for "
        "tm/penalty-30), po (gettext: fuzzy entries with #| previous source), json (every "
        "field), text (the worklist: what a human must do, in rule order; the default). "
        "--out DIR writes <lang>-<label>-kit.<suffix> in DIR; --out FILE that file; "
        "without --out the kit goes to standard output. "
        "Example: mtgcr translate kit --lang zh --from 20260227 --to 2026-04-17 "
        "--format po --out zh-20260417.po",
    )
    k.add_argument("--lang", required=True, help="the translation's language (zh, ja …)")
    k.add_argument(
        "--from",
        dest="old",
        required=True,
        metavar="R_OLD",
        help="the translation release to carry (label, label.revision or date); its EN "
        "release must be stored",
    )
    k.add_argument(
        "--to", dest="new", required=True, metavar="R_NEW", help="the EN release to carry it to"
    )
    k.add_argument("--format", choices=FORMAT_NAMES, default="text")
    k.add_argument(
        "--out",
        metavar="DIR|FILE",
        help="a folder (existing, or ending in /) or a file; default: standard output",
    )
    k.add_argument("--force", action="store_true", help="replace the kit files if they exist")
    k.add_argument(
        "--no-qa",
        action="store_true",
        help="skip pairing the old translation with its EN release (no QA notes from "
        "pair; a few seconds faster)",
    )
    k.add_argument("--no-hints", action="store_true", help="no glossary term hints")
    k.set_defaults(func=run_kit)


def _add_import(tsub) -> None:
    """Add ``translate import`` to the subcommand parsers ``tsub``."""
    i = tsub.add_parser(
        "import",
        help="write a completed kit as a CR text, store it and pair it with EN",
        description="Read a completed kit (XLIFF 2, XLIFF 1.2, TMX, PO or JSON, told by its "
        "content), check it against the EN release --release (same language and release, "
        "every unit once, EN sources as stored, a translation for each), write the "
        "translation as a CR text in the line format mtgcr parses (--text, default the kit's "
        "name with .txt), parse it back piece by piece, store it as a copy of that release "
        "(origin translated: it never replaces a published copy) and pair it with EN. "
        "Nothing is written or stored unless the whole kit passes. Exit status 0 when the "
        "pair shows no disagreeing evidence and no unit is still marked for review, 1 "
        "otherwise (read the findings before publishing). "
        "Example: mtgcr translate import zh-20260417.po --lang zh --release 20260417",
    )
    i.add_argument("file", metavar="FILE", help="the completed kit")
    i.add_argument("--lang", required=True, help="the translation's language")
    i.add_argument(
        "--release", "-r", required=True, help="the EN release the kit translates (label or date)"
    )
    i.add_argument("--text", metavar="PATH", help="where to write the CR text")
    i.add_argument("--force", action="store_true", help="replace --text if it exists")
    i.add_argument("--format", choices=["text", "json"], default="text")
    i.set_defaults(func=run_import)


def _is_folder(out: str) -> bool:
    return out.endswith(("/", "\\")) or Path(out).is_dir()


def _kit_paths(out: str, fmt, lang: str, label: str) -> tuple[Path, Path | None]:
    """The file(s) ``--out`` names: a folder gets ``<lang>-<label>-kit<suffix>`` (and, for
    TMX, ``…-kit-review.tmx``); a file is itself."""
    p = Path(out)
    if _is_folder(out):
        main = p / f"{lang}-{label}-kit{fmt.suffix}"
        review = p / f"{lang}-{label}-kit-review.tmx" if fmt.name == "tmx" else None
        return main, review
    return p, None


def run_kit(args, ctx) -> int:
    """``mtgcr translate kit``: write the kit; returns 0.

    Raises:
        BadArgument: ``--out`` names existing files without ``--force``.
        NotFound, StoreError: see :meth:`mtgcr.api.Corpus.translation_kit`.
    """
    from mtgcr.corpus.safe_write import check_out_path, write_atomic
    from mtgcr.reports.translation.formats import FORMATS
    from mtgcr.reports.translation.tmx import split_units, write_tmx

    fmt = FORMATS[args.format]
    t0 = time.perf_counter()
    cr = ctx.corpus()
    paths: tuple[Path, Path | None] | None = None
    if args.out and not _is_folder(args.out):
        check_out_path(args.out)  # a link, device or pipe is refused before the work
    if ctx.silent:
        kit = cr.translation_kit(args.lang, args.old, args.new, not args.no_qa, not args.no_hints)
    else:
        with err_console.status(f"carrying {args.lang} {args.old} to EN {args.new} …"):
            kit = cr.translation_kit(
                args.lang, args.old, args.new, not args.no_qa, not args.no_hints
            )
    if args.out:
        paths = _kit_paths(args.out, fmt, args.lang, kit.english_new.label)
        for p in paths:
            if p is not None and p.exists() and not args.force:
                raise RefusedOutput(f"{p} exists; give --force to replace it, or another --out")
            if p is not None:
                check_out_path(p)
    buf = io.BytesIO()
    written: list[Path] = []
    if paths is not None and paths[1] is not None:
        carried, review = split_units(kit)
        write_tmx(buf, kit, carried)
        other = io.BytesIO()
        write_tmx(other, kit, review)
        write_atomic(paths[0], buf.getvalue())
        write_atomic(paths[1], other.getvalue())
        written = [paths[0], paths[1]]
    else:
        fmt.write(buf, kit)
        if paths is None:
            sys.stdout.flush()
            sys.stdout.buffer.write(buf.getvalue())
            sys.stdout.buffer.flush()
        else:
            write_atomic(paths[0], buf.getvalue())
            written = [paths[0]]
    if not ctx.silent:
        where = ", ".join(str(p) for p in written) or "standard output"
        err_console.print(
            f"{escape(kit.summary().line())} → {escape(where)} as {fmt.name} in "
            f"{time.perf_counter() - t0:.1f} s"
        )
        for n in kit.notes:
            err_console.print(f"[dim]note: {escape(n)}[/dim]")
    return 0


def run_import(args, ctx) -> int:
    """``mtgcr translate import``: check, write, store and pair; returns 1 when the pair
    shows disagreeing evidence or units are still marked for review, else 0.

    Raises:
        KitImportError, KitFileError: the kit cannot be imported (nothing written).
        RefusedOutput: ``--text`` exists without ``--force``.
    """
    if args.lang == "en":
        raise BadArgument("translate import reads a translation; give --lang zh, ja …")
    cr = ctx.corpus()
    if ctx.silent:
        res = cr.import_translation(args.file, args.lang, args.release, args.text, args.force)
    else:
        with err_console.status(f"checking {args.file} against EN {args.release} …"):
            res = cr.import_translation(args.file, args.lang, args.release, args.text, args.force)
    p = res.pairing
    counts = p.counts()
    findings = len(p.differences()) + len(p.exceptions())
    if args.format == "json":
        print_json(
            {
                "kit": str(res.kit),
                "format": res.format,
                "text": str(res.text),
                "release": res.ruleset.release.as_json(),
                "status": res.status,
                "warnings": res.warnings,
                "pairing": p.as_json(),
            }
        )
    else:
        rel = res.ruleset.release
        console.print(
            f"{res.kit} ({res.format}) → {res.text}: {rel.lang} {rel.name}, {res.status} "
            f"(origin translated)",
            markup=False,
            emoji=False,
        )
        console.print(
            f"pair with en {p.english.name}: "
            + ", ".join(f"{v} {k}" for k, v in counts.items() if v)
        )
        lines = [f"  differs {n}: {why}" for n, why in p.differences()]
        lines += [f"  {n}: {why}" for n, why in p.exceptions()]
        for line in lines:  # unit ids hold ":x:", which rich would take for an emoji code
            console.print(line, markup=False, emoji=False, highlight=False)
        for w in res.warnings[:20]:
            console.print(f"warning: {w}", style="dim", markup=False, emoji=False, highlight=False)
        if len(res.warnings) > 20:
            console.print(
                f"[dim]… and {len(res.warnings) - 20} more warnings (--format json)[/dim]"
            )
    return 1 if findings or res.warnings else 0
