"""``mtgcr site`` on small releases written for these tests: anchors, links, traces, changes,
search files, machine outputs, incremental rebuilds, and a link check of the whole site."""

from __future__ import annotations

import json
import re

import pytest
from lxml import html as lhtml

from mtgcr.cli.main import main

from crfile import cr_text
from sitecheck import broken_links

OLD = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players. See rule 100.2.

100.1a A two-player game starts with two players.

100.2. Each player brings a deck.

101. Decks

101.1. A deck is shuffled before the game begins, as described in rule 100.2.
Example: A player shuffles their deck.

102. Players

102.1. A player is one of the people in the game.
"""
NEW = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players. See rule 100.3.

100.1a A two-player game starts with two players.

100.2. A game may use an optional sideboard chosen before the match.

100.3. Each player brings a deck.

101. Decks

101.1. A deck is shuffled before the game begins, as described in rule 100.3.
Example: A player shuffles their deck.

102. Players

102.1. A player is one of the people in the game.
"""
GLOSSARY = "Deck\nThe cards a player starts the game with. See rule 100.2.\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("site")
    (tmp / "a.txt").write_text(
        cr_text(OLD, GLOSSARY, date="These rules are effective as of January 10, 2030.")
    )
    (tmp / "b.txt").write_text(
        cr_text(
            NEW,
            GLOSSARY.replace("100.2", "100.3"),
            date="These rules are effective as of April 5, 2030.",
        )
    )
    store = tmp / "store.sqlite"
    assert (
        main(["--silent", "--store", str(store), "ingest", str(tmp / "a.txt"), str(tmp / "b.txt")])
        == 0
    )
    assert main(["--silent", "--store", str(store), "site", "--out", str(tmp / "site")]) == 0
    return tmp / "site", store


def _doc(path):
    return lhtml.fromstring(path.read_bytes())


def test_rule_anchors_aliases_and_reference_links(site):
    root, _ = site
    doc = _doc(root / "en" / "2030-04-05" / "100.html")
    rule = doc.get_element_by_id("R1001")
    assert rule.get_element_by_id("section-100-1") is not None
    refs = [a.get("href") for a in rule.cssselect("a.ref")]
    assert refs == ["100.html#R1003"]  # "See rule 100.3." in the new release
    assert doc.get_element_by_id("R1001a").get("class") == "rule sub"
    # the same words in the old release link to 100.2
    old = _doc(root / "en" / "2030-01-10" / "100.html")
    assert [a.get("href") for a in old.get_element_by_id("R1001").cssselect("a.ref")] == [
        "100.html#R1002"
    ]
    # a reference to another section's page
    dec = _doc(root / "en" / "2030-04-05" / "101.html").get_element_by_id("R1011")
    assert [a.get("href") for a in dec.cssselect("a.ref")] == ["100.html#R1003"]
    assert dec.cssselect("p.example")[0].text_content() == "A player shuffles their deck."


def test_glossary_terms_link_to_their_entry(site):
    root, _ = site
    doc = _doc(root / "en" / "2030-04-05" / "100.html")
    terms = doc.get_element_by_id("R1003").cssselect("a.term")
    assert [(a.text, a.get("href")) for a in terms] == [("deck", "glossary.html#g-deck")]
    gl = _doc(root / "en" / "2030-04-05" / "glossary.html")
    assert gl.get_element_by_id("g-deck").text == "Deck"


def test_release_date_selector_breadcrumbs_and_pager(site):
    root, _ = site
    # a release's own pages say its date; the selector lists the language's releases from
    # en/releases.js (filled by the site script), so no page changes when a release is added
    index = _doc(root / "en" / "2030-01-10" / "index.html")
    assert "effective 2030-01-10" in index.cssselect("header .meta")[0].text_content()
    assert [(o.get("value"), o.get("selected")) for o in index.cssselect("select option")] == [
        ("../2030-01-10/index.html", "selected")
    ]
    js = (root / "en" / "releases.js").read_text()
    data = json.loads(re.sub(r"^window\.MTGCR_RELEASES = |;\s*$", "", js))
    assert [(r["key"], r["when"], r["sections"]) for r in data["releases"]] == [
        ("2030-04-05", "effective 2030-04-05", [100, 101, 102]),
        ("2030-01-10", "effective 2030-01-10", [100, 101, 102]),
    ]
    doc = _doc(root / "en" / "2030-01-10" / "100.html")
    assert "../../en/releases.js" in [s.get("src") for s in doc.cssselect("script")]
    assert doc.cssselect("header select.release")[0].get("data-file") == "100.html"
    assert doc.cssselect("nav.crumbs a")[1].get("href") == "index.html#chapter-1"
    assert doc.cssselect('nav.pager a[rel="next"]')[0].get("href") == "101.html"


