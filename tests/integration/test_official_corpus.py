"""Integration: every official English CR file (../shared/corpus/en/official, 112 files) and the
6 normalised copies (en/normalized) ingested into one temporary store, then checked against the
source lines, independently of the parser, and against ../shared/corpus/SOURCES.md.

Every warning the parser gives is either a routine defect checked on its source line here, or
listed below with the official defect it reports (and that defect is checked in the source).
"""

from __future__ import annotations

import bisect
import fcntl
import os
import re
from datetime import date
from functools import lru_cache
from pathlib import Path

import pytest

from helpers import CORPUS, OFFICIAL, need
from mtgcr.corpus.document import Document, load_document
from mtgcr.corpus.store import Store
from mtgcr.extract.ingest import ingest_paths
from mtgcr.extract.model import Ruleset
from mtgcr.extract.profiles import parse_english_date
from mtgcr.extract.records import from_record
from mtgcr.extract.rulenum import RuleNumber

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("official-corpus")]

NORMALIZED = CORPUS / "en" / "normalized"
SOURCES_MD = CORPUS / "SOURCES.md"

#: Independent of the parser: a line shaped like a rule or subrule ("100.1.", "100.1a", "606. 8b",
#: "901.4.All", "306.b If"), not a section heading ("100. General").
RULE_SHAPED = re.compile(r"\s*(\d{3})\. ?(?:(\d{1,3})([a-z]{1,2})?|([a-z]{1,2}))(?![A-Za-z0-9])")

#: The three hard-wrapped files (every body line at most ~120 characters).
HARD_WRAPPED = {"2003-10-01.txt", "2003-12-01.txt", "2004-02-01.txt"}

#: Misprinted rule numbers read by their position: file → [(line, printed, read as)].
MISPRINTS = {
    "2005-08-01.txt": [(2189, "605.2c", "609.2c")],  # in section 609, between 609.2b and 609.4
    "2006-05-01.txt": [
        (2026, "501.2", "510.2"),
        (2028, "501.3", "510.3"),
        (2030, "501.4", "510.4"),
        (2033, "501.5", "510.5"),
        (2035, "501.6", "510.6"),
    ],  # section 510 "Status"
    "2006-06-01.txt": [(1618, "502.35b", "502.36b")],  # after 502.36a (Scry)
    "2006-10-01.txt": [(1404, "432.2b", "423.2b")],  # digits swapped, after 423.2a
    "2007-02-01.txt": [(1413, "432.2b", "423.2b")],
    "2007-05-01.txt": [(1479, "432.2b", "423.2b")],
    "2007-07-13.txt": [(1484, "432.2b", "423.2b")],
    "2007-09-07.txt": [(1484, "432.2b", "423.2b")],
    "2008-10-01.txt": [(837, "306.b", "306.3b"), (839, "306.1c", "306.3c")],  # after 306.3a
    "2009-09-04.txt": [(2611, "702.30d", "702.30e")],  # 702.30d printed twice
    "2009-10-01.txt": [(2680, "702.30d", "702.30e")],
    "2010-06-18.txt": [(1545, "505.54", "505.5")],  # followed by 505.5a, 505.5b
    # after 724.2. (no subrules), the end of the section; 2021-11-15 prints 724.2a–724.2c
    "2021-09-24.txt": [
        (5234, "724.3a", "724.2a"),
        (5236, "724.3b", "724.2b"),
        (5238, "724.3c", "724.2c"),
    ],
}

#: Numbering gaps the parser reports; each is real (checked below): file → [(line, number, expected)].
GAPS = {
    "2003-03-15.txt": [(301, "214.8k", "214.8j")],  # 214.8i then 214.8k
    "2005-08-01.txt": [(2191, "609.4", "609.3")],  # 609.2c (misprinted 605.2c) then 609.4
    "2009-07-11.txt": [(582, "113.9", "113.8")],  # 113.7c then 113.9
    "2009-09-04.txt": [(606, "113.9", "113.8")],
    "2009-10-01.txt": [(630, "113.9", "113.8")],
    "2023-04-14.txt": [(5297, "712.3d", "712.3a")],  # 712.3 then 712.3d–f (a–c never printed)
}

