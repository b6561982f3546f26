"""``mtgcr fixtures run|mutate|validate|export|engines``: running fixtures on engines, the mutation
test, phase's strict schema check, the exports for Forge and XMage, and the engines installed.

The library functions are in :mod:`mtgcr.conformance` (``run``, ``junit``, ``fixtures.mutation``,
``fixtures.schema``, ``export``, ``engines``); this module only reads the arguments, calls them and
prints. Registered by :func:`mtgcr.cli.commands.fixtures.register`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mtgcr.cli.output import console, err_console, print_json, table
from mtgcr.errors import BadArgument, EngineError, MtgcrError


def register(fsub) -> None:
    """Add the ``run``, ``mutate``, ``validate``, ``export`` and ``engines`` subcommands."""
    _add_run(fsub)
    _add_mutate(fsub)
    _add_validate(fsub)
    _add_export(fsub)
    _add_engines(fsub)


def _add_run(fsub) -> None:
    """Add ``fixtures run`` to the subcommand parsers ``fsub``."""
    r = fsub.add_parser(
        "run",
        help="run fixtures on one or more engines: the pass/fail/unsupported matrix",
        description="Run every executable fixture under DIR on each engine given (engines are "
        "registered in the mtgcr.engines entry-point group: phase, python-mtg …) and show the "
        "matrix fixture × engine → passed / failed / error (a step the engine refused) / "
        "unsupported (the adapter cannot express it), with the fixtures on which the engines "
        "disagree read against the rule text (--release R takes the text from the store for "
        "fixtures that carry none). --format junit writes JUnit XML for CI. Exit status 0 when "
        "every executable fixture passes on every engine that could run it, 1 when one fails, "
        "2 on an error. Example: mtgcr fixtures run cr-suite --engine phase --engine python-mtg "
        "--format junit --out conformance.xml",
    )
    r.add_argument("dir", metavar="DIR")
    r.add_argument(
        "--engine",
        action="append",
        default=[],
        metavar="NAME",
        help="an engine (repeatable; default phase)",
    )
    r.add_argument("--format", choices=["text", "json", "junit"], default="text")
    r.add_argument("--release", "-r", metavar="R", help="the rule texts of disagreements from R")
    r.add_argument("--rule", action="append", default=[], metavar="N", help="only these rules")
    r.set_defaults(func=run_run)


def _add_mutate(fsub) -> None:
    """Add ``fixtures mutate`` to the subcommand parsers ``fsub``."""
    m = fsub.add_parser(
        "mutate",
        help="mutation test: each passing fixture must fail when mutated",
        description="Run the mutants of every executable fixture that passes on ENGINE: its "
        'declared mutation ([meta] mutation = "PATH = VALUE", the decisive setup value or '
        "step) and, unless --declared-only, one mutant per assertion whose expected value can "
        "change. A mutant is killed when its run fails. Prints the kill rate and the "
        "survivors. Exit status 0 when every mutant is killed, 1 otherwise, 2 on an error. "
        "Example: mtgcr fixtures mutate cr-suite --engine phase",
    )
    m.add_argument("dir", metavar="DIR")
    m.add_argument("--engine", default="phase", metavar="NAME")
    m.add_argument("--declared-only", action="store_true", help="only the declared mutations")
    m.add_argument("--format", choices=["text", "json"], default="text")
    m.set_defaults(func=run_mutate)


def _add_validate(fsub) -> None:
    """Add ``fixtures validate`` to the subcommand parsers ``fsub``."""
    v = fsub.add_parser(
        "validate",
        help="check fixtures against phase's cr-suite schema (what phase would not read)",
        description="Check every fixture under DIR against phase.rs's cr-suite schema (schema.rs "
        "at cd9ef1b, or --revision): what phase's serde rejects, what it silently ignores (a "
        "key it has no field for: phase would play a different game) and what its runner stops "
        "on (an unknown phase or zone, a missing handle). One line per issue with file and "
        "line. Exit status 0 when every file is strict, 1 when one is not, 2 when a file "
        "cannot be read. Example: mtgcr fixtures validate crates/cr-suite/scenarios",
    )
    v.add_argument("dir", metavar="DIR")
    v.add_argument(
        "--revision",
        choices=["a99e381", "5dc60f1", "cd9ef1b"],
        default="cd9ef1b",
        help="the schema revision (default cd9ef1b)",
    )
    v.set_defaults(func=run_validate)


def _add_export(fsub) -> None:
    """Add ``fixtures export`` to the subcommand parsers ``fsub``."""
    e = fsub.add_parser(
        "export",
        help="write Forge puzzle files or XMage test skeletons from fixtures",
        description="Write one file per executable fixture for an engine that cannot read "
        "TOML: --to forge writes Forge puzzle files (OUT/<section>/<name>.pzl: [metadata], "
        "[state] with humanlife=, ailife=, activephase= and the zones), --to xmage writes XMage "
        "test classes (OUT/<Class>.java extending CardTestPlayerBase). Both are skeletons to "
        "complete (phase's placeholder creatures need real cards; each file says what with "
        "TODO lines). Example: mtgcr fixtures export cr-suite --to forge --dest puzzles",
    )
    e.add_argument("dir", metavar="DIR")
    e.add_argument("--to", required=True, choices=["forge", "xmage"])
    e.add_argument("--dest", required=True, metavar="OUT", help="the folder to write into")
    e.set_defaults(func=run_export)


def _add_engines(fsub) -> None:
    """Add ``fixtures engines`` to the subcommand parsers ``fsub``."""
    n = fsub.add_parser(
        "engines",
        help="the engines fixtures can run on, and whether each is installed",
        description="List the engine adapters registered in the mtgcr.engines entry-point group "
        "and whether each can start here. --install python-mtg creates python-mtg's own "
        "environment (it installs generic top-level packages, so it never shares mtgcr's) and "
        "installs python-mtg 0.1.1 there from PyPI. Example: mtgcr fixtures engines --install "
        "python-mtg",
    )
    n.add_argument("--install", choices=["python-mtg"], help="install this engine")
    n.set_defaults(func=run_engines)


def _fixtures(folder: str, rules: list[str] | None = None):
    from mtgcr.conformance.fixtures.tomlio import read_fixtures

    try:
        fixtures, errors = read_fixtures(folder)
    except FileNotFoundError:
        raise BadArgument(f"{folder}: no such fixture folder") from None
    for err in errors:
        print(f"mtgcr: {err}", file=sys.stderr)
    if rules:
        fixtures = [f for f in fixtures if str(f.rule) in set(rules)]
    if not fixtures and not errors:
        raise BadArgument(f"no fixture (cr_*.toml) under {folder}")
    return fixtures, len(errors)


def _progress(ctx):
    if ctx.silent or not err_console.is_terminal:
        return None
    return lambda name, k, n: err_console.print(f"[dim]{name}: {k}/{n}[/dim]", end="\r")


def run_run(args, ctx) -> int:
    """``fixtures run``: the matrix.

    Returns:
        0 all executable fixtures pass on every engine that ran, 1 one fails, 2 on an error
        (an unreadable file, or no engine could start).
    """
    from mtgcr.conformance.fixtures.results import Outcome
    from mtgcr.conformance.junit import matrix_junit
    from mtgcr.conformance.run import run_matrix

    fixtures, n_err = _fixtures(args.dir, args.rule)
    engines = args.engine or ["phase"]
    matrix = run_matrix(fixtures, engines, on_fixture=_progress(ctx))
    for name, why in matrix.not_available.items():
        print(f"mtgcr: engine {name}: {why}", file=sys.stderr)
    rule_text = _rule_texts(args, ctx, matrix) if args.release else None
    if args.format == "json":
        print_json(matrix.to_json(rule_text))
    elif args.format == "junit":
        sys.stdout.write(matrix_junit(matrix))
    else:
        _print_matrix(matrix, rule_text)
    ran = [e for e in engines if e not in matrix.not_available]
    if n_err or not ran:
        return 2
    bad = any(matrix.counts(e)[o] for e in ran for o in (Outcome.FAILED, Outcome.ERROR))
    return 1 if bad else 0


def _rule_texts(args, ctx, matrix):
    """fixture → the rule's text in release R through its anchor (``""`` when unknown), for
    the fixtures the engines disagree on."""
    from mtgcr.cli.alignctx import open_store
    from mtgcr.conformance.fixtures.check import FixtureChecker

    texts: dict[Path, str] = {}
    with open_store(ctx) as store:
        checker = FixtureChecker(store, args.release)
        for d in matrix.disagreements():
            try:
                texts[d.row.fixture.path] = checker.check(d.row.fixture).new_text or ""
            except MtgcrError:
                texts[d.row.fixture.path] = ""
    return lambda fx: texts.get(fx.path, "")


def _print_matrix(matrix, rule_text) -> None:
    from mtgcr.conformance.fixtures.results import Outcome

    engines = [e for e in matrix.engines if e not in matrix.not_available]
    short = {
        Outcome.PASSED: "pass",
        Outcome.FAILED: "FAIL",
        Outcome.ERROR: "ERROR",
        Outcome.UNSUPPORTED: "unsupported",
        Outcome.SKIPPED: "-",
    }
    rows = [
        [r.fixture.path.parent.name + "/" + r.fixture.path.name, str(r.fixture.rule)]
        + [short[r.cells[e].outcome] for e in engines]
        for r in matrix.rows
        if r.fixture.status.value == "executable"
    ]
    console.print(table("fixture × engine", ["fixture", "rule", *engines], rows))
    for e in engines:
        c = matrix.counts(e)
        print(
            f"{e} ({matrix.versions.get(e) or '?'}): {c[Outcome.PASSED]} passed, "
            f"{c[Outcome.FAILED]} failed, {c[Outcome.ERROR]} error, "
            f"{c[Outcome.UNSUPPORTED]} unsupported, {c[Outcome.SKIPPED]} not executable "
            f"({matrix.seconds.get(e, 0.0):.1f} s)"
        )
    found = matrix.disagreements(rule_text)
    if found:
        print(f"\n{len(found)} disagreements (read against the rule text):")
        for d in found:
            print(d.reading())


def run_mutate(args, ctx) -> int:
    """``fixtures mutate``: the mutation test on one engine.

    Returns:
        0 every mutant killed, 1 a survivor (or a fixture without a declared mutation), 2 on
        an error.
    """
    from mtgcr.conformance.engines import load_adapter
    from mtgcr.conformance.fixtures.mutation import mutation_test

    fixtures, n_err = _fixtures(args.dir)
    adapter = load_adapter(args.engine)
    try:
        progress = _progress(ctx)
        results = mutation_test(
            adapter,
            args.engine,
            fixtures,
            expectations=not args.declared_only,
            on_fixture=(lambda k, n: progress(args.engine, k, n)) if progress else None,
        )
    finally:
        adapter.close()
    killed = sum(r.killed for r in results)
    if args.format == "json":
        print_json(
            {
                "engine": args.engine,
                "mutants": len(results),
                "killed": killed,
                "results": [r.to_json() for r in results],
            }
        )
    else:
        by_kind: dict[str, list[int]] = {}
        for r in results:
            acc = by_kind.setdefault(r.mutation.kind.value, [0, 0])
            acc[0] += r.killed
            acc[1] += 1
        for r in results:
            if not r.killed:
                print(
                    f"survived: {r.fixture.path.name} {r.fixture.test_id}: "
                    f"{r.mutation or '(no mutation)'} → {r.outcome.value} {r.message}".rstrip()
                )
        rate = 100.0 * killed / len(results) if results else 0.0
        print(
            f"{killed} of {len(results)} mutants killed ({rate:.1f} %) on {args.engine}: "
            + ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in by_kind.items())
        )
    if n_err:
        return 2
    return 0 if results and killed == len(results) else 1


def run_validate(args, ctx) -> int:
    """``fixtures validate``: phase's strict schema.

    Returns:
        0 every file strict, 1 an issue, 2 a file that cannot be read.
    """
    from mtgcr.conformance.fixtures.schema import Revision, validate

    fixtures, n_err = _fixtures(args.dir)
    rev = Revision(args.revision)
    n_bad = 0
    for fx in fixtures:
        issues = validate(fx.data, rev, fx.source)
        n_bad += bool(issues)
        for i in issues:
            print(f"{fx.path}:{i.line}: {i.path}: {i.message} ({i.kind.value} by phase)")
    print(
        f"{len(fixtures) - n_bad} of {len(fixtures)} fixtures strict for phase's schema at "
        f"{rev.value}",
        file=sys.stderr if n_bad else sys.stdout,
    )
    return 2 if n_err else (1 if n_bad else 0)


def run_export(args, ctx) -> int:
    """``fixtures export``: Forge puzzles or XMage skeletons.

    Returns:
        0; 1 when a skeleton the user completed was kept (not replaced); 2 when a fixture
        file cannot be read.
    """
    from mtgcr.conformance.export import ExportKind, export_fixtures

    from mtgcr.cli.output import print_kept
    from mtgcr.corpus.output_folder import OutputFolder, WriteOutcome

    fixtures, n_err = _fixtures(args.dir)
    with OutputFolder(Path(args.dest), f"fixtures export --to {args.to}") as out:
        done = export_fixtures(fixtures, out, ExportKind(args.to))
    todo = sum(len(x.todo) for x in done if x.outcome is not WriteOutcome.KEPT)
    print(
        f"{len(done)} {args.to} skeletons in {args.dest}: {out.written} written, "
        f"{out.unchanged} unchanged, {len(out.kept)} kept ({todo} TODO lines to complete)"
    )
    kept = print_kept(args.dest, out.kept)
    return 2 if n_err else kept


def run_engines(args, ctx) -> int:
    """``fixtures engines``: the registered engines and whether each starts.

    Returns:
        0 when every engine starts, 1 when one does not.
    """
    from mtgcr.conformance.engines import engines, load_adapter

    if args.install == "python-mtg":
        from mtgcr.conformance.engines.pymtg import install

        print(f"python-mtg installed: {install()}")
    rows, missing = [], 0
    for name, ep in sorted(engines().items()):
        try:
            adapter = load_adapter(name)
        except EngineError as exc:
            rows.append([name, ep.value, f"not available: {exc}"])
            missing += 1
            continue
        rows.append([name, ep.value, getattr(adapter, "version", "") or "ready"])
        adapter.close()
    console.print(
        table("engines (entry-point group mtgcr.engines)", ["name", "adapter", "state"], rows)
    )
    return 1 if missing else 0
