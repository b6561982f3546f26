"""Checking a refreshed page the way a reviewer would: every rule its quote blocks show is read
back from the page and compared with ``mtgcr show N --lang L --release R --format json`` (text
and, where the quote shows them, examples); every section heading with the section's title;
every block's label with R. Used by the unit and integration tests of ``wiki refresh`` (and
by their planted-fault tests, which must make it report)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

from mtgcr.cli.main import main
from mtgcr.corpus.document import document_from_bytes
from mtgcr.extract.wiki.quotes import find_quotes, quote_ruleset, same_text
from mtgcr.reports.wiki.refresh import read_page


def show(store: Path, number: str, release: str, lang: str) -> dict | None:
    """``mtgcr show NUMBER --lang LANG --release RELEASE --format json``, or ``None`` when
    the command finds no such rule."""
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(
            ["--store", str(store), "--silent", "show", number, "--lang", lang]
            + ["--release", release, "--format", "json"]
        )
    return json.loads(buf.getvalue()) if code == 0 else None


def quote_mismatches(
    text: str, store: Path, release: str, lang: str = "ja"
) -> tuple[int, list[str]]:
    """``(rules checked, mismatches)`` of the quote blocks of page ``text`` against release
    ``release`` of ``lang`` (each mismatch one line naming the number)."""
    page = read_page(document_from_bytes(text.encode("utf-8"), "refreshed")).page
    assert page is not None, "not a page a refresh writes"
    out, checked = [], 0
    for block in find_quotes(page):
        if block.label != release:
            out.append(f"line {block.line}: label {block.label}, not {release}")
        rs, _, _ = quote_ruleset(page, block)
        for n, sec in rs.sections.items():
            got = show(store, str(n), release, lang)
            if got is None or not same_text(sec.title, got.get("title") or ""):
                out.append(f"section {n}: {sec.title!r} is not its title in {release}")
        for n, rule in rs.rules.items():
            checked += 1
            got = show(store, str(n), release, lang)
            if got is None:
                out.append(f"{n}: not in {lang} {release}")
                continue
            if not same_text(rule.text, got["text"]):
                out.append(f"{n}: text differs from {lang} {release}")
            quoted, shown = [e.text for e in rule.examples], got["examples"]
            if quoted and (len(quoted) != len(shown) or not all(map(same_text, quoted, shown))):
                out.append(f"{n}: examples differ from {lang} {release}")
    return checked, out
