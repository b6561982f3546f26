"""``mtgcr identify PATH…``: which releases a fragment of rule text matches, with evidence."""
from __future__ import annotations

from pathlib import Path

from rich.markup import escape

from mtgcr.corpus.document import DocumentError, document_from_bytes, load_document
from mtgcr.corpus.store import StoreError
from mtgcr.crossref.identify import Identification, identify
from mtgcr.extract.formats.cr_text import CRFormatError
from mtgcr.extract.registry import UnknownKindError, parse_document
from mtgcr.extract.records import load_release

from mtgcr.reports.alignctx import open_store, read_decisions
from mtgcr.reports.args import add_format_option
from mtgcr.reports.cli import UserError
from mtgcr.reports.output import console, print_json


def register(sub) -> None:
    """Add the ``identify`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "identify", help="find which releases a page or fragment of rule text comes from",
        description="For a document that carries rule text without a trustworthy release (an "
                    "mtg.ru page, a wiki quote, a pasted fragment, a translation), list the "
                    "releases whose text it matches, as a range, with the evidence: rules that "
                    "match exactly, rules that differ and where; then what became of its "
                    "section up to the newest release. PATH is a file, or the source name of "
                    "a document already in the store. A pasted fragment is a plain-text file of "
                    "rule lines ('711.4a  text'), optionally under a section heading ('711. "
                    "Title') or a title line, with 'Example:' lines; it is read here, not "
                    "stored by ingest. "
                    "Example: mtgcr identify ../shared/seeds/002_5f97c4626e1788c7.txt")
    p.add_argument("paths", nargs="+", metavar="PATH")
    add_format_option(p)
    p.add_argument("--all", action="store_true",
                   help="text output: list every rule's evidence, not only the differences")
    p.set_defaults(func=run)


def _document(path: str, store):
    p = Path(path)
    if p.is_file():
        return load_document(p)
    if p.exists():
        raise UserError(f"{path}: not a file")
    docs = store.table("documents")
    hit = docs[(docs["source"] == path) | docs["source"].str.endswith("/" + path.lstrip("/"))]
    if hit.empty:
        raise UserError(f"{path}: no such file, and no stored document of that name")
    raw = store.document_raw(hit.iloc[-1]["sha256"])
    return document_from_bytes(raw, str(hit.iloc[-1]["source"]))


def _parse(doc):
    """A registered document kind, else a pasted fragment of rule lines
    (:mod:`mtgcr.extract.formats.fragment`, read here only: ``ingest`` does not store fragments).

    Raises:
        UnknownKindError: neither (the registry's message).
    """
    from mtgcr.extract.formats.fragment import looks_like_fragment, parse_fragment
    try:
        return parse_document(doc)
    except UnknownKindError:
        if looks_like_fragment(doc):
            return parse_fragment(doc)
        raise


def run(args, ctx) -> int:
    """``mtgcr identify PATH…``: the releases each document's rule text matches, with the
    evidence (text or JSON); returns 0.

    Raises:
        UserError: a PATH that is neither a file nor a stored document's source, cannot be
            read or parsed, or holds no rules, sections or glossary entries.
        StoreError: no store, or no complete release to compare with.
    """
    results: list[Identification] = []
    origins: list[str] = []
    with open_store(ctx) as store:
        cache: dict[str, list] = {}

        def candidates(lang: str) -> list:
            if lang not in cache:
                cache[lang] = [load_release(store, r)
                               for r in store.releases(lang) if r.complete]
            return cache[lang]

        for path in args.paths:
            try:
                doc = _document(path, store)
                parsed = _parse(doc)
            except (DocumentError, UnknownKindError, CRFormatError) as exc:
                raise UserError(str(exc)) from None
            frags = [(rs, origin) for rs, origin, _ in parsed.rulesets
                     if rs.rules or rs.sections or rs.glossary]
            if not frags:
                raise UserError(f"{doc.source}: no rules, sections or glossary entries to identify")
            for rs, origin in frags:
                # the fragment's own language when at least two releases of it are stored (a
                # text comparison); else English (language-independent evidence)
                pool = candidates(rs.release.lang)
                if len(pool) < 2 and rs.release.lang != "en":
                    pool = candidates("en")
                if not pool:
                    raise StoreError(f"no complete releases in {ctx.store_path} to compare with "
                                     f"(run 'mtgcr ingest ../shared/corpus/en/official' first)")
                results.append(identify(rs, pool, chain=_chain(store, pool[0].release.lang, args, ctx)))
                origins.append(origin)
    if args.format == "json":
        print_json([dict(r.as_json(), origin=o) for r, o in zip(results, origins)])
        return 0
    for r, origin in zip(results, origins):
        _print(r, origin, args.all)
    return 0


def _chain(store, lang: str, args, ctx):
    """The release alignment chain of ``lang`` (alignments cached in the store), or ``None``
    when there is none (then identify follows sections by titles and text)."""
    from mtgcr.crossref.chain import Chain
    try:
        return Chain(store, lang, read_decisions(args, ctx))
    except StoreError:
        return None


def _print(r: Identification, origin: str, every: bool) -> None:
    console.print(f"[bold]{escape(r.source)}[/bold]  ({r.lang}, {escape(origin)}; {r.rules} rules, "
                  f"{r.sections} section headings)")
    if not r.best:
        console.print("  no release to compare with")
        return
    if r.lineage_source:
        console.print(f"  [dim](later numbers and titles from the {r.lineage_source})[/dim]")
    ranges = ", ".join(a if a == b else f"{a} … {b}" for a, b in r.ranges)
    best = r.best[-1]
    c = best.counts
    if r.exact:
        console.print(f"  matches {ranges} ({len(r.releases)} release"
                      f"{'s' if len(r.releases) != 1 else ''}): {c['same'] + c['same-loose']} "
                      f"rules agree ({c['same-loose']} only without symbols/labels), "
                      f"{c['sections_same']} headings agree")
    else:
        console.print(f"  no release matches every rule; closest: {ranges} — {c['same']} same, "
                      f"{c['same-loose']} same without symbols/labels, {c['differs']} differ, "
                      f"{c['absent']} absent")
    _print_evidence(best, every)
    if r.after is not None:
        a = r.after
        ca = a.counts
        how = " (each rule followed through the release alignment)" \
            if r.after_source == "alignment" else ""
        console.print(f"  next release {a.release}{how}: {ca['same'] + ca['same-loose']} rules "
                      f"agree, {ca['differs']} differ, {ca['absent']} gone")
        for s in a.sections:
            moved = s.release_number is not None and s.release_number != s.number
            if s.status == "absent":
                what = "removed" if s.change == "removed" else "absent"
                console.print(f"    section {s.number} {what}", markup=False)
            elif s.status == "differs" and moved:
                console.print(f"    section {s.number} is {s.release_number} there, retitled "
                              f"{s.release_title!r} (was {s.title!r})", markup=False)
            elif s.status == "differs":
                console.print(f"    section {s.number} retitled {s.release_title!r} (was {s.title!r})",
                              markup=False)
            elif moved:
                console.print(f"    section {s.number} is {s.release_number} there ({s.change}), "
                              f"same title", markup=False)
        _print_evidence(a, every, limit=5)
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
            console.print(f"  {num} is {where} in the newest release ({r.newest})"
                          f"{' — ' + ', '.join(now['changes']) if now['changes'] else ''}",
                          markup=False)
        else:
            console.print(f"  {num}: {now['reason']}", markup=False)
    for num, steps in r.lineage.items():
        if not steps:
            console.print(f"  section {num}: unchanged up to the newest release ({r.newest})")
            continue
        for st in steps:
            what = (f"{st.event}: {st.number} {st.title!r}" if st.number else st.event)
            console.print(f"  section {num} {st.release}: {what} ({st.how})", markup=False)
        last = steps[-1]
        if last.number is not None:
            console.print(f"  → in the newest release ({r.newest}) section {num} is "
                          f"[bold]{last.number}[/bold] {escape(repr(last.title))}")


def _print_evidence(m, every: bool, limit: int = 50) -> None:
    """The rules that do not agree (``every``: all of them, no ``…`` cut at ``limit``)."""
    shown = 0
    for ev in m.rules:
        if ev.status == "same" and not every and ev.change in (None, "unchanged"):
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
            line = f"    {ev.number} merged into {ev.now[0]}" + (f" (with {others})" if others else "") \
                + f": {ev.status}"
        elif ev.change == "split":
            line = f"    {ev.number} split into {' and '.join(map(str, ev.now))}: {ev.status}"
        elif ev.change is not None and ev.now and ev.now[0] != ev.number:
            line = f"    {ev.number} now {ev.now[0]} ({ev.change}): {ev.status}"
        if ev.status == "differs":
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
