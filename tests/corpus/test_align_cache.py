"""The alignment cache written at ingest (:mod:`mtgcr.crossref.prealign`) and its lookup
index (:mod:`mtgcr.crossref.steps`), on CR files written for the tests: the lazy lookups
answer exactly as the alignments do, and stored alignments are invalidated when a release is
inserted in the middle, removed, or gets another canonical copy, and when decisions change."""

from __future__ import annotations

from pathlib import Path

import mtgcr
from crfile import cr_text
from mtgcr.corpus.store import Store
from mtgcr.crossref.chain import Chain
from mtgcr.crossref.decisions import load_decisions
from mtgcr.crossref.model import Alignment
from mtgcr.crossref.steps import ChainSteps, StepView
from mtgcr.extract.rulenum import RuleNumber as R

HEAD = "1. Game Concepts\n\n100. General\n\n"
BODIES = {
    "January 10, 2031": HEAD
    + "100.1. Each player has a deck.\n\n100.2. The game starts with a shuffle.\n\n"
    "100.2a Each player shuffles their own deck.\n",
    "March 14, 2031": HEAD
    + "100.1. Each player has a deck.\n\n100.2. A player may mulligan once.\n\n"
    "100.3. The game starts with a shuffle.\n\n100.3a Each player shuffles their own deck.\n",
    "June 20, 2031": HEAD
    + "100.1. Each player has a deck of sixty cards.\n\n100.2. A player may mulligan once.\n\n"
    "100.3. The game starts with a shuffle.\n\n100.3a Each player shuffles their own deck.\n\n"
    "101. Winning\n\n101.1. A player with no life left loses.\n",
}


