"""``mtgcr fetch wizards|archive|mtgwiki|mtgru``: fetch the corpus politely, then ingest it."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    SpinnerColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TransferSpeedColumn,
)

from mtgcr.corpus.fetch.http import FetchError, FetchPolicy, MIN_INTERVAL_FLOOR
from mtgcr.corpus.fetch.mtgru import MTGRU_HOSTS, START_PAGE
from mtgcr.corpus.fetch.wizards import WIZARDS_HOSTS, ArchiveMetadata
from mtgcr.corpus.data_paths import data_folders, default_data_file
from mtgcr.corpus.release_spec import parse_date_spec

from mtgcr import fetching
from mtgcr.errors import BadArgument
from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.output import console, err_console

#: Exit status of ``fetch wizards --check`` when a newer release is published.
NEW_RELEASE = 10


def add_fetch_options(p) -> None:
    """The options every fetching command takes (manners, limits, mirror)."""
    p.add_argument(
        "--base-url",
        metavar="URL",
        help="fetch from this site instead (a mirror or a test server): it replaces "
        "the scheme and host of every URL, and is the only host allowed",
    )
    p.add_argument(
        "--contact",
        metavar="EMAIL-OR-URL",
        help="how the site operator reaches you, sent in the User-Agent (default "
        "$MTGCR_CONTACT or [fetch] contact in the config file); required for "
        "any host off loopback",
    )
    p.add_argument(
        "--delay",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help=f"seconds between requests to one host (default 1, at least "
        f"{MIN_INTERVAL_FLOOR}; a longer robots.txt Crawl-delay wins)",
    )
    p.add_argument(
        "--max-bytes",
        type=int,
        default=32 * 1024 * 1024,
        metavar="N",
        help="abort a response larger than N bytes (default 32 MiB)",
    )
    p.add_argument(
        "--retries",
        type=int,
        default=4,
        metavar="N",
        help="retries after 429/503/5xx answers or network errors (default 4)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="read timeout (default 30; connecting: 10)",
    )
    p.add_argument(
        "--max-time",
        type=float,
        default=300.0,
        metavar="SECONDS",
        help="the longest one response may take, from the request to its last byte, retries "
        "included (default 300): a server that trickles is cut off",
    )
    p.add_argument(
        "--deadline",
        type=float,
        default=1800.0,
        metavar="SECONDS",
        help="the longest the whole command may spend fetching (default 1800)",
    )
    p.add_argument(
        "--max-requests",
        type=int,
        default=2000,
        metavar="N",
        help="requests one listing may take: MediaWiki continuation, the pages of an mtg.ru "
        "crawl (default 2000); a site that never stops says so",
    )
    p.add_argument(
        "--no-cache",
        action="store_true",
        help="no HTTP cache (by default answers are cached for an hour beside the "
        "store, so a re-run sends no request)",
    )


def policy_from(args, ctx) -> FetchPolicy:
    """The :class:`FetchPolicy` of the command's options.

    Raises:
        BadArgument: an option out of range.
    """
    cache = None if args.no_cache else Path(ctx.store_path).parent / "http-cache"
    try:
        return FetchPolicy(
            contact=fetching.contact_from_config(args.contact),
            min_interval=args.delay,
            max_retries=args.retries,
            read_timeout=args.timeout,
            max_bytes=args.max_bytes,
            max_time=args.max_time,
            deadline=args.deadline,
            max_requests=args.max_requests,
            cache_dir=cache,
        )
    except ValueError as exc:
        raise BadArgument(f"fetch: {exc}") from None


def register(sub) -> None:
    """Add the ``fetch`` command (with its sources as subcommands) to ``sub``."""
    p = sub.add_parser(
        "fetch",
        help=SUMMARIES["fetch"],
        description="Fetch from Wizards' rules page and file archive, the Japanese MTG Wiki or "
        "mtg.ru, and ingest what was fetched. Requests identify mtgcr and your "
        "contact, obey robots.txt, are spaced per host, honour Retry-After and are "
        "cached. Example: mtgcr fetch wizards --check",
    )
    srcs = p.add_subparsers(dest="source", metavar="SOURCE", required=True)

    _add_wizards(srcs)
    _add_archive(srcs)
    _add_mtgwiki(srcs)
    _add_mtgru(srcs)


def _add_wizards(srcs) -> None:
    """Add ``fetch wizards`` to the subcommand parsers ``srcs``."""
    w = srcs.add_parser(
        "wizards",
        help="the current CR text from Wizards' rules page",
        description="Find the CR text file linked from the rules page, download it "
        "(conditional GET) and ingest it as the official copy. "
        "Example: mtgcr fetch wizards --check",
    )
    w.add_argument(
        "--check",
        action="store_true",
        help="only say whether a release newer than the newest stored one is "
        f"published (exit 0: nothing new; {NEW_RELEASE}: new release)",
    )
    add_fetch_options(w)
    w.set_defaults(func=run_wizards)


def _add_archive(srcs) -> None:
    """Add ``fetch archive`` to the subcommand parsers ``srcs``."""
    a = srcs.add_parser(
        "archive",
        help="historic official CR files by release date",
        description="Fetch the CR text of each date from the URL formats and "
        "one-off URLs the archive metadata lists, nothing else. "
        "Example: mtgcr fetch archive 2009-07-11 2010-04-23",
    )
    a.add_argument("dates", nargs="+", metavar="DATE", help="release dates (2009-07-11)")
    a.add_argument(
        "--metadata",
        metavar="FILE",
        default=None,
        help="the archive metadata (default: archive_metadata.json in "
        "$MTGCR_SHARED/corpus/derived, in shared/corpus/derived beside the mtgcr checkout, or "
        "beside the store; never the current folder)",
    )
    add_fetch_options(a)
    a.set_defaults(func=run_archive)


def _add_mtgwiki(srcs) -> None:
    """Add ``fetch mtgwiki`` to the subcommand parsers ``srcs``."""
    m = srcs.add_parser(
        "mtgwiki",
        help="MTG Wiki pages through the MediaWiki API",
        description="Fetch pages (and a category's pages) of the Japanese MTG Wiki "
        "with their revision ids, timestamps and sha1, and ingest "
        "them (cite-check and the JA quotes then work on them). "
        "Example: mtgcr fetch mtgwiki 絆魂 --revisions 3",
    )
    m.add_argument("pages", nargs="*", metavar="PAGE", help="page titles")
    m.add_argument("--category", metavar="NAME", help="also every page of this category")
    m.add_argument(
        "--revisions",
        type=int,
        default=1,
        metavar="N",
        help="the N newest revisions of each page (default 1)",
    )
    m.add_argument("--since", metavar="DATE", help="no revisions older than DATE")
    add_fetch_options(m)
    m.set_defaults(func=run_mtgwiki)


def _add_mtgru(srcs) -> None:
    """Add ``fetch mtgru`` to the subcommand parsers ``srcs``."""
    r = srcs.add_parser(
        "mtgru",
        help="the mtg.ru rules pages",
        description="Crawl the mtg.ru section pages along their footer links "
        "(and the glossary pages) and ingest them. "
        "Example: mtgcr fetch mtgru --section 711",
    )
    r.add_argument("--section", type=int, nargs="+", metavar="N", help="only these sections")
    r.add_argument(
        "--start",
        metavar="URL",
        default=None,
        help="the first section page (default http://www.mtg.ru/rules/100.html)",
    )
    add_fetch_options(r)
    r.set_defaults(func=run_mtgru)


def _summary(results) -> None:
    for res in results:
        what = ", ".join(f"{lang} {eff or label}" for lang, label, eff, _ in res.releases)
        line = f"{res.status}: {res.path}" + (f" → {what}" if what else "")
        if res.error:
            line += f" ({res.error})"
        for note in res.notes:
            line += f"; {note}"
        console.print(line, markup=False, highlight=False)


@contextmanager
def download_progress(ctx) -> Iterator[Callable[[str, int, int | None], None] | None]:
    """A bar per download (bytes, speed) on stderr while a body arrives, or nothing when
    silent or not on a terminal."""
    if ctx.silent or not err_console.is_terminal:
        yield None
        return
    with Progress(
        TextColumn("[bold]download"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        TextColumn("{task.description}"),
        console=err_console,
        transient=True,
    ) as bar:
        tasks: dict[str, TaskID] = {}

        def on_bytes(url: str, done: int, total: int | None) -> None:
            if url not in tasks:
                tasks[url] = bar.add_task(url.rsplit("/", 1)[-1][-40:], total=total)
            bar.update(tasks[url], completed=done)

        yield on_bytes


@contextmanager
def crawl_progress(ctx, label: str) -> Iterator[Callable[[str], None] | None]:
    """A spinner with a page count and the page in hand (on stderr), or nothing when silent."""
    if ctx.silent:
        yield None
        return
    with Progress(
        SpinnerColumn(),
        TextColumn(f"[bold]{label}"),
        TextColumn("{task.completed} pages"),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
        console=err_console,
        transient=True,
    ) as bar:
        task = bar.add_task("", total=None)

        def on_page(name: str) -> None:
            bar.update(task, advance=1, description=name[-60:])

        yield on_page


def note_printer(ctx):
    """The fetch client's note callback for the run of ``ctx`` (a
    :class:`~mtgcr.cli.main.Context`): a function printing ``note: MESSAGE`` on stderr, or
    ``None`` with ``--silent``."""
    return None if ctx.silent else (lambda msg: print(f"note: {msg}", file=sys.stderr))


def run_wizards(args, ctx) -> int:
    """``fetch wizards``: returns 0, or with ``--check`` 0 (nothing new) / 10 (new release).

    Raises:
        BadArgument: no contact for the real site, a page without (or with several) CR links,
            a failed download.
    """
    policy = policy_from(args, ctx)
    try:
        with (
            ctx.store() as store,
            download_progress(ctx) as on_bytes,
            fetching.client_for(
                policy, WIZARDS_HOSTS, args.base_url, note_printer(ctx), on_bytes
            ) as client,
        ):
            if args.check:
                link, is_new = fetching.check_wizards(store, client, args.base_url)
                if is_new:
                    console.print(
                        f"new release: {link.name} ({link.date}) at {link.url}",
                        markup=False,
                        highlight=False,
                    )
                    return NEW_RELEASE
                console.print(
                    f"nothing new: the rules page links {link.name} ({link.date})",
                    markup=False,
                    highlight=False,
                )
                return 0
            link, dl, results = fetching.fetch_wizards(store, client, args.base_url)
    except FetchError as exc:
        raise BadArgument(f"fetch wizards: {exc}") from None
    if dl.not_modified:
        console.print(f"not modified since the last fetch: {link.url}", markup=False)
        return 0
    console.print(f"fetched {link.url} → {dl.path}", markup=False, highlight=False)
    _summary(results)
    return 1 if any(r.status == "failed" for r in results) else 0


def run_archive(args, ctx) -> int:
    """``fetch archive DATE…``: returns 0 when every date was fetched (or known missing), 1
    when a date could not be fetched.

    Raises:
        BadArgument: a bad date or metadata file.
    """
    dates = []
    for d in args.dates:
        when = parse_date_spec(d)
        if when is None:
            raise BadArgument(f"fetch archive: {d!r} is not a date (give YYYY-MM-DD)")
        dates.append(when)
    path = args.metadata or default_data_file("archive_metadata.json", ctx.store_path)
    if path is None:
        folders = ", ".join(str(f) for f in data_folders(ctx.store_path))
        raise BadArgument(
            f"fetch archive: no archive metadata: give --metadata FILE (looked in {folders})"
        )
    try:
        meta = ArchiveMetadata.load(path)
    except ValueError as exc:
        raise BadArgument(f"fetch archive: {exc}") from None
    hosts = {h for t in meta.templates for h in [t.split("/")[2]]} | WIZARDS_HOSTS
    policy = policy_from(args, ctx)
    try:
        with (
            ctx.store() as store,
            download_progress(ctx) as on_bytes,
            fetching.client_for(
                policy, hosts, args.base_url, note_printer(ctx), on_bytes
            ) as client,
        ):
            results, ingested = fetching.fetch_archive_dates(
                store, client, meta, dates, args.base_url
            )
    except FetchError as exc:
        raise BadArgument(f"fetch archive: {exc}") from None
    status = 0
    for r in results:
        if r.known_missing:
            console.print(f"{r.when}: known to be missing ({r.known_missing})", markup=False)
        elif r.download:
            how = "not modified" if r.download.not_modified else f"saved {r.download.path}"
            console.print(
                f"{r.when}: {r.download.response.final_url} ({r.matched}); {how}",
                markup=False,
                highlight=False,
            )
        else:
            console.print(f"{r.when}: {r.error}", markup=False, highlight=False)
            status = 1
    _summary(ingested)
    return status


def run_mtgwiki(args, ctx) -> int:
    """``fetch mtgwiki PAGE…``: returns 0; 1 when an ingest failed.

    Raises:
        BadArgument: no page or category given, a fetch error.
    """
    if not args.pages and not args.category:
        raise BadArgument("fetch mtgwiki: name pages or a --category")
    if args.revisions < 1:
        raise BadArgument("fetch mtgwiki: --revisions must be at least 1")
    since = None
    if args.since:
        when = parse_date_spec(args.since)
        if when is None:
            raise BadArgument(f"fetch mtgwiki: --since {args.since!r} is not a date")
        since = when.isoformat()
    policy = policy_from(args, ctx)
    api, index = fetching.MTGWIKI_API, fetching.MTGWIKI_INDEX
    if args.base_url:
        base = args.base_url.rstrip("/")
        api, index = f"{base}/api.php", f"{base}/index.php"
    hosts = {"mtgwiki.com", "www.mtgwiki.com"}
    try:
        with (
            ctx.store() as store,
            fetching.client_for(policy, hosts, args.base_url, note_printer(ctx)) as client,
            crawl_progress(ctx, "fetch mtgwiki") as on_page,
        ):
            out = fetching.fetch_mtgwiki(
                store, client, args.pages, args.category, args.revisions, since, api, index, on_page
            )
    except FetchError as exc:
        raise BadArgument(f"fetch mtgwiki: {exc}") from None
    console.print(
        f"{len(out.saved)} revision(s) fetched ({'API' if out.via == 'api' else 'raw pages, no API'}), "
        f"{len(out.known)} already stored",
        markup=False,
    )
    for rev, path in out.saved:
        console.print(
            f"  {rev.title} r{rev.rev_id or '?'} {rev.timestamp or ''} → {path}",
            markup=False,
            highlight=False,
        )
    _summary(out.ingested)
    return 1 if any(r.status == "failed" for r in out.ingested) else 0


def run_mtgru(args, ctx) -> int:
    """``fetch mtgru``: returns 0; 1 when an ingest failed or the crawl stopped at its page
    bound (``--max-requests``; the pages read are kept and ingested).

    Raises:
        BadArgument: a fetch error.
    """
    policy = policy_from(args, ctx)
    try:
        with (
            ctx.store() as store,
            fetching.client_for(policy, MTGRU_HOSTS, args.base_url, note_printer(ctx)) as client,
            crawl_progress(ctx, "fetch mtgru") as on_page,
        ):
            crawl, ingested = fetching.fetch_mtgru(
                store,
                client,
                set(args.section) if args.section else None,
                start=args.start or START_PAGE,
                base_url=args.base_url,
                on_page=on_page,
            )
    except FetchError as exc:
        raise BadArgument(f"fetch mtgru: {exc}") from None
    console.print(
        f"{len(crawl.saved)} page(s) fetched, {len(crawl.reused)} already stored; "
        f"sections seen: {len(crawl.sections)}",
        markup=False,
    )
    _summary(ingested)
    if crawl.stopped:
        print(f"mtgcr: fetch mtgru: {crawl.stopped}", file=sys.stderr)
        return 1
    return 1 if any(r.status == "failed" for r in ingested) else 0