#: Subrules without their parent rule (official defects): file → subrules. (2021-09-24's
#: 724.3a–724.3c after 724.2. are read as 724.2a–724.2c: MISPRINTS.)
ORPHANS: dict[str, list[str]] = {}

#: Every other non-routine warning, with the official defect it reports: file → {(line, message)}.
OTHER_DEFECTS = {
    "2005-08-01.txt": {(2013, "number 602.2a printed twice")},  # "602.2a 602.2a Any rule…"
    "2006-06-01.txt": {
        (3, "file name date 2006-06-01 is far from the body's 2004-06-01; labelled 20040601")
    },
    "2008-10-01.txt": {(837, "rule number missing in 306.b; read as 306.3b (after 306.3a)")},
    "2009-07-11.txt": {
        (150, "chapter 1 heading 'The Game' differs from the contents ('Game Concepts')")
    },
    "2013-02-01.txt": {
        (
            4609,
            "no credits heading after the glossary: the file looks truncated (it ends inside the glossary)",
        ),
        (4609, "glossary entry 'Attack Multiple Players' has no definition"),
    },
    "2014-09-26.txt": {(3671, "example marker printed twice")},  # "Example:Example: A player…"
    "2015-01-23.txt": {(3699, "example marker printed twice")},
    "2015-03-27.txt": {(3708, "example marker printed twice")},
    "2021-06-09.txt": {
        (line, f"headword {head!r} glued to its sense 1 ({head + '1. '!r})")
        for line, head in [
            (5785, "Ability"),
            (5852, "Ante"),
            (5862, "Archenemy"),
            (6265, "Draw"),
            (6385, "Exile"),
            (6407, "Face Down"),
            (6411, "Face Up"),
            (6519, "Graveyard"),
            (6523, "Hand"),
            (6689, "Library"),
            (6726, "Loyalty"),
        ]
    },
    "2021-11-15.txt": {(4540, "stray line 'f' kept as a paragraph of 702.148b")},
}
#: Sections in the body that the contents do not list (placeholders; checked below without
#: the parser): file → (line, number, title). No official file lacks a section its contents list.
NOT_IN_CONTENTS = {
    **{
        f: (
            line,
            215,
            "This section is now empty. See rule 205.4c and rule 420.5e about legendary permanents.",
        )
        for f, line in [
            ("2004-10-01.txt", 483),
            ("2005-02-01.txt", 484),
            ("2005-08-01.txt", 529),
            ("2005-10-01.txt", 536),
            ("2006-02-01.txt", 536),
            ("2006-05-01.txt", 541),
            ("2006-07-15.txt", 548),
            ("2006-10-01.txt", 554),
            ("2007-02-01.txt", 554),
        ]
    },
    **{
        f: (
            line,
            211,
            "[This section has been intentionally left blank to preserve the ordering of other rules.]",
        )
        for f, line in [
            ("2007-10-01.txt", 442),
            ("2008-02-01.txt", 444),
            ("2008-05-01.txt", 452),
            ("2008-07-15.txt", 454),
            ("2008-10-01.txt", 454),
            ("2009-02-01.txt", 454),
            ("2009-05-01.txt", 454),
        ]
    },
}
for _f, (_line, _sec, _title) in NOT_IN_CONTENTS.items():
    OTHER_DEFECTS.setdefault(_f, set()).add(
        (_line, f"section {_sec} ({_title}) is not in the contents")
    )

