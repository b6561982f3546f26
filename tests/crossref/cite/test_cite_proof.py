"""The proof that cite-migrate never rewrites a citation wrongly: a git repository of engine
files, each written against one of four releases (tests/cite_releases.py: numbers shifted,
removed and reused the way real releases do) in the comment styles of real engines, committed
on dates after its release; migrated to the newest release, every rewritten number must name,
in the CR text of that release, the rule its line meant — checked here against the releases'
own texts, not against the aligner. The same tree without its git history (no line dates)
must not get a wrong rewrite either.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cite_releases import DATES, R1, R2, R3, R4, concept, cr_file, rules
from gitrepo import Repo
from helpers import ingested_store
from mtgcr.cli.main import main
from mtgcr.extract.citations.comments import family_of
from mtgcr.extract.citations.source import find_source_citations

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

# (file, release written against, commit date, [(line, concepts the line means, or None)])
POISON_R1 = (
    "Poisonous is a triggered ability. Poisonous N means that whenever this creature deals "
    "combat damage to a player, that player gets N poison counters."
)
FILES: list[tuple[str, str, str, list[tuple[str, list[str] | None]]]] = [
    (
        "xmage/A.java",
        R1,
        "2031-04-01",
        [
            ("class A {", None),
            ("    //20310303 - 702.3a", ["poisonous.trigger"]),
            ("    // 702.3. Poisonous", ["poisonous"]),
            ("    /**", None),
            (
                "     * 702.2b A creature with flying can't be blocked except by creatures "
                "with flying or reach.",
                ["flying.block"],
            ),
            ("     */", None),
            (
                "    // CR 704.5c: A player with ten or more poison counters loses the game.",
                ["sba.poison"],
            ),
            ("    // rule 722.1", ["control.1"]),
            (
                "    void f() { /* deals excess damage with trample (702.4a) */ }",
                ["trample.static"],
            ),
            ("}", None),
        ],
    ),
    (
        "xmage/B.java",
        R2,
        "2031-10-01",
        [
            ("class B {", None),
            ("    // CR 702.4: Poisonous", ["poisonous"]),  # 702.4 again in R4: current
            ("    // 702.2. Defender", ["defender"]),  # removed in R4: listed
            ("    //20310909 - 702.3b", ["flying.block"]),
            ("    // CR 702.1b", ["deathtouch.destroy"]),
            ("}", None),
        ],
    ),
    (
        "forge/C.java",
        R3,
        "2032-06-01",
        [
            ("class C {", None),
            ("    // 702.4. Gravestorm", ["gravestorm"]),
            (
                "    // CR 704.5c: If a token is phased out, or is in a zone other than the "
                "battlefield, it ceases to exist.",
                ["sba.token"],
            ),
            ("    // 702.5. Gravestorm", ["gravestorm"]),  # a wrong number: the title says which
            ("    // 702.1c", ["deathtouch.destroy"]),
            ("}", None),
        ],
    ),
    (
        "phase/d.rs",
        R4,
        "2033-02-01",
        [
            (
                "// CR 702.4a: Poisonous N — combat damage gives poison counters.",
                ["poisonous.trigger"],
            ),
            ("// CR 723.2: Only one controller at a time.", ["control.2"]),
            ("fn d() {}", None),
        ],
    ),
    (
        "xmage/E.java",
        R1,
        "2032-09-01",  # an old comment copied into a file committed in R3's time
        [
            ("/**", None),
            (f" * 702.3a {POISON_R1}", ["poisonous.trigger"]),
            (" */", None),
            ("class E {}", None),
        ],
    ),
    (
        "xmage/F.java",
        R1,
        "2032-09-01",  # a pasted keyword block: the heading's title dates its subrules
        [
            ("/**", None),
            (" * 702.3. Poisonous", ["poisonous"]),
            (" * <p>", None),
            (" * 702.3a Poisonous N gives poison counters.", ["poisonous.trigger"]),
            (" * 702.3b Several instances trigger separately.", ["poisonous.multiple"]),
            (" */", None),
            ("class F {}", None),
        ],
    ),
]


def r4_number(concept_: str) -> str:
    return next(n for n, c, _ in rules(R4) if c == concept_)


def r4_number_or_none(concept_: str) -> str | None:
    return next((n for n, c, _ in rules(R4) if c == concept_), None)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("releases")
    return ingested_store(folder, {f"cr-{r}.txt": cr_file(r) for r in DATES})


def make_repo(root: Path) -> Path:
    repo = Repo(root)
    for name, _, when, lines in sorted(FILES, key=lambda f: f[2]):
        repo.commit({name: "\n".join(t for t, _ in lines) + "\n"}, when)
    return root


def migrate(store, tree: Path, *extra: str) -> int:
    return main(
        ["--silent", "--store", str(store), "cite-migrate", str(tree), "--to", R4, "--write"]
        + ["--journal", str(tree.parent / f"{tree.name}.journal"), "--no-cache", *extra]
    )


def rewrites(tree: Path) -> tuple[int, list[str], list[str]]:
    """(rewritten lines, wrong rewrites, stale lines left as they were) — every line checked
    against the concepts of the test releases."""
    done, wrong, left = 0, [], []
    for name, _release, _, lines in FILES:
        path = tree / name
        new = path.read_text(encoding="utf-8").split("\n")
        fam = family_of(path)
        assert fam is not None
        by_line: dict[int, list[str]] = {}
        for c in find_source_citations(path.read_text(encoding="utf-8"), fam):
            by_line.setdefault(c.line, []).extend(str(n) for n in c.numbers)
        for i, (old, meant) in enumerate(lines, start=1):
            if meant is None:
                continue
            now = [concept(R4, n) for n in by_line.get(i, [])]
            if new[i - 1] != old:
                done += 1
                if now != meant:
                    wrong.append(f"{name}:{i}: {old.strip()!r} → {new[i - 1].strip()!r}")
            elif now != meant and any(r4_number_or_none(m) for m in meant):
                left.append(f"{name}:{i}: {old.strip()!r}")  # stale, and not removed since
    return done, wrong, left


def test_the_test_releases_renumber_as_designed(store):
    # the trap: 702.3 is Poisonous in R1, Flying in R2 and R3, Gravestorm in R4
    assert [concept(r, "702.3") for r in DATES] == ["poisonous", "flying", "flying", "gravestorm"]
    assert concept(R4, "702.4") == "poisonous" == concept(R2, "702.4")
    assert concept(R3, "704.5c") == "sba.token" and concept(R4, "723.1") == "control.1"


def test_migrating_a_git_tree_written_against_four_releases_rewrites_nothing_wrong(
    store, tmp_path, capsys
):
    tree = make_repo(tmp_path / "engine")
    assert migrate(store, tree) == 1  # the removed Defender rule is listed for a human
    err = capsys.readouterr().err
    done, wrong, left = rewrites(tree)
    assert wrong == []
    assert left == [], (
        left,
        err,
    )  # every stale citation of the tree was fixed (Defender is gone: listed)
    assert done == 13, (done, err)
    text = (tree / "xmage/A.java").read_text(encoding="utf-8")
    assert "//20330101 - 702.4a" in text  # the stamp says the release the number was checked in
    assert "(702.5a)" in text and "rule 723.1" in text
    # the rewritten numbers, by the CR text of R4
    assert "// 702.3. Gravestorm" in (tree / "forge/C.java").read_text(encoding="utf-8")
    assert r4_number("poisonous.multiple") in (tree / "xmage/F.java").read_text(encoding="utf-8")
    # the same run again is a no-op: the journal says every file is migrated
    before = {p: p.read_bytes() for p in tree.rglob("*.*") if ".git" not in p.parts}
    assert migrate(store, tree) == 1
    assert {p: p.read_bytes() for p in before} == before


def test_without_history_or_with_a_wrong_default_nothing_is_rewritten_wrongly(
    store, tmp_path, capsys
):
    tree = make_repo(tmp_path / "engine")
    shutil.rmtree(tree / ".git")  # no line dates: stamps, titles and quotes only
    migrate(store, tree)
    capsys.readouterr()
    done, wrong, _ = rewrites(tree)
    assert wrong == [] and done >= 8
    # --from R1 for the whole tree, as the wrong migration did: a default for
    # citations with no evidence, never an override of the evidence there is
    tree2 = make_repo(tmp_path / "engine2")
    migrate(store, tree2, "--from", R1)
    capsys.readouterr()
    _, wrong, _ = rewrites(tree2)
    assert wrong == []
