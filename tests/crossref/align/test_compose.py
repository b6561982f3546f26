"""Composing consecutive alignments (mtgcr.crossref.align.compose) on rulesets written here."""

from __future__ import annotations

from align_helpers import ruleset
from mtgcr.crossref.align.releases import align_releases
from mtgcr.crossref.align.compose import compose_alignment
from mtgcr.extract.rulenum import RuleNumber as R

A = "Each player begins the game with twenty life points."
B = "A player who has no cards in the library loses when drawing."
C = "Tokens cease to exist when they leave the battlefield for any zone."
X = "The monarch draws an additional card at the end of the turn."
Y = "Initiative is a designation a player can take during the game."


def _three():
    r1 = ruleset("20300110", [("100.1", A), ("100.2", B), ("100.3", C)])
    r2 = ruleset("20300210", [("100.1", A), ("100.2", X), ("100.3", B)])  # C removed
    r3 = ruleset("20300310", [("100.1", A), ("100.2", X), ("100.3", Y), ("100.4", B + " Mostly.")])
    return r1, r2, r3, align_releases(r1, r2), align_releases(r2, r3)


def test_composed_forward_follows_each_step():
    r1, r2, r3, a12, a23 = _three()
    al = compose_alignment(r1, r3, [(a12, True), (a23, True)])
    assert al.change_of_old(R.parse("100.1")).kind == "unchanged"
    ch = al.change_of_old(R.parse("100.2"))
    assert (ch.kind, ch.new) == ("modified", (R.parse("100.4"),))  # judged end to end
    assert al.change_of_old(R.parse("100.3")).kind == "removed"
    assert {str(c.new[0]) for c in al.changes if c.kind == "added"} == {"100.2", "100.3"}


def test_composed_backward_is_the_mirror():
    r1, r2, r3, a12, a23 = _three()
    al = compose_alignment(r3, r1, [(a23, False), (a12, False)])
    assert al.forward(R.parse("100.4")) == [R.parse("100.2")]
    assert al.change_of_old(R.parse("100.2")).kind == "removed"
    assert [str(c.new[0]) for c in al.changes if c.kind == "added"] == ["100.3"]


def test_ambiguous_step_stays_ambiguous():
    from mtgcr.crossref.model import Alignment, Change

    r1 = ruleset("20300110", [("100.1", A), ("100.2", B)])
    r2 = ruleset("20300210", [("100.1", A), ("100.2", B), ("100.3", B)])
    r3 = ruleset("20300310", [("100.1", A), ("100.2", B), ("100.3", B)])
    n = R.parse
    a12 = Alignment(
        r1.release,
        r2.release,
        [
            Change("unchanged", (n("100.1"),), (n("100.1"),), 1.0),
            Change("ambiguous", (n("100.2"),), (n("100.2"), n("100.3")), 1.0),
        ],
    )
    a23 = align_releases(r2, r3)
    al = compose_alignment(r1, r3, [(a12, True), (a23, True)])
    ch = al.change_of_old(n("100.2"))
    assert (ch.kind, ch.new) == ("ambiguous", (n("100.2"), n("100.3")))
