"""Provenance as Place records: the stored text keeps its old form, and reads back as records."""

from __future__ import annotations

import pytest

from mtgcr.extract.provenance import Place, format_places, merge_places, parse_places

DIFF = Place("haste-diff.txt", 21, "left", "2030年1月1日 (火) 10:00時点における版")


@pytest.mark.parametrize(
    "places, text",
    [
        ((Place("a.txt", 12),), "a.txt:12"),
        (
            (Place("/pages/a b.txt", 12), Place("b.txt", 3, "right", "編集中の文章")),
            "/pages/a b.txt:12; b.txt[right 編集中の文章]:3",
        ),
        ((DIFF,), "haste-diff.txt[left 2030年1月1日 (火) 10:00時点における版]:21"),
        ((Place("p.txt", 4, "right"),), "p.txt[right]:4"),
    ],
)
def test_stored_text_round_trip(places, text):
    assert format_places(places) == text
    assert parse_places(text) == places


def test_no_places_and_items_of_no_known_form():
    assert format_places(()) is None and format_places(None) is None
    assert parse_places(None) == () and parse_places("") == ()
    assert parse_places("a note") == (Place("a note", 0),)


def test_label_json_and_merge():
    assert DIFF.label == "haste-diff.txt[left 2030年1月1日 (火) 10:00時点における版]"
    assert Place.from_json(DIFF.as_json()) == DIFF
    a, b, c = Place("a.txt", 1), Place("b.txt", 2), Place("c.txt", 3)
    assert merge_places((a, b), (b, c)) == (a, b, c)
    assert merge_places(None, (c,)) == (c,) and merge_places((a,), None) == (a,)