SPACE_IN_NUMBER = {  # "606. 8b Players win…": file → lines
    **{
        f: [n]
        for f, n in [
            ("2005-08-01.txt", 2104),
            ("2005-10-01.txt", 2146),
            ("2006-02-01.txt", 2183),
            ("2006-05-01.txt", 2225),
            ("2006-07-15.txt", 2256),
            ("2006-10-01.txt", 2317),
            ("2007-02-01.txt", 2339),
            ("2007-05-01.txt", 2533),
        ]
    },
    "2009-07-11.txt": [2576, 2578],  # "702. 37a", "702. 37b"
}
#: Routine defects, each checked on its source line by ROUTINE_CHECKS.
ROUTINE = re.compile(
    r"(extra dot after subrule|no dot after rule|no space after|\d+ spaces after) "
    r"(\d{3}\.\d+[a-z]*)\.?$|file name says (\S+), body says effective (\S+)$"
)

#: Every non-ASCII character of every decoded file: card names (Æther, Dandân, Ghazbán,
#: El-Hajjâj, Junún, Ma’rûf, Cátinò), quotes, dashes, ™ ® ©, minus and infinity signs.
ALLOWED_NON_ASCII = set("Æáâòúû–—‘’“”™®©−∞")


# -- fixtures ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> dict:
    """Ingest both folders once per test run into a store shared by the xdist workers (the
    first worker writes it under a lock; the others find every file already stored)."""
    need(OFFICIAL)
    need(NORMALIZED)
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    path = root / "official-corpus.sqlite"
    with open(root / "official-corpus.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            with Store(path) as store:
                results = ingest_paths(store, [OFFICIAL, NORMALIZED])
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    with Store(path, readonly=True) as store:
        infos = {Path(info.source).name: info for info in store.releases()}
        rulesets = {name: from_record(store.release_rows(info.id)) for name, info in infos.items()}
    return {"store": path, "results": results, "rulesets": rulesets, "infos": infos}


@lru_cache(maxsize=None)
def doc(name: str) -> Document:
    folder = NORMALIZED if name.endswith("_En.txt") else OFFICIAL
    return load_document(folder / name)


def sources_table() -> dict[str, dict[str, str]]:
    """The per-file table of SOURCES.md: name → bytes, encoding, line ends, body date."""
    rows = {}
    for m in re.finditer(
        r"^\| en/(?:official|normalized)/(\S+) \| (\d+) \| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \|$",
        need(SOURCES_MD).read_text(encoding="utf-8"),
        re.M,
    ):
        rows[m.group(1)] = {
            "bytes": m.group(2),
            "encoding": m.group(3),
            "ends": m.group(4),
            "date": m.group(5),
        }
    return rows


def body_range(d: Document) -> tuple[int, int]:
    """0-based [start, stop) of the body, found without the parser: from the last chapter-1
    heading ("1. …") before the glossary heading (the last line "Glossary") to that heading."""
    lines = d.lines
    gloss = max(i for i, l in enumerate(lines) if l.strip() == "Glossary")
    start = max(i for i in range(gloss) if re.fullmatch(r"1\.\s+[A-Z].*", lines[i].strip()))
    return start, gloss


def printed_number(line: str) -> RuleNumber | None:
    """The number a rule-shaped line starts with (``None`` for "306.b", which has no rule)."""
    m = RULE_SHAPED.match(line)
    if not m or m.group(2) is None:
        return None
    return RuleNumber(int(m.group(1)), int(m.group(2)), m.group(3))


# -- ingest, dates, labels, encodings ---------------------------------------------------------------


def test_every_file_ingested(corpus):
    results = corpus["results"]  # "unchanged" in a worker that found them stored already
    assert len(results) == 118 and len({r.status for r in results}) == 1, [
        r.error for r in results if r.status == "failed"
    ]
    assert results[0].status in ("ingested", "unchanged")
    with Store(corpus["store"], readonly=True) as store:
        assert store.conn.execute("SELECT COUNT(*) FROM documents").fetchone()[0] == 118
        assert (
            store.conn.execute("SELECT COUNT(*) FROM warnings WHERE release_id IS NULL").fetchone()[
                0
            ]
            == 0
        )
    official = [n for n in corpus["rulesets"] if not n.endswith("_En.txt")]
    assert len(official) == 112 and len(corpus["rulesets"]) == 118


def test_labels_and_effective_dates(corpus):
    table = sources_table()
    assert len(table) == 118
    for name, rs in corpus["rulesets"].items():
        assert rs.release.effective_date == parse_english_date(table[name]["date"]), name
        stem = name.split("_")[0].replace("-", "").replace(".txt", "")
        # The file name is the published label, except 2006-06-01.txt: its body says "current as
        # of June 1, 2004" and it is the 2004-06-01 release (original name MagicCompRules060104.txt,
        # month-first), misdated by the archive; it is labelled by its body: 20040601.
        want = "20040601" if name == "2006-06-01.txt" else stem
        assert rs.release.label == want, name
    rs = corpus["rulesets"]
    assert rs["2024-02-06.txt"].release.effective_date == date(2024, 2, 2)
    assert rs["2021-07-12.txt"].release.effective_date == date(2021, 7, 23)
    assert rs["2014-09-26.txt"].release.effective_date == date(2014, 9, 25)
    assert rs["2006-06-01.txt"].release.effective_date == date(2004, 6, 1)
    assert rs["2008-10-01.txt"].introduction and "current as of" in doc("2008-10-01.txt").lines[2]
    # the 2004-06-01 release sits between 2004-02-01 and 2004-10-01 (old numbering, 69 sections)
    assert [
        rs[f].counts()["sections"] for f in ("2004-02-01.txt", "2006-06-01.txt", "2004-10-01.txt")
    ] == [69, 69, 71]
    with Store(corpus["store"], readonly=True) as store:
        for spec in ("2024-02-02", "20240206"):
            assert store.resolve(spec).source.endswith("2024-02-06.txt")
        assert store.resolve("2004-06-01").source.endswith("2006-06-01.txt")


def test_encodings_and_line_endings_match_sources(corpus):
    table = sources_table()
    codec = {
        "ASCII": {"ascii"},
        "UTF-8 BOM": {"utf-8-sig"},
        "UTF-8": {"utf-8"},
        "UTF-16BE BOM": {"utf-16-be"},
        "UTF-16LE BOM": {"utf-16-le"},
        "8-bit (see notes)": {"cp1252", "mac_roman", "cp437"},
    }
    cp437 = {
        "2006-07-15.txt",
        "2007-05-01.txt",
        "2013-07-11.txt",
        "2013-09-27.txt",
        "2013-11-01.txt",
        "2019-01-25.txt",
    }  # SOURCES.md notes: DOS code page 437 bytes in card names
    mac = set()
    for name in corpus["rulesets"]:
        d, row = doc(name), table[name]
        assert d.encoding in codec[row["encoding"]], name
        assert len(d.raw) == int(row["bytes"]), name
        ends = dict(p.split("=") for p in row["ends"].split())
        assert d.line_endings == {k: int(v) for k, v in ends.items()}, name
        assert (d.encoding == "cp437") == (name in cp437), name
        if d.encoding == "mac_roman":
            mac.add(name)
        assert set(ch for ch in d.text if ord(ch) > 127) <= ALLOWED_NON_ASCII, name
        assert "\ufffd" not in d.text
    # Mac OS Roman: 0xD0 en dash / 0xAA ™ (2004-02-01) and 0x89 â in El-Hajjâj (2006–2007)
    assert mac == {
        "2004-02-01.txt",
        "2006-10-01.txt",
        "2007-02-01.txt",
        "2007-07-13.txt",
        "2007-09-07.txt",
    }
    assert b"\xd0" in doc("2004-02-01.txt").raw and "–" in doc("2004-02-01.txt").text


def test_accented_card_names_decoded(corpus):
    names = {
        r"Dand[^\x00-\x7f]n": "Dandân",
        r"Ghazb[^\x00-\x7f]n": "Ghazbán",
        r"El-Hajj[^\x00-\x7f]j": "El-Hajjâj",
        r"Jun[^\x00-\x7f]n": "Junún",
        r"r[^\x00-\x7f]f\b": "rûf",
        r"C[^\x00-\x7f]tin[^\x00-\x7f]": "Cátinò",
        r"[^\x00-\x7f]ther\b": "Æther",
    }
    seen = {v: set() for v in names.values()}
    for name in corpus["rulesets"]:
        text = doc(name).text
        for pattern, want in names.items():
            found = set(re.findall(pattern, text))
            assert found <= {want}, (name, found)
            if found:
                seen[want].add(name)
        assert "Ćther" not in text
    assert {"2013-07-11.txt", "2014-09-26.txt", "2016-08-26.txt"} <= seen[
        "Æther"
    ]  # cp437, cp1252, UTF-16LE
    assert {"2006-07-15.txt", "2013-07-11.txt", "2022-10-07.txt", "2022-11-18.txt"} <= seen[
        "Dandân"
    ]
    assert {"2006-10-01.txt", "2007-05-01.txt"} <= seen["El-Hajjâj"]  # Mac OS Roman, cp437
    assert {"2022-10-07.txt", "2019-07-12.txt"} <= seen["Cátinò"]
    assert len(seen["Junún"]) == len(seen["Ghazbán"]) >= 70
    rs = corpus["rulesets"]["2013-07-11.txt"]
    assert "Æther" in rs.credits or any("Æther" in r.text for r in rs.rules.values())


def test_literal_question_mark_apostrophe_kept(corpus):
    rs = corpus["rulesets"]["2008-05-01.txt"]
    assert rs.sections[RuleNumber(507)].title == "Controlling Another Player?s Turn"
    assert "Player?s Turn" in doc("2008-05-01.txt").lines[101]
    assert rs.define("Banding").heading == "Banding, ?Bands with Other?"
    assert rs.define("Banding").aliases == ("?Bands with Other?",)


# -- rules ---------------------------------------------------------------------------------------


def test_every_rule_shaped_line_is_a_rule(corpus):
    """Rule-shaped lines of the body, counted without the parser, are exactly the rules' lines.
    In the hard-wrapped files a rule-shaped line right after a non-blank line is a wrapped
    reference ("See rule\\n419.8 …") and belongs to the text above."""
    total = 0
    for name, rs in corpus["rulesets"].items():
        d = doc(name)
        start, stop = body_range(d)
        longest = max(len(l) for l in d.lines[start:stop])
        assert (longest <= 130) == (name in HARD_WRAPPED), (name, longest)
        shaped = set()
        for i in range(start, stop):
            if RULE_SHAPED.match(d.lines[i]):
                if name in HARD_WRAPPED and d.lines[i - 1].strip():
                    continue
                shaped.add(i + 1)
        lines = [r.line for r in rs.rules.values()]
        assert len(lines) == len(set(lines)), name
        assert set(lines) == shaped, (name, sorted(set(lines) ^ shaped)[:10])
        total += len(shaped)
    assert total > 200_000


def test_wrapped_references_stay_in_their_rule(corpus):
    rs = corpus["rulesets"]["2003-10-01.txt"]
    assert rs.get("200.9c").text.endswith('a source of damage. See rule 419.8 "Sources of Damage."')
    assert rs.get("217.8b").text.endswith(
        '(See rule 502.26, "Morph," and rule 504, "Face-Down Spells and Permanents.")'
    )
    assert "Face-down objects" in rs.get("217.8b").text
    assert "\n" not in rs.get("101.4").text
    lines = doc("2003-10-01.txt").lines
    assert lines[320].startswith("419.8 ") and lines[319].endswith("See rule ")  # the reference
    real = rs.get("419.8")
    assert (
        real.line != 321 and lines[real.line - 1].startswith("419.8. ") and not lines[real.line - 2]
    )


def test_rule_lines_carry_their_printed_number(corpus):
    """Each rule's source line starts with its number, except the listed misprints."""
    for name, rs in corpus["rulesets"].items():
        d = doc(name)
        misprints = {line: (printed, read_as) for line, printed, read_as in MISPRINTS.get(name, [])}
        for num, rule in rs.rules.items():
            line = d.lines[rule.line - 1]
            if rule.line in misprints:
                printed, read_as = misprints[rule.line]
                assert line.startswith(printed) and str(num) == read_as, (name, rule.line)
            else:
                assert printed_number(line) == num, (name, rule.line, line[:20])


def test_misprinted_numbers_read_by_position(corpus):
    for name, items in MISPRINTS.items():
        rs = corpus["rulesets"][name]
        order = list(rs.rules)
        warned = {(w.line, w.message) for w in rs.warnings}
        for line, printed, read_as in items:
            num = RuleNumber.parse(read_as)
            assert rs.rules[num].line == line
            i = order.index(num)
            before, after = order[i - 1], order[i + 1]
            assert before < num < after and before.section == num.section, (
                name,
                before,
                num,
                after,
            )
            assert any(
                l == line
                and f"; read as {read_as} (" in m
                or m.startswith(f"rule number missing in {printed}")
                for l, m in warned
            ), (name, line)
            wrong = rs.rules.get(RuleNumber.try_parse(printed) or num)
            assert wrong is None or wrong is rs.rules[num] or wrong.line != line


def test_space_inside_number(corpus):
    for name, lines in SPACE_IN_NUMBER.items():
        rs = corpus["rulesets"][name]
        for line in lines:
            src = doc(name).lines[line - 1]
            assert re.match(r"\d{3}\. \d", src)
            rule = next(r for r in rs.rules.values() if r.line == line)
            assert src.startswith(f"{rule.number.section}. {rule.number.rule}{rule.number.letters}")
    assert (
        corpus["rulesets"]["2005-08-01.txt"]
        .get("606.8b")
        .text.startswith("Players win and lose the game only as a team")
    )


def test_every_subrule_has_its_parent_except_official_defects(corpus):
    for name, rs in corpus["rulesets"].items():
        orphans = [str(n) for n in rs.rules if n.letters and n.parent not in rs.rules]
        assert orphans == ORPHANS.get(name, []), name
    d = doc("2021-09-24.txt")
    start, stop = body_range(d)
    assert not any(l.startswith("724.3.") or l.startswith("724.3 ") for l in d.lines[start:stop])
    assert d.lines[5231].startswith("724.2.") and d.lines[5233].startswith("724.3a")
    # … so 724.3a–724.3c are read under 724.2 (the run is the misprint: 2021-11-15 agrees)
    rs = corpus["rulesets"]["2021-09-24.txt"]
    assert [rs.rules[RuleNumber.parse(n)].line for n in ("724.2a", "724.2b", "724.2c")] == [
        5234,
        5236,
        5238,
    ]


def test_numbering_gaps_are_real(corpus):
    """The gap warnings are exactly GAPS, and each is checked in the source: the line starts
    with the number, and the expected number starts no line of the body."""
    for name, rs in corpus["rulesets"].items():
        got = sorted(
            (w.line, w.message) for w in rs.warnings if w.message.startswith("numbering gap")
        )
        want = sorted(
            (line, f"numbering gap: {num} where {expected} was expected")
            for line, num, expected in GAPS.get(name, [])
        )
        assert got == want, name
    for name, items in GAPS.items():
        d = doc(name)
        start, stop = body_range(d)
        printed = {printed_number(l) for l in d.lines[start:stop]}
        for line, num, expected in items:
            assert printed_number(d.lines[line - 1]) == RuleNumber.parse(num)
            assert RuleNumber.parse(expected) not in printed, (name, expected)
            assert RuleNumber.parse(expected) not in corpus["rulesets"][name].rules


def test_letters_skip_l_and_o_without_warnings(corpus):
    rs = corpus["rulesets"]["2023-11-17.txt"]
    after_k = [n for n in rs.rules if n.letters == "m"]
    after_n = [n for n in rs.rules if n.letters == "p"]
    assert len(after_k) > 10 and len(after_n) > 5
    assert all(RuleNumber(n.section, n.rule, "k") in rs.rules for n in after_k)
    assert not any(
        n.letters in ("l", "o") for r in corpus["rulesets"].values() for n in r.rules if n.letters
    )
    lines = {rs.rules[n].line for n in after_k + after_n}
    assert not [w for w in rs.warnings if w.line in lines]


def test_every_warning_accounted_for(corpus):
    """Routine defects are checked on their source line; every other warning is listed."""
    for name, rs in corpus["rulesets"].items():
        d = doc(name)
        listed = set(OTHER_DEFECTS.get(name, set()))
        listed |= {
            (line, m)
            for line, m in ((w.line, w.message) for w in rs.warnings)
            if m.startswith(("numbering gap", "subrule ", "space inside the number"))
        }
        listed |= {
            (line, m)
            for line, m in ((w.line, w.message) for w in rs.warnings)
            if "misprinted" in m and any(line == l for l, _, _ in MISPRINTS.get(name, []))
        }
        for w in rs.warnings:
            if (w.line, w.message) in listed:
                continue
            m = ROUTINE.match(w.message)
            assert m, (name, w.line, w.message)
            src = d.lines[w.line - 1]
            if m.group(3):  # file name date vs body date
                assert m.group(3).replace("-", "") == re.sub(r"\D", "", name)[
                    :8
                ] and w.line == next(i + 1 for i, l in enumerate(d.lines) if "as of" in l)
                assert rs.release.effective_date.isoformat() == m.group(4) != m.group(3)
                continue
            kind, number = m.group(1), m.group(2)
            if kind == "extra dot after subrule":
                assert src.startswith(number + ". "), (name, w.line, src[:20])
            elif kind == "no dot after rule":
                assert re.match(re.escape(number) + r" [A-Z]", src), (name, w.line, src[:20])
            elif kind == "no space after":
                assert re.match(re.escape(number) + r"\.[A-Z]", src), (name, w.line, src[:20])
            else:
                n = int(kind.split()[0])
                assert re.match(re.escape(number) + r"\.?" + " " * n + r"\S", src), (
                    name,
                    w.line,
                    src[:20],
                )
        got = {(w.line, w.message) for w in rs.warnings}
        assert set(OTHER_DEFECTS.get(name, set())) <= got, name
    assert {
        n
        for n in corpus["rulesets"]
        if any("no space after 901.4." == w.message for w in corpus["rulesets"][n].warnings)
    } >= {"2022-10-07.txt", "2023-11-17.txt", "2025-02-07.txt"}


def test_examples_belong_to_the_rule_above(corpus):
    for name, rs in corpus["rulesets"].items():
        starts = sorted((r.line, n) for n, r in rs.rules.items())
        lines = [l for l, _ in starts]
        d = doc(name)
        for num, rule in rs.rules.items():
            for ex in rule.examples:
                owner = starts[bisect.bisect(lines, ex.line) - 1][1]
                assert owner == num, (name, ex.line)
                assert d.lines[ex.line - 1].lstrip().startswith("Example:")
    ex = corpus["rulesets"]["2014-09-26.txt"].rules
    doubled = next(e for r in ex.values() for e in r.examples if e.line == 3671)
    assert doubled.text.startswith("A player controls a creature with the ability")


def test_2023_11_17_counts_and_texts(corpus):
    rs = corpus["rulesets"]["2023-11-17.txt"]
    assert rs.counts() == {
        "sections": 142,
        "rules": 1100,
        "subrules": 1799,
        "examples": 276,
        "glossary": 668,
    }
    info = corpus["infos"]["2023-11-17.txt"]
    assert info.counts == rs.counts() and (info.label, info.effective_date) == (
        "20231117",
        "2023-11-17",
    )
    assert rs.get("712.8e").text.startswith(
        "While a transforming double-faced permanent has its back face up"
    )
    assert rs.get("901.4").text.startswith("All ")
    assert len(rs.chapters) == 9 and rs.chapters[0].title == "Game Concepts"
    kicker = rs.define("Kicked")
    assert (kicker.term, kicker.aliases) == ("Kicker", ("Kicked",))
    apnap = rs.define("Active Player, Nonactive Player Order")
    assert apnap.aliases == () and rs.define("Nonactive Player Order") is None
    assert (
        rs.define("Ability").text.startswith("1. Text on an object")
        and "\n2. " in rs.define("Ability").text
    )
    assert sum(g.obsolete for g in rs.glossary) >= 20


def test_old_glossaries(corpus):
    rs = corpus["rulesets"]["2003-03-15.txt"]
    symbols = rs.define("Expansion Symbol").text
    assert "\nArabian Nights(r) [symbol]\n" in symbols and symbols.endswith("Unglued(tm) [symbol]")
    assert rs.define("Arabian Nights(r) [symbol]") is None
    assert (rs.define("Y").term, rs.define("Y").aliases) == ("Y", ("Z",))
    glued = corpus["rulesets"]["2021-06-09.txt"].define("Library")
    assert (
        glued.heading == "Library" and glued.text.startswith("1. A zone.") and "\n2. " in glued.text
    )
    cut = corpus["rulesets"]["2013-02-01.txt"]
    assert cut.glossary[-1].term == "Attack Multiple Players" and cut.glossary[-1].text == ""
    old = corpus["rulesets"]["2008-10-01.txt"]
    assert old.define("Fizzle").heading == "Fizzle (Informal)" and old.define("Ante").obsolete


def test_contents_and_body_list_the_same_sections_except_placeholders(corpus):
    """Read without the parser: the section headings ("NNN. Title") of the contents and of the
    body. They agree in every file except the placeholder sections of NOT_IN_CONTENTS, so every
    release is complete — 2013-02-01 too: it is cut off in its glossary, but its rule tree is
    whole."""
    heading = re.compile(r"(\d{3})\. ([^\d\s].*)")
    for name in sorted(p.name for p in OFFICIAL.glob("*.txt")):
        d = doc(name)
        start, stop = body_range(d)
        contents = next(i for i, l in enumerate(d.lines) if l.strip() == "Contents")
        toc = {
            int(m.group(1))
            for m in map(heading.fullmatch, map(str.strip, d.lines[contents:start]))
            if m
        }
        body = {
            int(m.group(1)): (i + 1, m.group(2).strip())
            for i, m in enumerate(map(heading.fullmatch, map(str.strip, d.lines[:stop])))
            if m and i >= start
        }
        assert toc <= set(body), (name, sorted(toc - set(body)))
        extra = {(line, sec, title) for sec, (line, title) in body.items() if sec not in toc}
        assert extra == ({NOT_IN_CONTENTS[name]} if name in NOT_IN_CONTENTS else set()), name
        rs = corpus["rulesets"][name]
        assert rs.complete, name
        assert corpus["infos"][name].complete == rs.complete
        assert [w for w in rs.warnings if "the contents list" in w.message] == []


def test_store_round_trip_equals_direct_parse(corpus):
    from mtgcr.extract.formats.cr_text import parse_cr_text

    for name in ("2003-10-01.txt", "2006-05-01.txt", "2023-11-17.txt", "20240410_En.txt"):
        direct: Ruleset = parse_cr_text(doc(name))
        stored = corpus["rulesets"][name]
        assert [
            (n, r.text, r.line, [(e.text, e.line) for e in r.examples])
            for n, r in stored.rules.items()
        ] == [
            (n, r.text, r.line, [(e.text, e.line) for e in r.examples])
            for n, r in direct.rules.items()
        ]
        assert stored.glossary == direct.glossary and stored.warnings == direct.warnings
        assert stored.sections == direct.sections and stored.release == direct.release
