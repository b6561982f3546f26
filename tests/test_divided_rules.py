"""A rule divided in two and reworded is a split, not modified + added (texts written for the
tests in the shape of a subrule that covered two cases and became one subrule per case)."""

from __future__ import annotations

from align_helpers import TEXTS, ruleset
from mtgcr.crossref.align.releases import align_releases
from mtgcr.extract.rulenum import RuleNumber as R

T = TEXTS
BOTH = (
    "As a Widget without the overload ability enters the battlefield, its controller puts "
    "a charge counter on it. As a Widget with the overload ability enters the battlefield, "
    "its controller chooses a number from one to three. That Widget enters the battlefield "
    'with the chosen number of charge counters on it. (See rule 702.99, "Overload.")'
)
WITHOUT = (
    'Each Widget without overload has the intrinsic ability "This Widget enters with a '
    'charge counter on it." This ability creates a replacement effect (see rule 614.1c).'
)
WITH = (
    'Each Widget with overload has the intrinsic abilities "As this Widget enters, choose a '
    'number from one to three" and "This Widget enters with the chosen number of charge '
    'counters on it." (See rule 702.99, "Overload.") These abilities create replacement '
    "effects (see rule 614.1c)."
)
NEXT = "As a player's main phase begins, that player puts a charge counter on each Widget they control."


def test_a_rule_divided_per_case_is_a_split():
    old = ruleset(
        "20300110",
        [
            ("300.1", T[0]),
            ("300.2", T[1]),
            ("300.3", "Widgets use charge counters."),
            ("300.3a", BOTH),
            ("300.3b", NEXT),
            ("300.4", T[2]),
        ],
    )
    new = ruleset(
        "20300405",
        [
            ("300.1", T[0]),
            ("300.2", T[1]),
            ("300.3", "Widgets use charge counters."),
            ("300.3a", WITHOUT),
            ("300.3b", WITH),
            ("300.3c", NEXT),
            ("300.4", T[2]),
        ],
    )
    al = align_releases(old, new)
    c = al.change_of_old(R.parse("300.3a"))
    assert (c.kind, [str(n) for n in c.new]) == ("split", ["300.3a", "300.3b"])
    assert al.change_of_old(R.parse("300.3b")).kind == "renumbered"
    assert al.summary()["rules"]["added"] == 0 and al.summary()["rules"]["modified"] == 0


def test_a_new_neighbour_with_other_words_stays_added():
    other = "A player may reveal any number of Widgets from their hand as they draw a card."
    old = ruleset(
        "20300110",
        [
            ("300.1", T[0]),
            ("300.2", T[1]),
            ("300.3", "Widgets use charge counters."),
            ("300.3a", BOTH),
            ("300.3b", NEXT),
            ("300.4", T[2]),
        ],
    )
    new = ruleset(
        "20300405",
        [
            ("300.1", T[0]),
            ("300.2", T[1]),
            ("300.3", "Widgets use charge counters."),
            ("300.3a", BOTH.replace("one to three", "one to four")),
            ("300.3b", other),
            ("300.3c", NEXT),
            ("300.4", T[2]),
        ],
    )
    al = align_releases(old, new)
    assert al.change_of_old(R.parse("300.3a")).kind == "modified"
    assert al.change_of_new(R.parse("300.3b")).kind == "added"
