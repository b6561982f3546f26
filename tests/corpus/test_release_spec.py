"""ReleaseSpec: the one reading of what users type to name a release."""

from datetime import date

import pytest

from mtgcr.corpus.release_spec import ReleaseSpec, parse_date_spec


@pytest.mark.parametrize(
    "typed", ["2023-11-17", "2023/11/17", "2023.11.17", "20231117", " 2023-11-17 "]
)
def test_every_date_form_names_the_same_release(typed):
    spec = ReleaseSpec.parse(typed)
    assert (spec.date, spec.label, spec.revision, spec.iso) == (
        date(2023, 11, 17),
        "20231117",
        None,
        "2023-11-17",
    )
    assert spec.names("2023-11-17", "20231117")
    assert spec.names(date(2023, 11, 17), "20231117")
    assert not spec.names("2023-11-18", "20231118")


def test_a_label_with_a_revision_names_the_label_and_keeps_the_revision():
    spec = ReleaseSpec.parse("20231117.0")
    assert (spec.date, spec.label, spec.revision) == (None, "20231117", "0")
    assert spec.names(None, "20231117")  # a partial release (quotes) states no date
    assert spec.names("2023-11-17", "20231110")  # the digits of its effective date
    assert spec.revision_fits("0") and not spec.revision_fits("1") and not spec.revision_fits(None)
    assert ReleaseSpec.parse("20231117").revision_fits("3")


@pytest.mark.parametrize("typed", [None, "", "  ", "latest"])
def test_nothing_or_latest_is_the_newest(typed):
    spec = ReleaseSpec.parse(typed)
    assert spec.latest and spec.label is None and not spec.names("2023-11-17", "20231117")


def test_an_impossible_date_is_not_a_date():
    assert parse_date_spec("2023-02-30") is None
    assert parse_date_spec("2023-11") is None
    assert ReleaseSpec.parse("2023-02-30").date is None
