"""``mtgcr check``: is the store what its stored bytes say? (``--repair`` rebuilds it)."""

from __future__ import annotations

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.args import add_format_option
from mtgcr.cli.output import console, err_console, print_json


def register(sub) -> None:
    """Add the ``check`` command to ``sub``."""
    p = sub.add_parser(
        "check",
        help=SUMMARIES["check"],
        description="SQLite's integrity check, every document's bytes against their sha256, "
        "and every release's rows against a re-parse of the stored bytes (the store rebuilt "
        "beside it, as 'mtgcr ingest' would store them, the copy choices applied): damage is "
        "named release by release. --repair puts the rebuilt store in place when something "
        "is damaged, with the fetch records; the damaged file is kept beside it as "
        "STORE.damaged-<time>. Exit status: 0 healthy (or repaired), 1 damaged, 2 an error. "
        "Example: mtgcr check && mtgcr check --repair",
    )
    p.add_argument(
        "--repair",
        action="store_true",
        help="rebuild a damaged store from its stored bytes (the damaged file is kept)",
    )
    add_format_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr check`` (:meth:`mtgcr.api.Corpus.check`): returns 0 when the store is healthy
    or was repaired, 1 when damage was found and not repaired.

    Raises:
        StoreError: no store, not an SQLite file, busy during a repair.
    """
    show = not ctx.silent and err_console.is_terminal
    step = (
        (lambda msg: err_console.print(f"[dim]{msg[:76]:<76}[/dim]", end="\r", markup=True))
        if show
        else None
    )
    health = ctx.corpus().check(repair=args.repair, on_step=step, on_wait=ctx.note)
    if show:
        err_console.print(" " * 78, end="\r")
    if args.format == "json":
        from mtgcr.extract.store_check import health_json

        print_json(health_json(health))
        return 0 if health.ok or health.repaired else 1
    say = lambda text: console.print(text, markup=False, highlight=False)  # noqa: E731
    say(f"store {health.path}")
    say(
        "SQLite integrity: ok"
        if not health.integrity
        else f"SQLite integrity: {len(health.integrity)} problem(s): "
        + "; ".join(health.integrity[:3])
    )
    say(
        f"documents: {health.documents} stored, "
        + (
            f"{len(health.damaged_documents)} with damaged bytes: "
            + ", ".join(health.damaged_documents)
            if health.damaged_documents
            else "every one's bytes intact"
        )
    )
    damaged = health.damaged
    say(f"releases: {len(health.releases) - len(damaged)} ok, {len(damaged)} damaged")
    for r in damaged:
        say(f"  {r}")
    if health.repaired:
        say(
            f"repaired: the store was rebuilt from its stored bytes; the damaged file is kept as "
            f"{health.kept_as}"
        )
        return 0
    if not health.ok:
        say(
            "'mtgcr check --repair' rebuilds the store from its stored bytes (the damaged file is kept)"
        )
        return 1
    return 0
