"""Engine adapters: run a fixture's ``[setup]``, ``[[steps]]`` and ``[[assertions]]`` on a
real rules engine.

An adapter (:class:`EngineAdapter`) starts a game from ``[setup]`` (:meth:`EngineAdapter.start`),
and the returned :class:`GameSession` applies each step through the engine's own legal
actions (:meth:`GameSession.step`) and evaluates each assertion on the engine's state
(:meth:`GameSession.check`). A step or assertion the adapter does not know, or cannot do
with this engine, raises :class:`Unsupported` — an error, never a pass. Adapters are found
through the entry-point group ``mtgcr.engines`` (name → ``module:Class``), so an adapter for
another engine can live in a package of its own; :func:`engines` lists them and
:func:`load_adapter` loads one on demand (the engine wheel is imported only when used).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from mtgcr.conformance.fixtures.model import Fixture
from mtgcr.errors import EngineError

__all__ = [
    "EngineError",
    "Unsupported",
    "StepError",
    "AssertionOutcome",
    "RunReport",
    "GameSession",
    "EngineAdapter",
    "ENTRY_POINT_GROUP",
    "engines",
    "load_adapter",
    "run_fixture",
]

#: The entry-point group engine adapters register in (``pyproject.toml``:
#: ``[project.entry-points."mtgcr.engines"]``, ``phase = "mtgcr.conformance.engines.phase:PhaseAdapter"``).
ENTRY_POINT_GROUP = "mtgcr.engines"


def engines() -> dict[str, Any]:
    """The registered engine adapters: name → :class:`importlib.metadata.EntryPoint` (nothing
    is imported until one is loaded)."""
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


class Unsupported(EngineError):
    """A setup key, step action or assertion kind this adapter cannot run (an error for
    the fixture's test, never a pass)."""


class StepError(EngineError):
    """A step the engine did not allow (no such legal action now): the fixture's test fails."""


@dataclass(frozen=True)
class AssertionOutcome:
    """One assertion: its 1-based ``index``, ``kind``, whether it ``passed`` and a one-line
    ``message`` (what was expected and what the engine has)."""

    index: int
    kind: str
    passed: bool
    message: str


@dataclass
class RunReport:
    """A fixture's run: the assertions' outcomes and the steps applied (one line each)."""

    outcomes: list[AssertionOutcome] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """True when there was at least one assertion and every one passed."""
        return bool(self.outcomes) and all(o.passed for o in self.outcomes)

    def failures(self) -> list[AssertionOutcome]:
        """The assertions that failed."""
        return [o for o in self.outcomes if not o.passed]


class GameSession(ABC):
    """A game started from a fixture's ``[setup]``."""

    @abstractmethod
    def step(self, step: dict[str, Any]) -> str:
        """Apply one ``[[steps]]`` entry (tagged by ``action``); returns a one-line log.

        Raises:
            Unsupported: an action this adapter does not know.
            StepError: the engine has no such legal action now.
        """

    @abstractmethod
    def check(self, assertion: dict[str, Any]) -> tuple[bool, str]:
        """Evaluate one ``[[assertions]]`` entry (tagged by ``kind``): ``(passed, message)``.

        Raises:
            Unsupported: a kind this adapter does not know.
        """


class EngineAdapter(ABC):
    """A rules engine behind the fixture vocabulary."""

    #: the adapter's name (``--cr-engine``)
    name: str = ""

    @abstractmethod
    def start(self, setup: dict[str, Any]) -> GameSession:
        """A game set up as ``[setup]`` says.

        Raises:
            Unsupported: a setup key this adapter cannot honour.
            EngineError: the engine refused the setup.
        """

    def close(self) -> None:  # noqa: B027 - a hook with a default, not abstract
        """Release what the adapter holds (a worker process); nothing by default."""


def load_adapter(name: str) -> EngineAdapter:
    """The adapter registered as ``name`` in the ``mtgcr.engines`` entry-point group.

    Raises:
        EngineError: no such adapter, or its engine is not installed (the message says which
            package to install).
    """
    found = engines()
    if name not in found:
        known = ", ".join(sorted(found)) or "none: is mtgcr installed?"
        raise EngineError(f"no engine adapter {name!r} (known: {known})")
    return found[name].load()()


def run_fixture(adapter: EngineAdapter, fixture: Fixture) -> RunReport:
    """Set up, apply every step, evaluate every assertion of ``fixture``.

    Returns:
        The :class:`RunReport` (assertions evaluated after all steps, in file order).

    Raises:
        Unsupported: a setup key, step or assertion the adapter cannot run, or a fixture
            with no assertions (it could not fail).
        StepError: a step the engine did not allow (the message names the step's index).
        EngineError: the engine refused the setup.
    """
    data = fixture.data
    setup = data.get("setup", {})
    steps = data.get("steps", [])
    assertions = data.get("assertions", [])
    if (
        not isinstance(setup, dict)
        or not isinstance(steps, list)
        or not isinstance(assertions, list)
    ):
        raise Unsupported("[setup] must be a table, [[steps]] and [[assertions]] arrays of tables")
    if not assertions:
        raise Unsupported("no [[assertions]]: an executable fixture must assert something")
    session = adapter.start(setup)
    report = RunReport()
    for i, st in enumerate(steps, 1):
        try:
            report.log.append(session.step(st))
        except EngineError as exc:
            raise type(exc)(f"step {i} ({st.get('action', '?')}): {exc}") from None
    for i, a in enumerate(assertions, 1):
        try:
            ok, msg = session.check(a)
        except EngineError as exc:
            raise type(exc)(f"assertion {i} ({a.get('kind', '?')}): {exc}") from None
        report.outcomes.append(AssertionOutcome(i, str(a.get("kind", "?")), ok, msg))
    return report
