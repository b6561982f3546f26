"""A fixture as an XMage test class, marked as a skeleton to complete.

Format knowledge: XMage's card tests (``Mage.Tests/src/test/java/org/mage/test/...``): a class
extending ``org.mage.test.serverside.base.CardTestPlayerBase`` (players ``playerA`` and
``playerB``), JUnit 4 ``@Test`` methods that set up with ``addCard(Zone.BATTLEFIELD, playerA,
"Grizzly Bears")`` and ``setLife(playerB, 3)``, act with ``castSpell(1, PhaseStep.PRECOMBAT_MAIN,
playerA, "Lightning Bolt", playerB)``, stop with ``setStopAt(1, PhaseStep.BEGIN_COMBAT)``, run with
``execute()`` and check with ``assertLife``, ``assertPermanentCount``, ``assertGraveyardCount``,
``assertHandCount`` …; ``mage.constants.PhaseStep`` names the steps (``UPKEEP``, ``DRAW``,
``PRECOMBAT_MAIN``, ``BEGIN_COMBAT`` …, ``END_TURN``, ``CLEANUP``).

Player 0 is ``playerA``, player 1 ``playerB``. What the fixture says that the skeleton cannot say
exactly is a ``// TODO`` line: real cards for phase's placeholders, the priority passes (XMage
runs a turn to ``setStopAt``), assertions with no XMage counterpart written. It cannot be compiled
or run here (no XMage, no JDK build of it); the tests parse it with a Java parser and check its
structure.
"""

from __future__ import annotations

import re

from mtgcr.conformance.export.forge import describe_assertions, describe_steps
from mtgcr.conformance.fixtures.model import Fixture

__all__ = ["XMAGE_STEPS", "xmage_test", "class_name"]

#: phase's phase names → XMage's ``PhaseStep``.
XMAGE_STEPS = {
    "Untap": "UNTAP",
    "Upkeep": "UPKEEP",
    "Draw": "DRAW",
    "PreCombatMain": "PRECOMBAT_MAIN",
    "BeginCombat": "BEGIN_COMBAT",
    "DeclareAttackers": "DECLARE_ATTACKERS",
    "DeclareBlockers": "DECLARE_BLOCKERS",
    "CombatDamage": "COMBAT_DAMAGE",
    "EndCombat": "END_COMBAT",
    "PostCombatMain": "POSTCOMBAT_MAIN",
    "End": "END_TURN",
    "Cleanup": "CLEANUP",
}
_NEXT = {k: list(XMAGE_STEPS.values())[(i + 1) % 12] for i, k in enumerate(XMAGE_STEPS)}
_PLAYER = ("playerA", "playerB")


def class_name(fx: Fixture) -> str:
    """``Cr704_5aBoltToZeroTest`` for ``704/cr_704_5a_bolt_to_zero.toml``."""
    rule = str(fx.rule).replace(".", "_")
    tail = "".join(w.capitalize() for w in re.split(r"[^A-Za-z0-9]+", fx.variant or "") if w)
    return f"Cr{rule}{tail}Test"


