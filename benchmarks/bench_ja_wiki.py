"""Parse time of the JA CR text and the MTG Wiki pages, as a ratio to decoding the same bytes.

Figures: the JA 20260116 text (parse_ja_cr, glossary and term-pair facts), the wiki's
generated 総合ルール pages (parse_wiki_cr, merged), the four JA seeds (every page kind, facts
included). Each is timed as the best of three runs; the ratio divides by the time to decode
the files into Documents (mtgcr.corpus.document.load_document) in the same run.
"""

from __future__ import annotations

import time
from pathlib import Path


def _best(fn, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main(shared: Path) -> None:
    """Print the figures for the real corpus in ``shared``."""
    from mtgcr.corpus.document import load_document
    from mtgcr.extract.formats.ja_cr import parse_ja_cr
    from mtgcr.extract.registry import parse_document
    from mtgcr.extract.wiki.cr import parse_wiki_cr
    from mtgcr.extract.wiki.facts import ruleset_facts
    from mtgcr.extract.wiki.quotes import merge_partial

    ja_path = shared / "corpus" / "ja" / "full" / "JPN_CR_20260116_lines.txt"
    pages = sorted((shared / "corpus" / "mtgwiki" / "generated").glob("cr_*.txt"))
    seeds = [p for p in sorted((shared / "seeds").glob("*.txt")) if not p.name.startswith("002")]
    parse_document(load_document(seeds[0]))  # load SudachiPy once, outside the timings

    def decode(paths):
        return [load_document(p) for p in paths]

    def ja():
        rs = parse_ja_cr(load_document(ja_path))
        ruleset_facts(rs)

    def wiki():
        acc = None
        for doc in decode(pages):
            rs, prov = parse_wiki_cr(doc)
            acc = (rs, prov) if acc is None else merge_partial(*acc, rs, prov)

    def seed_pages():
        for doc in decode(seeds):
            parse_document(doc)

    for name, fn, paths in (
        ("JA 20260116 text", ja, [ja_path]),
        ("wiki 総合ルール pages", wiki, pages),
        ("JA seeds (4 pages)", seed_pages, seeds),
    ):
        t_dec = _best(lambda paths=paths: decode(paths))
        t = _best(fn)
        size = sum(p.stat().st_size for p in paths)
        print(
            f"{name}: {size / 1e6:.2f} MB, parse {t * 1000:.0f} ms "
            f"({t / t_dec:.1f}× decoding, {size / 1e6 / t:.1f} MB/s)"
        )
