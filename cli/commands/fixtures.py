"""``mtgcr fixtures generate|check|migrate|coverage``: conformance test fixtures (phase.rs
cr-suite TOML) anchored to a release and kept current through the alignment.

The library functions are in :mod:`mtgcr.conformance.fixtures`; this module only reads the
arguments, calls them and prints.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

from mtgcr.crossref.anchor import AnchorError
from mtgcr.crossref.chain import Chain

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.alignctx import (
    add_decisions_option,
    decision_errors,
    open_store,
    progress_callback,
    read_decisions,
)
from mtgcr.cli.args import add_lang_option, rule_argument, section_option
from mtgcr.errors import BadArgument
from mtgcr.conformance.fixtures.check import CheckResult, FixtureChecker, Verdict, render_word_diff
from mtgcr.conformance.fixtures.coverage import compute_coverage, coverage_html, plan_text
from mtgcr.conformance.fixtures.model import FixtureStatus
from mtgcr.conformance.fixtures.plan import Plan, read_plan
from mtgcr.conformance.fixtures.generate import GenerateAction, generate_skeletons, select_rules
from mtgcr.conformance.fixtures.migrate import apply_migrations, plan_migrations
from mtgcr.conformance.fixtures.results import read_results
from mtgcr.conformance.fixtures.tomlio import read_fixtures
from mtgcr.cli.output import console, err_console, print_json, table


def register(sub) -> None:
    """Add the ``fixtures`` command and its subcommands to ``sub`` (run, mutate, validate,
    export and engines are in :mod:`mtgcr.cli.commands.fixtures_run`)."""
    p = sub.add_parser(
        "fixtures",
        help=SUMMARIES["fixtures"],
        description="Per-rule test fixtures for rules engines, in the phase.rs cr-suite TOML "
        "shape (DIR/<section>/cr_<rule>[_<variant>].toml), anchored to the release "
        "they were written against ([meta] anchor and text hash). Workflow: "
        "generate skeletons, author them, run them with pytest --cr-fixtures DIR, "
        "and when a new CR is out, check and migrate them. Example: mtgcr fixtures "
        "generate --release 2026-01-16 --section 704 --out cr-suite",
    )
    fsub = p.add_subparsers(
        dest="fixtures_command", metavar="SUBCOMMAND", required=True, parser_class=type(p)
    )

    _add_generate(fsub)
    _add_check(fsub)
    _add_migrate(fsub)
    _add_coverage(fsub)

    from mtgcr.cli.commands import fixtures_run

    fixtures_run.register(fsub)


def _add_generate(fsub) -> None:
    """Add ``fixtures generate`` to the subcommand parsers ``fsub``."""
    g = fsub.add_parser(
        "generate",
        help="write skeletons with one release's rule text",
        description="Write a skeleton fixture for every rule of the sections and rules given "
        "(every rule of the release when none is), with that release's exact rule "
        "text, its own section title and the anchor in [meta]. A fixture whose "
        "status is not 'skeleton' is never written to; --refresh rewrites the text "
        "and meta of existing skeletons. Example: mtgcr fixtures generate "
        "--release 2026-01-16 --section 704 --rule 103.4 --out cr-suite",
    )
    g.add_argument(
        "--release", "-r", required=True, metavar="R", help="the release (date or label)"
    )
    g.add_argument("--out", required=True, metavar="DIR", help="the fixture folder")
    g.add_argument(
        "--section", action="append", default=[], metavar="N", help="a section (repeatable)"
    )
    g.add_argument("--rule", action="append", default=[], metavar="N", help="a rule (repeatable)")
    g.add_argument(
        "--refresh",
        action="store_true",
        help="rewrite the text and meta of existing skeletons (never of authored fixtures)",
    )
    add_lang_option(g)
    g.set_defaults(func=run_generate)


def _add_check(fsub) -> None:
    """Add ``fixtures check`` to the subcommand parsers ``fsub``."""
    c = fsub.add_parser(
        "check",
        help="classify every fixture against a release",
        description="Follow each fixture's anchor through the alignment chain to release R and "
        "say whether it is current, moved (new number, same text), edited (word "
        "diff shown), split, merged, removed, not-in-release, ambiguous, or "
        "unanchored (no anchor: the best candidate by number and text is named). "
        "Exit status 0 when every fixture is current, 1 when any is not, 2 on an "
        "error or when no fixture was read. Example: mtgcr fixtures check cr-suite "
        "--release 2026-04-17 --format json",
    )
    c.add_argument("dir", metavar="DIR")
    c.add_argument("--release", "-r", required=True, metavar="R")
    c.add_argument("--format", choices=["text", "json"], default="text")
    add_lang_option(c, help="language of unanchored fixtures (default en)")
    add_decisions_option(c)
    c.set_defaults(func=run_check)


def _add_migrate(fsub) -> None:
    """Add ``fixtures migrate`` to the subcommand parsers ``fsub``."""
    m = fsub.add_parser(
        "migrate",
        help="renumber and re-anchor fixtures to a release",
        description="Migrate fixtures to release R as the alignment says: a dry run prints a "
        "unified diff; --write renames moved fixtures (variant suffix kept) and "
        "rewrites rule, section, title and [meta] (previous_rules appended); "
        "--accept-edits also takes the new text and hash of edited ones. [setup], "
        "[[steps]] and [[assertions]] are never touched; split, merged, removed "
        "fixtures are listed for a human. Exit status 0 when nothing is left for a "
        "human, 1 when something is, 2 on an error. Example: mtgcr fixtures migrate "
        "cr-suite --to 2026-04-17 --write",
    )
    m.add_argument("dir", metavar="DIR")
    m.add_argument("--to", required=True, metavar="R", help="the release to migrate to")
    m.add_argument("--write", action="store_true", help="write the changes (default: show them)")
    m.add_argument(
        "--accept-edits", action="store_true", help="also take the new text of edited rules"
    )
    m.add_argument(
        "--fill-text",
        action="store_true",
        help="write the release's rule text (and title) into fixtures whose text is empty, "
        "such as mtgcr's own suite, which ships without CR text",
    )
    add_lang_option(m, help="language of unanchored fixtures (default en)")
    add_decisions_option(m)
    m.set_defaults(func=run_migrate)


def _add_coverage(fsub) -> None:
    """Add ``fixtures coverage`` to the subcommand parsers ``fsub``."""
    v = fsub.add_parser(
        "coverage",
        help="rules with and without fixtures, per section",
        description="Per section of release R: its rules, the rules with a fixture, the "
        "fixtures by status (skeleton, executable, deferred, not-applicable), passing ones "
        "(from the results file pytest --cr-results or fixtures run --format json writes), "
        "the coverage plan's rules by priority with how many have an executable fixture "
        "(a plan.toml in DIR or beside it, or --plan FILE), and the rules with no fixture. "
        "Example: mtgcr fixtures coverage cr-suite --release 2026-01-16 --results "
        "results.json --format html > coverage.html",
    )
    v.add_argument("dir", metavar="DIR")
    v.add_argument("--release", "-r", required=True, metavar="R")
    v.add_argument(
        "--results",
        metavar="FILE",
        help="results of pytest --cr-results FILE or of fixtures run --format json",
    )
    v.add_argument(
        "--engine", metavar="NAME", help="with a fixtures-run results file: whose results"
    )
    v.add_argument(
        "--plan",
        metavar="FILE",
        help="the coverage plan (default: plan.toml in DIR or its parent folder, if any)",
    )
    v.add_argument("--no-plan", action="store_true", help="read no plan")
    v.add_argument(
        "--section", action="append", default=[], metavar="N", help="only this section (repeatable)"
    )
    v.add_argument("--format", choices=["text", "json", "html"], default="text")
    add_lang_option(v)
    add_decisions_option(v)
    v.set_defaults(func=run_coverage)


def _note(ctx, text: str) -> None:
    if not ctx.silent:
        err_console.print(text, markup=False, highlight=False)


def run_generate(args, ctx) -> int:
    """``fixtures generate``: write skeletons.

    Returns:
        0 (1 when an existing file in the way could not be read as a fixture).

    Raises:
        BadArgument: a bad section or rule number, or one the release lacks.
        StoreError: no store or no such release.
    """
    sections = [s for s in (section_option(x) for x in args.section) if s is not None]
    rules = [rule_argument(r) for r in args.rule]
    with open_store(ctx) as store:
        chain = Chain(store, args.lang)
        rs = chain.ruleset(chain.index(args.release))
        try:
            chosen = select_rules(rs, sections, rules)
        except KeyError as exc:
            raise BadArgument(exc.args[0]) from None
        if rs.release.effective_date is None:
            raise BadArgument(
                f"{rs.release.key} has no effective date; its rules cannot be anchored"
            )
        covered = _covered_elsewhere(store, Path(args.out), args.release, args.lang, ctx)
    progress = None
    if not ctx.silent and err_console.is_terminal:
        progress = lambda k, n: err_console.print(f"[dim]{k}/{n} fixtures[/dim]", end="\r")  # noqa: E731
    outcomes = generate_skeletons(rs, Path(args.out), chosen, args.refresh, progress, covered)
    counts = {a: sum(1 for o in outcomes if o.action is a) for a in GenerateAction}
    for o in outcomes:
        if o.action is GenerateAction.UNREADABLE:
            print(f"mtgcr: {o.error} (left alone)", file=sys.stderr)
        elif o.action is GenerateAction.KEPT_AUTHORED:
            _note(ctx, f"kept (authored, not a skeleton): {o.path}")
        elif o.action is GenerateAction.COVERED:
            print(
                f"{o.rule}: no skeleton; {o.error} is this rule under an older number "
                f"(mtgcr fixtures migrate {args.out} --to {args.release})"
            )
    rel = rs.release.effective_date.isoformat()
    parts = [f"{counts[a]} {a.value}" for a in GenerateAction if counts[a]]
    print(
        f"{len(outcomes)} rules of {args.lang} {rel} → {args.out}: "
        + ", ".join(parts)
        + (
            ""
            if args.refresh or not counts[GenerateAction.EXISTS]
            else " (existing skeletons kept; --refresh rewrites them)"
        )
    )
    return 1 if counts[GenerateAction.UNREADABLE] else 0


def _covered_elsewhere(store, out: Path, release: str, lang: str, ctx) -> dict:
    """Rules of ``release`` that an existing fixture under ``out`` already is through its
    anchor (renumbered since it was written): rule number → that file. Fixtures that cannot
    be read or resolved are left to ``check``."""
    from mtgcr.corpus.store import StoreError

    if not out.is_dir():
        return {}
    fixtures, _ = read_fixtures(out)
    checker = FixtureChecker(store, release, (), progress_callback(ctx), lang)
    covered: dict = {}
    for fx in fixtures:
        if fx.anchor is None or fx.anchor.lang != lang:
            continue
        try:
            res = checker.check(fx)
        except (AnchorError, StoreError):
            continue
        if (
            res.verdict in (Verdict.MOVED, Verdict.EDITED, Verdict.CURRENT)
            and len(res.new_rules) == 1
            and res.new_rules[0] != fx.rule
        ):
            covered.setdefault(res.new_rules[0], fx.path)
    return covered


def _checked(
    args, ctx, store, target: str, on_fixture: Callable[[int, int], None] | None = None
) -> tuple[list[CheckResult], int, FixtureChecker]:
    """Read DIR and check every fixture: (results, errors printed, checker);
    ``on_fixture(k, n)`` after each of the ``n`` fixtures."""
    fixtures, errors = read_fixtures(args.dir)
    for e in errors:
        print(f"mtgcr: {e}", file=sys.stderr)
    decisions = read_decisions(args, ctx)
    checker = FixtureChecker(store, target, decisions, progress_callback(ctx), args.lang)
    results, n_err = [], len(errors)
    with decision_errors():
        for k, fx in enumerate(fixtures, 1):
            try:
                results.append(checker.check(fx))
            except AnchorError as exc:
                print(f"mtgcr: {fx.path}: {exc}", file=sys.stderr)
                n_err += 1
            if on_fixture is not None:
                on_fixture(k, len(fixtures))
    if not fixtures and not errors:
        print(f"mtgcr: no fixture (cr_*.toml) under {args.dir}", file=sys.stderr)
    return results, n_err, checker


def run_check(args, ctx) -> int:
    """``fixtures check``: verdicts.

    Returns:
        0 all current, 1 any not, 2 on an error or when no fixture was read.
    """
    with open_store(ctx) as store:
        results, n_err, checker = _checked(args, ctx, store, args.release)
    if args.format == "json":
        print_json(
            {"release": args.release, "fixtures": [r.to_json() for r in results], "errors": n_err}
        )
    else:
        for r in results:
            print(r.summary())
            if r.verdict is Verdict.EDITED:
                print(f"    {render_word_diff(r.diff)}")
        counts: dict[str, int] = {}
        for r in results:
            counts[r.verdict.value] = counts.get(r.verdict.value, 0) + 1
        if results:
            print(
                f"{len(results)} fixtures against {args.release}: "
                + ", ".join(f"{n} {k}" for k, n in counts.items())
            )
    if n_err or not results:
        return 2
    return 0 if all(r.is_current for r in results) else 1


def run_migrate(args, ctx) -> int:
    """``fixtures migrate``: show (or with --write, make) the renames and rewrites.

    Returns:
        0 when nothing is left for a human, 1 when fixtures are listed or in conflict, 2 on
        an error or when no fixture was read.
    """
    from mtgcr.cli.engine_cite import progress_bar

    with progress_bar(ctx, "fixtures migrate") as bar:  # stderr, on a terminal
        task = bar.add_task("", total=None, note="checking")

        def advance(note: str) -> Callable[[int, int], None]:
            return lambda k, n: bar.update(task, completed=k, total=n, note=note)

        with open_store(ctx) as store:
            results, n_err, _ = _checked(args, ctx, store, args.to, advance("checked"))
        if n_err or not results:
            return 2
        plan = plan_migrations(
            results, args.accept_edits, root=Path(args.dir), fill_text=args.fill_text
        )
        if args.write:
            n = apply_migrations(plan, advance("written"))
    listed = [m for m in plan if m.for_a_human]
    changing = [m for m in plan if m.changes]
    if args.write:
        renamed = sum(1 for m in changing if m.new_path != m.old_path)
        print(f"{n} fixtures written ({renamed} renamed) for {args.to}")
    else:
        for m in changing:
            sys.stdout.write(m.unified_diff())
        _note(
            ctx,
            f"dry run: {len(changing)} fixtures would change "
            f"({sum(1 for m in changing if m.new_path != m.old_path)} renamed); "
            f"--write makes the changes",
        )
    if listed:
        print(f"{len(listed)} fixtures for a human:", file=sys.stderr)
        for m in listed:
            print(f"  {m.note}", file=sys.stderr)
    return 1 if listed else 0


def _plan(args) -> Plan | None:
    """The plan: --plan FILE, else a plan.toml in DIR or beside it (``None`` when there is
    none)."""
    if args.plan:
        return read_plan(Path(args.plan))
    for cand in (Path(args.dir) / "plan.toml", Path(args.dir).parent / "plan.toml"):
        if cand.is_file():
            return read_plan(cand)
    return None


def run_coverage(args, ctx) -> int:
    """``fixtures coverage``: per-section counts.

    Returns:
        0, or 2 on an error or when no fixture was read.

    Raises:
        BadArgument: the results file is not one pytest --cr-results wrote.
    """
    outcomes = None
    if args.results:
        try:
            outcomes = read_results(Path(args.results), args.engine)
        except ValueError as exc:
            raise BadArgument(str(exc)) from None
    sections = {s for s in (section_option(x) for x in args.section) if s is not None} or None
    with open_store(ctx) as store:
        results, n_err, checker = _checked(args, ctx, store, args.release)
        chain = checker.chain(args.lang)
        rs = chain.ruleset(chain.index(args.release))
    plan = None if args.no_plan else _plan(args)
    cov = compute_coverage(rs, results, outcomes, sections, plan)
    if args.format == "json":
        print_json(cov.to_json())
    elif args.format == "html":
        sys.stdout.write(coverage_html(cov))
    else:
        rows = [
            [
                s.section,
                s.title,
                s.rules,
                s.covered,
                *(s.statuses[k] for k in FixtureStatus),
                "" if s.passing is None else s.passing,
                plan_text(s.plan_progress()),
                ", ".join(str(n) for n in s.missing[:6]) + (" …" if len(s.missing) > 6 else ""),
            ]
            for s in cov.sections
            if s.fixtures or s.plan or sections
        ]
        t = cov.totals()
        console.print(
            table(
                f"fixture coverage of {args.lang} {cov.release} (sections with fixtures)",
                [
                    "section",
                    "title",
                    "rules",
                    "with fixture",
                    "skeleton",
                    "executable",
                    "deferred",
                    "n/a",
                    "passing",
                    "plan (executable/planned)",
                    "no fixture",
                ],
                rows,
            )
        )
        print(
            f"{t['covered']} of {t['rules']} rules have a fixture; {t['fixtures']} fixtures, "
            f"{t['executable']} executable"
            + (f", {t['passing']} passing" if outcomes is not None else "")
        )
        if plan is not None:
            progress: dict = t["plan"]  # type: ignore[assignment]
            done = {k: f"{v['executable']}/{v['planned']}" for k, v in progress.items()}
            print(
                f"plan ({plan.release} numbers): "
                + ", ".join(f"{k} {v}" for k, v in done.items())
                + " rules with an executable fixture"
            )
        for r in cov.elsewhere:
            print(f"  not counted: {r.summary()}")
    return 2 if n_err or not results else 0
