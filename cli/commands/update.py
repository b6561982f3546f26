"""``mtgcr update``: fetch a new CR release when one is out, align it and report (for cron)."""

from __future__ import annotations

from pathlib import Path

from mtgcr.corpus.fetch.http import FetchError
from mtgcr.corpus.fetch.wizards import WIZARDS_HOSTS

from mtgcr import fetching
from mtgcr.errors import BadArgument
from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.commands.fetch import (
    NEW_RELEASE,
    note_printer,
    add_fetch_options,
    download_progress,
    policy_from,
)
from mtgcr.corpus.output_folder import OutputFolder
from mtgcr.cli.output import console


def register(sub) -> None:
    """Add the ``update`` command to ``sub``."""
    p = sub.add_parser(
        "update",
        help=SUMMARIES["update"],
        description="Check Wizards' rules page; when a release newer than the newest stored "
        "one is published, fetch and ingest it, align it with the previous release "
        "and write its change report and the release feeds (feed.atom, feed.json: one entry per "
        "release, translations with how far behind EN they are). Meant for cron: exit 0 when nothing is new, "
        f"{NEW_RELEASE} when a new release was ingested, 2 on an error. "
        "Example (cron, Mondays 06:00): 0 6 * * 1 MTGCR_CONTACT=you@example.org "
        "mtgcr update --quiet --reports ~/cr-reports",
    )
    p.add_argument(
        "--lang",
        nargs="+",
        default=["en"],
        metavar="LANG",
        help="languages to update (en is fetched from Wizards; other languages have "
        "no publisher feed and are named as not updated)",
    )
    p.add_argument(
        "--reports",
        metavar="DIR",
        default=None,
        help="where change reports go (default: reports/ beside the store); an output "
        "folder: one mtgcr created, or a new or empty one (a folder of yours with --force)",
    )
    p.add_argument("--quiet", action="store_true", help="print nothing when nothing is new")
    add_fetch_options(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr update``: returns 0 (nothing new), 10 (new release ingested and reported, or
    the current file published again with other bytes: stored as a copy, and the line says
    which copy is canonical and how to switch).

    Raises:
        BadArgument: a fetch error (exit 2).
    """
    policy = policy_from(args, ctx)
    report_dir = Path(args.reports) if args.reports else Path(ctx.store_path).parent / "reports"
    OutputFolder(report_dir, "update", label="--reports").open()  # refused before any fetch
    others = [lang for lang in args.lang if lang != "en"]
    try:
        with (
            ctx.store() as store,
            download_progress(ctx) as on_bytes,
            fetching.client_for(
                policy, WIZARDS_HOSTS, args.base_url, note_printer(ctx), on_bytes
            ) as client,
        ):
            res = fetching.update(store, client, report_dir, args.base_url)
    except FetchError as exc:
        raise BadArgument(f"update: {exc}") from None
    if others and not args.quiet:
        console.print(f"note: no publisher feed for {', '.join(others)}; not updated", markup=False)
    if res.republished is not None:
        console.print(res.republished.advice(), markup=False, highlight=False)
        return NEW_RELEASE
    if not res.new:
        if not args.quiet:
            console.print(
                f"nothing new: the newest release is {res.link.date} ({res.link.name})",
                markup=False,
            )
        return 0
    console.print(f"new release {res.link.date}: {res.link.url}", markup=False, highlight=False)
    if res.report:
        counts = ", ".join(f"{k} {v}" for k, v in res.summary.items() if v and k != "unchanged")
        console.print(f"aligned with {res.previous}: {counts or 'no rule changes'}", markup=False)
        if res.renumbered_sections:
            console.print(
                "renumbered sections: "
                + ", ".join(f"{a} → {b}" for a, b in res.renumbered_sections),
                markup=False,
            )
        console.print(f"report: {res.report}", markup=False, highlight=False)
    if res.feeds:
        console.print(
            f"feeds: {', '.join(str(p) for p in res.feeds)}", markup=False, highlight=False
        )
    return NEW_RELEASE
