"""The python-mtg side of the python-mtg adapter: a worker run by python-mtg's own interpreter.

Never imported by mtgcr: :mod:`mtgcr.conformance.engines.pymtg` starts this file as a script
with the interpreter of the environment python-mtg 0.1.1 is installed in (python-mtg installs
the top-level packages ``mtg``, ``effect_handlers`` and ``engine_handlers`` and puts its own
folders on ``sys.path``, so it is kept out of mtgcr's environment). It imports only the
standard library and ``mtg``.

Protocol: one JSON object per line on stdin, one reply per line on stdout.

* ``{"op": "hello"}`` → ``{"ok": true, "version": "0.1.1"}``
* ``{"op": "start", "setup": {...}}``, ``{"op": "step", "step": {...}}``,
  ``{"op": "check", "assertion": {...}}`` → ``{"ok": true, "log": str}`` /
  ``{"ok": true, "passed": bool, "message": str}``, or ``{"ok": false, "error":
  "unsupported" | "step" | "engine", "message": str}``.

How phase's vocabulary maps onto python-mtg (format knowledge: python-mtg 0.1.1,
``mtg/engine/env.py``, ``mtg/driver.py``, ``mtg/bridge_to_engine.py``): a game is a dict of
relations. The worker builds it from a deck state of the bundled card corpus and then sets it as
phase's runner would: seats ``alice`` (0, active) and ``bob`` (1); ``current_step`` from the
phase (``PreCombatMain`` → ``precombat_main`` …); ``life``; hands and libraries of named
placeholders; creatures as placeholder cards of their own (``card_type`` creature, power,
toughness, ``card_keyword``: ``"First strike"`` → ``first_strike``) on the battlefield,
``_sick`` when summoning sick; bolts as ``lightning_bolt`` instances costing {0}. python-mtg's
instant-speed windows are opened (``_instant_speed``), so the active player may cast outside the
main phases. ``pass_both`` is ``env._advance_one`` (all players pass with an empty stack: the step
ends); ``check_sbas`` applies the engine's outputs at the current step (``driver._apply_outputs``).
What python-mtg does not model is ``unsupported``: a single player's pass (its ``pass`` ends the
window for both players), choosing the target of an "any target" spell (its driver picks one),
the stack between casting and resolving, marked damage and the priority holder.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
from typing import Any

SEATS = ("alice", "bob")
STEPS = {
    "Untap": "untap",
    "Upkeep": "upkeep",
    "Draw": "draw",
    "PreCombatMain": "precombat_main",
    "BeginCombat": "beginning_of_combat",
    "DeclareAttackers": "declare_attackers",
    "DeclareBlockers": "declare_blockers",
    "CombatDamage": "combat_damage",
    "EndCombat": "end_of_combat",
    "PostCombatMain": "postcombat_main",
    "End": "end",
    "Cleanup": "cleanup",
}
PHASE_OF = {v: k for k, v in STEPS.items()}
ZONES = {
    "Battlefield": "on_battlefield",
    "Graveyard": "graveyard",
    "Hand": "in_hand",
    "Library": "in_library",
    "Exile": "exile",
    "Command": "command_zone",
}
_INSTANCE_RELS = (
    "instance_of",
    "printed_type",
    "printed_power",
    "printed_toughness",
    "printed_color",
    "printed_subtype",
    "printed_control",
    "mana_cost",
    "mana_generic",
    "mana_pip",
    "spell_type",
    "has_supertype",
    "land_produces",
)
_ZONE_RELS = ("in_hand", "in_library", "on_battlefield", "graveyard", "exile", "tapped", "_sick")


class Refusal(Exception):
    """A reply ``{"ok": false, "error": kind, "message": ...}``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def unsupported(message: str) -> Refusal:
    return Refusal("unsupported", message)


