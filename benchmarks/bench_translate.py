"""Translation kits on the real corpus: the community ZH releases carried to the next one and
compared with what the translators shipped; the JA wiki quotes of 20231117 carried to the
official JA 20260116; ``msgmerge --previous`` on the same units as the baseline.

For each consecutive pair A → B of ZH plain-text releases (../shared/corpus/zh/plain_text;
the EN file of each label from en/official, else en/normalized), one table row:

* ``units``: units of the kit (EN B's rule lines, examples, headings, glossary headwords and
  definitions, front matter); ``prefill %``: units with a target (carried or a suggestion);
* ``= shipped %``: of the carried units that ZH B has, the share whose target is exactly
  ZH B's text; the others are classified: ``revised`` (the translators reworded a unit whose
  EN text did not change: the shipped text differs from ZH A's), ``stale`` (the kit rewrote a
  cited number as EN B has it and ZH B still cites the old one — a stale reference in the
  shipped release), ``en-stale`` (EN B kept an old number, the kit kept it with a note, ZH B
  corrected it), ``wrong`` (any other: our carry is wrong);
* ``human``: units whose target is a suggestion or empty; ``mm-num`` / ``mm-text``: what
  ``msgmerge --previous`` leaves fuzzy or untranslated on the same units, keyed by number
  (msgctxt = the unit's label in each release) / by English text only; ``ratio``: human /
  mm-num (target ≤ 1/3);
* ``qa``: units with QA findings (old translation already stale, pair differs);
* ``kit s`` / ``noqa s`` / ``mm s``: the kit's time with and without pairing the old release
  (``pair``), and msgmerge's — measured in the same run, on a shared machine: compare ratios.

The issue's four pairs are marked ``*`` and are the ones ``msgmerge`` runs on (its fuzzy
search takes minutes on the big jumps, 2022-06-10 → 2023-10-13);
``MTGCR_BENCH_QUICK=1`` runs only those and the JA pair. Finally the stale references of the shipped releases (``stale``, e.g. ZH 2026-04-17
801.17 still citing 726 where EN cites 727) are listed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

#: The pairs issue 25 names (ZH labels).
NAMED = {
    ("20251114", "20260116"),
    ("20260116", "20260227"),
    ("20260227", "20260417"),
    ("20231117", "20240206"),
}


def _en_file(corpus: Path, label: str) -> Path:
    p = corpus / "en" / "official" / f"{label[:4]}-{label[4:6]}-{label[6:]}.txt"
    return p if p.exists() else corpus / "en" / "normalized" / f"{label}_En.txt"


@dataclass
class Row:
    """One pair's figures (see the module docstring)."""

    pair: str
    units: int = 0
    prefilled: int = 0
    compared: int = 0
    equal: int = 0
    classes: Counter = field(default_factory=Counter)
    human: int = 0
    mm_num: int | None = None
    mm_text: int | None = None
    qa: int = 0
    kit_s: float = 0.0
    kit_cpu: float = 0.0
    noqa_s: float = 0.0
    noqa_cpu: float = 0.0
    mm_s: float | None = None
    mm_cpu: float | None = None
    suggestions: int = 0
    partial: bool = False
    stale: list[str] = field(default_factory=list)
    stale_old: list[str] = field(default_factory=list)


def shipped_texts(kit, shipped, front, en_glossary) -> dict[str, str]:
    """Unit id → the text the shipped translation of release B has for that piece (pieces
    it has; its glossary paired with EN B's glossary ``en_glossary`` as the kit pairs
    glossaries)."""
    from mtgcr.crossref.translation.carry_glossary import pair_glossary
    from mtgcr.crossref.translation.carry_model import UnitKind
    from mtgcr.extract.rulenum import RuleNumber

    out: dict[str, str] = {}
    gp = pair_glossary(shipped.glossary, en_glossary)
    for u in kit.units:
        k = u.kind
        text = None
        if k is UnitKind.RULE:
            r = shipped.get(u.number)
            text = r.text if r is not None else None
        elif k is UnitKind.EXAMPLE:
            r = shipped.get(u.number)
            if r is not None and u.example is not None and len(r.examples) >= u.example:
                text = r.examples[u.example - 1].text
        elif k is UnitKind.SECTION:
            s = shipped.sections.get(RuleNumber.parse(str(u.number)))
            text = s.title if s is not None else None
        elif k is UnitKind.CHAPTER:
            c = next((c for c in shipped.chapters if str(c.number) == u.number), None)
            text = c.title if c is not None else None
        elif k in (UnitKind.GLOSSARY_TERM, UnitKind.GLOSSARY_TEXT):
            g = gp.pairs.get(str(u.number))
            if g is not None:
                text = (g.heading or g.term) if k is UnitKind.GLOSSARY_TERM else g.text
        elif k is UnitKind.TITLE:
            text = shipped.title
        elif k is UnitKind.INTRODUCTION:
            text = shipped.introduction
        elif k is UnitKind.CREDITS:
            text = shipped.credits
        elif k is UnitKind.DATE and front is not None:
            text = front.date_line
        elif k is UnitKind.HEADING and front is not None:
            text = getattr(front, u.id.rsplit(":front:", 1)[1].removesuffix("-heading"), None)
        if text:
            out[u.id] = text
    return out


