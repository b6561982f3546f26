"""crossref.anchor: anchors parse, print and resolve through a chain of small releases."""

from datetime import date

import pytest

from mtgcr.corpus.store import Store
from mtgcr.crossref.anchor import Anchor, AnchorError, anchor_of, resolve_anchor, text_sha256
from mtgcr.crossref.chain import Chain
from mtgcr.extract.ingest import ingest_paths
from mtgcr.extract.model import Release, Rule
from mtgcr.extract.rulenum import RuleNumber

from crfile import cr_text


def test_parse_and_print_round_trip():
    a = Anchor.parse("en:2026-01-16:704.5a")
    assert a == Anchor("en", date(2026, 1, 16), RuleNumber.parse("704.5a"))
    assert str(a) == "en:2026-01-16:704.5a"


@pytest.mark.parametrize(
    "bad",
    ["en:20260116:704.5a", "704.5a", "en:2026-13-01:704.5a", "en:2026-01-16:", "en:2026-01-16:7x4"],
)
def test_bad_anchors_are_refused(bad):
    with pytest.raises(AnchorError):
        Anchor.parse(bad)


def test_text_hash_ignores_typography_not_words():
    assert text_sha256("A player’s “life”") == text_sha256('A player\'s "life"')
    assert text_sha256("A player loses.") != text_sha256("A player wins.")


def test_anchor_of_needs_an_effective_date():
    rule = Rule(RuleNumber.parse("100.1"), "These rules apply.", 10)
    assert anchor_of(Release("en", "20300110", date(2030, 1, 10)), rule).text_sha256 == text_sha256(
        "These rules apply."
    )
    with pytest.raises(AnchorError):
        anchor_of(Release("en", "20300110"), rule)


OLD_BODY = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players.

100.2. Each player brings a deck of at least forty cards.

100.3. Each player starts with a hand of seven cards drawn from that deck.
"""
NEW_BODY = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players.

100.2. A game may be played with an optional sideboard chosen before the match begins.

100.3. Each player brings a deck of at least forty cards.

100.4. Each player starts with a hand of seven cards drawn from that deck.
"""


def _store(tmp_path, order):
    files = {
        "old": (OLD_BODY, "These rules are effective as of March 3, 2031."),
        "new": (NEW_BODY, "These rules are effective as of June 9, 2031."),
    }
    paths = []
    for name in order:
        body, when = files[name]
        p = tmp_path / f"{name}.txt"
        p.write_text(cr_text(body, date=when))
        paths.append(p)
    store = Store(tmp_path / "s.sqlite")
    for p in paths:  # one at a time, in the order given
        [res] = ingest_paths(store, [p])
        assert res.status == "ingested", res.error
    return store


@pytest.mark.parametrize("order", [("old", "new"), ("new", "old")])
def test_anchor_resolves_through_the_chain_in_any_ingest_order(tmp_path, order):
    store = _store(tmp_path, order)
    chain = Chain(store, "en")
    old_rule = chain.ruleset(0).get("100.2")
    a = anchor_of(chain.releases[0], old_rule)
    assert str(a) == "en:2031-03-03:100.2"
    res = resolve_anchor(chain, a, "2031-06-09")
    assert [str(n) for n in res.numbers] == ["100.3"] and res.text_matches is True
    back = resolve_anchor(chain, Anchor.parse("en:2031-06-09:100.2"), "2031-03-03")
    assert back.numbers == () and "added" in back.reason
    with pytest.raises(AnchorError):
        resolve_anchor(chain, Anchor.parse("en:2031-01-01:100.2"))