class Worker:
    """One python-mtg process: a template deck state, one game at a time."""

    def __init__(self) -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            from mtg import bridge_to_engine as bridge  # type: ignore[import-not-found]
            from mtg import driver
            from mtg.engine import env  # type: ignore[import-not-found]

            self.driver, self.env = driver, env
            self.template = bridge.make_deck_state(
                {"alice": ["Lightning Bolt", "Grizzly Bears"], "bob": ["Plains"]},
                seed=42,
                variant="two-player",
            )
        self.state: dict[str, Any] = {}
        self.handles: dict[str, str] = {}

    # -- setup ------------------------------------------------------------------------------
    def start(self, setup: dict) -> str:
        s = self.driver.clone_state(self.template)
        for r in _INSTANCE_RELS + _ZONE_RELS:
            s[r] = set()
        for r in ("on_stack", "attacks", "blocks", "poison"):
            s[r] = set()
        for r in ("card_type", "card_power", "card_toughness", "card_keyword"):
            s[r] = set(s.get(r, set()))
        seed = int(setup.get("seed", 42))
        s["_seed"], s["_rng"] = seed, random.Random(seed)
        s["_lib_order"] = {p: [] for p in SEATS}
        s["life"] = {(p, 20) for p in SEATS}
        s["active_player"] = {("alice",)}
        s["_instant_speed"] = True
        s["_loser"] = None
        phase = setup.get("phase", "PreCombatMain")
        if phase not in STEPS:
            raise Refusal("step", f"unknown phase name {phase!r}")
        s["current_step"] = {(STEPS[phase],)}
        self.state, self.handles, self._n = s, {}, 0
        for p in setup.get("players", []):
            seat = int(p["id"])
            if seat not in (0, 1):
                continue
            who = SEATS[seat]
            if "life" in p:
                s["life"] = {(q, v) for (q, v) in s["life"] if q != who} | {(who, int(p["life"]))}
            for name in p.get("hand", []):
                s["in_hand"].add((who, self._card(name, who)))
            for name in p.get("library_top", []):
                c = self._card(name, who)
                s["in_library"].add((who, c))
                s["_lib_order"][who].append(c)
        for c in setup.get("creatures", []):
            self._handle(str(c["id"]), self._creature(c))
        for b in setup.get("lightning_bolts", []):
            who = SEATS[int(b["player"])]
            self._n += 1
            iid = f"lightning_bolt_{self._n}"
            s["instance_of"].add((iid, "lightning_bolt"))
            s["printed_type"].add((iid, "instant"))
            s["spell_type"].add((iid, "instant"))
            s["printed_control"].add((who, iid))
            s["mana_cost"].add((iid, 0))
            s["mana_generic"].add((iid, 0))
            s["in_hand"].add((who, iid))
            self._handle(str(b["id"]), iid)
        return f"set up: {PHASE_OF[self._step()]}"

    def _handle(self, name: str, iid: str) -> None:
        if name in self.handles:
            raise Refusal("step", f"duplicate handle {name!r}")
        self.handles[name] = iid

    def _card(self, name: str, who: str) -> str:
        """A named placeholder card with no types (phase's ``with_cards_in_hand``)."""
        self._n += 1
        iid = f"mtgcr_card_{self._n}"
        self.state["instance_of"].add((iid, f"mtgcr_placeholder_{self._n}"))
        self.state["printed_control"].add((who, iid))
        self.state["mana_cost"].add((iid, 0))
        return iid

    def _creature(self, c: dict) -> str:
        s, who = self.state, SEATS[int(c["player"])]
        self._n += 1
        iid, slug = f"mtgcr_creature_{self._n}", f"mtgcr_creature_{self._n}"
        p, t = int(c["power"]), int(c["toughness"])
        s["instance_of"].add((iid, slug))
        s["card_type"].add((slug, "creature"))
        s["card_power"].add((slug, p))
        s["card_toughness"].add((slug, t))
        s["printed_type"].add((iid, "creature"))
        s["spell_type"].add((iid, "creature"))
        s["printed_power"].add((iid, p))
        s["printed_toughness"].add((iid, t))
        s["printed_control"].add((who, iid))
        s["on_battlefield"].add((iid,))
        for k in c.get("keywords", []):
            s["card_keyword"].add((slug, keyword(k)))
        if c.get("summoning_sickness"):
            s["_sick"].add((iid,))
        if c.get("damage_marked"):
            raise unsupported("python-mtg does not mark damage on creatures")
        return iid

    # -- helpers ----------------------------------------------------------------------------
    def _step(self) -> str:
        return next(iter(self.state["current_step"]))[0]

    def _ap(self) -> str:
        return next(iter(self.state["active_player"]))[0]

    def _quiet(self, fn, *args):
        with contextlib.redirect_stdout(io.StringIO()):
            return fn(*args)

    def _over(self) -> bool:
        return bool(self.env.is_terminal(self.state))

    def _ref(self, handle: Any) -> str:
        if handle not in self.handles:
            raise Refusal("step", f"unknown handle {handle!r}")
        return self.handles[handle]

    # -- steps ------------------------------------------------------------------------------
    def step(self, st: dict) -> str:
        action = st.get("action")
        if action == "pass_priority":
            raise unsupported(
                "python-mtg has no single player's pass: its 'pass' ends the priority window "
                "for both players (reactive priority is not modelled)"
            )
        if action == "pass_both":
            # all players pass with an empty stack: the step ends (env._advance_one), and the
            # game goes on through the steps in which no player receives priority (CR 500.3:
            # untap, cleanup), as python-mtg's own referee does
            if not self._over():
                self._quiet(self.env._advance_one, self.state)
                while not self._over() and self._step() in ("untap", "cleanup"):
                    self._quiet(self.env._advance_one, self.state)
        elif action == "check_sbas":
            if not self._over():
                out = self._quiet(self.driver.run, self.state, self.driver.OUTPUTS)
                loser = self._quiet(self.driver._apply_outputs, self.state, out, self._ap())
                if loser:
                    self.state["_loser"] = loser
        elif action == "cast_lightning_bolt":
            self._cast(st)
        elif action in ("resolve_top", "advance_until_stack_empty"):
            raise unsupported(
                "python-mtg resolves a spell as part of casting it: there is no stack to pass "
                "priority over"
            )
        else:
            raise unsupported(f"step {action!r} is not supported by the python-mtg adapter")
        return f"{action}: {PHASE_OF.get(self._step(), self._step())}"

    def _cast(self, st: dict) -> None:
        raise unsupported(
            "python-mtg offers no target choice for Lightning Bolt ('any target'): its driver "
            "picks the target itself (CR 601.2c: the caster chooses), and it resolves the "
            "spell as it is cast"
        )

    # -- assertions -------------------------------------------------------------------------
    def check(self, a: dict) -> tuple[bool, str]:
        s, kind = self.state, a.get("kind")
        if kind == "player_life":
            who = SEATS[int(a["player"])]
            got = next(v for (p, v) in s["life"] if p == who)
            return got == int(
                a["life"]
            ), f"player {a['player']} life: expected {a['life']}, got {got}"
        if kind == "game_over":
            if not self._over():
                return False, "expected game over, the game goes on"
            w = self.env.winner(s)
            got = SEATS.index(w) if w in SEATS else None
            if a.get("winner") is not None and got != int(a["winner"]):
                return False, f"expected winner {a['winner']}, got {got}"
            return True, f"game over, winner {got}"
        if kind == "game_not_over":
            return not self._over(), "expected the game to go on" + (
                ", it is over" if self._over() else ""
            )
        if kind == "phase_is":
            got = PHASE_OF.get(self._step(), self._step())
            return got == a["phase"], f"expected phase {a['phase']}, got {got}"
        if kind in ("hand_count_equals", "hand_count_at_least", "library_count_equals"):
            rel = "in_library" if kind == "library_count_equals" else "in_hand"
            who = SEATS[int(a["player"])]
            got = sum(1 for (p, _c) in s.get(rel, ()) if p == who)
            want = int(a["count"])
            ok = got >= want if kind == "hand_count_at_least" else got == want
            return ok, f"player {a['player']} {rel}: expected {want}, got {got}"
        if kind in ("creature_zone", "creature_on_battlefield", "creature_in_graveyard"):
            zone = {
                "creature_on_battlefield": "Battlefield",
                "creature_in_graveyard": "Graveyard",
            }.get(kind, a.get("zone"))
            where = self._zone(self._ref(a["creature"]))
            return where == zone, f"{a['creature']}: expected zone {zone}, got {where}"
        if kind == "in_command_zone":
            where = self._zone(self._ref(a["handle"]))
            return where == "Command", f"{a['handle']}: expected Command, got {where}"
        if kind == "stack_is_empty":
            n = len(s.get("on_stack", ()))
            return n == 0, f"expected an empty stack, got {n}"
        if kind == "player_poison":
            who = SEATS[int(a["player"])]
            got = next((v for (p, v) in s.get("poison", ()) if p == who), 0)
            return got == int(
                a["count"]
            ), f"player {a['player']} poison: expected {a['count']}, got {got}"
        if kind == "creature_has_keyword":
            iid = self._ref(a["creature"])
            rows = self._quiet(self.driver.run, s, ["has_keyword"])["has_keyword"]
            ok = (iid, keyword(a["keyword"])) in {(c, k) for (c, k) in rows}
            return ok, f"{a['creature']} {'has' if ok else 'does not have'} {a['keyword']}"
        if kind in ("attacker_declared", "blocker_declared"):
            iid = self._ref(a["creature"])
            if kind == "attacker_declared":
                ok = any(iid in row for row in s.get("attacks", ()))
            else:
                ok = any(row and row[0] == iid for row in s.get("blocks", ()))
            return ok, f"{a['creature']}: {kind} {'holds' if ok else 'does not hold'}"
        if kind == "creature_damage":
            raise unsupported(
                "python-mtg does not mark damage on creatures (non-lethal damage is not kept)"
            )
        if kind == "priority_player":
            raise unsupported(
                "python-mtg has no priority holder (a decision belongs to the active player)"
            )
        raise unsupported(f"assertion kind {kind!r} is not supported by the python-mtg adapter")

    def _zone(self, iid: str) -> str | None:
        s = self.state
        if any(o == iid for (o, _p) in s.get("on_stack", ())):
            return "Stack"
        for name, rel in ZONES.items():
            for row in s.get(rel, ()):
                if row and row[-1] == iid:
                    return name
        return None