def classify(u, shipped: str, old_text: str | None) -> str:
    """Why a carried unit differs from what was shipped (see the module docstring)."""
    from mtgcr.crossref.translation.carry_model import QaKind

    if any(q.kind is QaKind.EN_STALE for q in u.qa):
        return "en-stale"
    if u.rewrites and old_text is not None and shipped == old_text:
        return "stale"
    if old_text is not None and shipped != old_text:
        return "revised"
    return "wrong"


def old_texts(kit) -> dict[str, str]:
    """Unit id → the old translation's text the unit carried (before any rewrite)."""
    out = {}
    for u in kit.units:
        if not u.carry.carried or not u.target:
            continue
        if u.rewrites:
            text = u.target
            for r in reversed(u.rewrites):
                i = text.rfind(r.new)
                text = text[:i] + r.old + text[i + len(r.new) :] if i >= 0 else text
            out[u.id] = text
        else:
            out[u.id] = u.target
    return out


def msgmerge(units_old, units_new, folder: Path, keyed: bool) -> tuple[int, float, float]:
    """Units ``msgmerge --previous`` leaves fuzzy or untranslated: ``units_old`` are
    ``(context, EN old, translation)``, ``units_new`` ``(context, EN new)``; contexts are
    written only when ``keyed``. Returns ``(count, wall seconds, CPU seconds)``."""
    import polib

    folder.mkdir(parents=True, exist_ok=True)
    old, new = polib.POFile(wrapwidth=0), polib.POFile(wrapwidth=0)
    for po in (old, new):
        po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    seen: set = set()
    for ctx, src, tgt in units_old:
        key = (ctx if keyed else None, src)
        if key not in seen:
            seen.add(key)
            old.append(polib.POEntry(msgctxt=ctx if keyed else None, msgid=src, msgstr=tgt))
    seen = set()
    for ctx, src in units_new:
        key = (ctx if keyed else None, src)
        if key not in seen:
            seen.add(key)
            new.append(polib.POEntry(msgctxt=ctx if keyed else None, msgid=src, msgstr=""))
    old.save(str(folder / "old.po"))
    new.save(str(folder / "new.pot"))
    t, c = time.perf_counter(), os.times()
    subprocess.run(
        [
            "msgmerge",
            "--quiet",
            "--previous",
            "-o",
            str(folder / "merged.po"),
            str(folder / "old.po"),
            str(folder / "new.pot"),
        ],
        check=True,
    )
    dt, c2 = time.perf_counter() - t, os.times()
    cpu = (c2.children_user + c2.children_system) - (c.children_user + c.children_system)
    merged = polib.pofile(str(folder / "merged.po"))
    left = sum(1 for e in merged if not e.obsolete and (e.fuzzy or not e.msgstr))
    return left, dt, cpu


