"""The speed table (issue "speed near the floor"): each figure beside its floor or reference,
the ratio and the target, all measured in this run, best of several repeats.

* parse: bytes → Ruleset (decode, detection, rules, examples, glossary), and the same plus
  :func:`mtgcr.extract.references.find_references` of every rule ("parse + references"),
  against the floor, a bare ``bytes.decode`` + ``str.splitlines`` of the same bytes;
  2023-11-17 and the worst official file (and the worst ``decode_bytes``); beside them the
  lower bound of any parse into the model (:func:`_rules_only`: one pattern match per line
  and the rule objects, nothing else) — the floor of a correct parse (issue 28);
* detection: :func:`mtgcr.corpus.decode.decode_bytes` against the floor on a file that is valid
  UTF-8 (target: the detection costs at most one floor more, ratio ≤ 2);
* alignment: :func:`mtgcr.crossref.align.releases.align_releases` against the reference matcher
  (:mod:`benchmarks.reference_matcher`) on three pairs (target ≥ 200× faster, judged with the
  per-release keys ready as ingest stores them; the cold row computes them, see
  :func:`align_rows`);
* ingest of all official files and ``mtgcr build`` (whole processes' wall time and peak memory
  via ``/usr/bin/time``-like ``resource`` accounting of the child).

``MTGCR_BENCH_QUICK=1`` (``make bench QUICK=1``) uses fewer repeats and skips the slow rows.
"""

from __future__ import annotations

import json
import os
import pickle
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mtgcr.corpus.decode import decode_bytes
from mtgcr.corpus.document import document_from_bytes
from mtgcr.crossref.align.releases import align_releases
from mtgcr.crossref.align.keys import ReleaseKeys, attach_keys, forget_keys, release_keys
from mtgcr.extract.formats.cr_text import _RULE, parse_cr_text
from mtgcr.extract.model import Rule
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.extract.references import find_references

from benchmarks.reference_matcher import match

QUICK = os.environ.get("MTGCR_BENCH_QUICK") == "1"
REPEATS = 3 if QUICK else 9
PER_FILE = 3 if QUICK else 5  # repeats per file in the worst-file rows (the best counts)
PAIRS = [("2022-11-18", "2023-11-17"), ("2023-02-03", "2023-04-14"), ("2009-05-01", "2009-07-11")]


def _best(fn, repeats=REPEATS) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def _floor(data: bytes, enc: str) -> float:
    return _best(lambda: data.decode(enc).splitlines())


def _row(rows, figure, value, ref_name, ref, ratio, target, ok):
    rows.append((figure, value, ref_name, ref, ratio, target, "met" if ok else "NOT met"))


