"""Running fixtures on several engines: the matrix fixture × engine → outcome, and the fixtures on
which the engines disagree.

A fixture states what the Comprehensive Rules say happens (its rule, its ``[setup]``, ``[[steps]]``
and ``[[assertions]]``). Each engine's run ends as one :class:`~mtgcr.conformance.fixtures.results.Outcome`:
``passed`` (every assertion holds), ``failed`` (an assertion does not), ``error`` (the engine
refused the setup or a step the fixture takes), ``unsupported`` (the adapter cannot express a step
or assertion on that engine: no verdict), ``skipped`` (a fixture that is not ``executable``).

A *disagreement* is a fixture two engines both ran (passed, failed or error) with different
results. It is read against the rule text: the engine that passes does what the fixture, written
from the rule, says; the one that fails is a candidate engine bug (or the fixture is wrong — the
report shows the rule text, the notes and each engine's message so a person can tell).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Iterable

from mtgcr.conformance.engines import (
    EngineAdapter,
    EngineError,
    StepError,
    Unsupported,
    load_adapter,
    run_fixture,
)
from mtgcr.conformance.fixtures.model import Fixture, FixtureStatus
from mtgcr.conformance.fixtures.results import Outcome

__all__ = ["Cell", "Row", "Disagreement", "Matrix", "run_one", "run_matrix", "RAN"]

#: Outcomes that are a verdict of the engine (the others are no verdict).
RAN = frozenset({Outcome.PASSED, Outcome.FAILED, Outcome.ERROR})


@dataclass(frozen=True)
class Cell:
    """One fixture on one engine: the ``outcome``, a one-line ``message`` (the failed assertions,
    the refused step, what is unsupported, the skipped status) and the run's ``seconds``."""

    engine: str
    outcome: Outcome
    message: str = ""
    seconds: float = 0.0

    def to_json(self) -> dict:
        """``{outcome, message, seconds}``."""
        return {
            "outcome": self.outcome.value,
            "message": self.message,
            "seconds": round(self.seconds, 4),
        }


@dataclass
class Row:
    """A fixture and its cell per engine."""

    fixture: Fixture
    cells: dict[str, Cell] = field(default_factory=dict)


@dataclass(frozen=True)
class Disagreement:
    """A fixture the engines ran with different results.

    Attributes:
        row: the fixture and its cells.
        passing: the engines that pass it (they do what the fixture says).
        failing: the engines that fail it or refuse a step (candidate bugs).
        rule_text: the rule's text (the fixture's own, or the release's when the caller gave
            one), ``""`` when neither is known.
    """

    row: Row
    passing: tuple[str, ...]
    failing: tuple[str, ...]
    rule_text: str = ""

    def reading(self) -> str:
        """The finding in a few lines: the rule, what the fixture checks, and each engine."""
        fx = self.row.fixture
        lines = [f"CR {fx.rule}" + (f' — "{self.rule_text}"' if self.rule_text else "")]
        if fx.notes:
            lines.append(f"  fixture ({fx.path.name}): {fx.notes}")
        for e in self.passing:
            lines.append(f"  {e}: passes (does what the fixture, read from the rule, says)")
        for e in self.failing:
            c = self.row.cells[e]
            lines.append(f"  {e}: {c.outcome.value} — {c.message} → candidate {e} bug")
        return "\n".join(lines)

    def to_json(self) -> dict:
        """``{path, rule, variant, rule_text, notes, passing, failing: {engine: message}}``."""
        fx = self.row.fixture
        return {
            "path": str(fx.path),
            "rule": str(fx.rule),
            "variant": fx.variant,
            "rule_text": self.rule_text,
            "notes": fx.notes,
            "passing": list(self.passing),
            "failing": {e: self.row.cells[e].message for e in self.failing},
        }


