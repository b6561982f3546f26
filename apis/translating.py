"""The translation capabilities of :class:`mtgcr.api.Corpus`: a kit carrying a translation
to a new release, and its import back (:meth:`~mtgcr.api.Corpus.translation_kit`,
:meth:`~mtgcr.api.Corpus.import_translation`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from mtgcr.extract.records import load_release

if TYPE_CHECKING:
    from mtgcr.api import Corpus
    from mtgcr.crossref.translation.carry_model import TranslationKit
    from mtgcr.reports.translation.importing import ImportedTranslation


def translation_kit(
    corpus: Corpus, lang: str, old: str, new: str, qa: bool, hints: bool
) -> TranslationKit:
    """:meth:`mtgcr.api.Corpus.translation_kit` of ``corpus``: that method's docstring says
    what it takes, returns and raises."""
    from mtgcr.crossref.translation.carry import carry_release
    from mtgcr.reports.translation.frame import front_matter
    from mtgcr.reports.translation.hints import add_hints

    decisions = corpus.decisions
    with corpus.aligning_store() as store:
        kit = carry_release(
            store, lang, old, new, decisions, qa, front=lambda i: front_matter(store, i)
        )
    return add_hints(kit) if hints else kit


def import_translation(
    corpus: Corpus, path: str | Path, lang: str, release: str, text: str | Path | None, force: bool
) -> ImportedTranslation:
    """:meth:`mtgcr.api.Corpus.import_translation` of ``corpus``: that method's docstring says
    what it takes, returns and raises."""
    from mtgcr.corpus.safe_write import check_out_path, write_atomic
    from mtgcr.crossref.translation.langpair import pair_rulesets
    from mtgcr.errors import RefusedOutput
    from mtgcr.reports.translation.frame import front_matter
    from mtgcr.reports.translation.importing import (
        ImportedTranslation,
        check_kit,
        read_kit,
        translated_release,
    )

    src = Path(path)
    out = Path(text) if text is not None else src.with_suffix(".txt")
    with corpus.store(readonly=True) as store:
        info = store.resolve(release, "en")
        english = load_release(store, info)
        front = front_matter(store, info)
    kf = read_kit(src)
    checked = check_kit(kf, lang, english, front)
    body, rs = translated_release(lang, english, front, checked, out.name)
    if out.resolve() == src.resolve():
        raise RefusedOutput(f"{out}: the CR text would replace the kit; give another --text")
    if out.exists() and not force:
        raise RefusedOutput(f"{out} exists; give --force to replace it, or another --text")
    check_out_path(out)
    write_atomic(out, body)
    run = corpus.ingest(out, origin="translated", align=False)
    status = run.results[0].status if run.results else "not stored"
    pairing = pair_rulesets(rs, english)
    return ImportedTranslation(src, out, rs, checked.warnings, pairing, status, kf.format)
