"""``mtgcr wiki refresh|publish``: keep MTG Wiki pages current with each CR release.

A thin layer over :meth:`mtgcr.api.Corpus.wiki_refresh` (stale quote blocks replaced by the
release's text, citations outside quotes migrated) and :meth:`mtgcr.api.Corpus.wiki_publish`
(the edits published through the wiki's API as a bot; a dry run unless ``--publish``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from rich.markup import escape

from mtgcr.cli.commands import SUMMARIES
from mtgcr.cli.args import add_format_option, add_max_size_option, max_bytes
from mtgcr.cli.output import console, err_console, print_json, table
from mtgcr.errors import BadArgument


def register(sub) -> None:
    """Add the ``wiki`` command (with ``refresh`` and ``publish``) to ``sub``."""
    p = sub.add_parser(
        "wiki",
        help=SUMMARIES["wiki"],
        description="Keep MTG Wiki pages current with each CR release: 'refresh' rewrites "
        "each stale quote block ('引用：総合ルール 20231117.0') to the same rules' text in the "
        "target release of the page's language and migrates the citations outside quotes; "
        "'publish' makes those edits on the wiki as a bot. "
        "Example: mtgcr wiki refresh page.txt --to 20260116 --out page.new.txt",
    )
    wsub = p.add_subparsers(
        dest="wiki_command", metavar="ACTION", required=True, parser_class=type(p)
    )
    _add_refresh(wsub)
    _add_publish(wsub)


def _add_refresh(wsub) -> None:
    """Add ``wiki refresh`` to the subcommand parsers ``wsub``."""
    r = wsub.add_parser(
        "refresh",
        help="a page's (or many pages') new text for a release",
        description="The new text of MTG Wiki pages for release R (--to; default the newest "
        "complete release of --lang): each quote block that R changed is replaced by the same "
        "rules' text in R, following renumbering and splits (a quoted 712.4a that is now "
        "712.8a is quoted under its new number), adding the rules R added inside the quoted "
        "range, dropping removed ones (with a note), leaving a rule R has no translation of as "
        "it was (with a note), keeping the block's wiki markup, updating the label "
        "('引用：総合ルール 20260116.0'); citations outside quotes are migrated as cite-check "
        "suggests. A page is left for a human (with the reason) when a quote's text does not "
        "fit its label, a quote holds paragraphs without rule numbers, markup cannot be "
        "carried, or it is a generated 総合ルール page of an older translation; a page with "
        "nothing to change is reported unchanged and never rewritten. One PAGE: its report "
        "and diff, --out FILE its new text. Several pages, folders or --titles: a report of "
        "pages changed / unchanged / needing a human; --out-dir DIR writes NAME.wiki and "
        "NAME.diff per changed page and edits.json (what 'wiki publish' reads). Exit status: "
        "0 every page refreshed or current, 1 a page needs a human, could not be read or is no "
        "wiki page, 2 "
        "an error. Example: mtgcr wiki refresh --api https://wiki.example.org/api.php "
        "--titles titles.txt --out-dir batch",
    )
    r.add_argument("pages", nargs="*", metavar="PAGE", help="page files or folders")
    r.add_argument("--to", metavar="R", help="the release (date or label; default the newest)")
    r.add_argument("--lang", default="ja", help="the pages' language (default ja)")
    r.add_argument(
        "--api", metavar="URL", help="read --title/--titles pages from this wiki (…/api.php)"
    )
    r.add_argument(
        "--title", action="append", default=[], metavar="TITLE", help="a page title (repeatable)"
    )
    r.add_argument(
        "--titles",
        metavar="FILE",
        help="a file of page titles, one a line, each optionally followed by a tab and the "
        "revision id to refresh",
    )
    r.add_argument(
        "--out", metavar="FILE", help="one page: write its new text to FILE (- for stdout)"
    )
    r.add_argument("--out-dir", metavar="DIR", help="write the batch (what 'wiki publish' reads)")
    r.add_argument(
        "--force", action="store_true", help="replace an existing --out or --out-dir batch"
    )
    r.add_argument(
        "--no-identify",
        action="store_true",
        help="do not check that each quote's text fits its label (faster)",
    )
    add_format_option(r)
    add_max_size_option(r)
    r.set_defaults(func=run_refresh)


def _add_publish(wsub) -> None:
    """Add ``wiki publish`` to the subcommand parsers ``wsub``."""
    u = wsub.add_parser(
        "publish",
        help="publish a refresh batch to the wiki as a bot (dry run unless --publish)",
        description="Publish the changed pages of a batch folder ('wiki refresh --out-dir') "
        "through the MediaWiki API as a bot. A dry run by default: every page is read and "
        "checked, nothing is edited; --publish edits. Login with a bot password "
        "(Special:BotPasswords) from $MTGCR_WIKI_USER (User@app) and $MTGCR_WIKI_PASSWORD, "
        "or a pywikibot user-password.py (--pywikibot-passwords). A page edited since the "
        "refresh read it is never edited (refresh it again); every edit carries the base "
        "revision (the wiki refuses it on a conflict), nocreate, the bot flag and maxlag. "
        "The batch's edits.json is the journal: a run stopped by lag, a server error or "
        "Ctrl-C is resumed by running it again, and no page is edited twice. Exit status: 0 "
        "every page published (or would be), 1 a page was left alone (changed since read, "
        "missing, conflict), 2 an error. "
        "Example: MTGCR_WIKI_USER=Bot@mtgcr MTGCR_WIKI_PASSWORD=… mtgcr wiki publish batch "
        "--publish",
    )
    u.add_argument("folder", metavar="DIR", help="the batch folder")
    u.add_argument("--api", metavar="URL", help="the wiki's api.php (default: the batch's)")
    u.add_argument("--publish", action="store_true", help="really edit (default: a dry run)")
    u.add_argument(
        "--maxlag", type=int, default=5, help="seconds of replica lag to wait on (default 5)"
    )
    u.add_argument("--retries", type=int, default=3, help="retries of a lagged or failing request")
    u.add_argument("--pywikibot-passwords", metavar="FILE", help="a pywikibot user-password.py")
    add_format_option(u)
    u.set_defaults(func=run_publish)


def run_refresh(args, ctx) -> int:
    """``mtgcr wiki refresh``: returns 0 (every page refreshed or current), 1 (a page needs
    a human, could not be read or is no wiki page).

    Raises:
        BadArgument: no page, --out with several pages, titles without --api, an existing
            --out without --force.
        RefusedOutput: --out-dir holds a batch already (without --force).
        StoreError, PublishError: see :meth:`mtgcr.api.Corpus.wiki_refresh`.
    """
    from mtgcr.cli.commands.fetch import crawl_progress
    from mtgcr.corpus.safe_write import check_out_path, write_out
    from mtgcr.reports.wiki.batch import WikiTitle, read_titles
    from mtgcr.reports.wiki.edits import EditStatus

    titles = [WikiTitle(t) for t in args.title] + (read_titles(args.titles) if args.titles else [])
    single = len(args.pages) + len(titles) == 1 and not (
        args.pages and Path(args.pages[0]).is_dir()
    )
    if args.out and not single:
        raise BadArgument("wiki refresh: --out is for one page; give --out-dir DIR for several")
    if args.out and args.out != "-":
        if Path(args.out).exists() and not args.force:
            raise BadArgument(f"{args.out} exists; give --force to replace it, or another --out")
        check_out_path(args.out)
    with crawl_progress(ctx, "wiki refresh") as note:
        batch = ctx.corpus().wiki_refresh(
            *args.pages,
            titles=titles,
            api=args.api,
            to=args.to,
            lang=args.lang,
            identify=not args.no_identify,
            on_page=(lambda e: note(e.title)) if note else None,
            max_bytes=max_bytes(args),
        )
    if args.out_dir:
        manifest = batch.write(args.out_dir, force=args.force)
        if not ctx.silent:
            err_console.print(f"wrote {manifest}", markup=False, highlight=False)
    if args.out:
        edit = batch.edits[0]
        if edit.status in (EditStatus.CHANGED, EditStatus.UNCHANGED):
            write_out(args.out, edit.new_text, silent=ctx.silent)
    if args.format == "json":
        print_json(
            {
                "lang": batch.lang,
                "target": batch.target,
                "counts": batch.counts(),
                "pages": [e.as_json() for e in batch.edits],
            }
        )
    elif single and args.out != "-":
        _print_page(batch.edits[0])
    elif not single:
        _print_batch(batch)
    bad = {EditStatus.HUMAN, EditStatus.FAILED, EditStatus.SKIPPED}
    return 1 if any(e.status in bad for e in batch.edits) else 0


def _print_page(edit) -> None:
    """One page: its status, summary, notes and reasons, then its diff (or line edits)."""
    console.print(f"{edit.title}: {edit.status.value}", markup=False, highlight=False)
    if edit.summary and edit.status.value == "changed":
        console.print(f"summary: {edit.summary}", markup=False, highlight=False)
    for q in edit.quotes:
        console.print(
            f"quote at line {q.line} ({q.old_label} → {q.new_label}): {q.check.describe()}",
            markup=False,
            highlight=False,
        )
    for why in edit.reasons:
        console.print(f"needs a human: {why}", markup=False, highlight=False)
    for n in edit.notes:
        console.print(f"note: {n}", markup=False, highlight=False)
    for e in edit.line_edits:
        console.print(f"line {e.line}: {e.old}\n     → {e.new}", markup=False, highlight=False)
    diff = edit.diff()
    if diff:
        sys.stdout.write(diff)


def _print_batch(batch) -> None:
    """Many pages: one row each, then the counts."""
    rows = [
        [
            escape(e.title),
            e.status.value,
            escape(e.summary if e.status.value == "changed" else "; ".join(e.reasons + e.notes)),
        ]
        for e in batch.edits
    ]
    counts = ", ".join(f"{v} {k}" for k, v in batch.counts().items() if v)
    console.print(
        table(
            f"{len(batch.edits)} pages → {batch.lang} {batch.target}: {counts}",
            ["page", "status", "summary / reason"],
            rows,
        )
    )


def run_publish(args, ctx) -> int:
    """``mtgcr wiki publish``: returns 0 (every changed page published, or checked in a dry
    run), 1 (a page was left alone: changed since read, missing, conflict).

    Raises:
        BadArgument: no API URL or bot password.
        InputError: no batch in DIR.
        PublishError: login failed, or the wiki stopped the run (run again to resume).
    """
    from mtgcr.cli.commands.fetch import crawl_progress
    from mtgcr.reports.wiki.publish import PublishStatus

    with crawl_progress(ctx, "wiki publish") as note:
        res = ctx.corpus().wiki_publish(
            args.folder,
            api=args.api,
            write=args.publish,
            maxlag=args.maxlag,
            retries=args.retries,
            pywikibot_passwords=args.pywikibot_passwords,
            on_page=(lambda o: note(o.title)) if note else None,
        )
    if args.format == "json":
        print_json(
            {
                "written": res.written,
                "counts": res.counts(),
                "pages": [
                    {
                        "title": o.title,
                        "status": o.status.value,
                        "revid": o.revid,
                        "message": o.message,
                    }
                    for o in res.outcomes
                ],
            }
        )
    else:
        rows = [
            [escape(o.title), o.status.value, str(o.revid or ""), escape(o.message)]
            for o in res.outcomes
        ]
        what = "published" if res.written else "dry run (--publish to edit)"
        counts = ", ".join(f"{v} {k}" for k, v in res.counts().items()) or "no changed pages"
        console.print(
            table(f"{what}: {counts}", ["page", "status", "revision", "summary / message"], rows)
        )
    left = {PublishStatus.CHANGED_SINCE_READ, PublishStatus.MISSING, PublishStatus.CONFLICT}
    return 1 if any(o.status in left for o in res.outcomes) else 0