def baseline_units(store, kit, tr_info, front_old, front_en_old):
    """The msgmerge inputs for a kit: the old release's units (its EN pieces with the old
    translation of the same piece) and the new release's (the kit's units)."""
    from mtgcr.crossref.translation.carry_glossary import pair_glossary
    from mtgcr.crossref.translation.carry_model import CarryClass, KitUnit, UnitKind, UnitState
    from mtgcr.crossref.translation.carry_pieces import pieces
    from mtgcr.crossref.translation.langpair import english_release
    from mtgcr.extract.records import load_release
    from mtgcr.extract.rulenum import RuleNumber

    tr = load_release(store, tr_info)
    en_old = load_release(store, english_release(store, tr_info))
    gp = pair_glossary(tr.glossary, en_old.glossary)
    olds = []
    for p in pieces(en_old, front_en_old):
        u = KitUnit(
            p.id,
            p.kind,
            p.source,
            "",
            CarryClass.NEW,
            UnitState.EMPTY,
            number=p.number,
            example=p.example,
        )
        text = None
        if p.kind is UnitKind.RULE:
            r = tr.get(p.number)
            text = r.text if r else None
        elif p.kind is UnitKind.EXAMPLE:
            r = tr.get(p.number)
            text = r.examples[p.example - 1].text if r and len(r.examples) >= p.example else None
        elif p.kind is UnitKind.SECTION:
            s = tr.sections.get(RuleNumber.parse(str(p.number)))
            text = s.title if s else None
        elif p.kind is UnitKind.CHAPTER:
            c = next((c for c in tr.chapters if str(c.number) == p.number), None)
            text = c.title if c else None
        elif p.kind in (UnitKind.GLOSSARY_TERM, UnitKind.GLOSSARY_TEXT):
            g = gp.pairs.get(str(p.number))
            if g is not None:
                text = (g.heading or g.term) if p.kind is UnitKind.GLOSSARY_TERM else g.text
        elif p.kind is UnitKind.TITLE:
            text = tr.title
        elif p.kind is UnitKind.INTRODUCTION:
            text = tr.introduction
        elif p.kind is UnitKind.CREDITS:
            text = tr.credits
        elif p.kind is UnitKind.DATE and front_old is not None:
            text = front_old.date_line
        elif p.kind is UnitKind.HEADING and front_old is not None:
            text = getattr(front_old, p.id.rsplit(":front:", 1)[1].removesuffix("-heading"), None)
        olds.append((u.label, p.source, text or ""))
    news = [(u.label, u.source) for u in kit.units]
    return olds, news, en_old


def run_pair(cr, lang: str, a: str, b: str, work: Path, with_mm: bool) -> Row:
    """The figures of carrying ``lang`` release ``a`` to EN ``b`` (see the module docstring)."""
    from mtgcr.crossref.translation.carry import carry_release
    from mtgcr.crossref.translation.langpair import english_release
    from mtgcr.extract.records import load_release
    from mtgcr.reports.translation.frame import front_matter
    from mtgcr.reports.translation.hints import add_hints

    row = Row(f"{lang} {a} → {b}")
    with cr.aligning_store() as store:
        tr_info = store.resolve(a, lang)
        new_info = store.resolve(b, lang)
        en_new_info = english_release(store, new_info)
        front = lambda i: front_matter(store, i)  # noqa: E731
        carry_release(store, lang, a, en_new_info.name, qa=False, front=front)  # warm caches
        t, c = time.perf_counter(), time.process_time()
        kit = add_hints(carry_release(store, lang, a, en_new_info.name, front=front))
        row.kit_s, row.kit_cpu = time.perf_counter() - t, time.process_time() - c
        t, c = time.perf_counter(), time.process_time()
        carry_release(store, lang, a, en_new_info.name, qa=False, front=front)
        row.noqa_s, row.noqa_cpu = time.perf_counter() - t, time.process_time() - c
        shipped = load_release(store, new_info)
        en_glossary = load_release(store, en_new_info).glossary
        ship = shipped_texts(kit, shipped, front(new_info), en_glossary)
        olds = old_texts(kit)
        if with_mm:
            mm_old, mm_new, _ = baseline_units(
                store, kit, tr_info, front(tr_info), front(english_release(store, tr_info))
            )
    s = kit.summary()
    row.units, row.human, row.qa, row.suggestions = s.units, s.review + s.new, s.qa, s.review
    row.prefilled = sum(u.prefilled for u in kit.units)
    row.partial = not kit.complete
    from mtgcr.crossref.translation.carry_model import QaKind

    row.stale_old = [
        f"{lang} {a} {u.label}: {q.text}"
        for u in kit.units
        for q in u.qa
        if q.kind is QaKind.STALE_REFERENCE
    ]
    for u in kit.units:
        if not (u.carry.carried and u.target) or u.id not in ship:
            continue
        row.compared += 1
        if ship[u.id] == u.target:
            row.equal += 1
            continue
        cls = classify(u, ship[u.id], olds.get(u.id))
        row.classes[cls] += 1
        if cls == "stale":
            row.stale.append(
                f"{lang} {b} {u.label}: ships {ship[u.id]!r}, EN cites "
                + ", ".join(r.new for r in u.rewrites)
            )
    if with_mm and shutil.which("msgmerge"):
        row.mm_num, row.mm_s, row.mm_cpu = msgmerge(mm_old, mm_new, work / f"{a}-num", True)
        row.mm_text, _, _ = msgmerge(mm_old, mm_new, work / f"{a}-text", keyed=False)
    return row


