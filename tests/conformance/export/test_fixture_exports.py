"""``mtgcr fixtures export``: Forge puzzle files and XMage test skeletons from the suite, checked
for structure (neither engine can run here): the .pzl files with a reader of Forge's puzzle
format, the Java with a Java parser (javalang); a planted fault must fail each check."""

from __future__ import annotations

import re
import shutil

import pytest

from mtgcr.cli.main import main
from mtgcr.conformance import suite as bundled
from mtgcr.conformance.export.forge import FORGE_PHASES
from mtgcr.conformance.export.xmage import XMAGE_STEPS

javalang = pytest.importorskip("javalang", reason="javalang is a test dependency")

# Forge's puzzle format (forge.ai.GameState, forge.gamemodes.puzzle.Puzzle)
META_KEYS = {"Name", "URL", "Goal", "Turns", "Difficulty", "Description"}
ZONES = ("hand", "library", "battlefield", "graveyard", "exile")
STATE_KEYS = {"turn", "activeplayer", "activephase", "humanlife", "ailife"} | {
    f"{side}{z}" for side in ("human", "ai") for z in ZONES
}
CARD_MODS = re.compile(r"^(SummonSick|Tapped|Id:\d+|Damage:\d+)$")


def read_pzl(text: str) -> dict[str, dict[str, str]]:
    """Forge's puzzle layout: comments, a [metadata] of Key:Value and a [state] of key=value."""
    sections: dict[str, dict[str, str]] = {}
    cur = None
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        m = re.fullmatch(r"\[(metadata|state)\]", line)
        if m:
            cur = sections.setdefault(m.group(1), {})
            continue
        assert cur is not None, f"a line before any section: {line!r}"
        if cur is sections.get("metadata"):
            k, sep, v = line.partition(":")
            assert sep and k in META_KEYS, line
        else:
            k, sep, v = line.partition("=")
            assert sep and k in STATE_KEYS, line
        cur[k] = v
    assert set(sections) == {"metadata", "state"}
    st = sections["state"]
    assert st["activephase"] in set(FORGE_PHASES.values())
    assert st["activeplayer"] in ("human", "ai")
    int(st["humanlife"]), int(st["ailife"]), int(st["turn"])
    for k in STATE_KEYS - {"turn", "activeplayer", "activephase", "humanlife", "ailife"}:
        for card in filter(None, st.get(k, "").split(";")):
            name, *mods = card.split("|")
            assert name and all(CARD_MODS.match(m) for m in mods), card
    return sections


CALLS = {
    "addCard",
    "setLife",
    "castSpell",
    "setStopAt",
    "setStrictChooseMode",
    "execute",
    "assertLife",
    "assertHandCount",
    "assertPermanentCount",
}


def check_xmage(source: str, name: str) -> None:
    """An XMage card test: one public class NAME extending CardTestPlayerBase, @Test methods
    calling only the test API, the steps named by PhaseStep constants."""
    tree = javalang.parse.parse(source)
    assert tree.package.name == "org.mage.test.cr"
    imports = {i.path for i in tree.imports}
    assert "org.mage.test.serverside.base.CardTestPlayerBase" in imports
    [cls] = tree.types
    assert cls.name == name and cls.extends.name == "CardTestPlayerBase"
    methods = [m for m in cls.methods if any(a.name == "Test" for a in m.annotations)]
    assert methods
    calls = [n.member for _, n in tree.filter(javalang.tree.MethodInvocation)]
    assert set(calls) <= CALLS, set(calls) - CALLS
    assert "setStopAt" in calls and "execute" in calls
    steps = {
        n.member
        for _, n in tree.filter(javalang.tree.MemberReference)
        if n.qualifier == "PhaseStep"
    }
    assert steps and steps <= set(XMAGE_STEPS.values())
    assert "SKELETON" in source


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("exports")
    suite = bundled.path()
    assert (
        main(
            [
                "--silent",
                "fixtures",
                "export",
                str(suite),
                "--to",
                "forge",
                "--dest",
                str(out / "forge"),
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "--silent",
                "fixtures",
                "export",
                str(suite),
                "--to",
                "xmage",
                "--dest",
                str(out / "xmage"),
            ]
        )
        == 0
    )
    return out


