"""The glossary look-up capability of :class:`mtgcr.api.Corpus`
(:meth:`~mtgcr.api.Corpus.define`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgcr.corpus.store import ReleaseInfo
from mtgcr.extract.lookup import Definition, NotFound, define_term
from mtgcr.extract.model import Ruleset
from mtgcr.extract.records import from_record

if TYPE_CHECKING:
    from mtgcr.api import Corpus


def define(
    corpus: Corpus, term: str, release: str | None, lang: str, glossary_only: bool
) -> Definition:
    """:meth:`mtgcr.api.Corpus.define` of ``corpus``: that method's docstring says
    what it takes, returns and raises."""
    if not term.strip():
        raise NotFound("define: an empty TERM; give a glossary headword (like Kicker)")
    from dataclasses import replace

    def read(info: ReleaseInfo) -> Ruleset:
        return from_record(
            store.release_rows(info.id, tables=("glossary",) if glossary_only else None)
        )

    def english_of(rs: Ruleset):
        if rs.release.lang == "en":
            return None
        from mtgcr.crossref.translation.langpair import english_release

        info = english_release(store, rs.release)  # as pairing.english_ruleset finds it
        return read(info).glossary if info is not None else None

    with corpus.store() as store:
        rs = read(store.resolve(release, lang))
        english = english_of(rs)
        try:
            return define_term(rs, term, english)
        except NotFound:
            if english is not None or release is not None or rs.release.lang == "en":
                raise
            # The newest translation has no EN release to look an English headword up
            # through: search the newest that has one, as ``show --pair`` does.
            from mtgcr.crossref.translation.langpair import paired_default

            info, note = paired_default(store, rs.release.lang)
            if info.label == rs.release.label:
                raise
            other = read(info)
            try:
                found = define_term(other, term, english_of(other))
            except NotFound as exc:
                raise NotFound(f"{exc} ({note})") from None
            return replace(found, fallback=note)
