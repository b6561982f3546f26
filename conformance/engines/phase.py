"""The phase.rs rules engine through the ``phase-python`` wheel (import name ``phase``).

Format knowledge (phase-python 0.103, checked on the installed wheel): ``Engine.from_json``
takes a ``card-data.json`` object (lower-cased card name → the ``CardFace`` that
``phase.build_oracle_face(mtgjson_record, oracle_id)`` builds from an MTGJSON AtomicCards
record); ``engine.new_game(player=[names], opponent=[names], seed=…, first_player=…)``
starts at the mulligan prompt; ``game.actions()`` lists the legal ``GameAction``s (``kind``
``PassPriority``, ``PlayLand``, ``CastSpell``, ``ChooseTarget``, ``DeclareAttackers``,
``DeclareBlockers``, ``ChooseLegend``, ``MulliganDecision`` …, payload ``data``);
``game.apply(seat, action)``; ``game.waiting_for()`` (``{"type": "Priority" |
"TargetSelection" | "DeclareAttackers" | "ChooseLegend" | "GameOver", "data": …}``);
``game.player(seat)``, ``game.battlefield()``, ``game.graveyard(seat)``, ``game.hand(seat)``,
``game.stack()``, ``game.phase``, ``game.turn``; ``game.state()`` / ``engine.load_game(state)``
export and resume the whole game state.

How a fixture runs:

* **setup** — both players keep their opening hands; the game passes priority until the
  ``[setup] phase`` of turn 1 (default ``precombat_main``), then the position is arranged in
  the exported state and the game resumed from it: each ``[[setup.players]]`` entry's
  ``life``, ``poison``, ``hand`` (exact contents), ``library_top`` (top first) and
  ``battlefield`` (non-creature permanents, by name); each ``[[setup.creatures]]`` entry
  (``id`` an alias, ``player``, ``name``, optional ``power``/``toughness`` overrides,
  ``keywords``, ``summoning_sickness``, ``tapped``, ``damage``) is put onto the battlefield.
  Decks hold the cards named plus ``filler`` (default ``Plains``) up to ``deck_size`` (40).
  Setup arranges a position; it never decides an outcome: nothing is checked or resolved
  until a step gives the engine priority.
* **steps** — each is one or more of the engine's own legal actions: ``pass_priority``,
  ``pass_both``, ``check_sbas`` (the priority holder passes once: the engine checks
  state-based actions before a player receives priority, CR 117.5), ``play_land``,
  ``cast_spell`` / ``cast_lightning_bolt`` (``spell``, ``target_player`` or
  ``target_creature``), ``resolve_top``, ``advance_until_stack_empty``, ``advance_to``
  (``phase``, ``turn``; declares no attackers or blockers on the way), ``declare_attackers``
  (``attackers`` = aliases, ``target_player``), ``declare_blockers`` (``blockers`` = pairs
  ``[blocker, attacker]``), ``choose_legend`` (``keep``).
* **assertions** — ``player_life``, ``player_poison``, ``creature_in_graveyard``,
  ``creature_on_battlefield``, ``game_over`` (``winner``), ``game_not_over``, ``phase_is``,
  ``turn_is``, ``hand_count_equals``, ``library_count_equals``, ``stack_is_empty``,
  ``action_legal`` (``action`` = ``play_land`` | ``cast_spell`` | ``attack``, ``card`` or
  ``creature``, ``legal`` = true/false).

Players are seats ``0`` and ``1``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from mtgcr.conformance.engines import (
    EngineAdapter,
    EngineError,
    GameSession,
    StepError,
    Unsupported,
)
from mtgcr.conformance.engines.cards import path as cards_path

__all__ = ["PhaseAdapter", "PhaseSession", "PHASES", "card_data"]

#: fixture phase names → the engine's (the engine's own names are accepted too)
PHASES = {
    "untap": "Untap",
    "upkeep": "Upkeep",
    "draw": "Draw",
    "precombat_main": "PreCombatMain",
    "main1": "PreCombatMain",
    "begin_combat": "BeginCombat",
    "declare_attackers": "DeclareAttackers",
    "declare_blockers": "DeclareBlockers",
    "combat_damage": "CombatDamage",
    "end_combat": "EndCombat",
    "postcombat_main": "PostCombatMain",
    "main2": "PostCombatMain",
    "end": "End",
    "end_step": "End",
    "cleanup": "Cleanup",
}

_SETUP_KEYS = {"phase", "seed", "active_player", "players", "creatures", "filler", "deck_size"}
_PLAYER_KEYS = {"id", "life", "poison", "hand", "library_top", "battlefield"}
_CREATURE_KEYS = {
    "id",
    "player",
    "name",
    "power",
    "toughness",
    "keywords",
    "summoning_sickness",
    "tapped",
    "damage",
}
_MAX_PASSES = 400  # a step that passes priority this often without arriving is an error


def _phase_name(name: Any) -> str:
    if not isinstance(name, str):
        raise Unsupported(f"phase {name!r} is not a phase name")
    if name in PHASES.values():
        return name
    try:
        return PHASES[name.strip().lower()]
    except KeyError:
        raise Unsupported(f"unknown phase {name!r} (one of {', '.join(PHASES)})") from None


def _import_phase():
    try:
        import phase  # noqa: F401 - the engine wheel
    except ImportError as exc:
        raise EngineError(
            "the phase.rs engine is not installed: pip install 'mtgcr[phase]' "
            f"(the phase-python wheel) ({exc})"
        ) from None
    return phase


def card_data(records: list[dict[str, Any]]) -> dict[str, Any]:
    """``card-data.json`` for the engine from MTGJSON AtomicCards face records: lower-cased
    name → ``phase.build_oracle_face(record, None)``.

    Raises:
        EngineError: the engine rejects a record (the message names the card).
    """
    phase = _import_phase()
    out = {}
    for rec in records:
        try:
            out[rec["name"].lower()] = phase.build_oracle_face(rec, None)
        except (ValueError, KeyError, TypeError) as exc:
            raise EngineError(
                f"card {rec.get('name', '?')!r}: the engine rejects the record ({exc})"
            ) from None
    return out


def read_atomic_cards(path: Path) -> list[dict[str, Any]]:
    """The face records of an MTGJSON AtomicCards-shaped file (``{"data": {name: [faces]}}``).

    Raises:
        EngineError: not JSON or not that shape (the message names the file).
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return [face for faces in data["data"].values() for face in faces]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise EngineError(f"{path}: not an MTGJSON AtomicCards file ({exc})") from None


