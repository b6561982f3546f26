"""``mtgcr diff OLD NEW``: what changed between two releases of one language."""
from __future__ import annotations

import sys

from mtgcr.crossref.model import release_json
from mtgcr.crossref.translation.xlang import translation_alignment
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.reports.alignctx import add_decisions_option, decision_errors, open_store, read_decisions, write_report
from mtgcr.reports.args import add_format_option, add_lang_option, section_option
from mtgcr.reports.cli import UserError
from mtgcr.reports.diffview import diff_view, release_name
from mtgcr.reports.render import RENDERERS


def register(sub) -> None:
    """Add the ``diff`` command to the subcommand parsers ``sub``."""
    p = sub.add_parser(
        "diff", help="report the changes between two releases",
        description="Align two releases (any two, either order) and report: summary counts, "
                    "renumberings, modified rules with a word diff, splits and merges, "
                    "moved, added and removed rules, section moves and retitles, glossary "
                    "changes. For a translation (--lang ja, zh, ru) the alignment of the "
                    "English releases of the same labels is projected onto it when they are "
                    "stored (the translation's own alignment is computed too and any "
                    "disagreement listed); otherwise the translation is aligned directly. "
                    "The report says which. Example: mtgcr diff 2022-11-18 2023-11-17 "
                    "--section 712 --format html --out 712.html")
    p.add_argument("old", metavar="OLD", help="old release: effective date or label")
    p.add_argument("new", metavar="NEW", help="new release: effective date or label")
    add_lang_option(p)
    p.add_argument("--section", metavar="N",
                   help="only what belongs to this section (712), summary counts included")
    add_format_option(p, RENDERERS, default="md")
    p.add_argument("--all", action="store_true",
                   help="also list unchanged rules, sections and glossary entries (every format)")
    p.add_argument("--out", metavar="FILE",
                   help="write to FILE instead of stdout (missing folders are created, and "
                        "the command says so)")
    add_decisions_option(p)
    p.set_defaults(func=run)


def run(args, ctx) -> int:
    """``mtgcr diff OLD NEW``: the change report of two releases, to stdout or ``--out``;
    returns 0.

    Raises:
        UserError: a bad ``--section`` or one in neither release, a bad decisions file or a
            decision that does not fit, an ``--out`` that cannot be written.
        StoreError: no store, or OLD or NEW is not a stored release of that language.
    """
    section = section_option(args.section)
    decisions = read_decisions(args, ctx)
    with open_store(ctx) as store:
        with decision_errors():
            cross = translation_alignment(store, args.old, args.new, args.lang, decisions)
    old, new = cross.old, cross.new
    if section is not None and not (RuleNumber(section) in old.sections
                                    or RuleNumber(section) in new.sections):
        names = [f"{args.lang} {release_name(release_json(rs.release))}"
                 + ("" if rs.complete else " (quoted rules only)") for rs in (old, new)]
        raise UserError(f"--section {section}: there is no section {section} in {names[0]} "
                        f"or in {names[1]}")
    view = diff_view(cross.alignment, old, new, section=section, include_unchanged=args.all,
                     cross=cross, decisions=decisions)
    view["direction"], note = direction(old.release, new.release, args.old, args.new)
    view["direction_note"] = note
    if note and not ctx.silent:
        print(f"note: {note}", file=sys.stderr)
    text = RENDERERS[args.format](view)
    if args.out:
        write_report(args.out, text, ctx)
    else:
        sys.stdout.write(text)
    return 0


def direction(old, new, old_spec: str, new_spec: str) -> tuple[str, str | None]:
    """Whether a diff runs forward in time: ``("forward", None)``, ``("same", note)`` when OLD
    and NEW name one release (also through two copies' labels, ``2009-07-08`` and
    ``2009-07-11``), ``("reversed", note)`` when OLD is the newer one. ``old``/``new`` are
    :class:`mtgcr.extract.model.Release` values; the specs are what the user typed."""
    def when(r):
        return (r.effective_date.isoformat() if r.effective_date else r.label, r.revision or "")
    name_old = f"{old.lang} {release_name(release_json(old))}"
    if (old.lang, when(old)) == (new.lang, when(new)):
        also = (f" ({old_spec!r} and {new_spec!r} name the same release)"
                if old_spec.strip() != new_spec.strip() else "")
        return "same", (f"OLD and NEW are the same release, {name_old}{also}: nothing changed "
                        f"between them; give two different releases")
    if when(old) > when(new):
        return "reversed", (f"OLD ({name_old}) is newer than NEW ({new.lang} "
                            f"{release_name(release_json(new))}): the report reads backwards in "
                            f"time (rules added since then show as removed); swap them for the "
                            f"usual direction")
    return "forward", None
