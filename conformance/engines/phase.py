"""The phase.rs rules engine through the ``phase-python`` wheel (import name ``phase``), running
fixtures exactly as phase's own cr-suite runner does.

Format knowledge: phase's runner (``crates/cr-suite/src/runner/{setup,steps,execute}.rs`` and
``assert/*.rs`` at cd9ef1b, phase-rs/phase) builds every game with the engine's test harness
``GameScenario`` (``crates/engine/src/game/scenario.rs``); this adapter builds the same game in the
state the wheel exports (``game.state()``, phase-python 0.103) and resumes it with
``engine.load_game``:

* a two-player game, seed ``[setup] seed`` (42 when absent), turn 2, the ``[setup] phase``,
  player 0 active and waiting with priority (``GameScenario::at_phase``); libraries, hands,
  graveyards and the battlefield empty except for what ``[setup]`` puts there;
* ``[[setup.players]]``: ``life``; ``hand`` and ``library_top`` (first is top) as named cards
  without types or rules text (``with_cards_in_hand``, ``with_library_top``);
* ``[[setup.creatures]]``: a creature of that name, power and toughness, no rules text and no
  card record, on the battlefield since the turn before (not summoning sick unless
  ``summoning_sickness``), with ``keywords`` (each name parsed by the engine; an unknown one
  stops the setup, as ``Keyword::from_str`` does there); ``damage_marked`` (schema a99e381);
* ``[[setup.lightning_bolts]]``: an instant "Lightning Bolt" in hand with a cost of {0} and the
  ability "deals 3 damage to any target" (``add_bolt_to_hand``); its handle names it.

Steps (``runner/steps.rs``): ``pass_priority`` (nothing when the game is over; a refused pass
fails the fixture), ``pass_both`` (two passes; refusals ignored), ``cast_lightning_bolt``
(CastSpell with automatic payment, then the one target), ``resolve_top`` (the stack must not be
empty; up to 10 passes until it shrinks), ``advance_until_stack_empty`` (up to 40 passes),
``check_sbas`` (one pass when the engine waits for priority), and schema a99e381's direct writes
``mark_damage``, ``set_life`` and ``damage_player`` (then one SBA check, refusals ignored).
Every assertion kind of cd9ef1b reads the engine's state as ``assert/*.rs`` does.
Players are seats 0 and 1; every action is applied as the player the engine waits for.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from typing import Any, Callable

from mtgcr.conformance.engines import (
    EngineAdapter,
    EngineError,
    GameSession,
    StepError,
    Unsupported,
)
from mtgcr.conformance.engines.cards import path as cards_path
from mtgcr.conformance.fixtures.schema import PHASES, ZONES

__all__ = ["PhaseAdapter", "PhaseSession"]

_RESOLVE_PASSES = 10  # GameRunner::resolve_top
_EMPTY_PASSES = 40  # GameRunner::advance_until_stack_empty
_ZERO_COST = {"type": "Cost", "generic": 0, "shards": []}  # {0}: castable (NoCost is not, CR 118.6)
_NO_TYPES: dict[str, list[str]] = {"core_types": [], "subtypes": [], "supertypes": []}


def _import_phase():
    try:
        import phase  # the engine wheel
    except ImportError as exc:
        raise EngineError(
            "the phase.rs engine is not installed: pip install 'mtgcr[phase]' "
            f"(the phase-python wheel) ({exc})"
        ) from None
    return phase


class PhaseAdapter(EngineAdapter):
    """phase.rs, set up as phase's cr-suite runner sets up a scenario.

    Raises:
        EngineError: phase-python is not installed or rejects the bundled card records.
    """

    name = "phase"

    def __init__(self) -> None:
        phase = _import_phase()
        data = json.loads(cards_path().read_text(encoding="utf-8"))
        faces = {}
        for recs in data["data"].values():
            for rec in recs:
                try:
                    faces[rec["name"].lower()] = phase.build_oracle_face(rec, None)
                except (ValueError, KeyError, TypeError) as exc:
                    raise EngineError(
                        f"card {rec.get('name')!r}: the engine rejects it ({exc})"
                    ) from None
        self._phase = phase
        self.version = _version()
        self.engine = phase.Engine.from_json(json.dumps(faces))
        game = self.engine.new_game(
            player=["Lightning Bolt", "Grizzly Bears", "Plains"],
            opponent=["Plains"] * 3,
            seed=42,
            first_player=0,
        )
        self._base = game.state()
        objects = self._base["state"]["objects"].values()
        self._templates = {o["name"]: o for o in objects}

    def template(self, name: str) -> dict[str, Any]:
        """A fresh copy of the exported object of the bundled card ``name``."""
        return copy.deepcopy(self._templates[name])

    def keyword(self, name: str) -> Any:
        """The engine's own value for a keyword name (``"Flying"`` → ``"Flying"``,
        ``"First strike"`` → ``"FirstStrike"``), as its Oracle parser reads it.

        Raises:
            StepError: the engine does not know the keyword (phase's runner stops there).
        """
        return _keyword(self._phase, name)

    def start(self, setup: dict[str, Any]) -> "PhaseSession":
        """A game set up as ``[setup]`` says (see the module docstring)."""
        return PhaseSession(self, setup)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"phase-python {version('phase-python')}"
    except PackageNotFoundError:  # pragma: no cover - imported from a source tree
        return "phase-python"


@lru_cache(maxsize=256)
def _keyword_json(phase: Any, name: str) -> str:
    rec = {
        "name": "mtgcr keyword probe",
        "layout": "normal",
        "type": "Creature",
        "types": ["Creature"],
        "subtypes": [],
        "supertypes": [],
        "text": name,
        "keywords": [name],
        "power": "1",
        "toughness": "1",
        "manaCost": "{1}",
        "manaValue": 1,
        "colors": [],
        "colorIdentity": [],
        "identifiers": {},
        "legalities": {},
    }
    try:
        kws = phase.build_oracle_face(rec, None).get("keywords") or []
    except (ValueError, KeyError, TypeError):
        kws = []
    return json.dumps(kws[0]) if len(kws) == 1 else ""


def _keyword(phase: Any, name: str) -> Any:
    found = _keyword_json(phase, str(name))
    if not found:
        raise StepError(f"unknown keyword {name!r} (the engine does not parse it)")
    return json.loads(found)


class PhaseSession(GameSession):
    """One game on phase.rs, built from a fixture's ``[setup]``."""

    def __init__(self, adapter: PhaseAdapter, setup: dict[str, Any]) -> None:
        self.adapter = adapter
        self.handles: dict[str, int] = {}
        phase_name = setup.get("phase", "PreCombatMain")
        if phase_name not in PHASES:
            raise StepError(f"unknown phase name {phase_name!r}")
        st = copy.deepcopy(adapter._base)
        s = st["state"]
        s["objects"] = {}
        for p in s["players"]:
            p["hand"], p["library"], p["graveyard"] = [], [], []
        s["battlefield"], s["exile"], s["stack"] = [], [], []
        s["phase"], s["turn_number"] = phase_name, 2
        s["active_player"] = s["priority_player"] = 0
        s["waiting_for"] = {"type": "Priority", "data": {"player": 0}}
        s["rng_seed"] = int(setup.get("seed", 42))
        self._state, self._next = s, 1
        for p in setup.get("players", []):
            seat = int(p["id"])
            if seat not in (0, 1):
                continue  # GameScenario::with_life finds no such player
            ps = s["players"][seat]
            ps["life"] = int(p.get("life", 20))
            for n in p.get("hand", []):
                ps["hand"].append(self._plain(n, seat, "Hand")["id"])
            for n in reversed(list(p.get("library_top", []))):
                ps["library"].insert(0, self._plain(n, seat, "Library")["id"])
        for c in setup.get("creatures", []):
            self._handle(str(c["id"]), self._creature(c)["id"])
        for b in setup.get("lightning_bolts", []):
            seat = int(b["player"])
            o = self._new("Lightning Bolt", seat, "Hand", adapter.template("Lightning Bolt"))
            o["mana_cost"], o["base_mana_cost"] = dict(_ZERO_COST), dict(_ZERO_COST)
            o["color"], o["base_color"] = [], []
            s["players"][seat]["hand"].append(o["id"])
            self._handle(str(b["id"]), o["id"])
        s["next_object_id"] = self._next
        self.game = adapter.engine.load_game(st)
        del self._state

    # -- setup ------------------------------------------------------------------------------
    def _handle(self, name: str, oid: int) -> None:
        if name in self.handles:
            raise StepError(f"duplicate handle {name!r}")
        self.handles[name] = oid

    def _new(self, name: str, owner: int, zone: str, obj: dict) -> dict:
        oid, self._next = self._next, self._next + 1
        obj.update(
            id=oid,
            card_id=oid,
            owner=owner,
            controller=owner,
            base_controller=owner,
            zone=zone,
            name=name,
            base_name=name,
        )
        self._state["objects"][str(oid)] = obj
        return obj

    def _plain(self, name: str, owner: int, zone: str) -> dict:
        """A named card with no types, cost or rules text (``create_object``)."""
        o = self._new(str(name), owner, zone, self.adapter.template("Plains"))
        o["abilities"], o["base_abilities"] = [], []
        o["card_types"], o["base_card_types"] = copy.deepcopy(_NO_TYPES), copy.deepcopy(_NO_TYPES)
        o["mana_cost"] = o["base_mana_cost"] = {"type": "NoCost"}
        o["color"], o["base_color"] = [], []
        return o

    def _creature(self, c: dict) -> dict:
        """``GameScenario::add_creature`` (+ keywords, sickness, a99e381's marked damage)."""
        seat = int(c["player"])
        if seat not in (0, 1):
            raise StepError(f"creature {c['id']!r}: no player {seat}")
        o = self._plain(c.get("name", "Creature"), seat, "Battlefield")
        types = {"core_types": ["Creature"], "subtypes": [], "supertypes": []}
        o["card_types"], o["base_card_types"] = types, copy.deepcopy(types)
        for k in ("power", "toughness"):
            v = int(c[k])
            o[k] = o[f"base_{k}"] = o[f"layer_base_{k}"] = v
        kws = [self.adapter.keyword(k) for k in c.get("keywords", [])]
        o["keywords"], o["base_keywords"] = kws, copy.deepcopy(kws)
        sick = bool(c.get("summoning_sickness", False))
        o["entered_battlefield_turn"] = 2 if sick else 1
        o["summoning_sick"] = sick
        o["damage_marked"] = int(c.get("damage_marked", 0))
        self._state["battlefield"].append(o["id"])
        return o

    # -- engine helpers ---------------------------------------------------------------------
    def _waiting(self) -> dict:
        return self.game.waiting_for()

    def _over(self) -> bool:
        return self._waiting()["type"] == "GameOver"

    def _actor(self) -> int:
        data = self._waiting().get("data") or {}
        if isinstance(data, dict) and isinstance(data.get("player"), int):
            return int(data["player"])
        return int(self.game.priority_player())

    def _pass(self) -> None:
        """``GameAction::PassPriority`` as the player the engine waits for.

        Raises:
            StepError: the engine offers no pass now.
        """
        acts = [a for a in self.game.actions() if a.kind == "PassPriority"]
        if not acts:
            raise StepError(f"PassPriority: the engine is waiting for {self._waiting()['type']}")
        self.game.apply(self._actor(), acts[0])

    def _try_pass(self) -> bool:
        try:
            self._pass()
        except (StepError, ValueError, RuntimeError):
            return False
        return True

    def _obj(self, handle: Any) -> int:
        if handle not in self.handles:
            raise StepError(
                f"unknown handle {handle!r} (handles: {', '.join(self.handles) or 'none'})"
            )
        return self.handles[handle]

    def _object(self, handle: Any) -> dict | None:
        try:
            o = self.game.object(self._obj(handle))
        except (ValueError, KeyError, RuntimeError):
            return None
        return o if isinstance(o, dict) else None

    def _edit(self, fn: Callable[[dict], None]) -> None:
        """A direct state write (schema a99e381's steps), then one SBA check."""
        st = self.game.state()
        fn(st["state"])
        self.game = self.adapter.engine.load_game(st)
        self._check_sbas(raise_errors=False)

    def _check_sbas(self, raise_errors: bool = True) -> None:
        if self._over() or self._waiting()["type"] != "Priority":
            return
        if raise_errors:
            self._pass()
        else:
            self._try_pass()

    # -- steps ------------------------------------------------------------------------------
    def step(self, step: dict[str, Any]) -> str:
        """Apply one step (see the module docstring)."""
        action = step.get("action")
        fn = _STEPS.get(str(action))
        if fn is None:
            raise Unsupported(
                f"step action {action!r} is not in phase's schema "
                f"(known: {', '.join(sorted(_STEPS))})"
            )
        fn(self, step)
        return f"{action}: turn {self.game.turn} {self.game.phase}, waiting for {self._waiting()['type']}"

    def _step_pass(self, st: dict) -> None:
        if not self._over():
            self._pass()

    def _step_pass_both(self, st: dict) -> None:
        self._try_pass()
        self._try_pass()

    def _step_cast(self, st: dict) -> None:
        bolt = self._obj(st.get("spell"))
        seat = self._actor() if not self._over() else 0
        hits = [
            a
            for a in self.game.actions()
            if a.kind == "CastSpell" and (a.data or {}).get("object_id") == bolt
        ]
        if not hits:
            raise StepError(f"CastSpell: {st.get('spell')!r} cannot be cast now")
        self.game.apply(seat, hits[0])
        if self._waiting()["type"] != "TargetSelection":
            return
        tp, tc = st.get("target_player"), st.get("target_creature")
        if (tp is None) == (tc is None):
            raise StepError(
                "CastLightningBolt: specify target_player XOR target_creature"
                if tp is not None
                else "CastLightningBolt: requires target_player or target_creature"
            )
        target = {"Player": int(tp)} if tp is not None else {"Object": self._obj(tc)}
        hits = [
            a
            for a in self.game.actions()
            if a.kind in ("ChooseTarget", "SelectTargets")
            and (a.data or {}).get("target", ((a.data or {}).get("targets") or [None])[0]) == target
        ]
        if not hits:
            raise StepError(f"SelectTargets: {target} is not a legal target")
        self.game.apply(self._actor(), hits[0])

    def _step_resolve_top(self, st: dict) -> None:
        n = len(self.game.stack())
        if n == 0:
            raise StepError("ResolveTop: stack is empty")
        for _ in range(_RESOLVE_PASSES):
            if len(self.game.stack()) < n or not self._try_pass():
                break

    def _step_until_empty(self, st: dict) -> None:
        for _ in range(_EMPTY_PASSES):
            if not self.game.stack() or not self._try_pass():
                break

    def _step_check_sbas(self, st: dict) -> None:
        self._check_sbas()

    def _step_mark_damage(self, st: dict) -> None:
        oid, amount = self._obj(st.get("creature")), int(st["amount"])

        def mark(s: dict) -> None:
            o = s["objects"][str(oid)]
            o["damage_marked"] = int(o.get("damage_marked", 0)) + amount

        self._edit(mark)

    def _step_set_life(self, st: dict) -> None:
        seat, life = int(st["player"]), int(st["life"])
        self._edit(lambda s: s["players"][seat].__setitem__("life", life))

    def _step_damage_player(self, st: dict) -> None:
        seat, amount = int(st["player"]), int(st["amount"])

        def hurt(s: dict) -> None:
            s["players"][seat]["life"] = int(s["players"][seat]["life"]) - amount

        self._edit(hurt)

    # -- assertions -------------------------------------------------------------------------
    def check(self, a: dict[str, Any]) -> tuple[bool, str]:
        """Evaluate one assertion (every kind of schema cd9ef1b)."""
        kind = a.get("kind")
        fn = _ASSERTIONS.get(str(kind))
        if fn is None:
            raise Unsupported(f"assertion kind {kind!r} is not in phase's schema")
        return fn(self, a)

    def _player(self, a: dict) -> dict:
        seat = int(a["player"])
        if seat not in (0, 1):
            raise StepError(f"player {seat} not found")
        return self.game.player(seat)

    def _a_life(self, a: dict) -> tuple[bool, str]:
        got = self._player(a)["life"]
        return got == int(a["life"]), f"player {a['player']} life: expected {a['life']}, got {got}"

    def _a_zone(self, a: dict, zone: str | None = None) -> tuple[bool, str]:
        want = zone or a["zone"]
        if want not in ZONES:
            raise StepError(f"unknown zone name {want!r}")
        o = self._object(a["creature"])
        got = o.get("zone") if o else None
        return got == want, f"{a['creature']}: expected zone {want}, got {got}"

    def _a_game_over(self, a: dict) -> tuple[bool, str]:
        wf = self._waiting()
        if wf["type"] != "GameOver":
            return False, f"expected game over, engine waits for {wf['type']}"
        got = (wf.get("data") or {}).get("winner")
        if a.get("winner") is not None and got != int(a["winner"]):
            return False, f"expected winner {a['winner']}, got {got}"
        return True, f"game over, winner {got}"

    def _a_not_over(self, a: dict) -> tuple[bool, str]:
        t = self._waiting()["type"]
        return t != "GameOver", f"expected the game to go on, engine: {t}"

    def _a_phase(self, a: dict) -> tuple[bool, str]:
        if a["phase"] not in PHASES:
            raise StepError(f"unknown phase name {a['phase']!r}")
        return self.game.phase == a["phase"], f"expected phase {a['phase']}, got {self.game.phase}"

    def _a_hand(self, a: dict, at_least: bool) -> tuple[bool, str]:
        got, want = len(self._player(a)["hand"]), int(a["count"])
        ok = got >= want if at_least else got == want
        rel = "at least " if at_least else ""
        return ok, f"player {a['player']} hand: expected {rel}{want}, got {got}"

    def _a_damage(self, a: dict) -> tuple[bool, str]:
        o = self._object(a["creature"])
        got = o.get("damage_marked") if o else None
        return got == int(a["damage"]), f"{a['creature']} damage: expected {a['damage']}, got {got}"

    def _a_stack_empty(self, a: dict) -> tuple[bool, str]:
        n = len(self.game.stack())
        return n == 0, f"expected an empty stack, got {n} object(s)"

    def _a_priority(self, a: dict) -> tuple[bool, str]:
        got = self.game.state()["state"]["priority_player"]
        return got == int(a["player"]), f"expected priority player {a['player']}, got {got}"

    def _a_library(self, a: dict) -> tuple[bool, str]:
        got = len(self._player(a)["library"])
        return got == int(
            a["count"]
        ), f"player {a['player']} library: expected {a['count']}, got {got}"

    def _a_poison(self, a: dict) -> tuple[bool, str]:
        got = self._player(a)["poison_counters"]
        return got == int(
            a["count"]
        ), f"player {a['player']} poison: expected {a['count']}, got {got}"

    def _a_combat(self, a: dict, blocker: bool) -> tuple[bool, str]:
        oid = self._obj(a["creature"])
        combat = self.game.state()["state"].get("combat")
        if not combat:
            return False, "no combat in progress"
        if blocker:
            ok = str(oid) in {str(k) for k in (combat.get("blocker_to_attacker") or {})}
        else:
            ok = any(x.get("object_id") == oid for x in combat.get("attackers") or [])
        what = "blocker" if blocker else "attacker"
        return ok, f"{a['creature']} {'is' if ok else 'is not'} a declared {what}"

    def _a_keyword(self, a: dict) -> tuple[bool, str]:
        want = self.adapter.keyword(a["keyword"])
        o = self._object(a["creature"])
        got = (o or {}).get("keywords") or []
        ok = want in got
        return ok, f"{a['creature']} {'has' if ok else 'does not have'} keyword {a['keyword']}"

    def _a_command(self, a: dict) -> tuple[bool, str]:
        o = self._object(a["handle"])
        got = o.get("zone") if o else None
        return got == "Command", f"{a['handle']}: expected Command zone, got {got}"


_STEPS: dict[str, Callable[[PhaseSession, dict], None]] = {
    "pass_priority": PhaseSession._step_pass,
    "pass_both": PhaseSession._step_pass_both,
    "cast_lightning_bolt": PhaseSession._step_cast,
    "resolve_top": PhaseSession._step_resolve_top,
    "advance_until_stack_empty": PhaseSession._step_until_empty,
    "check_sbas": PhaseSession._step_check_sbas,
    "mark_damage": PhaseSession._step_mark_damage,
    "set_life": PhaseSession._step_set_life,
    "damage_player": PhaseSession._step_damage_player,
}

_ASSERTIONS: dict[str, Callable[[PhaseSession, dict], tuple[bool, str]]] = {
    "player_life": PhaseSession._a_life,
    "creature_zone": PhaseSession._a_zone,
    "creature_on_battlefield": lambda s, a: s._a_zone(a, "Battlefield"),
    "creature_in_graveyard": lambda s, a: s._a_zone(a, "Graveyard"),
    "game_over": PhaseSession._a_game_over,
    "game_not_over": PhaseSession._a_not_over,
    "phase_is": PhaseSession._a_phase,
    "hand_count_at_least": lambda s, a: s._a_hand(a, True),
    "hand_count_equals": lambda s, a: s._a_hand(a, False),
    "creature_damage": PhaseSession._a_damage,
    "stack_is_empty": PhaseSession._a_stack_empty,
    "priority_player": PhaseSession._a_priority,
    "library_count_equals": PhaseSession._a_library,
    "player_poison": PhaseSession._a_poison,
    "attacker_declared": lambda s, a: s._a_combat(a, False),
    "blocker_declared": lambda s, a: s._a_combat(a, True),
    "creature_has_keyword": PhaseSession._a_keyword,
    "in_command_zone": PhaseSession._a_command,
}
