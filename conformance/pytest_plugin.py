"""pytest plugin (entry point ``pytest11``): CR fixture files as test items run on an engine.

``pytest --cr-fixtures DIR [--cr-release R] [--cr-engine phase] [--cr-stale fail|warn]
[--cr-results FILE] [--cr-store PATH]``

Every ``cr_*.toml`` under DIR is one test whose id carries the rule number and variant
(``704/cr_704_5a_below_zero.toml::704.5a[below_zero]``). Fixtures whose status is
``skeleton``, ``deferred`` or ``not-applicable`` are skipped with the status as the reason.
With ``--cr-release`` each fixture is first checked against that release of the store
(:class:`mtgcr.conformance.fixtures.check.FixtureChecker`): one that is not ``current`` fails
with the check's verdict (``--cr-stale warn``: a warning, and the fixture still runs). An
executable fixture runs on the engine adapter (:mod:`mtgcr.conformance.engines`); a step or
assertion the adapter does not support is a failure, never a pass. ``--cr-results FILE``
writes every fixture's outcome for ``mtgcr fixtures coverage --results FILE``.

When pytest is given no paths, only DIR is collected; paths given are collected besides DIR.
Without ``--cr-fixtures`` the plugin does nothing (and imports nothing heavy).
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path
from typing import Any

import pytest

__all__ = ["StaleFixtureWarning", "FixtureItem", "FixtureFile"]


class StaleFixtureWarning(UserWarning):
    """A fixture that is not current against ``--cr-release`` (with ``--cr-stale warn``)."""


class FixtureFailure(Exception):
    """A fixture's failure: the message is the whole report (no traceback is shown)."""


def pytest_addoption(parser) -> None:
    """The ``--cr-*`` options."""
    g = parser.getgroup("mtgcr", "CR conformance fixtures (mtgcr)")
    g.addoption("--cr-fixtures", metavar="DIR", help="run the CR fixtures (cr_*.toml) under DIR")
    g.addoption(
        "--cr-release",
        metavar="R",
        help="check every fixture against this release of the mtgcr store first",
    )
    g.addoption(
        "--cr-engine",
        default="phase",
        metavar="NAME",
        help="engine adapter from the mtgcr.engines entry-point group (default: phase — the "
        "phase.rs engine, pip install 'mtgcr[phase]'; python-mtg — mtgcr fixtures engines "
        "--install python-mtg)",
    )
    g.addoption(
        "--cr-stale",
        choices=["fail", "warn"],
        default="fail",
        help="a fixture not current against --cr-release: fail (default) or warn",
    )
    g.addoption(
        "--cr-results",
        metavar="FILE",
        help="write each fixture's outcome (JSON) for 'mtgcr fixtures coverage --results'",
    )
    g.addoption(
        "--cr-store",
        metavar="PATH",
        help="the mtgcr store for --cr-release (default $MTGCR_STORE or the user store)",
    )


_STATE = pytest.StashKey[dict]()


def pytest_configure(config) -> None:
    """With ``--cr-fixtures``: check DIR, make it a collection root."""
    folder = config.getoption("--cr-fixtures", default=None)
    if not folder:
        return
    root = Path(folder).resolve()
    if not root.is_dir():
        raise pytest.UsageError(f"--cr-fixtures {folder}: no such folder")
    state: dict[str, Any] = {
        "root": root,
        "adapter": None,
        "adapter_error": None,
        "checker": None,
        "outcomes": {},
        "fixtures": {},
    }
    config.stash[_STATE] = state
    config.addinivalue_line("markers", "cr_rule(number): the CR rule a fixture tests")
    config.pluginmanager.register(_Recorder(state, config.rootpath), "mtgcr-cr-results")
    if config.args_source is not config.ArgsSource.ARGS:
        config.args[:] = [str(root)]
    elif not any(Path(a.split("::")[0]).resolve() == root for a in config.args):
        config.args.append(str(root))


def pytest_sessionstart(session) -> None:
    """With ``--cr-release``: open the store and resolve the release once (a usage error
    when the store or release is missing)."""
    config = session.config
    state = config.stash.get(_STATE, None)
    release = config.getoption("--cr-release")
    if state is None or not release:
        return
    from mtgcr.corpus.store import Store, StoreError, default_store_path
    from mtgcr.conformance.fixtures.check import FixtureChecker

    path = (
        config.getoption("--cr-store") or os.environ.get("MTGCR_STORE") or str(default_store_path())
    )
    try:
        store = Store(path, readonly=not os.access(path, os.W_OK))
        checker = FixtureChecker(store, release)
        checker.target_release()
    except StoreError as exc:
        raise pytest.UsageError(f"--cr-release {release}: {exc}") from None
    state["store"], state["checker"] = store, checker


def pytest_collect_file(file_path: Path, parent):
    """A :class:`FixtureFile` for each ``cr_*.toml`` under ``--cr-fixtures``."""
    state = parent.config.stash.get(_STATE, None)
    if state is None or file_path.suffix != ".toml" or not file_path.name.startswith("cr_"):
        return None
    if not _under(file_path, state["root"]):
        return None
    return FixtureFile.from_parent(parent, path=file_path)


def _under(path: Path, root: Path) -> bool:
    """Whether ``path`` is in the folder ``root`` (resolved), as written or once its links are
    followed (a folder reached through a link; a file that is itself a link, as in a strict
    editable install's tree of links)."""
    for form in (path.absolute(), path.resolve()):
        if form.is_relative_to(root):
            return True
    return False


