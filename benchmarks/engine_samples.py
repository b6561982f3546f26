"""Scoring ``cite-check`` on real engine trees against the hand-judged samples in
``tests/data/engine_cite_sample_*.json`` (repository, commit, file, line, citation, and whether
the cited number names the rule meant in the target — see each file's ``definitions``).

Precision is that of the flags (a flagged citation is a real problem). Recall is that of the
outdated citations (ones a CR change made stale), estimated from the two strata the sample
was drawn from (flagged and current, of the sizes recorded in ``population_when_sampled``).
A wrong rewrite is a certain suggestion whose numbers are not the ones meant.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Score", "load_samples", "score"]

STALE = {"moved", "gone", "mismatch", "absent", "malformed"}
DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def load_samples() -> list[dict]:
    """Every judged sample, as stored, with its file's ``name``."""
    return [
        dict(json.loads(p.read_text(encoding="utf-8")), name=p.stem)
        for p in sorted(DATA.glob("engine_cite_sample_*.json"))
    ]


@dataclass
class Score:
    """How a run does on one judged sample."""

    repository: str
    flagged: int = 0  # sample items the run flags
    flag_right: int = 0  # … that are a real problem
    current: int = 0  # sample items the run calls current
    current_stale: int = 0  # … that are stale (missed)
    outdated_found: float = 0.0  # estimated over the population
    outdated_missed: float = 0.0
    rewrites: int = 0  # certain suggestions among the sample items
    wrong_rewrites: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # sample items the run did not read

    @property
    def precision(self) -> float:
        return self.flag_right / self.flagged if self.flagged else 1.0

    @property
    def recall(self) -> float:
        total = self.outdated_found + self.outdated_missed
        return self.outdated_found / total if total else 1.0


def _numbers(text: str) -> list[str]:
    import re

    return re.findall(r"(?<!\d)\d{3}(?:\.\d{1,3}[a-z]{0,2})?(?!\d)", text)


def score(sample: dict, records: list[dict], strip: str = "") -> Score:
    """Score the citation records of one run (``as_json()`` dicts; file names relative to the
    repository after ``strip`` is removed from their front) on ``sample``."""
    by = {}
    for r in records:
        name = r["file"][len(strip) :] if strip and r["file"].startswith(strip) else r["file"]
        by.setdefault((name, r["line"], r["text"]), r)  # the first on its line
        by[(name, r["line"], r["column"], r["text"])] = r
    out = Score(sample["repository"])
    pop = sample["population_when_sampled"]
    size = {g: sum(1 for i in sample["items"] if i["group"] == g) for g in pop}
    for item in sample["items"]:
        r = by.get((item["file"], item["line"], item.get("column"), item["citation"]))
        r = r or by.get((item["file"], item["line"], item["citation"]))
        where = f"{item['file']}:{item['line']} {item['citation']!r}"
        if r is None:
            out.missing.append(where)
            continue
        weight = pop[item["group"]] / size[item["group"]]
        flagged = r["verdict"] in STALE
        if flagged:
            out.flagged += 1
            out.flag_right += item["stale"]
        elif r["verdict"] == "current":
            out.current += 1
            out.current_stale += item["stale"]
        if item["outdated"]:
            if flagged:
                out.outdated_found += weight
            else:
                out.outdated_missed += weight
        if r["certain"] and r["suggestion"] and r["verdict"] in STALE:
            out.rewrites += 1
            old, new = _numbers(r["text"]), _numbers(r["suggestion"])
            changed = [n for o, n in zip(old, new) if o != n]
            meant = item["meant"] or []
            if not item["stale"] or not changed or any(n not in meant for n in changed):
                out.wrong_rewrites.append(f"{where} → {r['suggestion']!r} (meant {meant})")
    return out
