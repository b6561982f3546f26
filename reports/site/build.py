"""``build_site``: the browsable, hyperlinked CR of every stored release and language.

Writes the pages described in :mod:`mtgcr.reports.site.pages` from a store: every complete
release of each language (rule pages, contents, glossary, search, ``rules.json``), a
``latest/`` copy of the newest, the traces and change pages of each language's chain, and
translations side by side with the English release of the same label (partial translations —
wiki quotes — too, with the page each rule was quoted on), and the release feeds
(``feed.atom``, ``feed.json``: :mod:`mtgcr.reports.feeds`). A file whose content did not change
is not rewritten, so after ``mtgcr update`` only the pages that changed are touched.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Callable, Iterable

from mtgcr.corpus.store import ReleaseInfo, Store, StoreError
from mtgcr.crossref.chain import Chain, aligned_pair
from mtgcr.crossref.lineage import LineageId
from mtgcr.crossref.textkey import compare_form
from mtgcr.extract.model import Ruleset
from mtgcr.extract.provenance import Provenance
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.reports.diffview import diff_view
from mtgcr.reports.feeds import ATOM_FILE, JSON_FILE, LanguageChain, feed_from_chains, feed_json
from mtgcr.corpus.output_folder import OutputFolder, WriteOutcome
from mtgcr.corpus.safe_write import current_guard
from mtgcr.reports.site.changes import changes_page, side_page
from mtgcr.reports.site.pages import esc, page, release_key, trace_file
from mtgcr.reports.site.rules import (
    LinkCache,
    ReleaseContext,
    SearchTexts,
    glossary_page,
    is_cjk,
    release_index,
    releases_script,
    rules_json,
    search_files,
    section_pages,
    term_names,
)
from mtgcr.reports.site.reuse import STATE_FILE, SiteState, code_digest, fingerprint
from mtgcr.reports.site.static import CSS, JS
from mtgcr.reports.site.trace import lineage_ids, lineage_json, trace_page, traces

__all__ = ["SiteOptions", "SiteResult", "build_site", "load_set_names"]


@dataclass
class SiteOptions:
    """What to build.

    Attributes:
        langs: languages (default: every language with a complete release).
        releases: only these releases' pages (effective dates or labels; traces and change
            pages still cover the whole chain); default all.
        compare: extra ``(old, new)`` pairs to write change pages for.
        set_names: effective date → set name (see :func:`load_set_names`).
        on_step: called with a one-line description of each step (progress).
    """

    langs: list[str] | None = None
    releases: list[str] | None = None
    compare: list[tuple[str, str]] = field(default_factory=list)
    set_names: dict[str, str] = field(default_factory=dict)
    on_step: Callable[[str], None] | None = None


@dataclass
class SiteResult:
    """Files written and files left as they were (same content), the index page, and the
    user's own files in the folder that were not replaced (``kept``)."""

    written: int = 0
    unchanged: int = 0
    index: Path | None = None
    languages: dict[str, int] = field(default_factory=dict)
    kept: list[str] = field(default_factory=list)  # the user's files, not replaced


def load_set_names(path: str | Path, release_dates: Iterable[str]) -> dict[str, str]:
    """Set names for release dates from ``versions_*.json`` (``[{setCode, setName,
    creationDay}]``, 1999–2022): a release is named after the set whose release day is the
    same day or up to 14 days before it (a CR update goes out with a set's release).
    Dates with no such set are left out.

    Raises:
        ValueError: not JSON of that shape (message names the file).
    """
    try:
        sets = [
            (date.fromisoformat(s["creationDay"]), s["setName"])
            for s in json.loads(Path(path).read_text(encoding="utf-8"))
        ]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{path}: not a set list ({exc})") from None
    out = {}
    for d in release_dates:
        try:
            when = date.fromisoformat(d)
        except ValueError:
            continue
        near = [(day, name) for day, name in sets if when - timedelta(days=14) <= day <= when]
        if near:
            out[d] = max(near)[1]
    return out


#: Threads putting the site's files on disk (their flushes overlap: see OutputFolder).
WRITERS = 8