def _write(folder: Path, when: str, body: str | None = None, name: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / (name or f"{when.replace(' ', '_').replace(',', '')}.txt")
    p.write_text(
        cr_text(body or BODIES[when], date=f"These rules are effective as of {when}."),
        encoding="utf-8",
    )
    return p


def _cache(path: Path) -> set[tuple[int, int]]:
    with Store(path, readonly=True) as st:
        return {(a, b) for a, b, _ in st.cached_pairs()}


def _chain_pairs(path: Path) -> set[tuple[int, int]]:
    with Store(path, readonly=True) as st:
        ids = [r.id for r in Chain(st).infos]
    return set(zip(ids, ids[1:]))


def _histories(path: Path, cache: bool) -> list:
    """Every rule's and section's history in every release, as JSON."""
    out = []
    with Store(path) as st:
        chain = Chain(st, cache=cache)
        lin = chain.lineage()
        for k in range(len(chain)):
            rs = chain.ruleset(k)
            for n in [*rs.rules, *rs.sections]:
                out.append([e.to_json() for e in lin.history(n, k)])
    return out


def test_step_views_answer_as_the_alignments(tmp_path):
    store = tmp_path / "s.sqlite"
    cr = mtgcr.open(store)
    cr.ingest(*(_write(tmp_path / "in", w) for w in BODIES))
    with Store(store) as st:
        chain = Chain(st)
        steps = ChainSteps(
            st, [r.id for r in chain.infos], [chain.pair_key(k) for k in range(len(chain) - 1)]
        )
        for k in range(len(chain) - 1):
            al, view = chain.alignment(k), StepView(steps, k)
            assert Alignment.from_cache(al.to_cache()).to_json() == al.to_json()
            olds = [*chain.ruleset(k).rules, *chain.ruleset(k).sections, R.parse("999.9")]
            news = [*chain.ruleset(k + 1).rules, *chain.ruleset(k + 1).sections]
            for n in olds + news:
                if n.kind == "section":
                    assert view.section_change_of_old(n) == al.section_change_of_old(n)
                    assert view.section_change_of_new(n) == al.section_change_of_new(n)
                else:
                    assert view.change_of_old(n) == al.change_of_old(n)
                    assert view.change_of_new(n) == al.change_of_new(n)
    assert _histories(store, cache=True) == _histories(store, cache=False)


def test_ingest_stores_the_alignments_and_an_insert_replaces_one_pair_by_two(tmp_path):
    store = tmp_path / "s.sqlite"
    cr = mtgcr.open(store)
    cr.ingest(_write(tmp_path / "in", "January 10, 2031"), _write(tmp_path / "in", "June 20, 2031"))
    assert _cache(store) == _chain_pairs(store) and len(_cache(store)) == 1
    before = _cache(store)
    cr.ingest(_write(tmp_path / "in2", "March 14, 2031"))  # an older release, in the middle
    after = _cache(store)
    assert len(after) == 2 and after == _chain_pairs(store) and not before & after
    with Store(store, readonly=True) as st:
        assert all(st.cached_pairs().values())  # indexed
    assert _histories(store, cache=True) == _histories(store, cache=False)
    assert cr.remap("100.2a", "2031-01-10", "2031-06-20").numbers == [R.parse("100.3a")]


def test_removing_a_release_drops_its_alignments(tmp_path):
    store = tmp_path / "s.sqlite"
    cr = mtgcr.open(store)
    cr.ingest(*(_write(tmp_path / "in", w) for w in BODIES))
    assert len(_cache(store)) == 2
    before = _cache(store)
    cr.remove("2031-03-14")
    # both pairs went with the release; the new neighbours' pair is aligned at once
    assert not _cache(store) & before and _cache(store) == _chain_pairs(store)
    assert len(_cache(store)) == 1
    assert cr.remap("100.2a", "2031-01-10", "2031-06-20").numbers == [R.parse("100.3a")]
    assert _histories(store, cache=True) == _histories(store, cache=False)
    cr.restore("2031-03-14")  # no pair left that is no longer consecutive
    assert _cache(store) == _chain_pairs(store) and len(_cache(store)) == 2
    assert _histories(store, cache=True) == _histories(store, cache=False)


def test_another_canonical_copy_gets_new_alignments(tmp_path):
    store = tmp_path / "s.sqlite"
    cr = mtgcr.open(store)
    cr.ingest(*(_write(tmp_path / "official", w) for w in BODIES))
    body = BODIES["March 14, 2031"].replace("may mulligan once", "may mulligan twice")
    cr.ingest(_write(tmp_path / "archive", "March 14, 2031", body, name="CR-2031-03-14.txt"))
    copies = cr.release_copies("en").copies
    second = [c for c in copies if c.origin.value == "archive"][0]
    cr.choose_copy("2031-03-14", second.id)
    assert _cache(store) == _chain_pairs(store)  # the old rows' pairs went, the new are aligned
    h = cr.history("100.2", release="2031-06-20")
    assert [e.kind for e in h.entries] == ["absent", "added", "modified"]  # once → twice → once
    assert _cache(store) == _chain_pairs(store)
    assert _histories(store, cache=True) == _histories(store, cache=False)


def test_changed_decisions_are_not_read_from_the_cache(tmp_path):
    store = tmp_path / "s.sqlite"
    cr = mtgcr.open(store)
    cr.ingest(*(_write(tmp_path / "in", w) for w in BODIES))
    plain = cr.remap("100.2", "2031-01-10", "2031-03-14").numbers
    assert plain == [R.parse("100.3")]
    decisions = tmp_path / "decisions.toml"
    decisions.write_text(
        '[[decision]]\nold_release = "2031-01-10"\nnew_release = "2031-03-14"\n'
        'relation = "removed"\nold = ["100.2"]\nnew = []\n',
        encoding="utf-8",
    )
    decided = mtgcr.open(store, decisions=decisions)
    assert decided.remap("100.2", "2031-01-10", "2031-03-14").numbers == []
    with Store(store, readonly=True) as st:  # the decided pair is cached under its own key
        versions = {v for _, _, v in st.cached_pairs()}
        chain = Chain(st, decisions=load_decisions(decisions))
        assert chain.version(0) in versions and chain.version(1) in versions
    assert cr.remap("100.2", "2031-01-10", "2031-03-14").numbers == plain  # and undecided again


def test_a_store_from_before_the_index_is_read_whole_then_indexed_when_writable(tmp_path):
    store = tmp_path / "s.sqlite"
    cr = mtgcr.open(store)
    cr.ingest(*(_write(tmp_path / "in", w) for w in BODIES))
    want = _histories(store, cache=False)
    with Store(store) as st:  # as an older mtgcr left it: alignments without lookup rows
        st.conn.executescript(
            "DROP TABLE alignment_steps; DROP INDEX alignments_by_new; "
            "ALTER TABLE alignments DROP COLUMN indexed;"
        )
    with Store(store, readonly=True) as st:
        assert set(st.cached_pairs().values()) == {False}
        chain, fresh = Chain(st), Chain(st, cache=False)
        got = [e.to_json() for e in chain.lineage().history(R.parse("100.3a"), 2)]
        assert got == [e.to_json() for e in fresh.lineage().history(R.parse("100.3a"), 2)]
        assert chain.computed == 0  # read from the cache, whole
    assert _histories(store, cache=True) == want  # opened for writing: migrated, indexed
    with Store(store, readonly=True) as st:
        assert set(st.cached_pairs().values()) == {True}


def test_ingest_with_decisions_stores_the_alignments_the_decided_queries_read(tmp_path):
    from mtgcr.cli.main import main

    store = tmp_path / "s.sqlite"
    decisions = tmp_path / "mine.toml"  # not beside the store: only --decisions names it
    decisions.write_text(
        '[[decision]]\nold_release = "2031-01-10"\nnew_release = "2031-03-14"\n'
        'relation = "removed"\nold = ["100.2"]\nnew = []\n',
        encoding="utf-8",
    )
    files = [str(_write(tmp_path / "in", w)) for w in BODIES]
    assert (
        main(["--silent", "--store", str(store), "ingest", *files, "--decisions", str(decisions)])
        == 0
    )
    with Store(store) as st:
        chain = Chain(st, decisions=load_decisions(decisions))
        assert {chain.pair_key(k) for k in range(len(chain) - 1)} == set(st.cached_pairs())
        assert chain.lineage() is not None and chain.computed == 0  # all read, none aligned
    assert (
        main(
            [
                "--silent",
                "--store",
                str(store),
                "ingest",
                *files,
                "--decisions",
                str(tmp_path / "missing.toml"),
            ]
        )
        == 2
    )  # before any file
