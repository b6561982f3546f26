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


def test_a_rule_split_into_a_rule_and_a_new_subrule_is_a_split():
    # the shape of 2005-02-01 409.2 → 2005-08-01 409.2 + 409.2b: the rule's last sentence,
    # reworded, became a new subrule of it (and another new subrule came before it); a rule
    # of another section with a like text stays what it is, never "moved" onto the piece
    from align_helpers import added, mapping, ruleset
    from mtgcr.crossref.align.releases import align_releases

    filler = [
        (f"409.{k}", f"Rule {k} of playing spells says how step {k} of casting a spell goes.")
        for k in (1, 3, 4)
    ]
    old = ruleset(
        "20300110",
        filler[:1]
        + [
            (
                "409.2",
                "Some spells and abilities specify that their controller's opponent does "
                "something the controller would normally do while it's being played. In these "
                "cases, the opponent does so when the spell's controller normally would. If "
                "the spell instructs both players to do something at the same time, the "
                "spell's controller goes first, then his or her opponent.",
            )
        ]
        + filler[1:]
        + [
            (
                "410.1",
                "If a spell instructs both players to act at once, the spell's controller "
                "goes first and the opponent acts after.",
            )
        ],
    )
    new = ruleset(
        "20300405",
        filler[:1]
        + [
            (
                "409.2",
                "Some spells and abilities specify that one of their controller's opponents "
                "does something the controller would normally do while it's being played. In "
                "these cases, the opponent does so when the spell's controller normally would.",
            ),
            (
                "409.2a",
                "If more than one opponent could make such a choice, the controller decides which one.",
            ),
            (
                "409.2b",
                "If the spell instructs its controller and another player to do something at "
                "the same time, the spell's controller goes first, then the other player.",
            ),
        ]
        + filler[1:]
        + [
            (
                "410.1",
                "If a spell instructs both players to act at once, the spell's controller "
                "goes first and the opponent acts after.",
            )
        ],
    )
    al = align_releases(old, new)
    got = {k: v for k, v in mapping(al).items() if v[0] != "unchanged"}
    # both parts, not "modified" and "added"; 410.1 unchanged, not moved onto the piece
    assert got == {("409.2",): ("split", ("409.2", "409.2b"))}
    assert added(al) == ["409.2a"]