class _Writer:
    """The site folder (:class:`~mtgcr.corpus.output_folder.OutputFolder`): unchanged files are not rewritten, a user's own files are kept (a user's
    ``index.html`` refuses the build). A file whose bytes were written before in this run
    (a section that reads the same in several releases, the ``latest/`` copy) becomes a hard
    link to that file, so repeated pages take their disk space once."""

    def __init__(self, out: Path, result: SiteResult) -> None:
        self.folder = OutputFolder(
            out, "site", keep=frozenset({"index.html"}), writers=WRITERS
        ).open()
        self.result = result
        self._seen: dict[str, str] = {}  # digest of the bytes → the first path written
        self.state = SiteState(out).load()
        self.group: str | None = None  # the release folder being written (SiteState)
        self.code = ""  # the site code's digest (reuse.code_digest)

    def reuse(self, group: str, fp: str) -> bool:
        """Keep the files of ``group`` from the previous build when its inputs ``fp`` are the
        same and its files untouched (:class:`SiteState`); else start recording it."""
        files = None if current_guard().force else self.state.reusable(group, fp)
        if files is not None and all(self.folder.adopt(rel) for rel in files):
            for rel, digest in files.items():
                self._seen.setdefault(digest, rel)
            return True
        self.state.start(group, fp)
        return False

    def cached(self, group: str, fp: str, render: Callable[[], None]) -> None:
        """``render()`` the files of ``group`` (writing them through this writer), unless
        the previous build's are reusable for inputs ``fp`` (:meth:`reuse`)."""
        if self.reuse(group, fp):
            return
        self.group = group
        try:
            render()
        finally:
            self.group = None

    def write(self, rel: str, text: str) -> None:
        data = text.encode("utf-8")
        digest = hashlib.blake2b(data, digest_size=20).hexdigest()
        if self.group is not None:
            self.state.add(self.group, rel, digest)
        first = self._seen.get(digest)
        outcome = None
        if first is not None:
            try:
                outcome = self.folder.link(rel, first)
            except ValueError:  # the first one was a user's file, kept
                outcome = None
        if outcome is None:
            outcome = self.folder.write(rel, data)
        if outcome is not WriteOutcome.KEPT and first is None:
            self._seen[digest] = rel
        if outcome is WriteOutcome.KEPT and self.group is not None:
            self.state.forget(self.group)  # a user's file in it: render it again next time

    def close(self, ok: bool = True) -> None:
        if ok:  # every file on disk: their state for the next build
            self.folder.flush()
            self.group = None
            self.write(STATE_FILE, self.state.text())
        self.folder.close()
        self.result.written, self.result.unchanged = self.folder.written, self.folder.unchanged
        self.result.kept = list(self.folder.kept)


def _example_label(lang: str) -> str:
    try:
        from mtgcr.extract.profiles import PROFILES

        return getattr(PROFILES.get(lang), "example_label", None) or "Example:"
    except Exception:  # a profile set without that field
        return "Example:"


def _base_label(label: str) -> str:
    """A translation's label without its revision: ``20231117.0`` → ``20231117``."""
    return label.split(".")[0]


def _wanted(info: ReleaseInfo, only: list[str] | None) -> bool:
    if not only:
        return True
    keys = {info.label, (info.effective_date or ""), (info.effective_date or "").replace("-", "")}
    return any(s.replace("/", "-") in keys or s.replace("-", "") in keys for s in only)


def _release_pages(w: _Writer, ctx: ReleaseContext, folder: str) -> None:
    for name, html in section_pages(ctx).items():
        w.write(f"{folder}/{name}", html)
    w.write(f"{folder}/index.html", release_index(ctx))
    w.write(f"{folder}/glossary.html", glossary_page(ctx))
    for name, text in search_files(ctx).items():
        w.write(f"{folder}/{name}", text)
    w.write(f"{folder}/rules.json", rules_json(ctx))