class PhaseAdapter(EngineAdapter):
    """phase.rs with the bundled card records (:mod:`mtgcr.conformance.engines.cards`) and any
    more AtomicCards files given.

    Args:
        card_files: further MTGJSON AtomicCards-shaped files.

    Raises:
        EngineError: phase-python is not installed, or a card record is rejected.
    """

    name = "phase"

    def __init__(self, card_files: tuple[Path, ...] = ()) -> None:
        phase = _import_phase()
        records = read_atomic_cards(cards_path())
        for f in card_files:
            records += read_atomic_cards(f)
        self.cards = card_data(records)
        self.engine = phase.Engine.from_json(json.dumps(self.cards))

    def start(self, setup: dict[str, Any]) -> "PhaseSession":
        """A game arranged as ``setup`` says (see the module docstring)."""
        return PhaseSession(self, setup)


class PhaseSession(GameSession):
    """One game on phase.rs, set up from a fixture's ``[setup]``."""

    def __init__(self, adapter: PhaseAdapter, setup: dict[str, Any]) -> None:
        self.adapter = adapter
        unknown = set(setup) - _SETUP_KEYS
        if unknown:
            raise Unsupported(
                f"[setup] keys not supported by the phase adapter: {', '.join(sorted(unknown))}"
            )
        players = {p.get("id", i): p for i, p in enumerate(setup.get("players", []))}
        creatures = list(setup.get("creatures", []))
        for p in players.values():
            bad = set(p) - _PLAYER_KEYS
            if bad:
                raise Unsupported(f"[[setup.players]] keys not supported: {', '.join(sorted(bad))}")
        for c in creatures:
            bad = set(c) - _CREATURE_KEYS
            if bad:
                raise Unsupported(
                    f"[[setup.creatures]] keys not supported: {', '.join(sorted(bad))}"
                )
            if "name" not in c:
                raise Unsupported("a [[setup.creatures]] entry needs a card 'name'")
        if set(players) - {0, 1} or any(c.get("player", 0) not in (0, 1) for c in creatures):
            raise Unsupported("the phase adapter plays two-player games: players are 0 and 1")
        filler = self.filler = setup.get("filler", "Plains")
        size = int(setup.get("deck_size", 40))
        decks: list[list[str]] = [[], []]
        for seat in (0, 1):
            p = players.get(seat, {})
            names = (
                list(p.get("hand", []))
                + list(p.get("library_top", []))
                + list(p.get("battlefield", []))
                + [c["name"] for c in creatures if c.get("player", 0) == seat]
            )
            for n in names:
                self._known(n)
            self._known(filler)
            decks[seat] = names + [filler] * max(size - len(names), 7)
        phase_name = _phase_name(setup.get("phase", "precombat_main"))
        active = int(setup.get("active_player", 0))
        game = adapter.engine.new_game(
            player=decks[0], opponent=decks[1], seed=int(setup.get("seed", 42)), first_player=active
        )
        while game.waiting_for()["type"] == "MulliganDecision":
            seat = game.waiting_for()["data"]["pending"][0]["player"]
            keep = [a for a in game.actions() if a.data["choice"]["type"] == "Keep"]
            game.apply(seat, keep[0])
        self.game = game
        self._advance(
            lambda: self.game.phase == phase_name,
            f"{phase_name} of turn 1",
            declare_nothing=False,
            max_turn=1,
        )
        self.aliases: dict[Any, int] = {}
        self.game = self._arrange(players, creatures)

    # -- setup ----------------------------------------------------------------------------
    def _known(self, name: str) -> None:
        if not isinstance(name, str) or name.lower() not in self.adapter.cards:
            raise Unsupported(
                f"card {name!r} has no card record (bundled: "
                f"{', '.join(sorted(c['name'] for c in self.adapter.cards.values()))})"
            )

    def _arrange(self, players: dict, creatures: list) -> Any:
        st = self.game.state()
        s = st["state"]
        objs = s["objects"]
        turn = s["turn_number"]

        def take(seat: int, name: str) -> dict:
            """An object named ``name`` out of the library, else out of the opening hand
            (then a filler card from the library takes its place there)."""
            ps = s["players"][seat]
            for oid in ps["library"]:
                o = objs[str(oid)]
                if o["name"].lower() == name.lower():
                    ps["library"].remove(oid)
                    return o
            for i, oid in enumerate(ps["hand"]):
                o = objs[str(oid)]
                if o["name"].lower() == name.lower():
                    swap = next(
                        (
                            x
                            for x in ps["library"]
                            if objs[str(x)]["name"].lower() == self.filler.lower()
                        ),
                        None,
                    )
                    if swap is None:
                        break
                    ps["library"].remove(swap)
                    ps["hand"][i] = swap
                    objs[str(swap)]["zone"] = "Hand"
                    return o
            raise Unsupported(
                f"player {seat}: no {name!r} left in the deck to place (raise deck_size?)"
            )

        for seat, p in players.items():
            ps = s["players"][seat]
            if "life" in p:
                ps["life"] = int(p["life"])
            if "poison" in p:
                ps["poison_counters"] = int(p["poison"])
            if "hand" in p:
                for oid in list(ps["hand"]):  # back to the bottom of the library
                    ps["hand"].remove(oid)
                    ps["library"].append(oid)
                    objs[str(oid)]["zone"] = "Library"
                for name in p["hand"]:
                    o = take(seat, name)
                    o["zone"] = "Hand"
                    ps["hand"].append(o["id"])
            for name in reversed(list(p.get("library_top", []))):
                o = take(seat, name)
                ps["library"].insert(0, o["id"])
            for name in p.get("battlefield", []):
                o = take(seat, name)
                self._to_battlefield(s, o, sick=False, turn=turn)
        for i, c in enumerate(creatures):
            seat = int(c.get("player", 0))
            o = take(seat, c["name"])
            sick = bool(c.get("summoning_sickness", False))
            self._to_battlefield(s, o, sick=sick, turn=turn)
            for key in ("power", "toughness"):
                if key in c:
                    v = int(c[key])
                    o[key] = o[f"base_{key}"] = o[f"layer_base_{key}"] = v
            if "keywords" in c:
                o["keywords"] = o["base_keywords"] = list(c["keywords"])
            if c.get("tapped"):
                o["tapped"] = True
            if "damage" in c:
                o["damage_marked"] = int(c["damage"])
            self.aliases[c.get("id", f"creature{i + 1}")] = o["id"]
        return self.adapter.engine.load_game(st)

    @staticmethod
    def _to_battlefield(s: dict, o: dict, sick: bool, turn: int) -> None:
        o["zone"] = "Battlefield"
        s["battlefield"].append(o["id"])
        o["entered_battlefield_turn"] = turn if sick else max(turn - 1, 0)
        o["summoning_sick"] = o["has_summoning_sickness"] = sick

    # -- engine helpers -------------------------------------------------------------------
    def _waiting(self) -> str:
        return self.game.waiting_for()["type"]

    def _holder(self) -> int:
        wf = self.game.waiting_for()
        if wf["type"] == "GameOver":
            raise StepError("the game is over")
        data = wf.get("data") or {}
        if isinstance(data, dict) and "player" in data:
            return int(data["player"])
        return int(self.game.priority_player())

    def _apply(self, action, seat: int | None = None) -> None:
        self.game.apply(self._holder() if seat is None else seat, action)

    def _pass(self) -> None:
        if self._waiting() != "Priority":
            raise StepError(f"cannot pass priority: the engine is waiting for {self._waiting()}")
        acts = [a for a in self.game.actions() if a.kind == "PassPriority"]
        if not acts:  # pragma: no cover - the engine always offers a pass with priority
            raise StepError("no PassPriority action")
        self._apply(acts[0])

    def _no_declaration(self) -> bool:
        """Declare no attackers / blockers when the engine asks (advancing)."""
        kind = self._waiting()
        if kind in ("DeclareAttackers", "DeclareBlockers"):
            key = "attacks" if kind == "DeclareAttackers" else "assignments"
            none = [
                a for a in self.game.actions() if a.kind == kind and not (a.data or {}).get(key)
            ]
            if not none:
                raise StepError(f"the engine asks for {kind} and offers no empty declaration")
            self._apply(none[0])
            return True
        return False

    def _advance(
        self,
        done: Callable[[], bool],
        what: str,
        declare_nothing: bool = True,
        max_turn: int | None = None,
    ) -> int:
        n = 0
        while not done():
            if self._waiting() == "GameOver":
                raise StepError(f"the game ended before {what}")
            if max_turn is not None and self.game.turn > max_turn:
                raise Unsupported(f"the engine never gave priority in {what}")
            if not (declare_nothing and self._no_declaration()):
                self._pass()
            n += 1
            if n > _MAX_PASSES:
                raise StepError(f"{what} not reached after {_MAX_PASSES} passes")
        return n

    def _obj(self, ref: Any) -> int:
        if ref in self.aliases:
            return self.aliases[ref]
        raise Unsupported(
            f"no creature {ref!r} in [[setup.creatures]] (ids: "
            f"{', '.join(map(str, self.aliases)) or 'none'})"
        )

    def _zone_of(self, oid: int) -> str | None:
        try:
            o = self.game.object(oid)
        except Exception:
            return None
        return o.get("zone") if isinstance(o, dict) else None

    # -- steps ----------------------------------------------------------------------------
    def step(self, step: dict[str, Any]) -> str:
        """Apply one step (see the module docstring for the actions)."""
        action = step.get("action")
        fn = _STEPS.get(str(action))
        if fn is None:
            raise Unsupported(
                f"step action {action!r} is not supported by the phase adapter "
                f"(supported: {', '.join(sorted(_STEPS))})"
            )
        fn(self, step)
        return f"{action}: turn {self.game.turn} {self.game.phase}, waiting for {self._waiting()}"

    def _step_pass(self, st: dict) -> None:
        if "player" in st and self._holder() != int(st["player"]):
            raise StepError(
                f"player {st['player']} does not have priority (player {self._holder()} does)"
            )
        self._pass()

    def _step_pass_both(self, st: dict) -> None:
        self._pass()
        if self._waiting() == "Priority":
            self._pass()

    def _step_play_land(self, st: dict) -> None:
        name = st.get("card") or st.get("land")
        seat = int(st.get("player", self._holder()))
        act = self._find_card_action("PlayLand", seat, name)
        if act is None:
            raise StepError(f"player {seat} has no legal land play of {name!r}")
        self._apply(act, seat)

    def _find_card_action(self, kind: str, seat: int, name: str | None):
        if self._holder() != seat:
            return None
        for a in self.game.actions():
            if a.kind != kind:
                continue
            oid = (a.data or {}).get("object_id")
            o = self.game.object(oid) if oid is not None else None
            if name is None or (o and o.get("name", "").lower() == str(name).lower()):
                return a
        return None

    def _step_cast(self, st: dict) -> None:
        name = st.get("spell") or st.get("card") or "Lightning Bolt"
        seat = int(st.get("player", self._holder()))
        act = self._find_card_action("CastSpell", seat, name)
        if act is None:
            raise StepError(f"player {seat} cannot cast {name!r} now")
        self._apply(act, seat)
        if "target_player" in st:
            target = {"Player": int(st["target_player"])}
        elif "target_creature" in st:
            target = {"Object": self._obj(st["target_creature"])}
        else:
            target = None
        while self._waiting() == "TargetSelection":
            if target is None:
                raise StepError(f"{name} needs a target (target_player or target_creature)")
            hits = [
                a
                for a in self.game.actions()
                if a.kind == "ChooseTarget" and (a.data or {}).get("target") == target
            ]
            if not hits:
                raise StepError(f"{target} is not a legal target for {name}")
            self._apply(hits[0], seat)
            target = None

    def _step_resolve_top(self, st: dict) -> None:
        n = len(self.game.stack())
        if n == 0:
            raise StepError("the stack is empty")
        self._advance(
            lambda: len(self.game.stack()) < n or self._waiting() != "Priority",
            "the top of the stack resolving",
            declare_nothing=False,
        )

    def _step_until_empty(self, st: dict) -> None:
        self._advance(
            lambda: not self.game.stack() or self._waiting() == "GameOver",
            "an empty stack",
            declare_nothing=False,
        )

    def _step_advance_to(self, st: dict) -> None:
        target = _phase_name(st.get("phase"))
        turn = st.get("turn")

        def there() -> bool:
            if self._waiting() == "GameOver":
                return True
            if turn is not None and self.game.turn != int(turn):
                return False
            if target == "DeclareAttackers" and self._waiting() == "DeclareAttackers":
                return True
            if target == "DeclareBlockers" and self._waiting() == "DeclareBlockers":
                return True
            return self.game.phase == target and self._waiting() == "Priority"

        self._advance(there, f"{target}" + (f" of turn {turn}" if turn else ""))

    def _step_declare_attackers(self, st: dict) -> None:
        if self._waiting() != "DeclareAttackers":
            raise StepError(
                f"the engine is not asking for attackers (waiting for {self._waiting()})"
            )
        want = sorted(self._obj(a) for a in st.get("attackers", []))
        defender = st.get("target_player")
        for a in self.game.actions():
            if a.kind != "DeclareAttackers":
                continue
            attacks = (a.data or {}).get("attacks", [])
            ids = sorted(x[0] for x in attacks)
            if ids != want:
                continue
            if defender is not None and any(
                x[1] != {"type": "Player", "data": int(defender)} for x in attacks
            ):
                continue
            self._apply(a)
            return
        raise StepError(f"attack by {st.get('attackers')} is not a legal declaration")

    def _step_declare_blockers(self, st: dict) -> None:
        if self._waiting() != "DeclareBlockers":
            raise StepError(
                f"the engine is not asking for blockers (waiting for {self._waiting()})"
            )
        want = sorted([self._obj(b), self._obj(a)] for b, a in st.get("blockers", []))
        for a in self.game.actions():
            if a.kind != "DeclareBlockers":
                continue
            got = sorted([int(x[0]), int(x[1])] for x in (a.data or {}).get("assignments", []))
            if got == want:
                self._apply(a)
                return
        raise StepError(f"blocks {st.get('blockers')} are not a legal declaration")

    def _step_choose_legend(self, st: dict) -> None:
        if self._waiting() != "ChooseLegend":
            raise StepError(
                f"the engine is not asking which legend to keep (waiting for {self._waiting()})"
            )
        keep = self._obj(st.get("keep"))
        hits = [
            a
            for a in self.game.actions()
            if a.kind == "ChooseLegend" and (a.data or {}).get("keep") == keep
        ]
        if not hits:
            raise StepError(f"{st.get('keep')!r} is not one of the legends to choose from")
        self._apply(hits[0])

    # -- assertions -----------------------------------------------------------------------
    def check(self, a: dict[str, Any]) -> tuple[bool, str]:
        """Evaluate one assertion (see the module docstring for the kinds)."""
        kind = a.get("kind")
        fn = _ASSERTIONS.get(str(kind))
        if fn is None:
            raise Unsupported(
                f"assertion kind {kind!r} is not supported by the phase adapter "
                f"(supported: {', '.join(sorted(_ASSERTIONS))})"
            )
        return fn(self, a)

    @staticmethod
    def _expect(a: dict, *keys: str):
        for k in keys:
            if k in a:
                return a[k]
        raise Unsupported(f"{a.get('kind')} needs '{keys[0]}'")

    def _a_life(self, a: dict) -> tuple[bool, str]:
        seat, want = int(a.get("player", 0)), int(self._expect(a, "life", "equals", "value"))
        got = self.game.player(seat)["life"]
        return got == want, f"player {seat} life: expected {want}, engine has {got}"

    def _a_poison(self, a: dict) -> tuple[bool, str]:
        seat, want = int(a.get("player", 0)), int(self._expect(a, "count", "poison", "equals"))
        got = self.game.player(seat)["poison_counters"]
        return got == want, f"player {seat} poison counters: expected {want}, engine has {got}"

    def _a_zone(self, a: dict, zone: str) -> tuple[bool, str]:
        ref = self._expect(a, "creature", "id")
        got = self._zone_of(self._obj(ref))
        return got == zone, f"creature {ref!r}: expected in {zone}, engine has it in {got}"

    def _a_game_over(self, a: dict) -> tuple[bool, str]:
        wf = self.game.waiting_for()
        if wf["type"] != "GameOver":
            return False, f"expected the game to be over, engine is waiting for {wf['type']}"
        got = (wf.get("data") or {}).get("winner")
        if "winner" in a and got != int(a["winner"]):
            return False, f"expected winner {a['winner']}, engine says {got}"
        return True, f"game over, winner {got}"

    def _a_not_over(self, a: dict) -> tuple[bool, str]:
        t = self._waiting()
        return t != "GameOver", f"expected the game to go on, engine: {t}"

    def _a_phase(self, a: dict) -> tuple[bool, str]:
        want = _phase_name(self._expect(a, "phase"))
        return self.game.phase == want, f"expected {want}, engine is in {self.game.phase}"

    def _a_turn(self, a: dict) -> tuple[bool, str]:
        want = int(self._expect(a, "turn"))
        return self.game.turn == want, f"expected turn {want}, engine is in turn {self.game.turn}"

    def _a_hand(self, a: dict) -> tuple[bool, str]:
        seat, want = int(a.get("player", 0)), int(self._expect(a, "count", "equals"))
        got = len(self.game.hand(seat))
        return got == want, f"player {seat} hand: expected {want} cards, engine has {got}"

    def _a_library(self, a: dict) -> tuple[bool, str]:
        seat, want = int(a.get("player", 0)), int(self._expect(a, "count", "equals"))
        got = len(self.game.player(seat)["library"])
        return got == want, f"player {seat} library: expected {want} cards, engine has {got}"

    def _a_stack_empty(self, a: dict) -> tuple[bool, str]:
        n = len(self.game.stack())
        return n == 0, f"expected an empty stack, engine has {n} object(s) on it"

    def _a_action_legal(self, a: dict) -> tuple[bool, str]:
        what = self._expect(a, "action")
        want = bool(a.get("legal", True))
        if what == "attack":
            ref = self._expect(a, "creature")
            wf = self.game.waiting_for()
            if wf["type"] != "DeclareAttackers":
                raise Unsupported(
                    f"action_legal attack: the engine is not asking for attackers "
                    f"(waiting for {wf['type']}); advance_to declare_attackers first"
                )
            got = self._obj(ref) in wf["data"].get("valid_attacker_ids", [])
            label = f"creature {ref!r} attacking"
        elif what in ("play_land", "cast_spell"):
            name = self._expect(a, "card")
            seat = int(a.get("player", self._holder()))
            kind = "PlayLand" if what == "play_land" else "CastSpell"
            got = self._find_card_action(kind, seat, name) is not None
            label = f"player {seat} {what} {name!r}"
        else:
            raise Unsupported(f"action_legal: action {what!r} (play_land, cast_spell or attack)")
        return got == want, (
            f"{label}: expected {'legal' if want else 'not legal'}, engine "
            f"says {'legal' if got else 'not legal'}"
        )