def test_a_section_that_reads_the_same_is_one_file(site):
    root, _ = site
    # 101.1 refers to 100.2 in the old release and 100.3 in the new one
    old, new = root / "en" / "2030-01-10" / "101.html", root / "en" / "2030-04-05" / "101.html"
    assert _doc(old).get_element_by_id("R1011").cssselect("a.ref")[0].get("href") == (
        "100.html#R1002"
    )
    assert _doc(new).get_element_by_id("R1011").cssselect("a.ref")[0].get("href") == (
        "100.html#R1003"
    )
    # 101.1's text changed (100.2 → 100.3), so 101 is two files; 102 did not change: one file
    # in both folders and latest/ (a hard link), its date line filled in by the script
    assert not old.samefile(new)
    same = root / "en" / "2030-01-10" / "102.html"
    assert same.samefile(new.parent / "102.html")
    assert same.samefile(root / "en" / "latest" / "102.html")
    assert _doc(same).cssselect("header .when")[0].text_content() == ""
    assert (root / "en" / "latest" / "101.html").samefile(new)
    assert (root / "en" / "latest" / "glossary.html").samefile(new.parent / "glossary.html")


def test_trace_and_change_pages_are_linked_both_ways(site):
    root, _ = site
    new = _doc(root / "en" / "2030-04-05" / "100.html")
    tools = {a.text: a.get("href") for a in new.get_element_by_id("R1003").cssselect(".tools a")}
    assert set(tools) == {"trace", "renumbered"}
    trace = _doc((root / "en" / "2030-04-05" / tools["trace"]).resolve())
    rows = [
        [td.text_content().strip() for td in tr.cssselect("td")[:3]]
        for tr in trace.cssselect("tbody tr")
    ]
    assert rows == [
        ["2030-04-05to the newest release", "100.3", "renumbered"],
        ["2030-01-10", "100.2", "initial"],
    ]
    page, anchor = tools["renumbered"].split("#")
    ch = _doc((root / "en" / "2030-04-05" / page).resolve())
    entry = ch.get_element_by_id(anchor)
    links = [a.get("href") for a in entry.cssselect("a")]
    assert links == ["../../en/2030-01-10/100.html#R1002", "../../en/2030-04-05/100.html#R1003"]
    added = _doc(root / "en" / "2030-04-05" / "100.html").get_element_by_id("R1002")
    assert [a.text for a in added.cssselect(".tools a")] == ["trace", "added"]


def test_latest_search_and_machine_outputs(site):
    root, _ = site
    assert (root / "en" / "latest" / "100.html").read_bytes() == (
        root / "en" / "2030-04-05" / "100.html"
    ).read_bytes()
    js = (root / "en" / "2030-04-05" / "search-index.js").read_text()
    data = json.loads(re.sub(r"^window\.MTGCR_SEARCH = |;\s*$", "", js))
    # each text once per language (en/search-texts.js), a release names them by number
    js = (root / "en" / "search-texts.js").read_text()
    texts = json.loads(re.sub(r"^window\.MTGCR_TEXTS = |;\s*$", "", js))
    rules = {number: texts[i] for number, i in data["rules"]}
    assert rules["100.3"] == "Each player brings a deck."
    assert rules["101.1"] == texts.pop(texts.index(rules["101.1"]))  # in the file once
    assert rules["101.1"] not in texts
    assert "Each player brings a deck." in texts  # 100.2 of the old release: the same text
    rules = json.loads((root / "en" / "2030-04-05" / "rules.json").read_text())
    assert rules["rules"]["101.1"]["examples"] == ["A player shuffles their deck."]
    assert rules["rules"]["100.3"]["url"] == "100.html#R1003"
    lineage = json.loads((root / "trace" / "en" / "lineage.json").read_text())
    [lin] = [k for k, v in lineage.items() if [s["numbers"] for s in v] == [["100.2"], ["100.3"]]]
    assert lin == "en:20300110:100.2"