def _stale_marks(
    tr: Ruleset,
    en_k: int,
    en_rulesets: list[Ruleset],
    ids: list[dict[RuleNumber, LineageId]] | None,
    memo: Callable[[Callable[[], list[str]]], list[str]] | None = None,
) -> dict[RuleNumber, str]:
    """Translated rules whose English rule changed after the translation's release, or whose
    pairing found a conflict. ``memo``: gives the conflicts (rule numbers) the pairing found
    for these two releases in the previous build, or computes them."""
    from mtgcr.crossref.translation.langpair import pair_rulesets

    en = en_rulesets[en_k]
    out: dict[RuleNumber, str] = {}

    def conflicts() -> list[str]:
        try:
            pairing = pair_rulesets(tr, en)
        except Exception:  # pragma: no cover - pairing is a best-effort mark here
            return []
        return [
            str(p.number)
            for p in getattr(pairing, "pairs", [])
            if str(getattr(p, "status", "")).endswith("conflict")
        ]

    found = conflicts() if memo is None else memo(conflicts)
    for number in found:
        out[RuleNumber.parse(number)] = (
            "the pairing found a conflict: the text belongs to another number"
        )
    if ids is not None and en_k < len(en_rulesets) - 1:
        newest = en_rulesets[-1]
        by_lin: dict[LineageId, list[RuleNumber]] = {}
        for n, lin in ids[-1].items():
            by_lin.setdefault(lin, []).append(n)
        for n in tr.rules:
            en_lin = ids[en_k].get(n)
            if en_lin is None or n not in en.rules:
                continue
            now = by_lin.get(en_lin, [])
            if not now:
                out.setdefault(n, f"the English rule was removed after {release_key_rs(en)}")
            elif compare_form(newest.rules[now[0]].text) != compare_form(en.rules[n].text):
                out.setdefault(
                    n,
                    f"the English rule changed after {release_key_rs(en)} "
                    f"(now {now[0]} in {release_key_rs(newest)})",
                )
    return out


def side_of_partial(folder: str, rs: Ruleset) -> list[tuple[str, str, frozenset[int]]]:
    """The side-by-side link of a partial release's own pages."""
    return [("side by side with English", folder, frozenset(n.section for n in rs.rules))]


def release_key_rs(rs: Ruleset) -> str:
    return rs.release.name


def build_site(store: Store, out: Path, options: SiteOptions | None = None) -> SiteResult:
    """Build the site into ``out``, an output folder (:mod:`mtgcr.corpus.output_folder`:
    created with its marker, or one mtgcr made before; a folder of the user's only with
    ``--force``, and a user's own ``index.html`` never).

    Args:
        store: an open store (writable for the alignment cache; read-only works).
        out: the site folder (created).
        options: see :class:`SiteOptions`.

    Returns:
        A :class:`SiteResult`.

    Raises:
        StoreError: no complete release of a language asked for.
        RefusedOutput: ``out`` is not a folder mtgcr may write into (see above).
    """
    res = SiteResult()
    w = _Writer(out, res)
    ok = False
    try:
        _build(store, out, options or SiteOptions(), res, w)
        ok = True
    finally:
        w.close(ok)
    return res


