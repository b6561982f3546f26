"""``mtgcr cite-migrate PATH --from R1 --to R2``: rewrite an engine's CR citations for a newer
(or older) release, as a patch or in place."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from mtgcr.crossref.cite.source_migrate import (
    apply_edits,
    citation_edits,
    identifier_edits,
    unified_diff,
)
from mtgcr.extract.citations.source import Region, Syntax
from mtgcr.extract.citations.tree import TreeScan

from mtgcr.cli.alignctx import open_store
from mtgcr.errors import BadArgument
from mtgcr.cli.engine_cite import (
    display_path,
    open_checker,
    progress_bar,
    read_sources,
    warn,
    where,
)


def register(sub) -> None:
    """Add the ``cite-migrate`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "cite-migrate",
        help="rewrite the CR citations of a source tree for another release",
        description="Reads every CR citation of the source files under PATH (as cite-check "
        "does) against release R1 (--from; 'stamped': each citation's own XMage "
        "date stamp, citations without one are left alone) and rewrites the number "
        "tokens of the moved ones for release R2 (--to), keeping the syntax around "
        "them ('CR 301.5a/f', '#R70219b', '//20091005 - 114.2a' with its stamp set to "
        "R2's effective date). All edits of a file are made in one pass over its "
        "original text, so a replacement is never rewritten again. Changed, gone, "
        "mismatched, absent, malformed and placeholder citations are listed for a "
        "human on stderr, never rewritten. Identifiers (stateBasedAction704_5r) "
        "are listed, and renamed with every use in the tree only with "
        "--rename-identifiers. Without --write, prints a unified diff that "
        "'git apply' accepts (paths relative to the current folder: run it from the "
        "repository's root). Exit status: 0 nothing left for a human, 1 some "
        "citations listed, 2 usage error or no citation found. "
        "Example: mtgcr cite-migrate src --from 2017-01-19 --to 2026-01-16 > cr.patch "
        "&& git apply cr.patch",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="source files and folders")
    p.add_argument(
        "--from",
        dest="from_release",
        required=True,
        metavar="R1",
        help="the release the citations were written for, or 'stamped'",
    )
    p.add_argument(
        "--to",
        dest="to_release",
        required=True,
        metavar="R2",
        help="the release to migrate them to (effective date or label)",
    )
    p.add_argument("--write", action="store_true", help="rewrite the files in place")
    p.add_argument(
        "--rename-identifiers",
        action="store_true",
        help="rename identifiers holding a moved number, with every use in the tree",
    )
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr cite-migrate``: see the command's description.

    Raises:
        BadArgument: a release that is not stored, a path that does not exist, a file that
            cannot be written.
    """
    stamped = args.from_release.strip().lower() == "stamped"
    scan = TreeScan()
    failures: list = []
    plans: dict[Path, tuple[list, bytes]] = {}
    listed: list[str] = []
    renames: dict[str, str] = {}
    found = 0
    with open_store(ctx) as store:
        checker, _ = open_checker(
            store,
            ctx,
            args,
            args.to_release,
            None if stamped else args.from_release,
            stamps=stamped,
        )
        stamp_to = checker.target.effective_date
        with progress_bar(ctx, 0, "cite-migrate") as bar:
            task = bar.add_task("files", total=None)
            for src in read_sources(args.paths, scan, failures):
                bar.advance(task)
                name = display_path(src.file.path)
                edits = []
                for c in src.citations:
                    found += 1
                    if stamped and c.stamp is None:
                        continue
                    chk = checker.check(name, c)
                    plan = citation_edits(chk, rename=False, stamp_to=stamp_to)
                    if plan.problems:
                        listed.append(
                            f"{where(chk)}: {c.text!r}: {'; '.join(plan.problems)}"
                            + (f" ({chk.note})" if chk.note else "")
                        )
                    for old, new in plan.renames:
                        renames[old] = new
                        if not args.rename_identifiers:
                            listed.append(
                                f"{where(chk)}: identifier {old}: its rule is moved; "
                                f"rename it to {new} (--rename-identifiers)"
                            )
                    if c.region is not Region.CODE and c.syntax is not Syntax.IDENTIFIER:
                        edits += plan.edits
                plans[src.file.path] = (
                    edits,
                    hashlib.sha256(src.text.encode("utf-8", "surrogateescape")).digest(),
                )
    for msg in failures:
        warn(f"error: {msg}")
    if not found:
        raise BadArgument(f"no CR citation found under {' '.join(args.paths)}")
    patch, changed = [], 0
    for path, (edits, digest) in plans.items():
        if not edits and not (args.rename_identifiers and renames):
            continue
        raw = path.read_bytes()
        if hashlib.sha256(raw).digest() != digest:
            warn(f"error: {path} changed while cite-migrate ran; not rewritten (run it again)")
            failures.append(str(path))
            continue
        text = raw.decode("utf-8", errors="surrogateescape")
        all_edits = list(edits)
        if args.rename_identifiers and renames:
            taken = [(e.start, e.end) for e in all_edits]
            all_edits += [
                e
                for e in identifier_edits(text, renames)
                if not any(a < e.end and e.start < b for a, b in taken)
            ]
        if not all_edits:
            continue
        new = apply_edits(text, all_edits)
        if new == text:
            continue
        changed += 1
        if args.write:
            _write(path, new)
        else:
            rel = display_path(path)
            if Path(rel).is_absolute():
                raise BadArgument(
                    f"{path} is outside the current folder: a patch names files "
                    f"relative to it, so run cite-migrate from the repository's "
                    f"root (or give --write)"
                )
            patch.append(unified_diff(rel, text, new))
    if not args.write:
        sys.stdout.buffer.write("".join(patch).encode("utf-8", errors="surrogateescape"))
    for line in listed:
        warn(f"listed: {line}")
    if not ctx.silent:
        warn(
            f"cite-migrate: {found} citations, {changed} files "
            f"{'rewritten' if args.write else 'in the patch'}, {len(listed)} listed for a human"
        )
    return 1 if listed or failures else 0


def _write(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` through a temporary file and a rename (never half
    written), keeping its permissions (:func:`mtgcr.corpus.safe_write.write_atomic`)."""
    from mtgcr.corpus.safe_write import write_atomic

    try:
        write_atomic(path, text.encode("utf-8", errors="surrogateescape"))
    except OSError as exc:
        raise BadArgument(f"cannot write {path}: {exc.strerror or exc}") from None