def test_every_internal_link_resolves(site):
    root, _ = site
    assert broken_links(root) == []


def test_a_rebuild_rewrites_nothing_unchanged(site, capsys):
    root, store = site
    before = {p: p.stat().st_mtime_ns for p in root.rglob("*.html")}
    assert main(["--store", str(store), "--silent", "site", "--out", str(root)]) == 0
    assert "site: 0 written, " in capsys.readouterr().out
    assert {p: p.stat().st_mtime_ns for p in root.rglob("*.html")} == before


def test_compare_any_two_releases(site, capsys):
    root, store = site
    assert (
        main(
            [
                "--store",
                str(store),
                "--silent",
                "site",
                "--out",
                str(root),
                "--compare",
                "2030-04-05",
                "2030-01-10",
            ]
        )
        == 0
    )
    page = _doc(root / "changes" / "en" / "2030-04-05_2030-01-10.html")
    assert page.get_element_by_id("CR1002") is not None


def test_cli_search_ranks_highlights_and_spans_releases(site, capsys):
    _, store = site
    assert (
        main(
            ["--store", str(store), "--silent", "search", "optional sideboard", "--format", "json"]
        )
        == 0
    )
    hits = json.loads(capsys.readouterr().out)["hits"]
    assert [(h["number"], h["release"]) for h in hits] == [("100.2", "2030-04-05")]
    text = hits[0]["text"]
    assert [text[s:e] for s, e in hits[0]["spans"]] == ["optional", "sideboard"]
    assert (
        main(
            [
                "--store",
                str(store),
                "--silent",
                "search",
                "brings a deck",
                "--all-releases",
                "--format",
                "json",
            ]
        )
        == 0
    )
    rules = json.loads(capsys.readouterr().out)["rules"]
    assert [(r["numbers"], r["first"], r["last"]) for r in rules] == [
        (["100.2"], "2030-01-10", "2030-01-10"),
        (["100.3"], "2030-04-05", "2030-04-05"),
    ]
    assert main(["--store", str(store), "--silent", "search", "nowhere-to-be-found"]) == 1


def test_search_tokens_find_cjk_words_inside_sentences(tmp_path, capsys):
    from mtgcr.corpus.store import Store
    from mtgcr.reports.search import search

    body = (
        "1. ゲームの概念\n\n100. 総則\n\n100.1. 各プレイヤーは自分のデッキを持つ。\n\n"
        "100.2. トランプルを持つクリーチャーは超過したダメージを与える。\n"
    )
    path = tmp_path / "zh.txt"
    path.write_text(cr_text(body, ""))
    store_path = tmp_path / "s.sqlite"
    assert main(["--store", str(store_path), "--silent", "ingest", str(path)]) == 0
    with Store(store_path) as store:
        rel = store.releases()[0]
        hits = search(store, "トランプル", [rel])
        assert [h.number for h in hits] == ["100.2"]
        assert [h.text[s:e] for h in hits for s, e in h.spans] == ["トランプル"]
        assert search(store, "デッキ", [rel])[0].number == "100.1"


def test_site_and_search_without_a_store_say_so_and_create_none(tmp_path, capsys):
    store = tmp_path / "none.sqlite"
    assert main(["--store", str(store), "site", "--out", str(tmp_path / "site")]) == 2
    assert main(["--store", str(store), "search", "deck"]) == 2
    err = capsys.readouterr().err
    assert err.count("no store here yet") == 2 and "Traceback" not in err
    assert not store.exists() and not (tmp_path / "site").exists()


def _quote_page(title: str, rule_line: str) -> str:
    """A rendered MTG Wiki page (text) quoting one rule of JA 20300110.0."""
    return (
        f"{title}\n\n提供：MTG Wiki\n\n{title}について。\n\n引用：総合ルール 20300110.0\n\n"
        f"• 1 ゲームの概念\n  • 100 一般\n    • 100.1 テスト用のルール。\n      • {rule_line}\n"
    )


