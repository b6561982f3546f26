"""The start-up work of issue 28: output to a pipe written without rich is the bytes rich
writes there; the query commands import neither rich nor the language profiles; the
profiles, read on first use, are the ones read at import before."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.markup import escape as rich_escape

import mtgcr.corpus.sample
from mtgcr.cli.plain import escape, plain_text
from mtgcr.cli.textable import FitTable

_PIECES = [
    "a",
    "Z",
    "704.5a",
    " ",
    "  ",
    ".",
    ":",
    "…",
    "—",
    "漢",
    "é",
    "[",
    "]",
    "\\",
    "\\[",
    "[bold]",
    "[/bold]",
    "[dim]",
    "[/dim]",
    "[/]",
    "[red]",
    "[link=x]",
    ":smile:",
    ":100:",
    ":1234:",
    ":Smile:",
    "en:20030315:420.5a",
    "\t",
    "\n",
    "\r",
    "x y",
]
_TEXT = st.lists(st.sampled_from(_PIECES), max_size=8).map("".join)


def _rich(renderable, markup: bool = True) -> str:
    buf = io.StringIO()
    Console(file=buf, highlight=False, soft_wrap=True, width=240).print(renderable, markup=markup)
    return buf.getvalue()


@settings(max_examples=400)
@given(_TEXT, st.booleans())
def test_plain_text_is_what_rich_writes_to_a_pipe(text, markup):
    plain = plain_text(text, markup)
    try:
        expected = _rich(text, markup)
    except Exception:  # a markup error: rich raises, so the plain writer must leave it to rich
        assert plain is None
        return
    if plain is not None:
        assert plain + "\n" == expected


@settings(max_examples=200)
@given(_TEXT)
def test_escape_is_riches(text):
    assert escape(text) == rich_escape(text)


def test_plain_text_leaves_emoji_codes_and_control_characters_to_rich():
    assert plain_text("a :smile: b") is None
    assert plain_text("a:100:b") is None
    assert plain_text("tab\there") is None
    assert plain_text("trailing ") is None
    assert plain_text("[bold]704.5a[/bold] If a player") == "704.5a If a player"
    assert plain_text("en:20030315:420.5a") == "en:20030315:420.5a"
    assert plain_text(r"\[cost]") == "[cost]"


_CELL = st.lists(
    st.sampled_from(
        ["2003-03-15", "420.5a", "modified", "92%", "en:20030315:420.5a", "…", "—", "a", "x y"]
        + ["漢", "[bold]b[/bold]", ":smile:", " ", "\n", "[", "\\"]
    ),
    max_size=4,
).map("".join)


@settings(max_examples=250)
@given(
    st.one_of(st.none(), _CELL, st.just("history of 704.5a (en 2026-01-16)")),
    st.lists(_CELL.filter(bool), min_size=1, max_size=5),
    st.lists(st.lists(_CELL, min_size=5, max_size=5), max_size=5),
)
def test_plain_table_lines_are_what_rich_writes_to_a_pipe(title, headers, rows):
    rows = [r[: len(headers)] for r in rows]
    try:
        t = FitTable(title, headers, rows)
        expected = _rich(t)
    except Exception:
        return
    lines = t.plain_lines(240)
    if lines is not None:
        assert "".join(line + "\n" for line in lines) == expected


def test_a_history_table_is_written_plain():
    t = FitTable(
        "history of 704.5a (en 2026-01-16)",
        ["release", "number", "kind", "similarity", "lineage"],
        [
            ["2003-03-15", "420.5a", "initial", "", "en:20030315:420.5a"],
            ["2018-08-10 … 2026-01-16", "704.5a", "unchanged", "", "en:20030315:420.5a"],
        ],
    )
    lines = t.plain_lines(240)
    assert lines is not None
    assert "".join(line + "\n" for line in lines) == _rich(t)
    assert lines[4] == (
        "│ 2003-03-15              │ 420.5a │ initial   │            │ en:20030315:420.5a │"
    )
    assert FitTable(None, ["a"], [["漢字"]]).plain_lines(240) is not None  # measured by rich
    assert FitTable(None, ["a"], [["x" * 300]]).plain_lines(240) is None  # wider than 240


_PROBE = """
import contextlib, io, json, sys
from mtgcr.cli.main import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    status = main(sys.argv[1:])
print(json.dumps({"status": status, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""


def _probe(*argv: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def test_the_query_commands_import_only_what_they_need(tmp_path):
    store = str(tmp_path / "store.sqlite")
    ingest = _probe("--store", store, "--silent", "ingest", str(mtgcr.corpus.sample.path()))
    assert ingest["status"] == 0
    for argv in (
        ["show", "100.1"],
        ["history", "100.1"],
        ["define", "Controller"],
        ["remap", "100.1", "--from", "2030-01-10", "--to", "2030-04-05"],
    ):
        got = _probe("--store", store, *argv)
        assert got["status"] == 0, argv
        heavy = [
            m
            for m in got["modules"]
            if m.split(".")[0] in ("rich", "pandas", "numpy", "scipy", "rapidfuzz", "bs4")
            or m in ("tomllib", "platformdirs", "mtgcr.extract.profiles", "mtgcr.corpus.decode")
        ]
        assert heavy == [], (argv, heavy)


def test_show_writes_the_rule_as_rich_did(tmp_path):
    store = str(tmp_path / "store.sqlite")
    _probe("--store", store, "--silent", "ingest", str(mtgcr.corpus.sample.path()))
    got = _probe("--store", store, "show", "100.1", "--release", "2030-01-10")
    assert got["out"] == (
        "en 2030-01-10 · section 100 General · line 28\n"
        "100.1. These sample rules describe a tiny game for two or more players.\n"
    )


def test_the_profiles_are_read_on_first_use_in_the_shipped_order():
    code = (
        "import sys, mtgcr.extract.profiles as p\n"
        "before = 'tomllib' in sys.modules\n"
        "print(before, list(p.PROFILES), p.PROFILES['ja'].lang, len(p.MONTHS_EN),"
        " p.parse_russian_date('8 июля 2017'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert done.stdout.split() == [
        "False",
        "['en',",
        "'ja',",
        "'zh',",
        "'ru']",
        "ja",
        "12",
        "2017-07-08",
    ]