def test_forge_puzzles_have_forges_structure(exported):
    files = sorted((exported / "forge").rglob("*.pzl"))
    assert len(files) >= 150
    for p in files:
        read_pzl(p.read_text(encoding="utf-8"))
    pzl = read_pzl((exported / "forge" / "704" / "cr_704_5a_bolt_to_zero.pzl").read_text())
    st = pzl["state"]
    assert (st["humanlife"], st["ailife"], st["activephase"]) == ("20", "3", "MAIN1")
    assert st["humanhand"] == "Lightning Bolt" and st["humanbattlefield"] == "Mountain"
    text = (exported / "forge" / "704" / "cr_704_5g_survives.pzl").read_text()
    assert text.startswith("# SKELETON") and "# TODO: creature 'big'" in text
    assert "aibattlefield=Creature|Id:1" in text


def test_forge_reader_catches_a_planted_fault(exported):
    text = (exported / "forge" / "704" / "cr_704_5a_bolt_to_zero.pzl").read_text()
    with pytest.raises(AssertionError):
        read_pzl(text.replace("activephase=MAIN1", "activephase=PreCombatMain"))
    with pytest.raises(AssertionError):
        read_pzl(text.replace("humanlife=", "human_life="))


def test_xmage_skeletons_parse_as_card_tests(exported):
    files = sorted((exported / "xmage").glob("*.java"))
    assert len(files) >= 150
    for p in files:
        check_xmage(p.read_text(encoding="utf-8"), p.stem)
    src = (exported / "xmage" / "Cr704_5aBoltToZeroTest.java").read_text()
    assert "setLife(playerB, 3);" in src
    assert 'castSpell(1, PhaseStep.PRECOMBAT_MAIN, playerA, "Lightning Bolt", playerB);' in src
    assert "assertLife(playerB, 0);" in src


def test_xmage_check_catches_a_planted_fault(exported):
    p = exported / "xmage" / "Cr704_5aBoltToZeroTest.java"
    src = p.read_text()
    with pytest.raises(javalang.parser.JavaSyntaxError):
        check_xmage(src.replace("execute();", "execute(;"), p.stem)
    with pytest.raises(AssertionError):
        check_xmage(src.replace("PhaseStep.PRECOMBAT_MAIN", "PhaseStep.MAIN1"), p.stem)


def test_export_leaves_out_fixtures_that_are_not_executable(tmp_path, capsys):
    suite = tmp_path / "s"
    shutil.copytree(bundled.path() / "704", suite / "704")
    assert (
        main(["fixtures", "export", str(suite), "--to", "forge", "--dest", str(tmp_path / "o")])
        == 0
    )
    n = len(list((tmp_path / "o").rglob("*.pzl")))
    assert f"{n} forge skeletons in {tmp_path / 'o'}: {n} written, 0 unchanged, 0 kept" in (
        capsys.readouterr().out
    )
    assert not (tmp_path / "o" / "704" / "cr_704_5c.pzl").exists()  # deferred


def test_export_never_replaces_a_skeleton_the_user_completed(tmp_path, capsys):
    """The output policy: a re-export rewrites nothing unchanged, keeps a completed skeleton,
    and refuses a folder of the user's without --force."""
    suite = tmp_path / "s"
    shutil.copytree(bundled.path() / "704", suite / "704")
    args = ["fixtures", "export", str(suite), "--to", "forge", "--dest", str(tmp_path / "o")]
    assert main(args) == 0
    done = sorted((tmp_path / "o" / "704").glob("*.pzl"))
    done[0].write_text(done[0].read_text() + "# completed by hand\n")
    capsys.readouterr()
    assert main(args) == 1  # the completed one kept, said on stderr
    out, err = capsys.readouterr()
    assert f"0 written, {len(done) - 1} unchanged, 1 kept" in out
    assert f"kept: {tmp_path / 'o' / '704' / done[0].name}" in err
    assert done[0].read_text().endswith("# completed by hand\n")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("my own folder")
    assert main([*args[:-1], str(mine)]) == 2  # refused: a folder mtgcr did not create
    assert "--force" in capsys.readouterr().err and not list(mine.rglob("*.pzl"))
