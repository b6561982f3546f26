"""Reusing a release's pages from the previous build of a site.

A release's pages (its section pages, contents, glossary, search files and ``rules.json``)
depend only on that release, the releases before it in its chain (lineage ids, search text
numbers, the change since the previous one), its set name and side-by-side links, and the
site code. The site folder keeps, in ``.mtgcr-site-state.json``, a fingerprint of those inputs
per release folder and, per file, its digest and what ``stat`` said of it after the build.
When the fingerprint is the same and every file is still as the build left it (same inode,
size and modification time, and the output journal names exactly one content for it), the
release is not rendered again: its files count as unchanged. Anything else — a missing or
edited file, another mtgcr, a re-ingested release — renders it as before; the state is a
cache, never trusted beyond what it can check.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["STATE_FILE", "SiteState", "code_digest", "fingerprint"]

#: The state file inside the site folder.
STATE_FILE = ".mtgcr-site-state.json"
_MEMO = "#memo"  # the state's entry of kept results (not a folder name)


def code_digest() -> str:
    """A digest of the code that renders release pages (this package, the list and reference
    finders, the language pairing, the profiles' version, mtgcr's version): a new mtgcr
    renders every release again."""
    from importlib.metadata import PackageNotFoundError, version

    from mtgcr.crossref.translation import langpair
    from mtgcr.extract import lists, profiles, references

    try:
        mine = version("mtgcr")
    except PackageNotFoundError:  # run from a source tree: the code's bytes still count
        mine = "unknown"
    h = hashlib.blake2b(mine.encode(), digest_size=16)
    h.update(str(profiles.registry_version()).encode())
    here = Path(__file__).parent
    for path in [
        *sorted(here.glob("*.py")),
        *(Path(str(m.__file__)) for m in (lists, references, langpair)),
    ]:
        h.update(path.read_bytes())
    return h.hexdigest()


def fingerprint(*parts: object) -> str:
    """A digest of ``repr(parts)`` (values whose ``repr`` says all that matters)."""
    return hashlib.blake2b(repr(parts).encode("utf-8"), digest_size=16).hexdigest()


@dataclass
class _Group:
    fp: str
    files: dict[str, list] = field(default_factory=dict)  # rel → [digest, ino, size, mtime]


@dataclass
class SiteState:
    """The previous build's state (read) and this build's (collected), per release folder.

    Args:
        root: the site folder.
    """

    root: Path
    old: dict[str, _Group] = field(default_factory=dict)
    new: dict[str, _Group] = field(default_factory=dict)
    #: Results worth keeping between builds (fingerprint of the inputs → a JSON value): the
    #: previous build's, and those this build used (only these are kept).
    memo_old: dict[str, object] = field(default_factory=dict)
    memo_new: dict[str, object] = field(default_factory=dict)

    def load(self) -> "SiteState":
        """Read ``STATE_FILE`` (a missing or unreadable one is an empty state)."""
        try:
            data = json.loads((self.root / STATE_FILE).read_text(encoding="utf-8"))
            self.memo_old = dict(data.pop(_MEMO, {}))
            self.old = {g: _Group(v["fp"], dict(v["files"])) for g, v in data.items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            self.old, self.memo_old = {}, {}
        return self

    def memo(self, key: str, compute):
        """``compute()``, or what it gave for the same ``key`` (a fingerprint of its inputs)
        in the previous build. The value must be JSON."""
        if key in self.memo_old:
            value = self.memo_old[key]
        else:
            value = compute()
        self.memo_new[key] = value
        return value

    def start(self, group: str, fp: str) -> None:
        """This build renders ``group`` with inputs ``fp``: its files follow (:meth:`add`)."""
        self.new[group] = _Group(fp)

    def add(self, group: str, rel: str, digest: str) -> None:
        """A file of ``group`` written (or found unchanged) with content digest ``digest``."""
        self.new[group].files[rel] = [digest, 0, 0, 0]

    def forget(self, group: str) -> None:
        """Leave ``group`` out of this build's state (it is rendered again next time)."""
        g = self.new.get(group)
        if g is not None:
            g.fp = ""

    def reusable(self, group: str, fp: str) -> dict[str, str] | None:
        """The files (path → content digest) of ``group`` as the previous build left them,
        when its inputs were ``fp`` and every file is still as ``stat`` saw it; else ``None``."""
        old = self.old.get(group)
        if old is None or old.fp != fp or not old.files:
            return None
        for rel, (_digest, ino, size, mtime) in old.files.items():
            try:
                st = os.lstat(self.root / rel)
            except OSError:
                return None
            if (st.st_ino, st.st_size, st.st_mtime_ns) != (ino, size, mtime):
                return None
        self.new[group] = old
        return {rel: v[0] for rel, v in old.files.items()}

    def text(self) -> str:
        """This build's state as the content of ``STATE_FILE`` (each file ``stat``-ed now: call
        once every file is on disk)."""
        out = {}
        for group, g in sorted(self.new.items()):
            files = {}
            for rel, (digest, *_) in sorted(g.files.items()):
                try:
                    st = os.lstat(self.root / rel)
                except OSError:
                    continue
                files[rel] = [digest, st.st_ino, st.st_size, st.st_mtime_ns]
            out[group] = {"fp": g.fp, "files": files}
        out[_MEMO] = self.memo_new  # type: ignore[assignment]
        return json.dumps(out, separators=(",", ":"), sort_keys=True)