def main(shared: Path) -> None:
    import mtgcr

    corpus = shared / "corpus"
    quick = bool(os.environ.get("MTGCR_BENCH_QUICK"))
    zh_files = sorted((corpus / "zh" / "plain_text").glob("*_Zh.txt"))
    labels = [f.name[:8] for f in zh_files]
    pairs = list(zip(labels, labels[1:]))
    if quick:
        pairs = [p for p in pairs if p in NAMED]
    work = Path(tempfile.mkdtemp(prefix="bench_translate_"))
    cr = mtgcr.open(work / "store.sqlite")
    needed = sorted({x for p in pairs for x in p})
    files = [_en_file(corpus, label) for label in needed]
    files += [corpus / "zh" / "plain_text" / f"{label}_Zh.txt" for label in needed]
    ja = corpus / "ja" / "full" / "JPN_CR_20260116_lines.txt"
    seeds = shared / "seeds"
    ja_ok = ja.exists() and seeds.exists() and _en_file(corpus, "20231117").exists()
    if ja_ok:
        files += [ja, seeds, _en_file(corpus, "20231117"), _en_file(corpus, "20260116")]
    t = time.perf_counter()
    run = cr.ingest(*dict.fromkeys(files))
    print(
        f"store: {run.count('ingested')} files ingested in {time.perf_counter() - t:.0f} s "
        f"({work}); machine shared: compare times within a row"
    )
    rows = []
    for a, b in pairs:  # msgmerge on the named pairs only: on a big jump it takes minutes
        rows.append(run_pair(cr, "zh", a, b, work, with_mm=(a, b) in NAMED))
    if ja_ok:
        rows.append(run_pair(cr, "ja", "20231117.0", "20260116", work, with_mm=True))
    head = (
        f"{'pair':24} {'units':>5} {'prefill%':>8} {'=ship%':>7} {'revised':>7} {'stale':>5} "
        f"{'en-stale':>8} {'wrong':>5} {'human':>5} {'mm-num':>6} {'mm-text':>7} {'ratio':>5} "
        f"{'qa':>4} {'kit s':>11} {'noqa s':>11} {'mm s':>11}"
    )
    print("times: wall / CPU seconds")
    print(head)
    for r in rows:
        mark = "*" if tuple(r.pair.split()[1::2]) in NAMED else " "
        eq = 100 * r.equal / r.compared if r.compared else float("nan")
        ratio = f"{r.human / r.mm_num:5.2f}" if r.mm_num else "    -"
        mm = (
            f"{r.mm_s:5.2f}/{r.mm_cpu:5.2f}" if r.mm_s is not None and r.mm_cpu is not None else "-"
        )
        prefill = 100 * r.prefilled / r.units
        print(
            f"{mark}{r.pair:23} {r.units:5} {prefill:8.2f} {eq:7.2f} "
            f"{r.classes['revised']:7} {r.classes['stale']:5} {r.classes['en-stale']:8} "
            f"{r.classes['wrong']:5} {r.human:5} {r.mm_num if r.mm_num is not None else '-':>6} "
            f"{r.mm_text if r.mm_text is not None else '-':>7} {ratio} {r.qa:4} "
            f"{r.kit_s:5.2f}/{r.kit_cpu:5.2f} {r.noqa_s:5.2f}/{r.noqa_cpu:5.2f} {mm:>11}"
        )
    for r in rows:
        if r.partial:
            print(
                f"{r.pair}: a partial pair (wiki quotes): the quotes cover {r.prefilled} of the "
                f"{r.units} units ({r.prefilled - r.suggestions} carried, {r.suggestions} "
                f"suggestions); carried = shipped: {r.equal} of {r.compared}"
            )
    stale = [s for r in rows for s in r.stale]
    print(f"stale references in the shipped new releases, which the kits rewrote ({len(stale)}):")
    for s in stale:
        print("  " + s)
    last = [r for r in rows if not r.partial][-1:]
    for r in last:
        print(f"stale references in the old release of {r.pair} (QA notes, {len(r.stale_old)}):")
        for s in r.stale_old:
            print("  " + s)
    shutil.rmtree(work, ignore_errors=True)
