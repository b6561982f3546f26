"""Misprints stay local on every official EN release (issue 27): a run of 1–5 consecutive
subrules of one rule printed with the number of a later rule of the section (same letters),
planted at places drawn for each file, changes no stored number but the planted lines'.

A planted line is read back as its original number or, where reading it as printed costs as
little (the whole subrule list of a section's last rule moved: as printed, a lost rule line),
kept as printed with warnings; at least 95 % are repaired. Also for a translation, with the
English release of the same date as evidence.
"""

from __future__ import annotations

import random
import re

import pytest

from helpers import CORPUS, OFFICIAL, need
from mtgcr.corpus.document import document_from_bytes, load_document
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.formats.numbering import EnglishNumbers
from mtgcr.extract.model import WarningKind
from mtgcr.extract.records import to_record

pytestmark = pytest.mark.slow

#: Runs planted per file (each a parse of its own).
TRIALS = 2
_SUBRULE = re.compile(r"([1-9]\d{2})\.(\d{1,3})([a-z]{1,2})(?=[ .])")


def stored_numbers(rs) -> dict[int, str]:
    """Source line → the number the store's rows give it (rules and stale duplicates)."""
    rec = to_record(rs)
    out = {row["line"]: row["number"] for row in rec.rules}
    out.update({row["line"]: "stale " + row["number"] for row in rec.stale_rules})
    return out


def printed(line: str) -> str:
    """The number a rule line starts with (``212.6b.``, an official extra dot → ``212.6b``)."""
    return line.split(" ", 1)[0].rstrip(".")


def planted_runs(lines: list[str], rs, rng: random.Random, trials: int):
    """``trials`` runs: ``{line index: planted line}``, each 1–5 subrules of one rule given
    the number of a later rule of its section (1–5 rules on), letters kept."""
    by_rule: dict[tuple[int, int], list[int]] = {}
    for num, rule in rs.rules.items():
        if num.letters and _SUBRULE.match(lines[rule.line - 1]):
            by_rule.setdefault((num.section, num.rule), []).append(rule.line - 1)
    keys = sorted(by_rule)
    for _ in range(trials):
        length = rng.randint(1, 5)
        key = rng.choice([k for k in keys if len(by_rule[k]) >= length])
        start = rng.randint(0, len(by_rule[key]) - length)
        shift = rng.randint(1, 5)
        run = {}
        for i in by_rule[key][start : start + length]:
            m = _SUBRULE.match(lines[i])
            assert m
            run[i] = f"{m.group(1)}.{int(m.group(2)) + shift}{m.group(3)}" + lines[i][m.end() :]
        yield run


def test_planted_runs_stay_local_on_every_official_release():
    files = sorted(need(OFFICIAL).glob("*.txt"))
    assert len(files) == 112
    planted = repaired = 0
    for f in files:
        doc = load_document(f)
        rs = parse_cr_text(doc)
        want = stored_numbers(rs)
        rng = random.Random(f.name)
        for run in planted_runs(doc.lines, rs, rng, TRIALS):
            lines = [run.get(i, line) for i, line in enumerate(doc.lines)]
            got_rs = parse_cr_text(document_from_bytes("\n".join(lines).encode(), f.name))
            got = stored_numbers(got_rs)
            marked = {i + 1 for i in run}
            other = {
                n: (want.get(n), got.get(n))
                for n in set(want) | set(got)
                if n not in marked and want.get(n) != got.get(n)
            }
            assert not other, (f.name, sorted(marked), other)
            for n in marked:
                planted += 1
                if got[n] == want[n]:
                    repaired += 1
                    (w,) = [
                        w
                        for w in got_rs.warnings
                        if w.line == n and w.kind is WarningKind.MISPRINT_REPAIRED
                    ]
                    assert w.printed == printed(lines[n - 1]) and str(w.number) == want[n]
                else:  # kept as printed
                    assert got[n] == printed(lines[n - 1]), (f.name, n)
    assert planted > 112 * TRIALS
    assert repaired >= 0.95 * planted, (repaired, planted)


def test_a_planted_run_in_the_ja_translation_is_read_with_the_english_numbers():
    ja_doc = load_document(need(CORPUS / "ja" / "full" / "JPN_CR_20260116_lines.txt"))
    en = parse_cr_text(load_document(need(OFFICIAL / "2026-01-16.txt")))
    ja = parse_cr_text(ja_doc, lang="ja")
    want = stored_numbers(ja)
    # 702.19b–702.19d (trample) printed as 702.21b–702.21d
    lines = list(ja_doc.lines)
    marked = []
    for num in ("702.19b", "702.19c", "702.19d"):
        i = ja.get(num).line - 1
        assert lines[i].startswith(num)
        lines[i] = "702.21" + lines[i][len("702.19") :]
        marked.append(i + 1)
    doc = document_from_bytes("\n".join(lines).encode(), ja_doc.source)
    english = EnglishNumbers(frozenset(en.rules), "EN 2026-01-16")
    got_rs = parse_cr_text(doc, lang="ja", english=lambda release: english)
    assert stored_numbers(got_rs) == want
    reasons = {w.message for w in got_rs.warnings if w.line in marked}
    # (EN has a 702.21b of its own: the reason names the printed numbers it lacks)
    assert len(reasons) == 3 and all(
        "EN 2026-01-16 has 702.19b–702.19d, not 702.21c–702.21d" in m for m in reasons
    )


def test_the_ingest_reads_a_translation_with_the_stored_english_numbers(tmp_path):
    # JA 101.4a–101.4e (the whole subrule list of section 101's last rule) printed as
    # 101.5a–101.5e: as printed it reads like a lost rule line, so alone the run is kept;
    # ingested after EN 2026-01-16, the English numbers say it is 101.4a–101.4e
    import mtgcr

    ja_doc = load_document(need(CORPUS / "ja" / "full" / "JPN_CR_20260116_lines.txt"))
    lines = list(ja_doc.lines)
    marked = [i for i, line in enumerate(lines) if re.match(r"101\.4[a-e] ", line)]
    assert len(marked) == 5
    for i in marked:
        lines[i] = "101.5" + lines[i][len("101.4") :]
    planted = tmp_path / "JPN_CR_20260116_lines.txt"
    planted.write_text("\n".join(lines) + "\n", encoding="utf-8")
    alone = parse_cr_text(load_document(planted), lang="ja")
    assert [str(n) for n in alone.rules if n.section == 101][-5:] == [f"101.5{c}" for c in "abcde"]
    cr = mtgcr.open(tmp_path / "s.sqlite")
    cr.ingest(need(OFFICIAL / "2026-01-16.txt"))
    cr.ingest(planted)
    ja = cr.ruleset("20260116", "ja")
    assert [ja.rules[n].line for n in ja.rules if str(n).startswith("101.4")][1:] == [
        i + 1 for i in marked
    ]
    assert not [n for n in ja.rules if str(n).startswith("101.5")]
