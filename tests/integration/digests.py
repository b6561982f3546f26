"""Digests of what parsing and alignment produce on the real corpus (issue "speed near the
floor": optimisations must not change a single result).

* :func:`parse_digests`: for every CR text file of ``../shared/corpus`` (EN official,
  normalised and archive, JA, ZH), a sha256 of everything the parser yields — release, title,
  introduction, credits, chapters, sections, every rule with its examples and line numbers,
  the glossary, the warnings, ``complete``/``truncated`` — and of every rule's references.
* :func:`alignment_digests`: for each consecutive pair of the official EN chain as a store
  builds it (ingest of every official file), a sha256 of :meth:`Alignment.to_json`.

The stored values in ``tests/data/`` were computed by the code before the speed work
(``python -m tests.integration.digests --write``, run only when a result is meant to change,
and said so in the commit). A failing comparison names the file or the pair.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import asdict
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"
PARSE_FILE = DATA / "parse_digests.json"
ALIGN_FILE = DATA / "alignment_digests.json"


def _sha(obj) -> str:
    blob = json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def cr_files(corpus: Path) -> list[Path]:
    """Every plain-text CR file the digests cover, in a fixed order."""
    out: list[Path] = []
    for sub in ("en/official", "en/normalized", "en/archive"):
        out += sorted((corpus / sub).glob("*.txt"))
    out += sorted((corpus / "ja" / "full").glob("*.txt"))
    out += sorted((corpus / "zh" / "plain_text").glob("*.txt"))
    return out


def ruleset_json(rs) -> dict:
    """Everything a parse yields, as plain JSON (the layout is checked by the round trip)."""
    from mtgcr.extract.records import warning_row
    from mtgcr.extract.references import find_references

    return {
        "release": rs.release.as_json(),
        "title": rs.title,
        "introduction": rs.introduction,
        "credits": rs.credits,
        "complete": rs.complete,
        "truncated": rs.truncated,
        "chapters": [asdict(c) for c in rs.chapters],
        "sections": [[str(n), s.title, s.line] for n, s in rs.sections.items()],
        "rules": [
            [str(n), r.text, r.line, [[e.text, e.line] for e in r.examples]]
            for n, r in rs.rules.items()
        ],
        "references": [
            [str(n), [repr(x) for x in find_references(r.text_with_examples())]]
            for n, r in rs.rules.items()
        ],
        "glossary": [asdict(g) for g in rs.glossary],
        "warnings": [warning_row(w) for w in rs.warnings],
        # second texts of a number kept apart (only when there are: other digests stay)
        **(
            {"stale": [[str(r.number), r.text, r.line] for r in rs.stale]}
            if getattr(rs, "stale", None)
            else {}
        ),
    }


def parse_digests(corpus: Path) -> dict[str, str]:
    """File path relative to ``corpus`` → digest of :func:`ruleset_json` of its parse."""
    from mtgcr.corpus.document import document_from_bytes
    from mtgcr.extract.records import warning_row
    from mtgcr.extract.registry import parse_document

    out = {}
    for f in cr_files(corpus):
        doc = document_from_bytes(f.read_bytes(), f.name)
        res = parse_document(doc)
        out[str(f.relative_to(corpus))] = _sha(
            {
                "kind": res.kind,
                "rulesets": [[ruleset_json(rs), origin] for rs, origin, _ in res.rulesets],
                "facts": res.facts,
                "warnings": [warning_row(w) for w in res.warnings],
            }
        )
    return out


def alignment_digests(official: Path, store_path: Path, cache: bool = False) -> dict[str, str]:
    """``"old → new"`` (effective dates) → digest of each consecutive alignment's JSON, for the
    chain of a store holding every official file (ingested into ``store_path`` if it is new)."""
    from mtgcr.corpus.store import Store
    from mtgcr.crossref.chain import Chain
    from mtgcr.extract.ingest import ingest_paths

    with Store(store_path) as st:
        if not st.releases():
            ingest_paths(st, sorted(official.glob("*.txt")))
        ch = Chain(st, cache=cache)
        out = {}
        for k in range(len(ch) - 1):
            a = ch.alignment(k)
            out[f"{a.old.name} → {a.new.name}"] = _sha(a.to_json())
        return out


if __name__ == "__main__":
    import tempfile

    corpus = (
        Path(sys.argv[sys.argv.index("--corpus") + 1])
        if "--corpus" in sys.argv
        else Path(__file__).resolve().parents[3] / "shared" / "corpus"
    )
    p = parse_digests(corpus)
    with tempfile.TemporaryDirectory() as tmp:
        a = alignment_digests(corpus / "en" / "official", Path(tmp) / "s.sqlite")
    print(f"{len(p)} files, {len(a)} alignments")
    if "--write" in sys.argv:
        DATA.mkdir(exist_ok=True)
        PARSE_FILE.write_text(json.dumps(p, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        ALIGN_FILE.write_text(json.dumps(a, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
