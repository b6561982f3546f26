"""Integration: the JA quotes of the seeds (../shared/seeds 000 and 001: §712 as of JA
20231117.0 and 20221118.0; 003: §115 as of 20231117.0) paired with EN 2023-11-17 and
2022-11-18 rule by rule (mtgcr.crossref.translation.langpair), and tested against every official EN release from
2021-07-12 to 2026-01-16 for a stale translation or a mislabeled quote; ``mtgcr pair`` on them.

What the files show (checked here against the texts themselves):

* every quoted JA rule has the EN rule of the same number in the release it names, and no
  pair's evidence disagrees (cited rule numbers, numerals, Latin words such as
  「変身／transform」);
* each quote of §712 leaves out one rule the EN file has: 712.10 (20231117) and 712.6
  (20221118); the quote of §115 is the whole section;
* no other EN release fits any quote better than the one it names: the §712 quote of 20231117
  fits every release from 2023-10-13 to 2025-04-04 equally (§712 did not change in a way the
  evidence sees), the one of 20221118 fits 2022-11-18 and 2023-02-03; §115 fits every release
  from 2022-06-10 on equally, and the releases before it worse (one disagreement).
"""

import json
import re
import unicodedata

import pytest

from helpers import OFFICIAL, SHARED, need
from mtgcr.corpus.document import load_document
from mtgcr.crossref.translation.langpair import pair_rulesets
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.registry import parse_document
from mtgcr.extract.profiles import PROFILES

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("ja-pairing")]
SEEDS = SHARED / "seeds"
SINCE = "2021-07-12"


def seed_quote(prefix):
    need(SEEDS)
    [path] = SEEDS.glob(f"{prefix}_*.txt")
    [(rs, _, _)] = parse_document(load_document(path)).rulesets
    return rs


@pytest.fixture(scope="module")
def en():
    """Every official EN release from 2021-07-12 on, by label."""
    need(OFFICIAL)
    out = {}
    for path in sorted(OFFICIAL.glob("20*.txt")):
        if path.stem >= SINCE:
            rs = parse_cr_text(load_document(path))
            out[rs.release.label] = rs
    return out


@pytest.fixture(scope="module")
def quotes():
    return {"000": seed_quote("000"), "001": seed_quote("001"), "003": seed_quote("003")}


def _plain(text):
    """The JA text as evidence reads it: notes and 第N面 dropped, NFKC."""
    ja = PROFILES["ja"]
    return unicodedata.normalize("NFKC", ja.non_numeral_re.sub(" ", ja.note_re.sub(" ", text)))


def _check_items(number, items, ja_text, en_text):
    """Each agreeing evidence item is really in both texts."""
    ja_t, en_t = _plain(ja_text), unicodedata.normalize("NFKC", en_text)
    for item in items:
        kind, value = item.split(" ", 1)
        if kind == "cites":  # the number, or the end of a letter range ("903.9b-c")
            pat = rf"(?<![\d.]){re.escape(value)}(?![\d])"
            if value[-1].isalpha():
                pat += rf"|(?<![\d.]){re.escape(value[:-1])}[a-z][-–]{value[-1]}(?![a-z])"
            assert re.search(pat, ja_t) and re.search(pat, en_t), (number, item)
        elif kind == "numeral":
            assert re.search(rf"(?<!\d){value}(?!\d)", ja_t), (number, item)
        elif kind == "word":
            word = value.strip("'\"")
            assert word in ja_t.casefold() and word in en_t.casefold(), (number, item)


#: Pairs with no evidence either way (no cited rule, numeral or Latin word in the JA text);
#: every other quoted rule is verified.
UNVERIFIED = {
    "000": "712.2c 712.3a 712.3c 712.4 712.4b 712.5a 712.5b 712.5c 712.5d 712.5e 712.5f 712.6 712.8 "
    "712.8a 712.8b 712.8d 712.8f 712.11b 712.11c 712.13 712.13a 712.14 712.14b 712.14c 712.15a "
    "712.16 712.18 712.19",
    "001": "712.1c 712.1d 712.1f 712.2 712.4 712.4a 712.4c 712.4e 712.7a 712.9 712.10 712.10b 712.11a "
    "712.12 712.14 712.15",
    "003": "115.5 115.7 115.7e 115.9 115.10a",
}
PAIRED_WITH = {"000": "20231117", "001": "20221118", "003": "20231117"}
NOT_QUOTED = {"000": ["712.10"], "001": ["712.6"], "003": []}


@pytest.mark.parametrize("prefix", ["000", "001", "003"])
def test_every_quoted_rule_pairs_with_the_en_rule_of_its_number(prefix, en, quotes):
    quote, english = quotes[prefix], en[PAIRED_WITH[prefix]]
    assert (quote.release.lang, quote.release.label) == ("ja", PAIRED_WITH[prefix])
    p = pair_rulesets(quote, english)
    [section] = {n.section for n in quote.rules}
    en_section = [n for n in english.rules if n.section == section]
    # rule by rule: the JA numbers are the EN numbers of that section, less the ones not quoted
    assert [x.number for x in p.pairs] == list(quote.rules)
    assert [str(n) for n in en_section if n not in quote.rules] == NOT_QUOTED[prefix]
    assert [str(n) for n in p.not_quoted] == NOT_QUOTED[prefix]
    assert p.only_translation == [] and p.exceptions() == [] and p.rate == 1.0
    assert {x.status for x in p.pairs} <= {"verified", "unverified"}
    assert (
        " ".join(str(x.number) for x in p.pairs if x.status == "unverified") == UNVERIFIED[prefix]
    )
    for x in p.pairs:
        ja_rule, en_rule = quote.rules[x.number], english.rules[x.number]
        assert x.details == [] and (x.status == "verified") == bool(x.evidence), x.number
        _check_items(x.number, x.evidence, ja_rule.text, en_rule.text)
        if x.status == "unverified":  # nothing to check: no digit or Latin letter but a "1"
            assert not re.search(r"[A-Za-z02-9]", _plain(ja_rule.text)), x.number
    # the quote lists no examples, so EN rules are compared on their rule text alone
    assert all(not r.examples for r in quote.rules.values())


