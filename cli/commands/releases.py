"""``mtgcr releases``: list stored releases with their counts, state and copies; list every
copy (``--copies``); choose the canonical copy of a release (``--canonical R --copy N``)."""

from __future__ import annotations

from pathlib import PurePath

from rich import box
from rich.table import Table

from mtgcr.corpus.copies import ReleaseId

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.args import add_format_option
from mtgcr.errors import BadArgument
from mtgcr.cli.output import console, print_json

#: Short names of the copy flags for the table (JSON keeps the full ones).
FLAG_SHORT = {
    "replacement-char": "FFFD",
    "question-mark": "?quote",
    "lost-mark": "lost®™",
    "truncated": "trunc",
}


def _table(
    title: str,
    columns: list[str],
    rows: list[list],
    wrap: frozenset[str] | set[str] = frozenset(),
    elide: frozenset[str] | set[str] = frozenset(),
) -> Table:
    """A compact table readable at 80 columns: dates, labels, numbers and hashes never split
    (``no_wrap``), ``wrap`` columns wrap at spaces, ``elide`` columns are cut with "…"."""
    t = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for c in columns:
        width = max([len(c)] + [len(str(r[i])) for r in rows for i in [columns.index(c)]])
        if c in elide:
            t.add_column(c, overflow="ellipsis", no_wrap=True, min_width=8, max_width=26)
        elif c in wrap:
            t.add_column(c, overflow="fold", min_width=min(width, 15))
        else:
            t.add_column(c, no_wrap=True, min_width=width)
    for r in rows:
        t.add_row(*["" if v is None else str(v) for v in r])
    return t


def register(sub) -> None:
    """Add the ``releases`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "releases",
        help=SUMMARIES["releases"],
        description="List stored releases (every language) with counts of sections, rules, "
        "subrules, examples and glossary entries, their state (complete, partial: "
        "holes or quotes, truncated: glossary cut off) and how many copies of each "
        "are stored. --copies lists every copy (origin, sha256, quality flags; "
        "'*' marks the canonical one); --canonical RELEASE --copy N makes copy N "
        "canonical (--copy auto: back to the precedence). "
        "Example: mtgcr releases --copies --lang en",
    )
    p.add_argument("--lang", help="only this language (en, ja, zh, ru); an error if it has none")
    p.add_argument(
        "--copies",
        action="store_true",
        help="list every stored copy of every release (also removed ones)",
    )
    p.add_argument(
        "--canonical",
        metavar="RELEASE",
        help="the release (effective date or a copy's label) whose canonical copy --copy chooses",
    )
    p.add_argument(
        "--copy",
        metavar="N|auto",
        help="with --canonical: the copy number (from --copies) to make canonical, "
        "or 'auto' for the stated precedence",
    )
    add_format_option(p, ("table", "json"), default="table")
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr releases``: the stored releases (or copies) as a table or JSON; returns 0.

    Raises:
        BadArgument: ``--canonical`` without ``--copy`` (or the reverse), or ``--copy`` not a
            number or ``auto``.
        NotFound: ``--lang`` names a language with no stored release
            (:meth:`mtgcr.api.Corpus.release_copies`).
        StoreError: no store; no such release or copy.
    """
    if (args.canonical is None) != (args.copy is None):
        raise BadArgument(
            "releases: --canonical RELEASE and --copy N go together "
            "(e.g. --canonical 2010-02-01 --copy 3)"
        )
    if args.canonical is not None:
        return _choose(args, ctx)
    listing = ctx.corpus().release_copies(args.lang)
    rels, copies, canon = listing.releases, listing.copies, listing.canonical
    if args.copies:
        return _list_copies(args, ctx, copies)
    if args.format == "json":
        out = []
        for r in rels:
            d = r.as_json()
            c = canon.get(r.id)
            d["state"] = _state(r)
            d["copies"] = listing.n_copies(c) if c else None
            d["canonical_copy"] = (
                {
                    "copy": c.id,
                    "origin": c.origin.value,
                    "sha256": c.sha256,
                    "source": c.source,
                    "flags": c.quality.flags(),
                }
                if c
                else None
            )
            out.append(d)
        print_json(out)
        return 0
    rows = []
    for r in rels:
        c = canon.get(r.id)
        rows.append(
            [
                f"{r.lang} {r.effective_date or '?'}",
                r.label + (f".{r.revision}" if r.revision else ""),
                c.origin.value if c else r.origin,
                _state(r),
                (listing.n_copies(c) if c else ""),
                r.counts["sections"],
                r.counts["rules"],
                r.counts["subrules"],
                r.counts["examples"],
                r.counts["glossary"],
            ]
        )
    removed = listing.removed
    console.print(
        _table(
            f"{len(rels)} releases",
            ["release", "label", "origin", "state", "cp", "sect", "rules", "sub", "ex", "gloss"],
            rows,
            elide={"origin"},
        )
    )
    console.print("release: language and effective date; cp: copies stored (releases --copies)")
    console.print("sect/sub/ex/gloss: sections, subrules, examples, glossary entries")
    if removed:
        console.print(
            f"removed (copies kept; 'mtgcr restore RELEASE'): "
            f"{', '.join(ReleaseId.parse(k).name for k in removed)}"
        )
    return 0


def _state(r) -> str:
    """``complete``, ``partial`` (holes or quotes) or ``truncated`` (glossary cut off)."""
    if not r.complete:
        return "partial"
    return "truncated" if r.truncated else "complete"


def _list_copies(args, ctx, copies) -> int:
    if args.format == "json":
        print_json([c.as_json() for c in copies])
        return 0
    rows = []
    for c in copies:
        rid = c.release
        when = rid.when + (f" rev {rid.revision}" if rid.revision else "")
        path = PurePath(c.source)
        rows.append(
            [
                f"{c.lang} {when}",
                f"{c.id}{'*' if c.canonical else ''}",
                c.origin.value,
                c.sha256[:8],
                f"{path.parent.name}/{path.name}" if path.parent.name else path.name,
                ",".join(FLAG_SHORT.get(f, f) for f in c.flags()) or "clean",
            ]
        )
    n_rel = len({c.release_key for c in copies})
    console.print(
        _table(
            f"{len(copies)} copies of {n_rel} releases (* canonical)",
            ["release", "copy", "origin", "sha256", "file", "flags"],
            rows,
            wrap={"flags"},
            elide={"file"},
        )
    )
    return 0


def _choose(args, ctx) -> int:
    want = args.copy.strip().lower()
    if want == "auto":
        copy_id = None
    elif want.isdigit():
        copy_id = int(want)
    else:
        raise BadArgument(
            f"releases: --copy {args.copy!r} is not a copy number (see "
            f"'mtgcr releases --copies') or 'auto'"
        )
    change = ctx.corpus().choose_copy(args.canonical, copy_id, args.lang or "en")
    can = change.canonical
    if not ctx.silent:
        how = "chosen" if copy_id is not None else "by precedence"
        was = (
            f"; was copy {change.before.id} ({change.before.describe()})"
            if change.before and change.switched
            else " (unchanged)"
            if not change.switched
            else ""
        )
        console.print(f"{change.release}: canonical copy {can.id} ({can.describe()}), {how}{was}")
    return 0
