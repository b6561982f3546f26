"""Human decisions on alignments: a small TOML file that later runs apply.

When the texts cannot decide (an ``ambiguous`` group, a rule rewritten beyond recognition),
a person records the answer once and every later ``mtgcr diff``, ``history``, ``remap`` and
``build`` applies it. The file holds ``[[decision]]`` tables::

    # mtgcr alignment decisions
    [[decision]]
    old_release = "2023-04-14"      # effective date or label of the old release
    new_release = "2023-06-16"
    relation = "same"               # same | unrelated | added | removed
    old = ["712.3d"]                # one number or a list
    new = ["712.3a"]
    lang = "en"                     # optional, default "en"
    note = "relettered"             # optional, shown in reports

``same`` with one old and one new number pins a one-to-one match, one old and several new a
split, several old and one new a merge; ``unrelated`` forbids pairing any listed old rule
with any listed new rule; ``added`` (``new`` only) and ``removed`` (``old`` only) pin rules as
having no counterpart. A decision applies only to the pair of releases it names.

Location: ``--decisions FILE``, else ``$MTGCR_DECISIONS``, else ``decisions.toml`` beside the
store (used only if present).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from mtgcr.extract.model import Release
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.errors import InputError

from mtgcr.corpus.release_spec import ReleaseSpec

__all__ = [
    "Decision",
    "DecisionError",
    "load_decisions",
    "decisions_path",
    "RELATIONS",
    "decisions_digest",
    "snippet",
]

#: The relations a decision can state.
RELATIONS = ("same", "unrelated", "added", "removed")


class DecisionError(InputError):
    """A bad decisions file or a decision that does not fit its releases; ``str()`` is one
    line ``file:line: message``."""


@dataclass(frozen=True)
class Decision:
    """One recorded decision (see the module docstring for the file format).

    Attributes:
        relation: one of :data:`RELATIONS`.
        old_release, new_release: release specs as written (effective date or label).
        old, new: rule numbers.
        lang: language of both releases.
        note: free text for reports.
        source: ``"file:line"`` of the ``[[decision]]`` header, for error messages.
    """

    relation: str
    old_release: str
    new_release: str
    old: tuple[RuleNumber, ...]
    new: tuple[RuleNumber, ...]
    lang: str = "en"
    note: str = ""
    source: str = ""

    def applies(self, old: Release, new: Release) -> bool:
        """True if this decision is about exactly this pair of releases (same language)."""
        return (
            old.lang == self.lang
            and new.lang == self.lang
            and _same_release(self.old_release, old)
            and _same_release(self.new_release, new)
        )

    def to_json(self) -> dict:
        """JSON form (numbers as strings), used for cache keys."""
        return {
            "relation": self.relation,
            "old_release": self.old_release,
            "new_release": self.new_release,
            "old": [str(n) for n in self.old],
            "new": [str(n) for n in self.new],
            "lang": self.lang,
        }


def _same_release(spec: str, rel: Release) -> bool:
    return ReleaseSpec.parse(spec).names(rel.effective_date, rel.label)


def decisions_path(explicit: str | None, store_path: str | Path | None) -> Path | None:
    """Which decisions file to use: ``explicit`` (must exist), else ``$MTGCR_DECISIONS``
    (must exist), else ``decisions.toml`` beside the store if present, else ``None``.

    Raises:
        DecisionError: an explicitly named file does not exist.
    """
    for cand, named in (
        (explicit, "--decisions"),
        (os.environ.get("MTGCR_DECISIONS"), "$MTGCR_DECISIONS"),
    ):
        if cand:
            p = Path(cand)
            if not p.is_file():
                raise DecisionError(f"{p}: decisions file not found (given by {named})")
            return p
    if store_path:
        p = Path(store_path).parent / "decisions.toml"
        if p.is_file():
            return p
    return None


_HEADER = re.compile(r"^\s*\[\[\s*decision\s*\]\]\s*(#.*)?$")


def load_decisions(path: str | Path | None) -> list[Decision]:
    """Read a decisions file (``None`` → no decisions).

    Returns:
        The decisions in file order.

    Raises:
        DecisionError: unreadable file, TOML syntax error, unknown relation, missing field,
            a malformed rule number — the message names the file and line.
    """
    if path is None:
        return []
    p = Path(path)
    try:
        raw = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DecisionError(f"{p}: cannot read decisions file ({exc})") from None
    import tomllib  # only when there is a decisions file

    try:
        data = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise DecisionError(f"{p}:{m.group(1) if m else 0}: not valid TOML ({exc})") from None
    lines = [i for i, line in enumerate(raw.splitlines(), 1) if _HEADER.match(line)]
    unknown = set(data) - {"decision"}
    if unknown:
        raise DecisionError(
            f"{p}: unknown top-level key(s) {sorted(unknown)}; use [[decision]] tables"
        )
    items = data.get("decision", [])
    if not isinstance(items, list):
        raise DecisionError(f"{p}: 'decision' must be written as [[decision]] tables")
    out = []
    for k, item in enumerate(items):
        where = f"{p}:{lines[k] if k < len(lines) else 0}"
        out.append(_decision(item, where))
    return out


def _decision(item: dict, where: str) -> Decision:
    rel = item.get("relation", "same")
    if rel not in RELATIONS:
        raise DecisionError(f"{where}: relation must be one of {', '.join(RELATIONS)}, not {rel!r}")
    for key in ("old_release", "new_release"):
        if not isinstance(item.get(key), str) or not item[key].strip():
            raise DecisionError(f"{where}: {key} is missing (an effective date or label)")

    def nums(key: str) -> tuple[RuleNumber, ...]:
        v = item.get(key, [])
        v = [v] if isinstance(v, str) else v
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise DecisionError(f"{where}: {key} must be a rule number or a list of them")
        out = []
        for x in v:
            n = RuleNumber.try_parse(x)
            if n is None or n.kind == "section":
                raise DecisionError(f"{where}: {key}: {x!r} is not a rule or subrule number")
            out.append(n)
        return tuple(out)

    old, new = nums("old"), nums("new")
    need = {
        "same": (old and new),
        "unrelated": (old and new),
        "added": (new and not old),
        "removed": (old and not new),
    }[rel]
    if not need:
        raise DecisionError(
            f"{where}: relation {rel!r} needs "
            + {
                "same": "both old and new",
                "unrelated": "both old and new",
                "added": "new numbers only",
                "removed": "old numbers only",
            }[rel]
        )
    if rel == "same" and len(old) > 1 and len(new) > 1:
        raise DecisionError(
            f"{where}: 'same' links one old rule to several new (split) or "
            f"several old to one new (merge), not many to many"
        )
    unknown = set(item) - {"relation", "old_release", "new_release", "old", "new", "lang", "note"}
    if unknown:
        raise DecisionError(f"{where}: unknown key(s) {sorted(unknown)}")
    return Decision(
        rel,
        item["old_release"],
        item["new_release"],
        old,
        new,
        str(item.get("lang", "en")),
        str(item.get("note", "")),
        where,
    )


def decisions_digest(decisions: list[Decision]) -> str:
    """A short hash of the decisions (for cache keys); ``""`` when there are none."""
    if not decisions:
        return ""
    import hashlib

    blob = json.dumps([d.to_json() for d in decisions], sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def snippet(
    old_release: str, new_release: str, old: list[str], new: list[str], lang: str = "en"
) -> str:
    """A ``[[decision]]`` table to paste into the decisions file for an ambiguous group: it
    pins the first candidate pair and lists the others in a comment, to edit (pick the right
    numbers, or change the relation to ``added``/``removed``/``unrelated``)."""

    def arr(v: list[str]) -> str:
        return "[" + ", ".join(f'"{x}"' for x in v) + "]"

    old_c = f"  # candidates: {', '.join(old)}" if len(old) > 1 else ""
    new_c = f"  # candidates: {', '.join(new)}" if len(new) > 1 else ""
    return (
        f'[[decision]]\nold_release = "{old_release}"\nnew_release = "{new_release}"\n'
        f'relation = "same"\nold = {arr(old[:1])}{old_c}\nnew = {arr(new[:1])}{new_c}\n'
        + (f'lang = "{lang}"\n' if lang != "en" else "")
    )