def _build(store: Store, out: Path, opts: SiteOptions, res: SiteResult, w: _Writer) -> None:
    step = opts.on_step or (lambda msg: None)
    langs = opts.langs or [
        lang for lang in store.languages() if any(r.complete for r in store.releases(lang))
    ]
    if not langs:
        raise StoreError(
            f"no complete releases in {store.path} to build a site of (run 'mtgcr ingest' first)"
        )
    code = w.code = code_digest()
    w.write("static/site.css", CSS)
    w.write("static/site.js", JS)
    en_state: dict[str, object] = {}
    index_rows: list[str] = []
    chains: list[LanguageChain] = []  # for the release feeds
    # which translation releases get side-by-side pages (those with an EN release of their label)
    en_labels = {r.label for r in store.releases("en") if r.complete} if "en" in langs else set()
    side_of: dict[str, list[tuple[str, str, frozenset[int]]]] = {}
    for lang in langs:
        if lang == "en":
            continue
        for r in store.releases(lang):
            if _base_label(r.label) in en_labels and _wanted(r, opts.releases):
                folder = f"{lang}/{release_key(r)}" + ("" if r.complete else "-quotes")
                have = frozenset(
                    row["section"]
                    for row in store.conn.execute(
                        "SELECT DISTINCT section FROM rules WHERE release_id=?", (r.id,)
                    )
                )
                side_of.setdefault(_base_label(r.label), []).append(
                    (
                        f"{lang} {release_key(r)}{'' if r.complete else ' (quotes)'} side by side",
                        folder,
                        have,
                    )
                )
                side_of.setdefault(f"{lang}:{r.id}", []).append(
                    ("side by side with English", folder, have)
                )
    for lang in (["en"] if "en" in langs else []) + [lg for lg in langs if lg != "en"]:
        if not any(r.complete for r in store.releases(lang)):
            if lang == "en" or not store.releases(lang):
                raise StoreError(f"no {lang} releases in {store.path} (run 'mtgcr ingest' first)")
            if en_state:  # only partial releases (wiki quotes): their pages beside English
                _side_pages(w, store, lang, [], [], en_state, opts, step)
            # partial releases with no complete English release of their label: pages of
            # their own (the union of their pieces), or a clear reason
            index_rows += _partial_pages(w, store, lang, en_state, opts, step)
            continue
        step(f"{lang}: aligning the chain")
        chain = Chain(store, lang)
        infos = chain.infos
        rulesets = [chain.ruleset(k) for k in range(len(infos))]
        alignments = (
            chain.alignments()
            if lang == "en" or len(infos) <= 1
            else [chain.alignment(k) for k in range(len(infos) - 1)]
        )
        ids = lineage_ids(rulesets, alignments)
        chains.append(LanguageChain(lang, infos, [dict(a.summary()["rules"]) for a in alignments]))
        all_traces = traces(ids, alignments)
        keys = [release_key(i) for i in infos]
        selector = [
            (keys[k], infos[k].label, frozenset(n.section for n in rulesets[k].sections))
            for k in reversed(range(len(infos)))
        ]
        sets = {
            k: opts.set_names[i.effective_date]
            for k, i in enumerate(infos)
            if i.effective_date in opts.set_names
        }
        script = f"{lang}/releases.js"
        w.write(
            script,
            releases_script(
                lang,
                [
                    (infos[k], sets.get(k), frozenset(n.section for n in rulesets[k].sections))
                    for k in reversed(range(len(infos)))
                ],
                [
                    side_of.get(infos[k].label if lang == "en" else f"{lang}:{infos[k].id}", [])
                    for k in reversed(range(len(infos)))
                ],
            ),
        )
        links = LinkCache([term_names(rs) for rs in rulesets], is_cjk(lang))
        texts = SearchTexts()
        for rs in rulesets:
            texts.add(rs)
        w.write(f"{lang}/{texts.FILE}", texts.script())
        changes: dict[int, str] = {}
        for k in range(1, len(infos)):
            rel = f"changes/{lang}/{keys[k - 1]}_{keys[k]}.html"
            changes[k] = rel
            if _wanted(infos[k], opts.releases) or _wanted(infos[k - 1], opts.releases):

                def render(k=k, rel=rel, al=alignments, rs=rulesets, kk=keys) -> None:
                    view = diff_view(al[k - 1], rs[k - 1], rs[k])
                    w.write(rel, changes_page(view, kk[k - 1], kk[k]))

                edits = [
                    (c.kind, c.old, c.new)
                    for c in alignments[k - 1].changes
                    if c.kind != "unchanged"
                ]
                w.cached(rel, fingerprint(code, infos[k - 1].id, infos[k].id, edits), render)
        step(f"{lang}: {len(infos)} releases, {len(all_traces)} lineages")
        if lang == "en":
            en_state.update(infos=infos, rulesets=rulesets, ids=ids, keys=keys, links=links)
        for k, info in enumerate(infos):
            if not (_wanted(info, opts.releases) or k == len(infos) - 1):
                continue
            step(f"{lang} {keys[k]}: pages ({k + 1}/{len(infos)})")
            changed = {}
            if k:
                for ch in alignments[k - 1].changes:
                    if ch.kind not in ("unchanged", "typography"):  # typography: no edit
                        for n in ch.new:
                            changed[n] = ch
            ctx = ReleaseContext(
                info,
                rulesets[k],
                selector,
                sets.get(k),
                ids[k],
                changed,
                changes.get(k),
                _example_label(lang),
            )
            ctx.side_links = side_of.get(info.label if lang == "en" else f"{lang}:{info.id}", [])
            ctx.releases_script, ctx.links, ctx.search_texts = script, links, texts
            folder = f"{lang}/{keys[k]}"
            fp = fingerprint(
                code,
                [(i.id, i.label, i.effective_date) for i in infos[: k + 1]],
                sets.get(k),
                ctx.side_links,
                script,
                ctx.changes_page,
                sorted((str(n), ch.kind) for n, ch in changed.items()),
                sorted((str(n), str(lin)) for n, lin in ids[k].items()),
                ctx.example_label,
            )
            if _wanted(info, opts.releases) and not (
                k < len(infos) - 1 and w.reuse(folder, fp)  # the newest: latest/ too
            ):
                w.state.start(folder, fp)
                w.group = folder
                _release_pages(w, ctx, folder)
                w.group = None
            if k == len(infos) - 1:
                _release_pages(w, ctx, f"{lang}/latest")
        step(f"{lang}: traces")
        last = len(infos) - 1
        for lin, steps in all_traces.items():
            if any(_wanted(infos[s.k], opts.releases) for s in steps if s.k < len(infos)):
                rel = f"trace/{lang}/{trace_file(lin)}"
                fp = fingerprint(
                    code,
                    str(lin),
                    [
                        (
                            infos[s.k].id,
                            infos[s.k - 1].id if s.k and s.change is not None else None,
                            [str(n) for n in s.numbers],
                            s.kind,
                            None if s.change is None else (s.change.old, s.change.new),
                            sets.get(s.k),
                        )
                        for s in steps
                    ],
                    steps[-1].k == last,
                )
                w.cached(
                    rel,
                    fp,
                    functools.partial(_write_trace, w, rel, lin, steps, infos, rulesets, sets),
                )
        w.write(f"trace/{lang}/lineage.json", lineage_json(all_traces, infos))
        res.languages[lang] = len(infos)
        index_rows += [
            f'<tr><td>{esc(lang)}</td><td><a href="{esc(lang)}/{esc(keys[k])}/index.html">'
            f"{esc(keys[k])}</a></td><td>{esc(i.label)}</td><td>{esc(sets.get(k, ''))}</td>"
            f"<td>{f'<a href={chr(34)}{changes[k]}{chr(34)}>changes</a>' if k in changes else ''}</td></tr>"
            for k, i in reversed(list(enumerate(infos)))
        ]
        if lang != "en" and en_state:
            _side_pages(w, store, lang, infos, rulesets, en_state, opts, step, links)
    for old, new in opts.compare:
        for lang in langs:
            try:
                o_rs, n_rs, al = aligned_pair(store, old, new, lang)
            except StoreError:
                continue
            ko, kn = release_key_rs(o_rs), release_key_rs(n_rs)
            w.write(
                f"changes/{lang}/{ko}_{kn}.html", changes_page(diff_view(al, o_rs, n_rs), ko, kn)
            )
            index_rows.insert(
                0,
                f"<tr><td>{esc(lang)}</td><td colspan=3>compare {esc(ko)} → "
                f'{esc(kn)}</td><td><a href="changes/{lang}/{ko}_{kn}.html">'
                f"changes</a></td></tr>",
            )
    step("release feeds")
    feed = feed_from_chains(chains)
    w.write(ATOM_FILE, feed.atom())
    w.write(JSON_FILE, feed_json(feed))
    body = (
        "<h1>Magic: The Gathering Comprehensive Rules</h1>"
        "<p>Every stored release, with its rules, traces and changes "
        f'(new releases: <a href="{ATOM_FILE}">Atom feed</a>, <a href="{JSON_FILE}">JSON</a>). '
        + " · ".join(
            f'<a href="{esc(lang)}/latest/index.html">latest {esc(lang)}</a>'
            for lang in res.languages
        )
        + "</p>"
        "<table><thead><tr><th>language</th><th>release</th><th>label</th><th>set</th>"
        f"<th></th></tr></thead><tbody>{''.join(index_rows)}</tbody></table>"
    )
    w.write("index.html", page("mtgcr — Comprehensive Rules", body, "", "en"))
    res.index = out / "index.html"