def _java(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def xmage_test(fx: Fixture) -> tuple[str, str, list[str]]:
    """The Java source of an executable fixture's skeleton test.

    Returns:
        ``(class name, source, todo)``.
    """
    d = fx.data
    setup = d.get("setup") or {}
    phase = str(setup.get("phase", "PreCombatMain"))
    step = XMAGE_STEPS.get(phase, "PRECOMBAT_MAIN")
    names = {str(c["id"]): str(c.get("name", "Creature")) for c in setup.get("creatures", [])}
    seats = {str(c["id"]): int(c["player"]) for c in setup.get("creatures", [])}
    todo: list[str] = []
    body: list[str] = []
    for p in setup.get("players", []):
        seat = int(p["id"])
        if seat not in (0, 1):
            continue
        if "life" in p:
            body.append(f"setLife({_PLAYER[seat]}, {int(p['life'])});")
        for n in p.get("hand", []):
            body.append(
                f"addCard(Zone.HAND, {_PLAYER[seat]}, {_java(n)}); // TODO: placeholder card"
            )
        for n in p.get("library_top", []):
            body.append(
                f"addCard(Zone.LIBRARY, {_PLAYER[seat]}, {_java(n)}); // TODO: placeholder card"
            )
    for c in setup.get("creatures", []):
        seat = int(c["player"])
        kws = ", ".join(c.get("keywords", [])) or "no abilities"
        body.append(
            f"addCard(Zone.BATTLEFIELD, {_PLAYER[seat]}, {_java(names[str(c['id'])])}); "
            f"// TODO: a real {c['power']}/{c['toughness']} card with {kws}"
        )
        todo.append(
            f"creature {c['id']!r}: choose a real {c['power']}/{c['toughness']} card ({kws})"
        )
    bolts = {str(b["id"]): int(b["player"]) for b in setup.get("lightning_bolts", [])}
    for handle, seat in bolts.items():
        body.append(f'addCard(Zone.HAND, {_PLAYER[seat]}, "Lightning Bolt"); // {handle}')
        body.append(
            f'addCard(Zone.BATTLEFIELD, {_PLAYER[seat]}, "Mountain"); // pays {{R}} (phase\'s bolt costs {{0}})'
        )
    for st in d.get("steps", []):
        if st.get("action") == "cast_lightning_bolt":
            seat = bolts.get(str(st.get("spell")), 0)
            if "target_player" in st:
                target = _PLAYER[int(st["target_player"])]
            else:
                target = _java(names.get(str(st.get("target_creature")), "Creature"))
            body.append(
                f'castSpell(1, PhaseStep.{step}, {_PLAYER[seat]}, "Lightning Bolt", {target});'
            )
        else:
            body.append(f"// TODO: step {describe_steps([st])[0]!s} (XMage passes priority itself)")
    if any(st.get("action") != "cast_lightning_bolt" for st in d.get("steps", [])):
        todo.append("priority passes are implicit in XMage: check the stop point")
    body.append(f"setStopAt(1, PhaseStep.{_NEXT.get(phase, 'BEGIN_COMBAT')}); // TODO: check")
    body.append("setStrictChooseMode(true);")
    body.append("execute();")
    for a, words in zip(d.get("assertions", []), describe_assertions(d.get("assertions", []))):
        line = _assertion(a, names, seats)
        if line is None:
            body.append(f"// TODO: assert {words}")
            todo.append(f"no XMage assertion written for: {words}")
        else:
            body.append(line)
    cls = class_name(fx)
    head = [
        "package org.mage.test.cr;",
        "",
        "import mage.constants.PhaseStep;",
        "import mage.constants.Zone;",
        "import org.junit.Test;",
        "import org.mage.test.serverside.base.CardTestPlayerBase;",
        "",
        "/**",
        " * SKELETON written by mtgcr from a phase.rs cr-suite fixture: complete it before use.",
        f" * Fixture {fx.path.name}, CR {fx.rule}, anchor {fx.meta.get('anchor', '(none)')}.",
        *[f" * {line}" for line in _wrap(fx.notes)],
        " */",
        f"public class {cls} extends CardTestPlayerBase {{",
        "",
        "    @Test",
        f"    public void test_{re.sub(r'[^A-Za-z0-9]+', '_', fx.test_id).strip('_')}() {{",
    ]
    text = "\n".join(head + [f"        {b}" for b in body] + ["    }", "}", ""])
    return cls, text, todo


def _assertion(a: dict, names: dict[str, str], seats: dict[str, int]) -> str | None:
    kind = a.get("kind")
    if kind == "player_life":
        return f"assertLife({_PLAYER[int(a['player'])]}, {int(a['life'])});"
    if kind == "hand_count_equals":
        return f"assertHandCount({_PLAYER[int(a['player'])]}, {int(a['count'])});"
    if kind in ("creature_on_battlefield", "creature_in_graveyard"):
        name = names.get(str(a["creature"]))
        if name is None:  # a bolt handle
            return None
        n = 1 if kind == "creature_on_battlefield" else 0
        return f"assertPermanentCount({_PLAYER[seats[str(a['creature'])]]}, {_java(name)}, {n});"
    return None


def _wrap(text: str, width: int = 90) -> list[str]:
    words, lines, cur = text.split(), [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}".strip()
    if cur:
        lines.append(cur)
    return [line.replace("*/", "* /") for line in lines]
