"""Integration: the mtg.ru seed page (../shared/seeds/002…) parses and `mtgcr identify` places it
among the 112 official English releases. Reads ../shared (skipped when absent)."""

from __future__ import annotations

import html
import json
import re

import pytest

from helpers import OFFICIAL, SHARED, need

pytestmark = pytest.mark.integration


def _seed():
    seeds = need(SHARED / "seeds")
    found = sorted(seeds.glob("002_*.txt"))
    if not found:
        pytest.skip(f"seed 002 not present in {seeds}")
    return found[0]


@pytest.fixture(scope="module")
def en_store(tmp_path_factory):
    from mtgcr.cli.main import main

    need(OFFICIAL)
    path = tmp_path_factory.mktemp("identify") / "store.sqlite"
    assert main(["--store", str(path), "--silent", "ingest", str(OFFICIAL)]) == 0
    return path


def _identify(capsys, store, *paths):
    from mtgcr.cli.main import main

    capsys.readouterr()
    assert main(["--store", str(store), "identify", *map(str, paths), "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_seed_page_parses():
    from mtgcr.corpus.document import load_document
    from mtgcr.extract.registry import parse_document

    res = parse_document(load_document(_seed()))
    assert res.kind == "mtgru-text"
    rs, origin, prov = res.rulesets[0]
    assert origin == "mtgru:711"
    assert (
        rs.sections[next(iter(n for n in rs.sections if n.section == 711))].title
        == "Controlling Another Player’s Turn"
    )
    assert [str(n) for n in rs.rules] == [
        "711.1",
        "711.1a",
        "711.1b",
        "711.1c",
        "711.2",
        "711.3",
        "711.4",
        "711.4a",
        "711.4b",
        "711.5",
        "711.6",
    ]
    assert {str(n): s.title for n, s in rs.sections.items()} == {
        "710": "Leveler Cards",
        "711": "Controlling Another Player’s Turn",
        "712": "Ending the Turn",
    }
    assert [len(r.examples) for r in rs.rules.values()] == [0, 0, 0, 0, 0, 1, 2, 1, 1, 0, 0]
    assert rs.rules[next(n for n in rs.rules if str(n) == "711.5")].text.endswith(
        "See rule 104.3a."
    )
    assert [p.line for p in prov[next(n for n in rs.rules if str(n) == "711.1")]] == [12]
    nav = dict(res.facts)["mtgru-navigation"]
    assert (nav["prev"], nav["up"], nav["next"]) == (
        {"number": 710, "title": "Leveler Cards"},
        {"number": 7, "title": "Additional Rules"},
        {"number": 712, "title": "Ending the Turn"},
    )


def test_identify_seed_page(capsys, en_store):
    out = _identify(capsys, en_store, _seed())
    assert len(out) == 1
    d = out[0]
    assert d["releases"] == ["2010-04-23", "2010-06-18", "2010-07-16"]
    assert d["exact"] is True
    assert d["ranges"] == [{"first": "2010-04-23", "last": "2010-07-16"}]
    assert d["best"] == "2010-07-16"
    ev = d["evidence"]
    assert ev["counts"]["same"] == 11 and ev["counts"]["differs"] == 0
    assert [r["number"] for r in ev["rules"]][:3] == ["711.1", "711.1a", "711.1b"]
    # 2010-02-01 had this text as section 710 (and 711 was Ending the Turn): not a match
    scores = {s["release"]: s for s in d["scores"]}
    assert scores["2010-02-01"]["exact"] is False
    # what came next: the section was retitled on 2010-10-01 and its rules rewritten
    after = d["after"]
    assert after["release"] == "2010-10-01"
    sec = next(s for s in after["sections"] if s["number"] == "711")
    assert sec["status"] == "differs" and sec["release_title"] == "Controlling Another Player"
    r = next(x for x in after["rules"] if x["number"] == "711.1a")
    assert r["status"] == "differs"
    assert r["changes"][0] == {
        "op": "replace",
        "fragment": "turn-controlling",
        "release": "player-controlling",
    }
    # later numbers come from the release alignment (mtgcr.crossref.lineage)
    assert d["lineage_source"] == "alignment"
    steps = d["lineage"]["711"]
    assert steps[0] == {
        "event": "retitled",
        "release": "2010-10-01",
        "number": "711",
        "title": "Controlling Another Player",
        "how": "alignment: retitled",
    }
    assert steps[1]["release"] == "2011-09-30" and steps[1]["number"] == "712"
    # the newest official release (2026-01-16) has it as 722 "Controlling Another Player"
    assert d["newest"] == "2026-01-16"
    assert (steps[-1]["number"], steps[-1]["title"]) == ("722", "Controlling Another Player")
    # the title/text lookup used without an alignment chain agrees
    from mtgcr.corpus.document import load_document
    from mtgcr.corpus.store import Store
    from mtgcr.crossref.identify import identify
    from mtgcr.extract.registry import parse_document
    from mtgcr.extract.records import from_record

    with Store(en_store, readonly=True) as store:
        pool = [from_record(store.release_rows(r.id)) for r in store.releases("en") if r.complete]
    frag = parse_document(load_document(_seed())).rulesets[0][0]
    plain = identify(frag, pool)
    assert plain.lineage_source == "titles and text"
    assert [(x.release, str(x.number), x.title) for x in plain.lineage["711"]] == [
        (x["release"], x["number"], x["title"]) for x in steps
    ]


def _as_site_html(text: str) -> bytes:
    """The seed's text rendered back into the site's HTML shape, in windows-1251: one symbol
    image per rule 711.4a, the label dropped from one example."""
    out = [
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'
        "</head><body>"
    ]
    lines = text.splitlines()
    footer = next(i for i, l in enumerate(lines) if "<<" in l) - 1
    dropped = False
    for line in lines[:footer]:
        s = line.strip()
        if not s:
            continue
        e = html.escape(s)
        if re.match(r"\d{3}\.\d", s):
            num, rest = s.split(None, 1)
            out.append(f"<p><b>{num}</b>&nbsp; {html.escape(rest)}</p>")
        elif s.startswith("Example:"):
            body = s[len("Example: ") :] if not dropped else s
            dropped = True
            out.append(f'<p class="example">{html.escape(body)}</p>')
        elif re.match(r"\d{3}\.", s):
            out.append(f"<h3>{e}</h3>")
        elif re.match(r"\d\.", s):
            out.append(f"<h2>{e}</h2>")
        else:
            out.append(f"<div>{e}</div>")
    cells = [
        c.strip()
        for c in re.split(r"\t+|\n", "\n".join(lines[footer + 1 :]))
        if c.strip() and not set(c.strip()) <= set("_ ")
    ]
    out.append(
        "<table><tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr></table>"
    )
    out.append("</body></html>")
    return "\n".join(out).encode("cp1251")


def test_identify_seed_as_html(capsys, en_store, tmp_path):
    page = tmp_path / "711.html"
    page.write_bytes(_as_site_html(_seed().read_text(encoding="utf-8")))
    d = _identify(capsys, en_store, page)[0]
    assert d["origin"] == "mtgru:711"
    assert d["releases"] == ["2010-04-23", "2010-06-18", "2010-07-16"]


def test_identify_ingested_document_by_name_and_errors(capsys, en_store, tmp_path):
    from mtgcr.cli.main import main

    seed = _seed()
    assert main(["--store", str(en_store), "--silent", "ingest", str(seed)]) == 0
    d = _identify(capsys, en_store, seed.name)[0]  # the stored document, by its name
    assert d["releases"] == ["2010-04-23", "2010-06-18", "2010-07-16"]
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    capsys.readouterr()
    assert main(["--store", str(en_store), "identify", str(empty)]) == 2
    err = capsys.readouterr().err
    assert "empty.txt" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert main(["--store", str(en_store), "identify", str(tmp_path / "missing.txt")]) == 2
    assert "missing.txt: no such file" in capsys.readouterr().err


def test_identify_seed_next_release_follows_the_alignment(capsys, en_store):
    """The release after the range is compared through the release alignment, not by number:
    on 2010-10-01 711.1c and 711.2 were merged into 711.3 ("Only control of the player
    changes. …"), which is 722.3 in the newest release (2026-01-16)."""
    d = _identify(capsys, en_store, _seed())[0]
    after = d["after"]
    assert d["after_source"] == "alignment" and after["release"] == "2010-10-01"
    rules = {r["number"]: r for r in after["rules"]}
    assert (rules["711.1c"]["change"], rules["711.1c"]["now"], rules["711.1c"]["joined"]) == (
        "merged",
        ["711.3"],
        ["711.2"],
    )
    assert (rules["711.2"]["change"], rules["711.2"]["now"], rules["711.2"]["joined"]) == (
        "merged",
        ["711.3"],
        ["711.1c"],
    )
    assert all(r["status"] != "absent" for r in after["rules"])  # nothing lost, only merged
    # the merged rule's wording is compared with 711.3: the fragment's 711.2 "The player whose
    # turn is being controlled is still the active player." against the merged text
    assert rules["711.2"]["status"] == "differs"
    sec = next(s for s in after["sections"] if s["number"] == "711")
    assert (sec["release_number"], sec["change"]) == ("711", "retitled")
    assert d["now"]["711.1c"]["numbers"] == ["722.3"] and d["now"]["711.2"]["numbers"] == ["722.3"]
    assert "merged" in d["now"]["711.2"]["changes"]
    assert d["now"]["711.1a"]["numbers"] == ["722.1a"]
    # text output says so, and --all cuts nothing
    from mtgcr.cli.main import main

    capsys.readouterr()
    assert main(["--store", str(en_store), "identify", str(_seed()), "--all"]) == 0
    out = capsys.readouterr().out
    assert "711.1c merged into 711.3 (with 711.2)" in out
    assert "711.2 is 722.3 in the newest release (2026-01-16)" in out
    assert "711.1c absent" not in out
    assert "    …" not in out
    assert "711.6" in out.split("next release", 1)[1]  # every rule of the next release listed


def test_identify_official_file_section_moves(capsys, en_store):
    """An official file: its next release (file 2024-02-06, effective 2024-02-02) inserted section 719 "Case Cards" and
    moved 719 "Controlling Another Player" … 728 "Taking Shortcuts" up by one. Those are moves
    with the same title, not retitlings."""
    d = _identify(capsys, en_store, OFFICIAL / "2023-11-17.txt")[0]
    assert d["releases"] == ["2023-11-17"] and d["exact"] is True
    after = d["after"]
    assert after["release"] == "2024-02-02" and d["after_source"] == "alignment"
    secs = {s["number"]: s for s in after["sections"]}
    assert (
        secs["719"]["status"],
        secs["719"]["release_number"],
        secs["719"]["change"],
        secs["719"]["release_title"],
    ) == ("same", "720", "moved", "Controlling Another Player")
    assert [n for n, s in secs.items() if s["status"] != "same"] == []
    assert [secs[str(n)]["release_number"] for n in range(719, 729)] == [
        str(n) for n in range(720, 730)
    ]
    rules = {r["number"]: r for r in after["rules"]}
    assert rules["719.1"]["now"] == ["720.1"] and rules["719.1"]["status"] == "same"
    assert after["counts"]["absent"] == 0
    from mtgcr.cli.main import main

    capsys.readouterr()
    assert main(["--store", str(en_store), "identify", str(OFFICIAL / "2023-11-17.txt")]) == 0
    out = capsys.readouterr().out
    assert "retitled" not in out
    assert "section 719 is 720 there (moved), same title" in out


def _pasted(store_path, spec: str, numbers: list[str], heading: bool) -> str:
    """Rule lines of a stored release written out the way a user pastes them (built from the
    store at test time; nothing of ../shared is kept in the project)."""
    from mtgcr.corpus.store import Store
    from mtgcr.extract.records import from_record

    with Store(store_path, readonly=True) as store:
        rs = from_record(store.release_rows(store.resolve(spec, "en").id))
    lines = []
    if heading:
        sec = rs.sections[next(n for n in rs.sections if n.section == int(numbers[0][:3]))]
        lines.append(f"{sec.number}. {sec.title}")
    for n, r in rs.rules.items():
        if str(n) in numbers:
            lines.append(f"{n}  {r.text}")
            lines += [f"Example: {e.text}" for e in r.examples]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("heading", [True, False])
def test_identify_pasted_fragment(capsys, en_store, tmp_path, heading):
    """A pasted fragment (rules 711.4a and 711.4b of 2010-07-16, with their examples, with and
    without the section heading) is identified, not refused; ingest still refuses it."""
    from mtgcr.cli.main import main

    paste = tmp_path / "paste.txt"
    paste.write_text(
        _pasted(en_store, "2010-07-16", ["711.4a", "711.4b"], heading), encoding="utf-8"
    )
    d = _identify(capsys, en_store, paste)[0]
    assert d["origin"] == "fragment" and d["rules"] == 2 and d["sections"] == (1 if heading else 0)
    assert d["exact"] is True and d["releases"] == ["2010-04-23", "2010-06-18", "2010-07-16"]
    rules = {r["number"]: r for r in d["after"]["rules"]}
    # 2010-10-01 moved them to 711.5a/711.5b ("The controller of another player can use …")
    assert rules["711.4a"]["now"] == ["711.5a"] and rules["711.4b"]["now"] == ["711.5b"]
    assert d["now"]["711.4a"]["numbers"] == ["722.5a"]
    capsys.readouterr()
    assert main(["--store", str(en_store), "--silent", "ingest", str(paste)]) != 0
    err = capsys.readouterr().err
    assert "paste.txt" in err and "not a recognised document kind" in err
