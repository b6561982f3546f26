"""Language pairing and identification on the real corpus.

Prints, for each of the 19 ZH releases: parse time, pairing time (as a ratio to the parse of
both files), rules, pairs by status and the pairing rate; then the time `identify` takes to
place the mtg.ru seed page among the official EN releases (as a ratio to loading them).
"""

from __future__ import annotations

import time
from pathlib import Path


def _en_file(corpus: Path, label: str) -> Path:
    p = corpus / "en" / "official" / f"{label[:4]}-{label[4:6]}-{label[6:]}.txt"
    return p if p.exists() else corpus / "en" / "normalized" / f"{label}_En.txt"


def main(shared: Path) -> None:
    from mtgcr.corpus.document import load_document
    from mtgcr.crossref.identify import identify
    from mtgcr.crossref.translation.langpair import pair_rulesets
    from mtgcr.extract.formats.cr_text import parse_cr_text
    from mtgcr.extract.registry import parse_document

    corpus = shared / "corpus"
    print(
        f"{'release':9} {'parse s':>7} {'pair s':>6} {'ratio':>5} {'rules':>5} {'verified':>8} "
        f"{'unverif.':>8} {'differs':>7} {'conflict':>8} {'missing':>7} {'rate %':>7}"
    )
    total_pair = total_parse = 0.0
    for f in sorted((corpus / "zh" / "plain_text").glob("*_Zh.txt")):
        t0 = time.perf_counter()
        zh = parse_cr_text(load_document(f))
        en = parse_cr_text(load_document(_en_file(corpus, zh.release.label)))
        t1 = time.perf_counter()
        p = pair_rulesets(zh, en)
        t2 = time.perf_counter()
        c = p.counts()
        total_parse += t1 - t0
        total_pair += t2 - t1
        print(
            f"{zh.release.label:9} {t1 - t0:7.2f} {t2 - t1:6.2f} {(t2 - t1) / (t1 - t0):5.2f} "
            f"{len(zh.rules):5} {c['verified']:8} {c['unverified']:8} {c['differs']:7} "
            f"{c['conflict']:8} {c['only_english'] + c['only_translation']:7} {100 * p.rate:7.3f}"
        )
    print(f"pairing / parsing both files: {total_pair / total_parse:.2f}")

    seed = next((shared / "seeds").glob("002_*.txt"), None)
    official = sorted((corpus / "en" / "official").glob("*.txt"))
    if seed is None or not official:
        return
    t0 = time.perf_counter()
    pool = [parse_cr_text(load_document(f)) for f in official]
    t1 = time.perf_counter()
    frag = parse_document(load_document(seed)).rulesets[0][0]
    ident = identify(frag, pool)
    t2 = time.perf_counter()
    print(
        f"identify seed 002 among {len(pool)} releases: {t2 - t1:.2f} s "
        f"({(t2 - t1) / (t1 - t0):.3f} of parsing them, {t1 - t0:.1f} s); "
        f"releases {', '.join(ident.releases)}"
    )
