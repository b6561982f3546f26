"""``mtgcr identify PATH…``: which releases a fragment of rule text matches, with evidence."""

from __future__ import annotations

from rich.markup import escape

from mtgcr.crossref.identify import Identification, ReleaseMatch
from mtgcr.extract.registry import CRFormatError, UnknownKindError

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.args import add_format_option
from mtgcr.errors import BadArgument
from mtgcr.cli.output import console, print_json


def register(sub) -> None:
    """Add the ``identify`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "identify",
        help=SUMMARIES["identify"],
        description="For a document that carries rule text without a trustworthy release (an "
        "mtg.ru page, a wiki quote, a pasted fragment, a translation), list the "
        "releases whose text it matches, as a range, with the evidence: rules that "
        "match exactly, rules that differ and where; then what became of its "
        "section up to the newest release. PATH is a file, or the source name of "
        "a document already in the store. A pasted fragment is a plain-text file of "
        "rule lines ('711.4a  text'), optionally under a section heading ('711. "
        "Title') or a title line, with 'Example:' lines; it is read here, not "
        "stored by ingest. "
        "Example: mtgcr identify ../shared/seeds/002_5f97c4626e1788c7.txt",
    )
    p.add_argument("paths", nargs="+", metavar="PATH")
    add_format_option(p)
    p.add_argument(
        "--all",
        action="store_true",
        help="text output: list every rule's evidence, not only the differences",
    )
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr identify PATH…``: the releases each document's rule text matches, with the
    evidence (text or JSON; :meth:`mtgcr.api.Corpus.identify`); returns 0.

    Raises:
        BadArgument: a PATH that cannot be parsed.
        DocumentError: a PATH that is neither a file nor a stored document's source, or
            cannot be read.
        NotFound: a document with no rules, sections or glossary entries.
        StoreError: no store, or no complete release to compare with.
    """
    try:
        placed = ctx.corpus(getattr(args, "decisions", None)).identify(*args.paths)
    except (UnknownKindError, CRFormatError) as exc:
        raise BadArgument(str(exc)) from None
    if args.format == "json":
        print_json([p.as_json() for p in placed])
        return 0
    for p in placed:
        _print(p.identification, p.origin, args.all)
    return 0


def _print(r: Identification, origin: str, every: bool) -> None:
    console.print(
        f"[bold]{escape(r.source)}[/bold]  ({r.lang}, {escape(origin)}; {r.rules} rules, "
        f"{r.sections} section headings)"
    )
    if not r.best:
        console.print("  no release to compare with")
        return
    if r.lineage_source:
        console.print(f"  [dim](later numbers and titles from the {r.lineage_source})[/dim]")
    ranges = ", ".join(a if a == b else f"{a} … {b}" for a, b in r.ranges)
    best = r.best[-1]
    c = best.counts
    if r.exact:
        console.print(
            f"  matches {ranges} ({len(r.releases)} release"
            f"{'s' if len(r.releases) != 1 else ''}): {c['same'] + c['same-loose']} "
            f"rules agree ({c['same-loose']} only without symbols/labels), "
            f"{c['sections_same']} headings agree"
        )
    else:
        console.print(
            f"  no release matches every rule; closest: {ranges} — {c['same']} same, "
            f"{c['same-loose']} same without symbols/labels, {c['differs']} differ, "
            f"{c['absent']} absent"
        )
    _print_evidence(best, every)
    if r.after is not None:
        _print_after(r, r.after, every)
    _print_now(r, every)
    _print_lineage(r)


def _print_after(r: Identification, a: ReleaseMatch, every: bool) -> None:
    """How the next release ``a`` (``r.after``) compares: its counts, sections and evidence."""
    ca = a.counts
    how = (
        " (each rule followed through the release alignment)"
        if r.after_source == "alignment"
        else ""
    )
    console.print(
        f"  next release {a.release}{how}: {ca['same'] + ca['same-loose']} rules "
        f"agree, {ca['differs']} differ, {ca['absent']} gone"
    )
    for s in a.sections:
        _print_section_change(s)
    _print_evidence(a, every, limit=5)