def test_rule_by_rule_evidence_spot_checks(en, quotes):
    p = {
        k: {str(x.number): x for x in pair_rulesets(q, en[PAIRED_WITH[k]]).pairs}
        for k, q in quotes.items()
    }
    assert p["000"]["712.9"].evidence == ["cites 701.28", "cites 701.50"]  # transform / convert
    assert p["001"]["712.5"].evidence == [
        "cites 701.28",
        "cites 701.50",
    ]  # the same rule, renumbered
    assert p["000"]["712.8e"].evidence == ["cites 202.3b", "numeral 0"]
    assert p["000"]["712.2"].evidence == [
        "word 'transform'",
        "word 'convert'",
        "word 'transformed'",
        "word 'converted'",
    ]
    assert p["000"]["712.21d"].evidence == ["cites 903.9b", "cites 903.9c", "numeral 2"]
    assert p["003"]["115.1b"].evidence == ["cites 601.2c", "cites 702.5"]
    assert p["003"]["115.4"].evidence == [
        "word 'target'",
        "word 'something'",
        "word 'any target'",
        "word 'another target'",
        "word 'two targets'",
    ]


def test_the_section_numbering_tells_the_two_releases_apart(en, quotes):
    # 712.9 of 20231117 is 712.5 of 20221118: each quote pairs badly with the other release
    for prefix, other in (("000", "20221118"), ("001", "20231117")):
        p = pair_rulesets(quotes[prefix], en[other])
        assert p.counts()["differs"] + p.counts()["conflict"] > 10
        assert p.fits[0].score < 0


@pytest.mark.parametrize(
    "prefix,best",
    [
        (
            "000",
            [
                "20231013",
                "20231117",
                "20240206",
                "20240308",
                "20240607",
                "20240802",
                "20241108",
                "20250207",
                "20250404",
            ],
        ),
        ("001", ["20221118", "20230203"]),
        ("003", "from 20220610"),
    ],
)
def test_no_other_release_fits_better(prefix, best, en, quotes):
    label = PAIRED_WITH[prefix]
    others = [rs for l, rs in en.items() if l != label]
    p = pair_rulesets(quotes[prefix], en[label], others)
    assert len(p.fits) == len(en) == 26
    own = next(f for f in p.fits if f.label == label)
    assert p.better_release is None and own.score == p.fits[0].score and own.disagree == 0
    tied = sorted(f.label for f in p.fits if f.score == own.score)
    if best == "from 20220610":
        best = sorted(l for l in en if l >= "20220610")
        # before 2022-06-10 one rule of §115 disagrees
        assert {f.disagree for f in p.fits if f.label < "20220610"} == {1}
    assert tied == best
    assert all(x.better_release is None for x in p.pairs)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    from mtgcr.corpus.store import Store
    from mtgcr.extract.ingest import ingest_paths

    need(SEEDS)
    path = tmp_path_factory.mktemp("pair") / "s.sqlite"
    files = [need(OFFICIAL / f"{d}.txt") for d in ("2022-11-18", "2023-02-03", "2023-11-17")]
    with Store(path) as s:
        done = ingest_paths(s, files + sorted(SEEDS.glob("00[013]_*.txt")))
        assert all(r.status == "ingested" for r in done), [r.error for r in done]
    return path


def run_json(store, capsys, *args):
    from mtgcr.cli.main import main

    assert main(["--store", str(store), *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_cli_pair(store, capsys):
    out = run_json(store, capsys, "pair", "--lang", "ja", "--release", "20231117")
    # the quotes of 000 (§712) and 003 (§115) merged into one partial ruleset of 20231117
    assert (out["translation"]["origin"], out["english"]["label"], out["complete"]) == (
        "wiki",
        "20231117",
        False,
    )
    assert len(out["pairs"]) == 55 + 26 and out["rate"] == 1.0
    assert out["not_quoted"] == ["712.10"] and out["exceptions"] == []
    assert out["better_release"] is None
    assert [f["label"] for f in out["fits"]] == ["20231117", "20230203"]  # the default: neighbours
    out = run_json(
        store,
        capsys,
        "pair",
        "--lang",
        "ja",
        "--release",
        "20221118",
        "--section",
        "712",
        "--against",
        "all",
    )
    assert out["not_quoted"] == ["712.6"] and out["section"] == 712
    assert [(f["label"], f["score"]) for f in out["fits"]] == [
        ("20221118", 33),
        ("20230203", 33),
        ("20231117", -27),
    ]
    pair = next(x for x in out["pairs"] if x["number"] == "712.5")
    assert (pair["status"], pair["evidence"]) == ("verified", ["cites 701.28", "cites 701.50"])


def test_cli_show_pair(store, capsys):
    out = run_json(
        store, capsys, "show", "712.8e", "--lang", "ja", "--release", "20231117", "--pair"
    )
    [en] = out["english"]
    assert en["english"]["text"].startswith(
        "While a transforming double-faced permanent has its back face up"
    )
    assert (en["status"], en["agree"], en["disagree"]) == ("verified", 2, 0)