class FixtureFile(pytest.File):
    """One fixture file: one :class:`FixtureItem`."""

    def collect(self):
        from mtgcr.conformance.fixtures.model import FixtureError
        from mtgcr.conformance.fixtures.tomlio import read_fixture

        try:
            fx = read_fixture(self.path)
        except FixtureError as exc:
            raise self.CollectError(str(exc)) from None
        yield FixtureItem.from_parent(self, name=fx.test_id, fixture=fx)


class FixtureItem(pytest.Item):
    """One fixture as a test."""

    def __init__(self, *, fixture, **kwargs) -> None:
        super().__init__(**kwargs)
        self.fixture = fixture
        self.add_marker(pytest.mark.cr_rule(str(fixture.rule)))
        from mtgcr.conformance.fixtures.model import SKIPPED_STATUSES

        if fixture.status in SKIPPED_STATUSES:  # reported at the fixture file, status as reason
            self.add_marker(pytest.mark.skip(reason=fixture.status.value))

    def _state(self) -> dict:
        return self.config.stash[_STATE]

    def _adapter(self):
        from mtgcr.conformance.engines import EngineError, load_adapter

        state = self._state()
        if state["adapter"] is None and state["adapter_error"] is None:
            name = self.config.getoption("--cr-engine")
            try:
                state["adapter"] = load_adapter(name)
            except EngineError as exc:
                state["adapter_error"] = str(exc)
        if state["adapter_error"]:
            raise FixtureFailure(
                f"engine {self.config.getoption('--cr-engine')}: {state['adapter_error']}"
            )
        return state["adapter"]

    def runtest(self) -> None:
        from mtgcr.crossref.anchor import AnchorError
        from mtgcr.conformance.engines import EngineError, Unsupported, run_fixture

        fx = self.fixture
        checker = self._state().get("checker")
        if checker is not None:
            try:
                res = checker.check(fx)
            except AnchorError as exc:
                raise FixtureFailure(f"cannot check against --cr-release: {exc}") from None
            if not res.is_current:
                msg = f"not current against {checker.target}: {res.summary()}"
                if self.config.getoption("--cr-stale") == "fail":
                    raise FixtureFailure(msg)
                warnings.warn(StaleFixtureWarning(msg), stacklevel=2)
        adapter = self._adapter()
        try:
            report = run_fixture(adapter, fx)
        except Unsupported as exc:
            raise FixtureFailure(f"unsupported by the {adapter.name} adapter: {exc}") from None
        except EngineError as exc:
            raise FixtureFailure(f"{adapter.name}: {exc}") from None
        if not report.passed:
            lines = [f"assertion {o.index} ({o.kind}): {o.message}" for o in report.failures()]
            raise FixtureFailure("\n".join(lines + ["steps:"] + [f"  {s}" for s in report.log]))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, FixtureFailure):
            return f"{self.fixture.path}: CR {self.fixture.test_id}: {excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"CR {self.fixture.test_id}"


class _Recorder:
    """Records each fixture's outcome for ``--cr-results`` (registered with
    ``--cr-fixtures`` only)."""

    def __init__(self, state: dict, rootpath: Path) -> None:
        self.state = state
        self.rootpath = rootpath

    def _fixture_of(self, nodeid: str):
        """The fixture of a report from another process (pytest-xdist: the controller does
        not collect), read from the file its node id names; ``None`` for other tests."""
        file_part = nodeid.split("::", 1)[0]
        if not (file_part.endswith(".toml") and Path(file_part).name.startswith("cr_")):
            return None
        path = (self.rootpath / file_part).resolve()
        try:
            path.relative_to(self.state["root"])
            from mtgcr.conformance.fixtures.tomlio import read_fixture

            return read_fixture(path)
        except (ValueError, OSError):
            return None

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_finish(self, session) -> None:
        for item in session.items:
            if isinstance(item, FixtureItem):
                self.state["fixtures"][item.nodeid] = item.fixture

    def pytest_runtest_logreport(self, report) -> None:
        from mtgcr.conformance.fixtures.results import Outcome

        if report.nodeid not in self.state["fixtures"]:
            fx = self._fixture_of(report.nodeid)
            if fx is None:
                return
            self.state["fixtures"][report.nodeid] = fx
        if report.when == "call" or (report.when == "setup" and not report.passed):
            if report.skipped:
                outcome = Outcome.SKIPPED
                msg = report.longrepr[2] if isinstance(report.longrepr, tuple) else ""
                msg = msg.removeprefix("Skipped: ")
            elif report.passed:
                outcome, msg = Outcome.PASSED, ""
            else:
                outcome = Outcome.FAILED if report.when == "call" else Outcome.ERROR
                msg = str(report.longrepr).splitlines()[0] if report.longrepr else ""
            self.state["outcomes"][report.nodeid] = (outcome, msg)


def pytest_sessionfinish(session) -> None:
    """Write ``--cr-results`` and close the store."""
    state = session.config.stash.get(_STATE, None)
    if state is None:
        return
    out = session.config.getoption("--cr-results")
    if out and not hasattr(session.config, "workerinput"):  # the xdist controller writes it
        from mtgcr.conformance.fixtures.results import FixtureOutcome, write_results

        rows = []
        for nodeid, fx in state["fixtures"].items():
            if nodeid not in state["outcomes"]:
                continue  # deselected or not run
            outcome, msg = state["outcomes"][nodeid]
            rows.append(FixtureOutcome(fx.path.resolve(), str(fx.rule), fx.variant, outcome, msg))
        write_results(
            Path(out),
            rows,
            session.config.getoption("--cr-engine"),
            session.config.getoption("--cr-release"),
        )
    store = state.get("store")
    if store is not None:
        store.close()
    adapter = state.get("adapter")
    if adapter is not None:
        adapter.close()
