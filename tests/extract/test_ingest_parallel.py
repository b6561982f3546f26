"""Files read and parsed ahead by worker processes (:mod:`mtgcr.extract.prepare`) are stored
exactly as when one process does everything: same results, same errors (one line naming the
file), same rows; Ctrl-C and a broken worker lose nothing stored."""

from __future__ import annotations

from pathlib import Path

from crfile import cr_text
from mtgcr.corpus.store import Store
from mtgcr.extract import prepare
from mtgcr.extract.ingest_run import run_ingest

DATES = ["January 10, 2031", "March 14, 2031", "June 20, 2031", "August 1, 2031", "October 3, 2031"]


def _files(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for i, when in enumerate(DATES):
        body = (
            "1. Game Concepts\n\n100. General\n\n100.1. Each player has a deck.\n\n"
            f"100.2. Rule number {i} of the tests.\n"
        )
        p = folder / f"{i}.txt"
        p.write_text(
            cr_text(body, date=f"These rules are effective as of {when}."), encoding="utf-8"
        )
        out.append(p)
    bad = folder / "2b.txt"
    bad.write_text("not a comprehensive rules text at all\n", encoding="utf-8")
    return sorted(out + [bad])


def _summary(store: Path, run) -> tuple:
    with Store(store, readonly=True) as st:
        rows = [
            tuple(r)[1:]
            for r in st.conn.execute(
                "SELECT id, lang, label, effective_date, complete, n_rules, n_subrules FROM releases ORDER BY id"
            )
        ]
        rules = st.conn.execute("SELECT COUNT(*) FROM rules").fetchone()[0]
    return (
        [
            (
                Path(r.path).name,
                r.status,
                r.kind,
                r.error.replace(str(store.parent), ""),
                r.releases,
                [str(w) for w in r.warnings],
                [str(n) for n in r.notes],
            )
            for r in run.results
        ],
        rows,
        rules,
    )


def test_workers_store_what_one_process_stores(tmp_path):
    files = _files(tmp_path / "in")
    got = []
    for w in (1, 2):
        store = tmp_path / f"s{w}.sqlite"
        with Store(store) as st:
            got.append(_summary(store, run_ingest(st, files, workers=w)))
    assert got[0] == got[1]
    [bad] = [r for r in got[1][0] if r[1] == "failed"]
    assert bad[0] == "2b.txt" and "2b.txt" in bad[3] and "\n" not in bad[3]


def test_a_worker_that_cannot_prepare_leaves_the_file_to_the_main_process(tmp_path, monkeypatch):
    files = _files(tmp_path / "in")
    monkeypatch.setattr(prepare, "prepare_file", _die)  # every worker task fails
    with Store(tmp_path / "s.sqlite") as st:
        run = run_ingest(st, files, workers=2)
    assert run.count("ingested") == 5 and run.count("failed") == 1 and run.stop is None


def _die(*args, **kwargs):
    raise RuntimeError("worker lost")