def _print_section_change(s) -> None:
    """One line for a section of the next release that is absent, retitled or moved."""
    moved = s.release_number is not None and s.release_number != s.number
    if s.status == "absent":
        what = "removed" if s.change == "removed" else "absent"
        console.print(f"    section {s.number} {what}", markup=False)
    elif s.status == "differs" and moved:
        console.print(
            f"    section {s.number} is {s.release_number} there, retitled "
            f"{s.release_title!r} (was {s.title!r})",
            markup=False,
        )
    elif s.status == "differs":
        console.print(
            f"    section {s.number} retitled {s.release_title!r} (was {s.title!r})",
            markup=False,
        )
    elif moved:
        console.print(
            f"    section {s.number} is {s.release_number} there ({s.change}), same title",
            markup=False,
        )


def _print_now(r: Identification, every: bool) -> None:
    """What the rules' numbers are in the newest release (at most 5 unless ``every``)."""
    shown = 0
    for num, now in r.now.items():
        if now["numbers"] == [num] and not now["changes"]:
            continue
        if shown == 5 and not every:
            console.print("    …")
            break
        shown += 1
        if now["numbers"]:
            where = " and ".join(now["numbers"])
            console.print(
                f"  {num} is {where} in the newest release ({r.newest})"
                f"{' — ' + ', '.join(now['changes']) if now['changes'] else ''}",
                markup=False,
            )
        else:
            console.print(f"  {num}: {now['reason']}", markup=False)


def _print_lineage(r: Identification) -> None:
    """Each section's steps through the releases up to the newest."""
    for num, steps in r.lineage.items():
        if not steps:
            console.print(f"  section {num}: unchanged up to the newest release ({r.newest})")
            continue
        for st in steps:
            what = f"{st.event}: {st.number} {st.title!r}" if st.number else st.event
            console.print(f"  section {num} {st.release}: {what} ({st.how})", markup=False)
        last = steps[-1]
        if last.number is not None:
            console.print(
                f"  → in the newest release ({r.newest}) section {num} is "
                f"[bold]{last.number}[/bold] {escape(repr(last.title))}"
            )


def _print_evidence(m, every: bool, limit: int = 50) -> None:
    """The rules that do not agree (``every``: all of them, no ``…`` cut at ``limit``)."""
    shown = 0
    for ev in m.rules:
        if ev.status == "same" and not every and ev.change in (None, "unchanged", "typography"):
            continue
        if shown >= limit and not every:
            console.print("    …")
            break
        shown += 1
        line = f"    {ev.number} {ev.status}"
        if ev.change == "removed":
            line = f"    {ev.number} removed"
        elif ev.change == "ambiguous":
            line = f"    {ev.number} ambiguous (could be {' or '.join(map(str, ev.now))})"
        elif ev.change == "merged":
            others = " and ".join(map(str, ev.joined))
            line = (
                f"    {ev.number} merged into {ev.now[0]}"
                + (f" (with {others})" if others else "")
                + f": {ev.status}"
            )
        elif ev.change == "split":
            line = f"    {ev.number} split into {' and '.join(map(str, ev.now))}: {ev.status}"
        elif ev.change is not None and ev.now and ev.now[0] != ev.number:
            line = f"    {ev.number} now {ev.now[0]} ({ev.change}): {ev.status}"
        if ev.owner is not None:  # not a small difference: another rule's (release's) text
            line += f" — this is {ev.owner.sentence()}"
        elif ev.status == "differs":
            line += f" (similarity {ev.similarity:.0f})"
            for ch in ev.changes[:2]:
                if ch["op"] == "evidence":
                    line += f"; {ch['detail']}"
                elif ch["op"] == "insert":
                    line += f"; release adds {ch['release']!r}"
                elif ch["op"] == "delete":
                    line += f"; release drops {ch['fragment']!r}"
                else:
                    line += f"; {ch['fragment']!r} → {ch['release']!r}"
        console.print(line, markup=False)
