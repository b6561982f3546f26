"""Property test: anchors never move. Ingesting the same releases in any order, in any number
of batches (older or newer releases added later), with a second-hand copy of one release in
between, gives the same anchors and resolves every anchor to the same rules in every release —
while lineage ids (a derived label) do change when an older release arrives."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crfile import cr_text
from mtgcr.corpus.store import Store
from mtgcr.crossref.anchor import anchor_of, resolve_anchor
from mtgcr.crossref.chain import Chain
from mtgcr.extract.ingest import ingest_paths

DECK = "Each player brings a deck of at least forty cards shuffled before the game."
HAND = "Each player starts with a hand of seven cards drawn from the top of that deck."
HAND8 = "Each player starts with a hand of eight cards drawn from the top of that deck."
SIDE = "A tournament match may use an optional sideboard chosen before the first game begins."
LIFE = "Each player’s life total starts at twenty and changes as damage is dealt."
MULL = "A player who is unhappy with their opening hand may take a mulligan once."
WIN = "A player wins the game when every opponent has left it or lost it."


def body(rules: list[tuple[str, str]]) -> str:
    out = ["1. Game Concepts", ""]
    section = None
    for number, text in rules:
        sec = number.split(".")[0]
        if sec != section:
            out += [{"100": "100. General", "101": "101. Winning and Losing"}[sec], ""]
            section = sec
        out += [f"{number}. {text}", ""]
    return "\n".join(out)


#: name → (effective date sentence, rules). Between releases: an inserted rule renumbers the
#: ones after it, a reworded rule, an added section rule, a removed rule.
RELEASES = {
    "r0": ("January 10, 2031", [("100.1", DECK), ("100.2", HAND), ("101.1", WIN)]),
    "r1": ("March 3, 2031", [("100.1", SIDE), ("100.2", DECK), ("100.3", HAND), ("101.1", WIN)]),
    "r2": (
        "June 9, 2031",
        [("100.1", SIDE), ("100.2", DECK), ("100.3", HAND8), ("100.4", LIFE), ("101.1", WIN)],
    ),
    "r3": (
        "September 20, 2031",
        [("100.1", DECK), ("100.2", HAND8), ("100.3", LIFE), ("100.4", MULL), ("101.1", WIN)],
    ),
}
ORDER = list(RELEASES)


def write_files(folder: Path) -> dict[str, Path]:
    """The four releases in ``folder/official`` and a second-hand copy of r2 (straight
    apostrophe: the same text for anchors) in ``folder/archive``."""
    paths = {}
    for name, (when, rules) in RELEASES.items():
        p = folder / "official" / f"{name}.txt"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(
            cr_text(body(rules), date=f"These rules are effective as of {when}."), encoding="utf-8"
        )
        paths[name] = p
    when, rules = RELEASES["r2"]
    copy = folder / "archive" / "r2-copy.txt"
    copy.parent.mkdir(parents=True, exist_ok=True)
    copy.write_text(
        cr_text(body(rules), date=f"These rules are effective as of {when}.").replace("’", "'"),
        encoding="utf-8",
    )
    paths["r2-copy"] = copy
    return paths


def resolutions(store: Store) -> dict[tuple[str, str], tuple]:
    """Every anchor of every stored release → its numbers (or reason) in every release."""
    chain = Chain(store, "en")
    out = {}
    for k, rel in enumerate(chain.releases):
        for rule in chain.ruleset(k).rules.values():
            a = anchor_of(rel, rule)
            for target in chain.releases:
                res = resolve_anchor(chain, a, target.effective_date.isoformat())
                out[(f"{a}#{a.text_sha256[:12]}", target.effective_date.isoformat())] = (
                    tuple(map(str, res.numbers)),
                    res.text_matches,
                )
    return out


@lru_cache(maxsize=1)
def reference() -> dict:
    """The resolutions with the releases ingested oldest first, in one go."""
    folder = Path(tempfile.mkdtemp(prefix="anchor-ref-"))
    paths = write_files(folder)
    with Store(folder / "s.sqlite") as store:
        ingest_paths(store, [paths[n] for n in ORDER])
        return resolutions(store)


def test_reference_resolutions_are_right():
    ref = reference()
    # the hand rule of r0 (100.2) is 100.3 after the sideboard rule arrives, reworded in r2
    # (still the same rule), and 100.2 again once the sideboard rule is gone
    hand = next(k for k in ref if k[0].startswith("en:2031-01-10:100.2#"))[0]
    assert [
        ref[(hand, d)][0] for d in ("2031-01-10", "2031-03-03", "2031-06-09", "2031-09-20")
    ] == [("100.2",), ("100.3",), ("100.3",), ("100.2",)]
    side = next(k for k in ref if k[0].startswith("en:2031-03-03:100.1#"))[0]
    assert ref[(side, "2031-01-10")][0] == () and ref[(side, "2031-09-20")][0] == ()
    assert len({a for a, _ in ref}) == 3 + 4 + 5 + 5  # one anchor per rule of every release


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(order=st.permutations(ORDER + ["r2-copy"]), cut=st.integers(1, 5))
def test_anchors_resolve_the_same_in_any_ingest_order(tmp_path_factory, order, cut):
    folder = tmp_path_factory.mktemp("anchors")
    paths = write_files(folder)
    with Store(folder / "s.sqlite") as store:
        # first batch: some releases (a chain may be aligned and cached meanwhile) ...
        ingest_paths(store, [paths[n] for n in order[:cut]])
        if sum(1 for n in order[:cut] if n != "r2-copy") >= 2:
            resolutions(store)  # align and cache the partial chain
        # ... then the older or newer releases, later
        ingest_paths(store, [paths[n] for n in order[cut:]])
        assert len(store.releases()) == 4 and len(store.copies()) == 5
        assert resolutions(store) == reference()


def test_lineage_ids_move_but_anchors_do_not(tmp_path):
    """The derived lineage id of a rule changes when an older release is ingested; its anchor
    does not."""
    paths = write_files(tmp_path)
    with Store(tmp_path / "s.sqlite") as store:
        ingest_paths(store, [paths["r1"], paths["r2"]])
        chain = Chain(store, "en")
        before = chain.lineage().lineage_id(1, chain.ruleset(1).get("100.3").number)
        anchor = str(anchor_of(chain.releases[1], chain.ruleset(1).get("100.3")))
        ingest_paths(store, [paths["r0"]])
        chain = Chain(store, "en")
        after = chain.lineage().lineage_id(2, chain.ruleset(2).get("100.3").number)
        assert (str(before), str(after)) == ("en:20310303:100.3", "en:20310110:100.2")
        assert (
            str(anchor_of(chain.releases[2], chain.ruleset(2).get("100.3")))
            == anchor
            == "en:2031-06-09:100.3"
        )
