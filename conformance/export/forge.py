"""A fixture as a Forge puzzle file (``.pzl``), marked as a skeleton to complete.

Format knowledge: Forge's puzzle files (``forge-gui/res/puzzle/*.pzl``, read by
``forge.gamemodes.puzzle.PuzzleIO`` / ``Puzzle`` and ``forge.ai.GameState``): a ``[metadata]``
section of ``Key:Value`` lines (``Name``, ``URL``, ``Goal``, ``Turns``, ``Difficulty``,
``Description``) and a ``[state]`` section of ``key=value`` lines — ``turn``, ``activeplayer``
(``human`` | ``ai``), ``activephase`` (Forge's ``PhaseType``: ``UPKEEP``, ``MAIN1``,
``COMBAT_BEGIN`` …), ``humanlife`` / ``ailife``, and zones ``humanhand``, ``humanlibrary``,
``humanbattlefield``, ``humangraveyard`` (and the ``ai…`` ones) as ``;``-separated card names
with ``|``-separated modifiers (``|SummonSick``, ``|Damage:3``); lines starting with ``#`` are
comments. Player 0 is the human, player 1 the AI.

What Forge cannot take from a phase fixture is said in ``#`` comment lines at the top (a
skeleton to complete): phase's placeholder creatures (a name, power and toughness, no card) need
a real card of that power and toughness; phase's Lightning Bolt costs {0}, Forge's {R} (a
Mountain is put on the battlefield for each bolt); the steps and assertions become the
puzzle's description. These files cannot be loaded in Forge here (no Forge); the tests check their
structure with a reader of the format above.
"""

from __future__ import annotations

from mtgcr.conformance.fixtures.model import Fixture

__all__ = ["FORGE_PHASES", "forge_puzzle", "describe_steps", "describe_assertions"]

#: phase's phase names → Forge's ``PhaseType``.
FORGE_PHASES = {
    "Untap": "UNTAP",
    "Upkeep": "UPKEEP",
    "Draw": "DRAW",
    "PreCombatMain": "MAIN1",
    "BeginCombat": "COMBAT_BEGIN",
    "DeclareAttackers": "COMBAT_DECLARE_ATTACKERS",
    "DeclareBlockers": "COMBAT_DECLARE_BLOCKERS",
    "CombatDamage": "COMBAT_DAMAGE",
    "EndCombat": "COMBAT_END",
    "PostCombatMain": "MAIN2",
    "End": "END_OF_TURN",
    "Cleanup": "CLEANUP",
}
_SIDE = ("human", "ai")


def describe_steps(steps: list[dict]) -> list[str]:
    """The steps in words (``player 0 casts bolt at player 1``)."""
    out = []
    for st in steps:
        a = st.get("action")
        if a == "cast_lightning_bolt":
            tgt = (
                f"player {st['target_player']}"
                if "target_player" in st
                else f"{st.get('target_creature')}"
            )
            out.append(f"cast {st.get('spell')} targeting {tgt}")
        else:
            out.append(str(a).replace("_", " "))
    return out


def describe_assertions(assertions: list[dict]) -> list[str]:
    """The assertions in words (``player_life player=1 life=0``)."""
    return [
        " ".join([str(a.get("kind"))] + [f"{k}={v}" for k, v in a.items() if k != "kind"])
        for a in assertions
    ]


def forge_puzzle(fx: Fixture) -> tuple[str, list[str]]:
    """The ``.pzl`` text of an executable fixture and its open points (the ``TODO`` lines).

    Returns:
        ``(text, todo)``.
    """
    d = fx.data
    setup = d.get("setup") or {}
    todo: list[str] = []
    players = {int(p["id"]): p for p in setup.get("players", []) if int(p.get("id", 9)) in (0, 1)}
    zones: dict[str, list[str]] = {}

    def put(seat: int, zone: str, card: str) -> None:
        zones.setdefault(f"{_SIDE[seat]}{zone}", []).append(card)

    for seat, p in players.items():
        for name in p.get("hand", []):
            put(seat, "hand", name)
            todo.append(f"hand card {name!r} of player {seat} is a placeholder: choose a real card")
        for name in p.get("library_top", []):
            put(seat, "library", name)
            todo.append(
                f"library card {name!r} of player {seat} is a placeholder: choose a real card"
            )
    for c in setup.get("creatures", []):
        mods = ["SummonSick"] if c.get("summoning_sickness") else []
        if c.get("damage_marked"):
            mods.append(f"Damage:{int(c['damage_marked'])}")
        name = str(c.get("name", "Creature"))
        put(int(c["player"]), "battlefield", "|".join([name, f"Id:{_id(fx, c['id'])}", *mods]))
        kws = ", ".join(c.get("keywords", [])) or "no abilities"
        todo.append(
            f"creature {c['id']!r} ({name}) is a {c['power']}/{c['toughness']} placeholder with "
            f"{kws}: choose a real card with exactly that"
        )
    for b in setup.get("lightning_bolts", []):
        put(int(b["player"]), "hand", "Lightning Bolt")
        put(int(b["player"]), "battlefield", "Mountain")
        todo.append(
            f"bolt {b['id']!r}: phase's bolt costs {{0}}; Forge's costs {{R}}, so a Mountain is added"
        )
    phase = FORGE_PHASES.get(str(setup.get("phase", "PreCombatMain")), "MAIN1")
    life = {seat: int(p.get("life", 20)) for seat, p in players.items()}
    lines = [
        "# SKELETON written by mtgcr from a phase.rs cr-suite fixture: complete it before use.",
        f"# fixture: {fx.path.name}   anchor: {fx.meta.get('anchor', '(none)')}",
        *[f"# TODO: {t}" for t in todo],
        *[f"# step: {s}" for s in describe_steps(d.get("steps", []))],
        *[f"# expect: {a}" for a in describe_assertions(d.get("assertions", []))],
        "[metadata]",
        f"Name:CR {fx.test_id} (mtgcr conformance skeleton)",
        "URL:https://magic.wizards.com/en/rules",
        "Goal:Survive",
        "Turns:2",
        "Difficulty:Easy",
        "Description:"
        + " ".join(
            [f"CR {fx.rule}.", fx.notes]
            + [f"Then: {'; '.join(describe_steps(d.get('steps', [])))}."]
            + [f"Expect: {'; '.join(describe_assertions(d.get('assertions', [])))}."]
        ).replace("\n", " "),
        "[state]",
        "turn=2",
        "activeplayer=human",
        f"activephase={phase}",
        f"humanlife={life.get(0, 20)}",
        f"ailife={life.get(1, 20)}",
    ]
    for side in _SIDE:
        for zone in ("hand", "library", "battlefield", "graveyard"):
            key = f"{side}{zone}"
            lines.append(f"{key}={';'.join(zones.get(key, []))}")
    return "\n".join(lines) + "\n", todo


def _id(fx: Fixture, handle: str) -> int:
    handles = [str(c["id"]) for c in (fx.data.get("setup") or {}).get("creatures", [])]
    return handles.index(str(handle)) + 1