def _child(argv: list[str]) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of a child process."""
    t = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, max(peak, before) / 1024


def main(shared: Path) -> None:
    official = shared / "corpus" / "en" / "official"
    rows: list[tuple] = []
    parse_rows(rows, official)
    align_rows(rows, official)
    if not QUICK:
        process_rows(rows, official)
    _print(rows)


def _parse(data: bytes, name: str):
    return parse_cr_text(document_from_bytes(data, name))


def _parse_and_references(data: bytes, name: str) -> int:
    """Parse, then find the references of every rule (its text and examples, as
    :mod:`mtgcr.crossref` reads them); returns how many there are."""
    rs = _parse(data, name)
    return sum(len(find_references(r.text_with_examples())) for r in rs.rules.values())


def _rules_only(data: bytes, enc: str) -> int:
    """A lower bound of any parse into the model (issue 28: "say what the floor of a correct
    parse is"): the floor (decode + splitlines), one match of the rule-line pattern per line,
    and a :class:`RuleNumber` and a :class:`Rule` for each rule line — no sections, examples,
    glossary, layout, numbering checks or warnings. Returns the number of rules."""
    match = _RULE.match
    n = 0
    for i, line in enumerate(data.decode(enc).splitlines()):
        m = match(line)
        if m is not None:
            num = RuleNumber.trusted(int(m.group("sec")), int(m.group("rule")), m.group("let"))
            Rule(num, m.group("text"), i + 1)
            n += 1
    return n


def parse_rows(rows: list[tuple], official: Path) -> None:
    """Parse (with and without the references of every rule) and detection against the
    floor: 2023-11-17, and the worst official file (every one; every tenth when quick)."""
    data = (official / "2023-11-17.txt").read_bytes()
    enc = decode_bytes(data).encoding
    floor = _floor(data, enc)
    for label, fn in (("parse", _parse), ("parse + references", _parse_and_references)):
        t = _best(lambda fn=fn: fn(data, "2023-11-17.txt"))
        _row(
            rows,
            f"{label} 2023-11-17",
            f"{t * 1000:.1f} ms",
            "floor",
            f"{floor * 1000:.2f} ms",
            f"{t / floor:.1f}×",
            "≤ 3×",
            t / floor <= 3,
        )
    lower = _best(lambda: _rules_only(data, enc))
    rows.append(
        (
            "lower bound of a parse: one match per line, a Rule per rule line",
            f"{lower * 1000:.1f} ms",
            "floor",
            f"{floor * 1000:.2f} ms",
            f"{lower / floor:.1f}×",
            "(what any parse into Rule objects costs)",
            "",
        )
    )
    det = _best(lambda: decode_bytes(data))
    _row(
        rows,
        "decode_bytes (valid UTF-8)",
        f"{det * 1000:.2f} ms",
        "floor",
        f"{floor * 1000:.2f} ms",
        f"{det / floor:.1f}×",
        "≤ 2× (≤ 1 floor extra)",
        det / floor <= 2,
    )
    files = sorted(official.glob("*.txt"))
    worst = {"parse": (0.0, ""), "parse + references": (0.0, "")}
    worst_utf8 = worst_8bit = (0.0, "")
    for f in files[:: 10 if QUICK else 1]:
        b = f.read_bytes()
        dec = decode_bytes(b)
        fl = _floor(b, dec.encoding)
        for label, fn in (("parse", _parse), ("parse + references", _parse_and_references)):
            t = _best(lambda b=b, f=f, fn=fn: fn(b, f.name), PER_FILE)
            worst[label] = max(worst[label], (t / fl, f.name))
        d = _best(lambda b=b: decode_bytes(b), PER_FILE)
        if dec.bom or dec.encoding in ("utf-8", "ascii"):
            worst_utf8 = max(worst_utf8, (d / fl, f.name))
        else:
            worst_8bit = max(worst_8bit, (d / fl, f.name))
    for label in ("parse", "parse + references"):
        ratio, name = worst[label]
        _row(
            rows,
            f"{label}, worst official file ({name})",
            "",
            "floor",
            "",
            f"{ratio:.1f}×",
            "≤ 3×",
            ratio <= 3,
        )
    _row(
        rows,
        f"decode_bytes, worst BOM/UTF-8/ASCII file ({worst_utf8[1]})",
        "",
        "floor",
        "",
        f"{worst_utf8[0]:.1f}×",
        "≤ 2×",
        worst_utf8[0] <= 2,
    )
    rows.append(
        (
            f"decode_bytes, worst 8-bit file ({worst_8bit[1]}: scored)",
            "",
            "floor",
            "",
            f"{worst_8bit[0]:.1f}×",
            "(no target)",
            "",
        )
    )


def _best_fresh(setup, fn, repeats=REPEATS) -> float:
    """Best time of ``fn(*setup())`` over ``repeats`` runs; ``setup`` runs outside the timing."""
    best = float("inf")
    for _ in range(repeats):
        args = setup()
        t = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - t)
    return best


def _stored_keys(rs) -> None:
    """Give ``rs`` its per-release keys as the store would keep them at ingest: computed,
    written as JSON and read back (so the row measures what the stored form holds)."""
    blob = json.dumps(release_keys(rs).to_json(), ensure_ascii=False)
    forget_keys(rs)
    attach_keys(rs, ReleaseKeys.from_json(json.loads(blob), rs))


def _read_all(al) -> None:
    al.changes, al.glossary  # noqa: B018 (reads them)


def align_rows(rows: list[tuple], official: Path) -> None:
    """Alignment against the reference matcher, on the three pairs of the issue, three rows
    per pair:

    * ``cold``: fresh Ruleset copies every repeat (unpickled outside the timing), so their
      per-release keys (:mod:`mtgcr.crossref.align.keys`) are computed inside it;
    * ``keys ready``: the keys as stored at ingest (:func:`_stored_keys`) — the row the
      ≥ 200× target is judged on, since ingest keeps them with the release;
    * ``keys ready, all read``: the same plus reading every change and glossary entry (the
      alignment builds the Change objects of unchanged groups only when read), no target.
    """
    ref_repeats = 1 if QUICK else 3
    for a, b in PAIRS if not QUICK else PAIRS[:1]:
        old = parse_cr_text(document_from_bytes((official / f"{a}.txt").read_bytes(), a))
        new = parse_cr_text(document_from_bytes((official / f"{b}.txt").read_bytes(), b))
        o_txt = {str(n): r.text for n, r in old.rules.items()}
        n_txt = {str(n): r.text for n, r in new.rules.items()}
        ref = _best(lambda o_txt=o_txt, n_txt=n_txt: match(o_txt, n_txt), ref_repeats)
        blob = pickle.dumps((old, new))
        cold = _best_fresh(lambda blob=blob: pickle.loads(blob), align_releases, 7)
        _stored_keys(old)
        _stored_keys(new)
        ready = _best(lambda old=old, new=new: align_releases(old, new), 30)
        read = _best(lambda old=old, new=new: _read_all(align_releases(old, new)), 30)
        for label, t, target in (
            ("cold: per-release keys computed", cold, False),
            ("keys ready, as stored at ingest", ready, True),
            ("keys ready, every change read", read, False),
        ):
            figure = (
                f"align {a} → {b} ({label})",
                f"{t * 1000:.2f} ms",
                "reference matcher",
                f"{ref:.2f} s",
                f"{ref / t:.0f}× faster",
            )
            if target:
                _row(rows, *figure, "≥ 200×", ref / t >= 200)
            else:
                rows.append((*figure, "(not the target)", ""))


def process_rows(rows: list[tuple], official: Path) -> None:
    """Whole commands in child processes: ingest of all official files (parsing and the
    alignments it stores), build (wall and peak memory), then on a store of every EN release
    (official, archive, normalized: ~130) plus the JA translation, each query cold (the first
    one in a new process on the freshly ingested store) and warm (best of 3). Children run
    with bytecode caching on (``PYTHONDONTWRITEBYTECODE`` unset), as an installed mtgcr does."""
    exe = [sys.executable, "-m", "mtgcr.cli.main", "--silent"]
    corpus = official.parent.parent
    no_bytecode = os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(
                [
                    *exe,
                    "--store",
                    f"{tmp}/w.sqlite",
                    "build",
                    str(official / "2023-11-17.txt"),
                    "--out",
                    f"{tmp}/w",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )  # bytecode written
            wall, _ = _child([*exe, "--store", f"{tmp}/i.sqlite", "ingest", str(official)])
            _row(
                rows,
                "ingest all official files (+ align 111 pairs)",
                f"{wall:.1f} s",
                "",
                "",
                "",
                "< 3 s",
                wall < 3,
            )
            wall, peak = _child(
                [*exe, "--store", f"{tmp}/b.sqlite", "build", str(official), "--out", f"{tmp}/site"]
            )
            _row(
                rows,
                "build of all official files",
                f"{wall:.1f} s",
                "",
                "",
                "",
                "< 10 s",
                wall < 10,
            )
            _row(rows, "build, peak memory", f"{peak:.0f} MB", "", "", "", "< 300 MB", peak < 300)
            store = f"{tmp}/all.sqlite"
            sources = [corpus / "en" / d for d in ("official", "archive", "normalized")]
            _child(
                [*exe, "--store", store, "ingest", *map(str, sources), str(corpus / "ja" / "full")]
            )
            queries = (
                ("history 722", ["history", "722", "--release", "2026-01-16"]),
                ("remap 712.4d", ["remap", "712.4d", "--from", "2022-11-18", "--to", "2023-11-17"]),
                ("show 702.9a --pair (ja)", ["show", "702.9a", "--lang", "ja", "--pair"]),
            )
            for name, args in queries:
                cold, _ = _child([*exe, "--store", store, *args])
                warm = min(_child([*exe, "--store", store, *args])[0] for _ in range(3))
                _row(
                    rows,
                    f"{name} (cold, ~130 releases)",
                    f"{cold * 1000:.0f} ms",
                    "",
                    "",
                    "",
                    "< 1 s",
                    cold < 1,
                )
                _row(
                    rows,
                    f"{name} (warm)",
                    f"{warm * 1000:.0f} ms",
                    "",
                    "",
                    "",
                    "< 100 ms",
                    warm < 0.1,
                )
    finally:
        if no_bytecode is not None:
            os.environ["PYTHONDONTWRITEBYTECODE"] = no_bytecode


def _print(rows: list[tuple]) -> None:
    widths = [
        max(
            len(str(r[i]))
            for r in rows + [("figure", "value", "floor/reference", "", "ratio", "target", "")]
        )
        for i in range(7)
    ]
    head = ("figure", "value", "against", "its time", "ratio", "target", "")
    print("  ".join(h.ljust(w) for h, w in zip(head, widths)))
    for r in rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)))