def _write_trace(w: _Writer, rel: str, lin, steps, infos, rulesets, sets) -> None:
    w.write(rel, trace_page(lin, steps, infos, rulesets, sets))


def _partial_labels(store: Store, lang: str) -> dict[str, ReleaseInfo]:
    """The partial releases of ``lang`` by label (the first piece of each stored label)."""
    out: dict[str, ReleaseInfo] = {}
    for r in store.releases(lang):
        if not r.complete:
            out.setdefault(r.label, r)
    return out


def _partial_pages(
    w: _Writer, store: Store, lang: str, en_state: dict, opts: SiteOptions, step
) -> list[str]:
    """Own pages (``LANG/KEY-quotes/``) of each partial release of ``lang`` whose label has no
    complete English release to sit beside (those get theirs from :func:`_side_pages`): every
    piece of the label read as one (:func:`mtgcr.extract.partial.partial_union`). Returns the
    index rows.

    Raises:
        StoreError: no partial release of ``lang`` has a rule to show (the message says what
            is stored).
    """
    from mtgcr.extract.partial import partial_pieces, partial_union

    en_labels = {i.label for i in en_state.get("infos", [])}
    rows: list[str] = []
    shown = 0
    labels = _partial_labels(store, lang)
    for label, info in labels.items():
        if _base_label(label) in en_labels or not _wanted(info, opts.releases):
            continue
        pieces = partial_pieces(store, info)
        if pieces.rules == 0:
            continue
        rs = partial_union(store, info)
        key = release_key(info) + "-quotes"
        folder = f"{lang}/{key}"
        step(f"{lang} {release_key(info)}: {pieces.describe()}")
        sections = frozenset(n.section for n in rs.sections)
        ctx = ReleaseContext(
            info, rs, [(key, info.label, sections)], example_label=_example_label(lang)
        )
        _release_pages(w, ctx, folder)
        shown += 1
        rows.append(
            f'<tr><td>{esc(lang)}</td><td><a href="{esc(folder)}/index.html">{esc(key)}</a></td>'
            f"<td>{esc(label)} (partial: {len(pieces.pieces)} pieces)</td><td></td><td></td></tr>"
        )
    if not shown and not any(_base_label(lb) in en_labels for lb in labels):
        described = "; ".join(partial_pieces(store, i).describe() for i in labels.values())
        raise StoreError(
            f"no {lang} release to show: only partial ones, with no rules "
            f"({described or 'none stored'})"
        )
    return rows


