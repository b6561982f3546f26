"""Property tests: random edit scripts applied to a random release give exactly the expected
mapping (insertions, deletions, splits, merges, swaps, rewordings)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from align_helpers import mapping, numbered, ruleset
from mtgcr.crossref.align.releases import align_releases

_rng = random.Random(20300110)
#: Pseudo-words; each rule draws from its own block of 24, so distinct rules share no word.
VOCAB = sorted(
    {
        "".join(
            _rng.choice("bcdfghklmnprstvz") + _rng.choice("aeiou")
            for _ in range(_rng.randint(2, 4))
        )
        for _ in range(4000)
    }
)
BLOCK = 24
OPS = ["keep", "delete", "reword", "split", "merge", "insert", "swap"]


def _text(block: int, draw_order: list[int]) -> str:
    words = [VOCAB[block * BLOCK + k] for k in draw_order]
    return " ".join(words).capitalize() + "."


@st.composite
def scripts(draw):
    n = draw(st.integers(4, 24))
    texts = []
    for b in range(n):
        order = draw(st.permutations(range(BLOCK)))[: draw(st.integers(10, 18))]
        texts.append(_text(b, list(order)))
    ops = ["keep"] * n
    k = 1
    while k < n - 2:
        op = draw(st.sampled_from(OPS))
        ops[k] = op
        # merge and swap consume the next rule; keep one untouched rule after every edit
        k += 3 if op in ("merge", "swap") else 2
    return texts, ops


def _apply(texts: list[str], ops: list[str]):
    """New texts and the expected relation of every old rule (1-based positions)."""
    new: list[str] = []
    expect: dict[tuple[int, ...], tuple[str, tuple[int, ...]]] = {}
    inserted: list[int] = []
    fresh = len(texts)
    i = 0
    while i < len(texts):
        op, t = ops[i], texts[i]
        if op == "keep":
            new.append(t)
            expect[(i + 1,)] = ("same", (len(new),))
        elif op == "delete":
            expect[(i + 1,)] = ("removed", ())
        elif op == "reword":
            words = t[:-1].split(" ")
            words[len(words) // 2] = VOCAB[(len(VOCAB) - 1) - i]  # a word no rule uses
            new.append(" ".join(words) + ".")
            expect[(i + 1,)] = ("modified", (len(new),))
        elif op == "split":
            words = t[:-1].split(" ")
            cut = len(words) // 2
            new += [" ".join(words[:cut]) + ".", " ".join(words[cut:]).capitalize() + "."]
            expect[(i + 1,)] = ("split", (len(new) - 1, len(new)))
        elif op == "merge":
            new.append(t[:-1] + " " + texts[i + 1])
            expect[(i + 1, i + 2)] = ("merged", (len(new),))
            i += 1
        elif op == "swap":
            new += [texts[i + 1], t]
            expect[(i + 1,)] = ("same", (len(new),))
            expect[(i + 2,)] = ("same", (len(new) - 1,))
            i += 1
        elif op == "insert":
            new.append(t)
            expect[(i + 1,)] = ("same", (len(new),))
            new.append(_text(fresh, list(range(12))))
            fresh += 1
            inserted.append(len(new))
        i += 1
    return new, expect, inserted


def _releases(script):
    """The old release (section 100 of the script's texts) and the new one the script's
    operations make of it, with the expected mapping and inserted positions of :func:`_apply`."""
    texts, ops = script
    new_texts, expect, inserted = _apply(texts, ops)
    old = ruleset("20300110", numbered(100, texts))
    new = ruleset("20300405", numbered(100, new_texts))
    return old, new, expect, inserted


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scripts())
def test_random_edit_scripts_give_the_expected_mapping(script):
    old, new, expect, inserted = _releases(script)
    got = mapping(align_releases(old, new))
    want = {}
    for olds, (kind, news) in expect.items():
        o = tuple(f"100.{k}" for k in olds)
        nn = tuple(f"100.{k}" for k in news)
        if kind == "same":
            kind = "unchanged" if o == nn else "renumbered"
        want[o] = (kind, nn)
    assert got == want
    al = align_releases(old, new)
    assert sorted(str(c.new[0]) for c in al.changes if c.kind == "added") == sorted(
        f"100.{k}" for k in inserted
    )


@settings(max_examples=30, deadline=None)
@given(scripts())
def test_alignment_with_itself_is_all_unchanged(script):
    texts, _ = script
    rs = ruleset("20300110", numbered(100, texts) + numbered(101, texts[:3]))
    al = align_releases(rs, rs)
    assert {c.kind for c in al.changes} == {"unchanged"}
    assert al.summary()["unchanged_share"] == 1.0


@settings(max_examples=40, deadline=None)
@given(scripts())
def test_reverse_alignment_mirrors_the_forward_one(script):
    old, new, _, _ = _releases(script)
    fwd = align_releases(old, new)
    back = align_releases(new, old)
    mirror = {"split": "merged", "merged": "split", "added": "removed", "removed": "added"}
    assert sorted((mirror.get(c.kind, c.kind), c.new, c.old) for c in fwd.changes) == sorted(
        (c.kind, c.old, c.new) for c in back.changes
    )