@dataclass
class Matrix:
    """The runs of some fixtures on some engines.

    Attributes:
        engines: the engine names, in the order asked.
        rows: one :class:`Row` per fixture, in path order.
        seconds: each engine's total run time (start-up included), in seconds.
        versions: each engine's version, where the adapter knows it.
        not_available: engines that could not be started → why.
    """

    engines: list[str]
    rows: list[Row] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    versions: dict[str, str] = field(default_factory=dict)
    not_available: dict[str, str] = field(default_factory=dict)

    def counts(self, engine: str) -> dict[Outcome, int]:
        """How many fixtures ended in each outcome on ``engine``."""
        out = {o: 0 for o in Outcome}
        for r in self.rows:
            c = r.cells.get(engine)
            if c is not None:
                out[c.outcome] += 1
        return out

    def disagreements(
        self, rule_text: Callable[[Fixture], str] | None = None
    ) -> list[Disagreement]:
        """The fixtures on which two engines that both ran differ (see the module docstring).

        Args:
            rule_text: the rule's text for a fixture (e.g. from a store); default the fixture's
                own ``text``.
        """
        found = []
        for r in self.rows:
            ran = {e: c for e, c in r.cells.items() if c.outcome in RAN}
            passing = tuple(
                e for e in self.engines if e in ran and ran[e].outcome is Outcome.PASSED
            )
            failing = tuple(
                e for e in self.engines if e in ran and ran[e].outcome is not Outcome.PASSED
            )
            if passing and failing:
                text = (rule_text(r.fixture) if rule_text else "") or r.fixture.text
                found.append(Disagreement(r, passing, failing, text))
        return found

    def to_json(self, rule_text: Callable[[Fixture], str] | None = None) -> dict:
        """``{format, engines: [{name, version, seconds, counts}], not_available, fixtures:
        [{path, rule, variant, status, results: {engine: cell}}], disagreements: [...]}``."""
        return {
            "format": "mtgcr-fixture-matrix/1",
            "engines": [
                {
                    "name": e,
                    "version": self.versions.get(e),
                    "seconds": round(self.seconds.get(e, 0.0), 3),
                    "counts": {o.value: n for o, n in self.counts(e).items()},
                }
                for e in self.engines
            ],
            "not_available": self.not_available,
            "fixtures": [
                {
                    "path": str(r.fixture.path),
                    "rule": str(r.fixture.rule),
                    "variant": r.fixture.variant,
                    "status": r.fixture.status.value,
                    "results": {e: c.to_json() for e, c in r.cells.items()},
                }
                for r in self.rows
            ],
            "disagreements": [d.to_json() for d in self.disagreements(rule_text)],
        }


def run_one(adapter: EngineAdapter, engine: str, fx: Fixture) -> Cell:
    """Run ``fx`` on ``adapter`` and classify the end (never raises for the fixture's sake)."""
    if fx.status is not FixtureStatus.EXECUTABLE:
        return Cell(engine, Outcome.SKIPPED, fx.status.value)
    t0 = time.perf_counter()
    try:
        report = run_fixture(adapter, fx)
    except Unsupported as exc:
        return Cell(engine, Outcome.UNSUPPORTED, str(exc), time.perf_counter() - t0)
    except StepError as exc:
        return Cell(engine, Outcome.ERROR, str(exc), time.perf_counter() - t0)
    except EngineError as exc:
        return Cell(engine, Outcome.ERROR, str(exc), time.perf_counter() - t0)
    took = time.perf_counter() - t0
    if report.passed:
        return Cell(engine, Outcome.PASSED, "", took)
    msg = "; ".join(f"assertion {o.index} ({o.kind}): {o.message}" for o in report.failures())
    return Cell(engine, Outcome.FAILED, msg, took)


def run_matrix(
    fixtures: Iterable[Fixture],
    engines: list[str],
    adapters: dict[str, EngineAdapter] | None = None,
    on_fixture: Callable[[str, int, int], None] | None = None,
) -> Matrix:
    """Run every fixture on every engine.

    Args:
        fixtures: the fixtures (non-executable ones are ``skipped`` on every engine).
        engines: engine names registered in the ``mtgcr.engines`` entry-point group.
        adapters: adapters already made, by name (tests; the caller closes them); the others
            are loaded with :func:`~mtgcr.conformance.engines.load_adapter` and closed here.
        on_fixture: progress callback ``(engine, done, total)``.

    Returns:
        The :class:`Matrix`. An engine that cannot be started (not installed) is listed in
        ``not_available`` with the reason, and has no cells.
    """
    rows = [Row(fx) for fx in sorted(fixtures, key=lambda f: f.path)]
    m = Matrix(list(engines), rows)
    for name in engines:
        t0 = time.perf_counter()
        own = adapters is None or name not in adapters
        try:
            adapter = load_adapter(name) if own else adapters[name]  # type: ignore[index]
        except EngineError as exc:
            m.not_available[name] = str(exc)
            continue
        m.versions[name] = str(getattr(adapter, "version", "") or "")
        try:
            for i, r in enumerate(rows, 1):
                r.cells[name] = run_one(adapter, name, r.fixture)
                if on_fixture:
                    on_fixture(name, i, len(rows))
        finally:
            if own:
                adapter.close()
        m.seconds[name] = time.perf_counter() - t0
    return m
