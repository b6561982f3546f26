"""Per-release keys (mtgcr.crossref.align.keys): memoised per Ruleset, invalidated by edits,
serialisable, and giving the same alignment however they were obtained."""

from __future__ import annotations

import json
import pickle

import pytest

from align_helpers import TEXTS, numbered, ruleset
from mtgcr.crossref.align.releases import align_releases
from mtgcr.crossref.align.keys import (
    KEYS_VERSION,
    ReleaseKeys,
    attach_keys,
    forget_keys,
    release_keys,
)
from mtgcr.extract.model import Rule
from mtgcr.extract.rulenum import RuleNumber as R

T = TEXTS


def _pair():
    old = ruleset(
        "20300110",
        numbered(100, T[:6]) + [("101.1", T[6] + " See rule 100.2.")],
        glossary=[("Token", "A marker. See rule 100.4."), ("Exile", "A zone.")],
    )
    new = ruleset(
        "20300405",
        numbered(100, [T[0], T[2], T[3], T[4] + " Changed.", T[5]])
        + [("101.1", T[6] + " See rule 100.1."), ("101.2", "A new rule about tokens.")],
        glossary=[("Token", "A marker. See rule 100.3."), ("Exile", "A zone.")],
    )
    return old, new


def test_keys_are_memoised_per_ruleset_object():
    old, _ = _pair()
    k = release_keys(old)
    assert release_keys(old) is k
    assert release_keys(pickle.loads(pickle.dumps(old))) is not k  # another object: its own keys


def test_edits_invalidate_the_memo():
    old, _ = _pair()
    k = release_keys(old)
    old.rules[R.parse("100.1")].text = "Reworded in place."
    k2 = release_keys(old)
    assert k2 is not k and k2.text[0] == "Reworded in place."
    old.rules[R.parse("102.1")] = Rule(R.parse("102.1"), "Added.", 99)
    assert len(release_keys(old)) == len(k2) + 1
    k3 = release_keys(old)
    forget_keys(old)
    assert release_keys(old) is not k3


def test_stored_keys_round_trip_and_align_the_same():
    old, new = _pair()
    want = json.dumps(align_releases(old, new).to_json(), sort_keys=True)
    o2, n2 = pickle.loads(pickle.dumps((old, new)))
    for rs in (o2, n2):
        blob = json.dumps(ReleaseKeys(rs).to_json())  # a fresh, complete set, as stored
        attach_keys(rs, ReleaseKeys.from_json(json.loads(blob), rs))
        assert release_keys(rs).ids_of("key") is not None  # everything is there
    assert json.dumps(align_releases(o2, n2).to_json(), sort_keys=True) == want


def test_stored_keys_of_another_release_or_version_are_refused():
    old, new = _pair()
    d = ReleaseKeys(old).to_json()
    with pytest.raises(ValueError, match="another release"):
        ReleaseKeys.from_json(d, new)
    with pytest.raises(ValueError, match="version"):
        ReleaseKeys.from_json({**d, "version": KEYS_VERSION + 1}, old)
    with pytest.raises(ValueError, match="not those"):
        attach_keys(new, ReleaseKeys(old))


def test_lookups_before_the_lists_are_built_match_the_lists():
    old, new = _pair()
    al = align_releases(old, new)  # changes and glossary are built on first read
    looked_up = [al.change_of_old(n) for n in old.rules]
    assert looked_up == [next(c for c in al.changes if n in c.old) for n in old.rules]
    fresh = align_releases(old, new)
    assert fresh.to_json() == al.to_json()
    got = {g.old_term: (g.kind, g.notes) for g in fresh.glossary}
    # "See rule 100.4" → "See rule 100.3": 100.4 became 100.3, so no edit
    assert got == {
        "Token": ("unchanged", ("typography or renumbered references only",)),
        "Exile": ("unchanged", ()),
    }
