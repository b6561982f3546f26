"""Walking an engine's source tree: the source and doc files, ``.gitignore`` honoured.

Ignore rules are read with the ``pathspec`` library (``GitIgnoreSpec``: git's own wildmatch
semantics, negation and directory patterns), from every ``.gitignore`` in the tree, each
applying to its own folder and below, as git applies them. ``.git`` folders are never entered.
A file named on the command line is read whatever the ignore rules say.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

import pathspec

from mtgcr.extract.citations.comments import Family, family_of

__all__ = ["SourceFile", "TreeScan", "walk_sources"]


@dataclass(frozen=True)
class SourceFile:
    """One file to read: its path (as found) and comment family."""

    path: Path
    family: Family


@dataclass
class TreeScan:
    """What a walk found besides the files.

    Attributes:
        ignored: files left out by a ``.gitignore``.
        other: files of other kinds (not source or docs) under the folders walked.
        folders: the folders walked.
    """

    ignored: int = 0
    other: int = 0
    folders: int = 0


def _spec(folder: Path) -> pathspec.GitIgnoreSpec | None:
    gi = folder / ".gitignore"
    try:
        lines = gi.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return pathspec.GitIgnoreSpec.from_lines(lines)


def _ignored(specs: list[tuple[Path, pathspec.GitIgnoreSpec]], path: Path, is_dir: bool) -> bool:
    """Git's answer for ``path``: the deepest ``.gitignore`` with a matching pattern decides
    (a negation there un-ignores)."""
    verdict = False
    for base, spec in specs:
        rel = path.relative_to(base).as_posix() + ("/" if is_dir else "")
        res = spec.check_file(rel)
        if res.include is not None:
            verdict = res.include
    return verdict


def walk_sources(paths: Iterable[str | Path], scan: TreeScan | None = None) -> Iterator[SourceFile]:
    """The source and doc files of ``paths`` (files and folders), in a stable order (sorted
    names, folders depth first).

    Args:
        paths: files (taken when they have a source or doc suffix, see
            :func:`mtgcr.extract.citations.comments.family_of`) and folders (walked).
        scan: filled with counts of ignored and other files, when given.

    Raises:
        FileNotFoundError: a path does not exist (its message names it).
    """
    scan = scan if scan is not None else TreeScan()
    for raw in paths:
        top = Path(raw)
        if not top.exists():
            raise FileNotFoundError(f"{top}: no such file or folder")
        if top.is_file():
            fam = family_of(top)
            if fam is None:
                scan.other += 1
            else:
                yield SourceFile(top, fam)
            continue
        scan.folders += 1
        yield from _walk(top, scan)


def _walk(top: Path, scan: TreeScan) -> Iterator[SourceFile]:
    stack: list[tuple[Path, list[tuple[Path, pathspec.GitIgnoreSpec]]]] = [(top, [])]
    while stack:
        folder, specs = stack.pop()
        own = _spec(folder)
        if own is not None:
            specs = [*specs, (folder, own)]
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        subdirs = []
        for e in entries:
            p = Path(e.path)
            if e.is_dir(follow_symlinks=False):
                if e.name == ".git" or (specs and _ignored(specs, p, True)):
                    continue
                subdirs.append(p)
                continue
            if not e.is_file():
                continue
            fam = family_of(p)
            if specs and _ignored(specs, p, False):
                scan.ignored += 1
                continue
            if fam is None:
                scan.other += 1
                continue
            yield SourceFile(p, fam)
        stack += [(d, specs) for d in reversed(subdirs)]
