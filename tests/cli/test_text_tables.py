"""Text tables readable at 80 columns: never a date, label, rule number or header word split,
running text wrapped between words (issue 9, part 8). Rows written for the tests in the
shapes the commands print (releases, history, pair, ingest)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from mtgcr.cli.textable import FitTable

RELEASES = (
    [
        "lang",
        "effective",
        "label",
        "origin",
        "complete",
        "sections",
        "rules",
        "subrules",
        "examples",
        "glossary",
    ],
    [
        ["en", "2026-01-16", "20260116", "official", "yes", 146, 1157, 1957, 276, 725],
        ["ja", "2023-11-17", "20231117.0", "wiki", "partial", 12, 40, 88, 3, 0],
    ],
)
HISTORY = (
    ["release", "number", "kind", "similarity", "lineage"],
    [
        ["2003-07-01 … 2005-08-01", "502.9b", "unchanged", "", "en:20030315:502.9b"],
        ["2009-07-11", "702.17b", "modified", "59%", "en:20030315:502.9b"],
    ],
)
PAIR = (
    ["rule", "status", "evidence (agrees)", "disagrees"],
    [
        [
            "702.19b",
            "differs",
            "cites 702.19a, numeral 2",
            "word 'trample' not in EN; EN cites 510.1c, translation does not; numeral 3 not in "
            "translation; see https://example.org/a/very/long/path/that/cannot/be/split/nicely",
        ]
    ],
)


def render(t: FitTable, width: int) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width, highlight=False, soft_wrap=True, color_system=None).print(t)
    return buf.getvalue()


TOKEN = re.compile(r"\d{4}-\d{2}-\d{2}|\d{8}(?:\.\d+)?|\d{3}\.\d+[a-z]*|en:\d{8}:[\d.a-z]+")


@pytest.mark.parametrize("shape", [RELEASES, HISTORY, PAIR], ids=["releases", "history", "pair"])
@pytest.mark.parametrize("width", [80, 60, 40])
def test_no_line_wider_than_the_terminal_and_no_token_split(shape, width):
    headers, rows = shape
    out = render(FitTable("a title", headers, rows), width)
    assert max(len(l) for l in out.splitlines()) <= width, out
    for r in rows:
        for cell in r:
            for token in TOKEN.findall(str(cell)):
                assert token in out, (token, out)
    for h in headers:
        for word in h.split():
            assert word in out, (word, out)


def test_a_table_that_fits_is_boxed_and_one_that_does_not_becomes_records():
    out = render(FitTable(None, *HISTORY), 80)
    assert out.splitlines()[0].startswith("┏") and "│ 2009-07-11" in out
    out = render(FitTable(None, *RELEASES), 80)
    assert out.splitlines()[:4] == [
        "(each row: lang effective label, then the other columns)",
        "en 2026-01-16 20260116",
        "  origin: official · complete: yes · sections: 146 · rules: 1157",
        "  subrules: 1957 · examples: 276 · glossary: 725",
    ]
    out = render(FitTable(None, *RELEASES), 120)
    assert "│ 20231117.0 │" in out  # wide enough: a table again


def test_running_text_wraps_between_words():
    out = render(FitTable(None, *PAIR), 80)
    lines = out.splitlines()
    assert lines[0].startswith("┏")
    text = " ".join(l.strip("│ ┃") for l in lines)
    for word in ("'trample'", "510.1c,", "translation;"):
        assert word in text, out


def test_the_releases_command_at_80_columns(tmp_path, capsys, monkeypatch):
    from crfile import cr_text
    from mtgcr.cli.main import main
    import mtgcr.cli.commands.releases as releases

    f = tmp_path / "2031-03-03.txt"
    f.write_text(cr_text(), encoding="utf-8")
    store = str(tmp_path / "s.sqlite")
    assert main(["--store", store, "--silent", "ingest", str(f)]) == 0
    buf = io.StringIO()
    monkeypatch.setattr(
        releases,
        "console",
        Console(file=buf, width=80, highlight=False, soft_wrap=True, color_system=None),
    )
    assert main(["--store", store, "releases"]) == 0
    out = buf.getvalue()
    assert max(len(l.rstrip()) for l in out.splitlines()) <= 80  # rich pads some rows by one space
    row = next(l for l in out.splitlines() if "20310303" in l)  # the release's row: no token split
    assert row.split()[:4] == ["en", "2031-03-03", "20310303", "unknown"]  # no token split
