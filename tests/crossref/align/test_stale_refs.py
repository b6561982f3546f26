"""Stale reference notes compare the new text's citations with the old text's, mapped through
the alignment (texts written here)."""

from __future__ import annotations

from align_helpers import ruleset
from mtgcr.crossref.align.releases import align_releases
from mtgcr.crossref.align.classify import stale_references
from mtgcr.extract.rulenum import RuleNumber as R

_BAR = ["Bar games start with a deck of forty cards.", "Each Bar player draws seven cards."]
_BAZ = ["Baz effects last until end of turn unless stated.", "A Baz counter is placed on it."]


def _pair():
    old = ruleset(
        "20300110",
        [
            ("700.1", "See rule 712 for the Baz variant."),
            ("700.2", "Players of a Bar game follow rule 711."),
            ("700.3", "Nothing here cites anything."),
            ("710.1", "Foo was a variant that is gone now entirely."),
            ("711.1", _BAR[0]),
            ("711.2", _BAR[1]),
            ("712.1", _BAZ[0]),
            ("712.2", _BAZ[1]),
        ],
        {"700": "General", "710": "Foo", "711": "Bar", "712": "Baz"},
    )
    new = ruleset(
        "20300210",
        [
            ("700.1", "See rule 711 for the Baz variant."),  # correctly updated 712 → 711
            ("700.2", "Players of a Bar game follow rule 711."),  # forgot 711 → 710
            ("700.3", "Nothing here cites anything."),
            ("710.1", _BAR[0]),
            ("710.2", _BAR[1]),
            ("711.1", _BAZ[0]),
            ("711.2", _BAZ[1]),
        ],
        {"700": "General", "710": "Bar", "711": "Baz"},
    )
    return old, new, align_releases(old, new)


def test_updated_citation_is_not_stale_but_a_kept_one_is():
    old, new, al = _pair()
    assert al.section_forward(R.parse("711")) == R.parse("710")
    assert al.section_forward(R.parse("712")) == R.parse("711")
    stale = stale_references(al, new, old)
    assert R.parse("700.1") not in stale  # it cites 711, the new number of old 712
    assert stale[R.parse("700.2")] == ["cites 711, which is now 710"]
    assert set(stale) == {R.parse("700.2")}
