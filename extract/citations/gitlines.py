"""When the lines of a source file were written, and which lines changed: from git.

Evidence for which CR release a citation was written against (see
:mod:`mtgcr.crossref.cite.evidence`): the date a line got its current text. It is read with
the ``git`` command (every CI runner and developer machine that has the repository has it;
its history walk and object store are faster than any library's, and nothing is installed):

* one ``git log --raw -M`` over the paths asked about gives every version (blob) of every
  file, newest first, following renames;
* for each line asked about, the oldest version of the file's latest unbroken run of versions
  that holds the line (whitespace-trimmed) is found by galloping back from the newest version,
  reading blobs through one ``git cat-file --batch`` process. The line's date is that
  version's *author* date (``--date=short``: the author's own calendar day; a rebase keeps it).

Unlike ``git blame``, a line moved within its file keeps its date (the citation was not
rewritten); like it, a line whose text changed (re-indented lines aside) gets the date of the
change. A line only in the work tree (not committed) is dated today.

:func:`changed_lines` lists the lines changed against a base commit (``git diff -U0``), for
``cite-check --changed-only``.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Protocol

from mtgcr.errors import InputError

__all__ = ["GitError", "GitHistory", "repository_top", "changed_lines"]


class GitError(InputError):
    """``git`` failed on the repository the paths are in (the message has its own first line
    of error output)."""


def _git(top: Path, *args: str) -> bytes:
    try:
        run = subprocess.run(["git", "-C", str(top), *args], capture_output=True, check=False)
    except OSError as exc:  # no git installed
        raise GitError(f"git: {exc.strerror or exc}") from None
    if run.returncode != 0:
        first = run.stderr.decode("utf-8", "replace").strip().splitlines()[:1]
        what = next((a for a in args if not a.startswith("-") and "=" not in a), "")
        raise GitError(f"git {what}: {first[0] if first else f'exit {run.returncode}'}")
    return run.stdout


def repository_top(path: Path) -> Path | None:
    """The top folder of the git work tree holding ``path`` (a file or folder), or ``None``
    when it is in none (or git is not installed)."""
    folder = path if path.is_dir() else path.parent
    if shutil.which("git") is None:
        return None
    try:
        out = _git(folder, "rev-parse", "--show-toplevel")
    except GitError:
        return None
    return Path(out.decode("utf-8", "surrogateescape").strip()).resolve()


@dataclass
class _Plan:
    """How a history is to be had: HEAD, the memo's scope, the history itself when the memo
    has it for HEAD (``known``), or the memo's record for an ancestor of HEAD (``since``)."""

    head: str
    scope: str
    known: dict[str, list["_Version"]] | None = None
    since: dict | None = None


class Memo(Protocol):
    """What keeps a history between runs: JSON values by key
    (:class:`mtgcr.corpus.keyed_cache.KeyedCache` is one)."""

    def get(self, key: str) -> Any: ...

    def put(self, key: str, value: Any) -> None: ...


@dataclass(frozen=True)
class _Version:
    when: date
    blob: str