_STEPS: dict[str, Callable[[PhaseSession, dict], None]] = {
    "pass_priority": PhaseSession._step_pass,
    "pass_both": PhaseSession._step_pass_both,
    "check_sbas": PhaseSession._step_pass,
    "play_land": PhaseSession._step_play_land,
    "cast_spell": PhaseSession._step_cast,
    "cast_lightning_bolt": PhaseSession._step_cast,
    "resolve_top": PhaseSession._step_resolve_top,
    "advance_until_stack_empty": PhaseSession._step_until_empty,
    "advance_to": PhaseSession._step_advance_to,
    "declare_attackers": PhaseSession._step_declare_attackers,
    "declare_blockers": PhaseSession._step_declare_blockers,
    "choose_legend": PhaseSession._step_choose_legend,
}

_ASSERTIONS: dict[str, Callable[[PhaseSession, dict], tuple[bool, str]]] = {
    "player_life": PhaseSession._a_life,
    "player_poison": PhaseSession._a_poison,
    "creature_in_graveyard": lambda s, a: s._a_zone(a, "Graveyard"),
    "creature_on_battlefield": lambda s, a: s._a_zone(a, "Battlefield"),
    "game_over": PhaseSession._a_game_over,
    "game_not_over": PhaseSession._a_not_over,
    "phase_is": PhaseSession._a_phase,
    "turn_is": PhaseSession._a_turn,
    "hand_count_equals": PhaseSession._a_hand,
    "library_count_equals": PhaseSession._a_library,
    "stack_is_empty": PhaseSession._a_stack_empty,
    "action_legal": PhaseSession._a_action_legal,
}