def keyword(name: str) -> str:
    """phase's keyword name as python-mtg spells it: ``"First strike"`` → ``first_strike``."""
    return str(name).strip().lower().replace(" ", "_").replace("-", "_")


def main() -> int:
    out = sys.stdout
    worker: Worker | None = None
    for line in sys.stdin:
        try:
            msg = json.loads(line)
            op = msg.get("op")
            if op == "hello":
                from importlib.metadata import version

                reply: dict[str, Any] = {"ok": True, "version": version("python-mtg")}
            else:
                if worker is None:
                    worker = Worker()
                if op == "start":
                    reply = {"ok": True, "log": worker.start(msg["setup"])}
                elif op == "step":
                    reply = {"ok": True, "log": worker.step(msg["step"])}
                elif op == "check":
                    passed, message = worker.check(msg["assertion"])
                    reply = {"ok": True, "passed": bool(passed), "message": message}
                else:
                    reply = {"ok": False, "error": "engine", "message": f"unknown op {op!r}"}
        except Refusal as exc:
            reply = {"ok": False, "error": exc.kind, "message": str(exc)}
        except Exception as exc:  # the engine failed on this input: report it, keep serving
            reply = {"ok": False, "error": "engine", "message": f"{type(exc).__name__}: {exc}"}
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
