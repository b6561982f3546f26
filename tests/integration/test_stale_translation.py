"""A stale translated subrule named the same way by ``pair``, ``show --pair`` and ``history``
(issue 27): JA 20260116 keeps EN 2024-07-30's 805.10f (removed in 2024-11-08), so its 805.10f
is that removed rule and its 805.10g is EN 2026-01-16's 805.10f — found through the EN
lineage, though the stale text has no numbers to compare."""

from __future__ import annotations

import json

from helpers import CORPUS, OFFICIAL, need
from mtgcr.cli.main import main

WANT = "the text of EN 805.10f of 2024-07-30 (removed in 2024-11-08)"


def test_pair_show_and_history_agree_on_the_stale_subrule(tmp_path, capsys):
    files = [need(OFFICIAL / f) for f in ("2024-08-02.txt", "2024-11-08.txt", "2026-01-16.txt")]
    ja = need(CORPUS / "ja" / "full" / "JPN_CR_20260116_lines.txt")
    store = str(tmp_path / "s.sqlite")
    assert main(["--store", store, "--silent", "ingest", *map(str, files), str(ja)]) == 0
    capsys.readouterr()
    assert (
        main(
            ["--store", store, "pair", "--lang", "ja", "--release", "20260116", "--format", "json"]
        )
        == 0
    )
    pairs = {p["number"]: p for p in json.loads(capsys.readouterr().out)["pairs"]}
    p = pairs["805.10f"]
    assert (p["status"], p["taken_by"], p["owner"]["number"], p["owner"]["release"]) == (
        "conflict",
        "805.10g",
        "805.10f",
        "20240802",
    )
    assert (p["owner"]["fate"], p["owner"]["then"], p["owner"]["via"]) == (
        "removed",
        "20241108",
        "lineage",
    )
    argv = ["--store", store, "show", "805.10f", "--lang", "ja", "--release", "20260116"]
    assert main([*argv, "--pair", "--format", "json"]) == 0
    (shown,) = json.loads(capsys.readouterr().out)["english"]
    assert (shown["status"], shown["owner_text"]) == ("conflict", WANT)
    hist = ["--store", store, "history", "805.10f", "--lang", "ja", "--release", "20260116"]
    assert main([*hist, "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    last = [r for r in rows if r.get("translation")][-1]["translation"]
    assert last["pairing"] == {"805.10f": "conflict"} and last["owners"] == {"805.10f": WANT}
