"""What ``cite-check`` (on source trees) and ``cite-migrate`` share: reading the files of a
tree, opening the checker on the store, the release options, progress, the records."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from mtgcr.corpus.store import StoreError
from mtgcr.crossref.cite.source_check import CheckedCitation, CitationChecker, pin_release
from mtgcr.extract.citations.source import SourceCitation, find_source_citations
from mtgcr.extract.citations.tree import SourceFile, TreeScan, walk_sources

from mtgcr.crossref.chain import Chain
from mtgcr.cli.alignctx import progress_callback, read_decisions
from mtgcr.errors import BadArgument
from mtgcr.cli.output import err_console

__all__ = [
    "SourceText",
    "read_sources",
    "open_checker",
    "display_path",
    "progress_bar",
    "is_source_run",
]


@dataclass
class SourceText:
    """One file read: its file, its text (UTF-8; undecodable bytes kept as surrogates so a
    rewrite gives them back), its citations."""

    file: SourceFile
    text: str
    citations: list[SourceCitation] = field(default_factory=list)


def display_path(path: Path) -> str:
    """The path as a patch or a report names it: relative to the current folder when it is
    below it (POSIX slashes), else as found."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def is_source_run(paths: list[str]) -> bool:
    """True when ``paths`` name a source tree: a folder holding source or doc files, or a file
    with a source or doc suffix (see :func:`mtgcr.extract.citations.comments.family_of`); MTG Wiki
    pages (``.txt``, ``.html``, no suffix) and folders of them are not."""
    from mtgcr.extract.citations.comments import family_of

    for raw in paths:
        p = Path(raw)
        if p.is_file() and family_of(p) is not None:
            return True
        if p.is_dir():
            try:
                next(iter(walk_sources([p])))
                return True
            except StopIteration:
                continue
    return False


def read_sources(
    paths: list[str], scan: TreeScan, failures: list[str], max_bytes: int | None = None
) -> Iterator[SourceText]:
    """Each source file of ``paths`` with its citations, one at a time (memory stays that of
    one file). A file that cannot be read, or is larger than ``max_bytes`` bytes
    (``--max-size``; ``None``: no limit), adds a one-line message to ``failures``.

    Raises:
        BadArgument: a path does not exist.
    """
    try:
        files = list(walk_sources(paths, scan))
    except FileNotFoundError as exc:
        raise BadArgument(str(exc)) from None
    for f in files:
        try:
            size = f.path.stat().st_size
            if max_bytes is not None and size > max_bytes:
                failures.append(
                    f"{f.path}: too large ({size / 2**20:.1f} MiB; the limit is "
                    f"{max_bytes / 2**20:g} MiB); raise it with --max-size MB"
                )
                continue
            raw = f.path.read_bytes()
        except OSError as exc:
            failures.append(f"{f.path}: cannot read: {exc.strerror or exc}")
            continue
        text = raw.decode("utf-8", errors="surrogateescape")
        yield SourceText(f, text, find_source_citations(text, f.family))


def progress_bar(ctx, total: int, what: str):
    """A rich progress bar on stderr (a do-nothing one when ``--silent`` or not a terminal)."""
    return Progress(
        TextColumn(f"[bold]{what}"),
        BarColumn(),
        MofNCompleteColumn(),
        console=err_console,
        transient=True,
        disable=ctx.silent or not err_console.is_terminal,
    )


def open_checker(
    store,
    ctx,
    args,
    target: str | None,
    read_against: str | None = None,
    stamps: bool = True,
    pin: str | None = None,
) -> tuple[CitationChecker, str]:
    """The checker over the EN chain of ``store``: target ``target`` (a release spec) or the
    release of the pinned copy ``pin``, else the newest; ``read_against`` for citations
    without a stamp (default the target). Returns ``(checker, how the target was chosen)``.

    Raises:
        BadArgument: no complete EN release, a release spec names none, or the pinned copy
            cannot be read or matches no stored release.
    """
    try:
        chain = Chain(store, "en", read_decisions(args, ctx), on_align=progress_callback(ctx))
        how = "the newest stored release"
        k_target = None
        if pin is not None:
            k_target, how = _pin(chain, pin)
            how = f"the pinned copy {pin}, identified {how}"
        elif target is not None:
            k_target = chain.index(target)
            how = f"--release {target}"
        k_read = chain.index(read_against) if read_against else None
    except StoreError as exc:
        raise BadArgument(str(exc)) from None
    return CitationChecker(chain, k_target, k_read, stamps), how


def _pin(chain, pin: str) -> tuple[int, str]:
    from mtgcr.corpus.document import DocumentError, load_document
    from mtgcr.extract.registry import UnknownKindError, parse_document

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


def where(c: CheckedCitation) -> str:
    """``"src/Foo.java:12:8"``."""
    return f"{c.file}:{c.citation.line}:{c.citation.column}"


def warn(msg: str) -> None:
    """One line on stderr."""
    print(msg, file=sys.stderr)
