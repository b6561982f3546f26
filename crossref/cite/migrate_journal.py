"""The journal of ``cite-migrate --write``: what was rewritten, so a run killed half-way resumes
and a run repeated is a no-op.

A migration reads each citation against evidence of the release it was written against; a
number that has already been rewritten for the target would be read again as the old release
(``--from R``) and moved a second time. The journal — a JSON Lines file, one record per line,
each flushed and synced to disk before the step it announces — says which files were rewritten
for which release:

* ``{"kind": "run", "started", "to", "from"}`` — a run begins;
* ``{"kind": "begin", "file", "before", "after", "to"}`` — ``file`` (relative to the
  journal's folder) is about to be replaced: its sha256 now (``before``) and after
  (``after``);
* ``{"kind": "done", "file", "after", "to", "listed"}`` — it was replaced; ``listed`` are
  its citations left for a human (``[where, text, [reasons]]``), said again by a run that
  skips the file;
* ``{"kind": "end", "files"}`` — the run finished.

On the next run (:meth:`Journal.state`), a file whose bytes are the ``after`` of its last
record (``done``, or ``begin`` when the kill came between the rename and the record) was
migrated to that record's release: it is skipped when that is the target, else its citations
without evidence are read against it (``journal``, not ``--from``). A file whose bytes are
``before`` was not replaced. The temporary files a killed writer of a journaled file left
(:func:`mtgcr.corpus.safe_write.replace_file` names them ``.<name>.<random>.tmp`` beside the
file) are removed. A last line cut short by a kill is ignored. The journal is kept after a
run (delete it once the migration is committed).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any

__all__ = ["Journal", "FileState", "DEFAULT_NAME"]

#: The journal's default file name (in the folder ``cite-migrate`` runs from).
DEFAULT_NAME = ".mtgcr-cite-migrate.jsonl"


@dataclass(frozen=True)
class FileState:
    """What the journal says about one file.

    Attributes:
        migrated_to: the release (name) it was migrated to, when its bytes are still what
            that migration wrote; else ``None``.
        leftovers: temporary files a killed writer left beside it.
        listed: what that migration left for a human in it (``(where, text, reasons)``).
    """

    migrated_to: str | None
    leftovers: tuple[Path, ...] = ()
    listed: tuple[tuple[str, str, tuple[str, ...]], ...] = ()


class Journal:
    """The journal file ``path`` (created on the first record).

    Args:
        path: the journal file; file names in it are relative to its folder.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.folder = path.resolve().parent
        self._last: dict[str, dict] = {}
        self._out: IO[str] | None = None
        self.bad_lines = 0
        if path.exists():
            with open(path, encoding="utf-8") as f:
                for line in f:
                    try:
                        rec = json.loads(line)
                    except json.JSONDecodeError:
                        self.bad_lines += 1  # a line cut short by a kill
                        continue
                    if isinstance(rec, dict) and rec.get("kind") in ("begin", "done"):
                        self._last[rec["file"]] = rec

    def _name(self, file: Path) -> str:
        return os.path.relpath(file.resolve(), self.folder).replace(os.sep, "/")

    def state(self, file: Path, sha256: str) -> FileState:
        """What the journal says about ``file`` whose bytes now have digest ``sha256``."""
        rec = self._last.get(self._name(file))
        if rec is None:
            return FileState(None)
        leftovers: tuple[Path, ...] = ()
        if rec["kind"] == "begin":
            leftovers = tuple(sorted(file.parent.glob(f".{glob_escape(file.name)}.*.tmp")))
        done = rec["after"] == sha256
        listed = tuple((w, t, tuple(r)) for w, t, r in (rec.get("listed") or []) if done)
        return FileState(rec["to"] if done else None, leftovers, listed)

    def remove_leftovers(self, state: FileState) -> list[Path]:
        """Delete the temporary files of ``state``; returns those removed."""
        out = []
        for p in state.leftovers:
            try:
                p.unlink()
                out.append(p)
            except FileNotFoundError:
                pass
        return out

    def _write(self, rec: dict) -> None:
        if self._out is None:
            self._out = open(self.path, "a", encoding="utf-8")
        self._out.write(json.dumps(rec, ensure_ascii=False) + "\n")
        self._out.flush()
        os.fsync(self._out.fileno())

    def start(self, to: str, from_: str | None) -> None:
        """Record the start of a run migrating to ``to`` (``from_``: ``--from``)."""
        self._write(
            {
                "kind": "run",
                "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                "to": to,
                "from": from_,
            }
        )

    def begin(
        self, file: Path, before: str, after: str, to: str, listed: list | None = None
    ) -> None:
        """Record that ``file`` is about to be replaced (digests before and after; what is left
        in it for a human)."""
        self._record("begin", file, to, listed, before=before, after=after)

    def done(self, file: Path, after: str, to: str, listed: list | None = None) -> None:
        """Record that ``file`` was replaced."""
        self._record("done", file, to, listed, after=after)

    def _record(self, kind: str, file: Path, to: str, listed: list | None, **digests: str) -> None:
        rec: dict[str, Any] = {
            "kind": kind,
            "file": self._name(file),
            **digests,
            "to": to,
            "listed": listed or [],
        }
        self._write(rec)
        self._last[rec["file"]] = rec

    def end(self, files: int) -> None:
        """Record the end of the run and close the file."""
        if self._out is not None or files:
            self._write({"kind": "end", "files": files})
        self.close()

    def close(self) -> None:
        """Close the file (records already written stay)."""
        if self._out is not None:
            self._out.close()
            self._out = None


def glob_escape(name: str) -> str:
    """``name`` with glob wildcards escaped (``[``, ``*``, ``?``)."""
    return "".join(f"[{c}]" if c in "[]*?" else c for c in name)