def _side_pages(
    w: _Writer,
    store: Store,
    lang: str,
    infos: list[ReleaseInfo],
    rulesets: list[Ruleset],
    en_state: dict,
    opts: SiteOptions,
    step,
    links: LinkCache | None = None,
) -> None:
    """Side-by-side pages of each release of ``lang`` (complete and partial) whose English
    release of the same label is stored. ``links``: the :class:`LinkCache` of ``lang``'s
    complete releases (``en_state["links"]`` is English's)."""
    en_infos = en_state["infos"]
    by_label = {i.label: k for k, i in enumerate(en_infos)}
    en_rs = en_state["rulesets"]
    from mtgcr.extract.partial import partial_union_with_places

    partial = list(_partial_labels(store, lang).values())  # the pieces of a label as one
    todo: list[tuple[ReleaseInfo, Ruleset, Provenance]] = [
        (i, rs, {}) for i, rs in zip(infos, rulesets)
    ]
    todo += [(r, *partial_union_with_places(store, r)) for r in partial]
    for info, rs, places in todo:
        k_en = by_label.get(_base_label(info.label))
        if k_en is None or not _wanted(info, opts.releases):
            continue
        step(f"{lang} {release_key(info)}: side by side with en {release_key(en_infos[k_en])}")
        tr_ctx = ReleaseContext(
            info, rs, [], example_label=_example_label(lang), links=links if info.complete else None
        )
        en_ctx = ReleaseContext(
            en_infos[k_en],
            en_rs[k_en],
            [],
            example_label=_example_label("en"),
            links=en_state.get("links"),
        )
        memo = None
        if info.complete:  # a partial release's pieces can grow: not kept
            key = fingerprint("pairing", w.code, info.id, en_infos[k_en].id)
            memo = functools.partial(w.state.memo, key)
        stale = _stale_marks(rs, k_en, en_rs, en_state["ids"], memo)
        folder = f"{lang}/{release_key(info)}" + ("" if info.complete else "-quotes")
        if not info.complete:  # a partial release (wiki quotes): its own pages too
            pctx = ReleaseContext(
                info,
                rs,
                [
                    (
                        release_key(info) + "-quotes",
                        info.label,
                        frozenset(n.section for n in rs.sections),
                    )
                ],
                example_label=_example_label(lang),
                side_links=side_of_partial(folder, rs),
            )
            _release_pages(w, pctx, folder)

        def render(folder=folder, rs=rs, tr_ctx=tr_ctx, en_ctx=en_ctx, stale=stale, places=places):
            for sec in sorted({n.section for n in rs.rules}):
                w.write(
                    f"{folder}/side/{sec}.html",
                    side_page(RuleNumber(sec), tr_ctx, en_ctx, stale, quoted_on=places),
                )

        if info.complete:  # a partial release's pieces can grow: rendered each time
            fp = fingerprint(
                "side",
                w.code,
                info.id,
                en_infos[k_en].id,
                sorted((str(n), why) for n, why in stale.items()),
            )
            w.cached(f"{folder}/side", fp, render)
        else:
            render()