class GitHistory:
    """The versions of the files under some paths of one repository, and their lines' dates.

    Args:
        top: the repository's top folder (:func:`repository_top`).
        paths: the files and folders asked about (below ``top``); the log is read once for
            all of them, on the first question.
        memo: where the history read is kept between runs (by HEAD; a later run on a
            descendant of that HEAD reads only the commits since), or ``None``.

    Raises:
        GitError: (on the first question) ``git log`` failed.
    """

    def __init__(self, top: Path, paths: list[Path], memo: Memo | None = None) -> None:
        self.top = top
        self.memo = memo
        self.paths = [os.path.relpath(p.resolve(), top) for p in paths]
        self._versions: dict[str, list[_Version]] | None = None
        self._shallow: bool | None = None
        self._planned: _Plan | None = None
        self._running: tuple[str | None, subprocess.Popen, Any] | None = None
        self._cat: subprocess.Popen | None = None
        self.blobs_read = 0

    def close(self) -> None:
        """Stop the ``git cat-file`` and ``git log`` processes (also done when the object is
        collected)."""
        if self._running is not None:
            _, proc, tmp = self._running
            self._running = None
            proc.kill()
            proc.wait()
            tmp.close()
        if self._cat is not None:
            if self._cat.stdin:
                self._cat.stdin.close()
            self._cat.wait()
            self._cat = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    def _log(self) -> dict[str, list[_Version]]:
        """Every version of every file under :attr:`paths`, newest first, by current path —
        from the memo when it holds the history up to this HEAD, or up to an ancestor of it
        (then only the commits since are read)."""
        if self._versions is not None:
            return self._versions
        plan = self._plan()
        if plan.known is not None:
            self._versions = plan.known
            return plan.known
        head, since = plan.head, plan.since
        versions: dict[str, list[_Version]]
        if since is not None:
            newer, moved = self._read_log(f"{since['head']}..HEAD")
            versions = newer
            for path, vs in _decode(since["versions"]).items():
                versions.setdefault(moved.get(path, path), []).extend(vs)
        else:
            versions, _ = self._read_log(None)
        self._versions = versions
        scope = plan.scope
        if self.memo is not None and head:
            value = _encode(versions)
            self.memo.put(f"{scope}:{head}", value)
            self.memo.put(f"{scope}:last", {"head": head, "versions": value})
        return versions

    def start(self) -> None:
        """Start reading the history in the background (a ``git log`` writing to a temporary
        file) when the memo does not hold it: the caller reads files meanwhile."""
        plan = self._plan()
        if plan.known is None and self._running is None:
            commits = f"{plan.since['head']}..HEAD" if plan.since is not None else None
            out = tempfile.TemporaryFile()
            proc = subprocess.Popen(self._log_command(commits), stdout=out, stderr=subprocess.PIPE)
            self._running = (commits, proc, out)

    def _plan(self) -> "_Plan":
        if self._planned is not None:
            return self._planned
        try:
            head = _git(self.top, "rev-parse", "--verify", "--quiet", "HEAD").decode().strip()
        except GitError:  # no commit yet: no history
            head = ""
        scope = f"git-history:{self.top}:{' '.join(self.paths)}"
        plan = _Plan(head, scope, known=None if head else {})
        if self.memo is not None and head:
            got = self.memo.get(f"{scope}:{head}")
            if got is not None:
                plan.known = _decode(got)
            else:
                since = self.memo.get(f"{scope}:last")
                if since is not None and since["head"] != head and self._is_ancestor(since["head"]):
                    plan.since = since
        self._planned = plan
        return plan

    def _is_ancestor(self, commit: str) -> bool:
        try:
            _git(self.top, "merge-base", "--is-ancestor", commit, "HEAD")
        except GitError:
            return False
        return True

    def _log_command(self, commits: str | None) -> list[str]:
        return [
            "git",
            "-C",
            str(self.top),
            "-c",
            "core.quotePath=false",
            "log",
            "--no-merges",
            "-M",
            "--raw",
            "--no-abbrev",
            "--date=short",
            "--format=%x00%ad",
            *([commits] if commits else []),
            "--",
            *(self.paths or ["."]),
        ]

    def _read_log(self, commits: str | None) -> tuple[dict[str, list[_Version]], dict[str, str]]:
        """``git log --raw -M`` of :attr:`paths` (over ``commits``, a range, or all):
        versions by current path, and the older paths renamed to those."""
        running = self._running
        if running is not None and running[0] == commits:
            _, proc, tmp = running
            self._running = None
            err = proc.communicate()[1]
            if proc.returncode != 0:
                first = err.decode("utf-8", "replace").strip().splitlines()[:1]
                raise GitError(f"git log: {first[0] if first else f'exit {proc.returncode}'}")
            tmp.seek(0)
            raw = tmp.read()
            tmp.close()
        else:
            run = subprocess.run(self._log_command(commits), capture_output=True, check=False)
            if run.returncode != 0:
                first = run.stderr.decode("utf-8", "replace").strip().splitlines()[:1]
                raise GitError(f"git log: {first[0] if first else f'exit {run.returncode}'}")
            raw = run.stdout
        out = raw.decode("utf-8", "surrogateescape")
        versions: dict[str, list[_Version]] = defaultdict(list)
        later_name: dict[str, str] = {}  # an older path -> the path it has now
        when = date.min
        for line in out.split("\n"):
            if not line:
                continue
            if line[0] == "\0":
                when = date.fromisoformat(line[1:11])
                continue
            if line[0] != ":":
                continue
            meta, _, names = line.partition("\t")
            fields = meta.split()
            status, blob = fields[4], fields[3]
            parts = names.split("\t")
            if status == "D":
                continue
            now = later_name.get(parts[-1], parts[-1])
            versions[now].append(_Version(when, blob))
            if status.startswith("R"):
                later_name[parts[0]] = now
        return dict(versions), later_name

    def _blob(self, sha: str) -> str:
        if self._cat is None:
            self._cat = subprocess.Popen(
                ["git", "-C", str(self.top), "cat-file", "--batch"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
            )
        assert self._cat.stdin is not None and self._cat.stdout is not None
        self._cat.stdin.write(sha.encode() + b"\n")
        self._cat.stdin.flush()
        header = self._cat.stdout.readline().split()
        if len(header) < 3 or header[1] == b"missing":
            return ""
        data = self._cat.stdout.read(int(header[2]) + 1)[:-1]
        self.blobs_read += 1
        return data.decode("utf-8", "surrogateescape")

    @property
    def shallow(self) -> bool:
        """True for a shallow clone (``actions/checkout`` without ``fetch-depth: 0``): its
        oldest commits hide the history before them, so a line found in them has no date."""
        if self._shallow is None:
            out = _git(self.top, "rev-parse", "--is-shallow-repository").decode().strip()
            self._shallow = out == "true"
        return self._shallow

    def _rel(self, path: Path) -> str:
        return os.path.relpath(path.resolve(), self.top).replace(os.sep, "/")

    def span(self, path: Path, text: str, today: date | None = None) -> tuple[date, date] | None:
        """``(oldest, newest)``: the dates of the file's first committed version and of its
        current content (today when the work tree differs from the last commit): every line
        of ``text`` (the file as it is now) was written between the two. ``None`` when the
        file was never committed, or the clone is shallow (its history is cut).

        Raises:
            GitError: ``git log`` failed.
        """
        vers = self._log().get(self._rel(path), [])
        if not vers or self.shallow:
            return None
        data = text.encode("utf-8", "surrogateescape")
        blob = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
        newest = vers[0].when if blob == vers[0].blob else (today or date.today())
        return vers[-1].when, newest

    def line_dates(
        self, path: Path, lines: list[str], today: date | None = None
    ) -> dict[str, date]:
        """The date each of ``lines`` (texts of lines of ``path`` as it is in the work tree)
        got its current text (module docstring).

        Args:
            path: a file under :attr:`top`.
            lines: line texts; compared whitespace-trimmed.
            today: the date of lines not committed (default: today).

        Returns:
            ``{trimmed line text: date}`` for every non-blank line asked about, except lines
            found in the oldest commit of a shallow clone (their date is unknown).

        Raises:
            GitError: ``git log`` failed.
        """
        today = today or date.today()
        vers = self._log().get(self._rel(path), [])
        want = {ln.strip() for ln in lines if ln.strip()}
        out = dict.fromkeys(want, today)
        if not vers:
            return out
        seen: dict[int, str] = {}

        def has(i: int, text: str) -> bool:
            blob = seen.get(i)
            if blob is None:
                blob = seen[i] = self._blob(vers[i].blob)
            return _has_line(blob, text)

        for text in want:
            if not has(0, text):
                continue  # changed in the work tree: today
            lo, step, hi = 0, 1, None
            while hi is None:  # gallop back while the line is there
                j = min(lo + step, len(vers) - 1)
                if j == lo:
                    break
                if has(j, text):
                    lo, step = j, step * 2
                else:
                    hi = j
            while hi is not None and hi - lo > 1:
                mid = (lo + hi) // 2
                if has(mid, text):
                    lo = mid
                else:
                    hi = mid
            if lo == len(vers) - 1 and self.shallow:
                del out[text]  # in the oldest commit of a shallow clone: written before it
                continue
            out[text] = vers[lo].when
        return out


def _has_line(blob: str, text: str) -> bool:
    """True when some line of ``blob`` is ``text`` with only blanks around it (a substring
    search, then the line's edges: far faster than splitting the blob into lines)."""
    at = blob.find(text)
    while at >= 0:
        a = blob.rfind("\n", 0, at) + 1
        b = blob.find("\n", at + len(text))
        b = len(blob) if b < 0 else b
        if not blob[a:at].strip() and not blob[at + len(text) : b].strip():
            return True
        at = blob.find(text, at + 1)
    return False


def _encode(versions: dict[str, list[_Version]]) -> dict[str, list]:
    return {p: [x for v in vs for x in (v.when.isoformat(), v.blob)] for p, vs in versions.items()}


def _decode(value: dict[str, list]) -> dict[str, list[_Version]]:
    return {
        p: [_Version(date.fromisoformat(d), b) for d, b in zip(flat[::2], flat[1::2])]
        for p, flat in value.items()
    }


_HUNK = re.compile(rb"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", re.M)


def changed_lines(top: Path, base: str, paths: list[Path]) -> dict[Path, set[int] | None]:
    """The lines of the work tree that differ from commit ``base`` (``git diff -U0 BASE``:
    committed, staged and unstaged changes alike), by file; untracked files are new as a
    whole (``None``: every line).

    Args:
        top: the repository's top folder.
        base: a commit (``origin/main``, a SHA, ``HEAD``).
        paths: the files and folders to look at.

    Returns:
        ``{absolute path: set of 1-based line numbers, or None for a new file}``.

    Raises:
        GitError: ``base`` is not a commit, or git failed.
    """
    rel = [os.path.relpath(p.resolve(), top) for p in paths] or ["."]
    _git(top, "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}")
    out: dict[Path, set[int] | None] = {}
    diff = _git(top, "diff", "-U0", "--no-color", "--no-ext-diff", "--no-renames", base, "--", *rel)
    current: Path | None = None
    for chunk in re.split(rb"^diff --git ", diff, flags=re.M):
        if not chunk:
            continue
        m = re.search(rb"^\+\+\+ (?:b/)?(.+)$", chunk, re.M)
        if not m or m.group(1) == b"/dev/null":
            continue
        current = (top / m.group(1).decode("utf-8", "surrogateescape")).resolve()
        lines: set[int] = set()
        for h in _HUNK.finditer(chunk):
            start, count = int(h.group(1)), int(h.group(2) or 1)
            lines.update(range(start, start + count))
        if b"new file mode" in chunk.split(b"\n@@", 1)[0]:
            out[current] = None
        else:
            out[current] = lines
    untracked = _git(top, "ls-files", "--others", "--exclude-standard", "-z", "--", *rel)
    for name in untracked.split(b"\0"):
        if name:
            out[(top / name.decode("utf-8", "surrogateescape")).resolve()] = None
    return out
