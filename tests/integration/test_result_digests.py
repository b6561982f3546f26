"""Speed work changes no result: every parse of the real corpus and every consecutive
alignment of the official EN chain hash to the values the code gave before it
(:mod:`digests`; skipped when ../shared is absent)."""

from __future__ import annotations

import json

import pytest

from helpers import CORPUS, OFFICIAL, need
from digests import ALIGN_FILE, PARSE_FILE, alignment_digests, parse_digests

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("digests")]


def _differences(want: dict[str, str], got: dict[str, str]) -> list[str]:
    return [
        f"{k}: {'missing' if k not in got else 'changed'}" for k in want if got.get(k) != want[k]
    ] + [f"{k}: new" for k in got if k not in want]


def test_every_parse_is_unchanged():
    need(OFFICIAL)
    want = json.loads(PARSE_FILE.read_text(encoding="utf-8"))
    got = parse_digests(CORPUS)
    assert len(got) == len(want) == 154
    assert _differences(want, got) == []


def test_every_consecutive_alignment_is_unchanged_computed_and_read_back(tmp_path):
    need(OFFICIAL)
    want = json.loads(ALIGN_FILE.read_text(encoding="utf-8"))
    assert len(want) == 111
    store = tmp_path / "s.sqlite"
    assert _differences(want, alignment_digests(OFFICIAL, store, cache=False)) == []
    # what queries read: the first pass writes the cache (or finds what ingest stored),
    # the second reads every alignment back from the store
    assert _differences(want, alignment_digests(OFFICIAL, store, cache=True)) == []
    assert _differences(want, alignment_digests(OFFICIAL, store, cache=True)) == []