def test_a_rule_quoted_on_two_pages_names_both_on_its_side_page(tmp_path):
    (tmp_path / "en.txt").write_text(
        cr_text(OLD, GLOSSARY, date="These rules are effective as of January 10, 2030."),
        encoding="utf-8",
    )
    (tmp_path / "first_page.txt").write_text(
        _quote_page("二人対戦", "100.1a 二人対戦は二人で始める。"), encoding="utf-8"
    )
    (tmp_path / "second_page.txt").write_text(
        _quote_page("多人数戦", "100.1a 二人対戦は二人で始める。"), encoding="utf-8"
    )
    store = tmp_path / "store.sqlite"
    files = [str(tmp_path / n) for n in ("en.txt", "first_page.txt", "second_page.txt")]
    assert main(["--silent", "--store", str(store), "ingest", *files]) == 0
    site_args = ["site", "--out", str(tmp_path / "site"), "--lang", "en", "ja"]
    assert main(["--silent", "--store", str(store), *site_args]) == 0
    [side] = list((tmp_path / "site" / "ja").glob("*-quotes/side/100.html"))
    notes = [d.text_content() for d in _doc(side).xpath('//div[@class="quoted"]')]
    # 100.1a (line 12 of both pages): every page and line it was quoted on, file names only
    assert "quoted on first_page.txt:12; second_page.txt:12" in notes
    assert all(str(tmp_path) not in n for n in notes)


def test_a_new_release_rewrites_only_what_changed(tmp_path, capsys):
    # three releases: 100.1a is edited in the third, everything else reads as in the second
    third = NEW.replace("starts with two players.", "starts with two players and a deck each.")
    files = []
    for name, body, when in (
        ("a", OLD, "January 10, 2030"),
        ("b", NEW, "April 5, 2030"),
        ("c", third, "July 1, 2030"),
    ):
        path = tmp_path / f"{name}.txt"
        path.write_text(
            cr_text(body, GLOSSARY, date=f"These rules are effective as of {when}."),
            encoding="utf-8",
        )
        files.append(str(path))
    store, root = str(tmp_path / "store.sqlite"), tmp_path / "site"
    assert main(["--silent", "--store", store, "ingest", *files[:2]]) == 0
    assert main(["--silent", "--store", store, "site", "--out", str(root)]) == 0
    capsys.readouterr()
    before = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in root.rglob("*") if p.is_file()}
    assert main(["--silent", "--store", store, "ingest", files[2]]) == 0
    assert main(["--store", store, "site", "--out", str(root)]) == 0
    out = capsys.readouterr().out
    after = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in root.rglob("*") if p.is_file()}
    changed = sorted(str(p.relative_to(root)) for p in after if before.get(p) != after[p])
    new_release = [c for c in changed if c.startswith("en/2030-07-01/")]
    latest = [c for c in changed if c.startswith("en/latest/")]
    rest = [c for c in changed if c not in new_release and c not in latest]
    # the older releases' pages are left alone: the selector and the dates come from
    # releases.js; only the traces of the rules the new release touched change
    assert rest == [
        ".mtgcr-output",
        ".mtgcr-site-state.json",  # what each release's pages were made from (reuse.py)
        "changes/en/2030-04-05_2030-07-01.html",
        "en/releases.js",
        "en/search-texts.js",
        "feed.atom",
        "feed.json",
        "index.html",
        "trace/en/20300110_100.1a.html",
        "trace/en/lineage.json",
    ]
    written = len(new_release) + len(latest) + len(rest) - 1  # the marker is not counted
    # the older releases were not rendered again: their files are as the state recorded
    state = json.loads((root / ".mtgcr-site-state.json").read_text())
    assert {"en/2030-01-10", "en/2030-04-05", "en/2030-07-01"} <= set(state)
    assert "en/2030-04-05/101.html" in state["en/2030-04-05"]["files"]
    m = re.search(r"site: (\d+) written, (\d+) unchanged", out)
    assert m and int(m.group(1)) == written
    assert int(m.group(2)) == len(after) - 1 - written
    # 101 and 102 read as in the second release: the new release's pages are that file
    for sec in ("101.html", "102.html"):
        assert (root / "en" / "2030-07-01" / sec).samefile(root / "en" / "2030-04-05" / sec)
    assert not (root / "en" / "2030-07-01" / "100.html").samefile(
        root / "en" / "2030-04-05" / "100.html"
    )
    # the trace of an untouched rule did not change: one row since it took its number
    trace = _doc(root / "trace" / "en" / "20300405_100.2.html")
    rows = [[td.text_content() for td in tr.cssselect("td")[:3]] for tr in trace.cssselect("tr")]
    assert rows[1:] == [["2030-04-05to the newest release", "100.2", "added"]]
