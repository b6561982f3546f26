"""The mtgcr library: one object for a store and every operation the ``mtgcr`` command line
offers, returning objects and pandas DataFrames instead of printed text.

>>> import mtgcr, tempfile, pathlib
>>> from mtgcr.corpus import sample
>>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
>>> cr.ingest(sample.path()).count("ingested")
2
>>> cr.rule("101.2", release="2030-04-05").rule.text
'Each player then draws seven cards.'
>>> cr.diff("2030-01-10", "2030-04-05").summary()["rules"]["split"]
1

Each command of the CLI (:mod:`mtgcr.cli.commands`) is a call into :class:`Corpus` plus
a renderer. The store is opened for each call (read-only for lookups; writable when possible
for alignments, which are cached in it), so a :class:`Corpus` holds no open connection and
several may point at one store. Errors are one-line exceptions: :class:`StoreError` (no
store, no such release, busy), :class:`NotFound` (no such rule, entry or page),
:class:`BadArgument`, :class:`mtgcr.crossref.decisions.DecisionError` (a bad decisions file)
and :class:`mtgcr.corpus.document.DocumentError` (a file that cannot be read).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from mtgcr.corpus.limits import DEFAULT_MAX_BYTES
from mtgcr.corpus.store import ReleaseInfo, Store, StoreError, default_store_path
from mtgcr.extract.lookup import Definition, Located, NotFound, locate
from mtgcr.extract.model import Ruleset
from mtgcr.extract.provenance import Provenance
from mtgcr.extract.records import from_record, provenance_of
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.errors import BadArgument
from mtgcr.apis import citing, ingesting, lookup, reporting, translating
from mtgcr.apis.reporting import Built

if TYPE_CHECKING:  # the operations import these on first use: opening a store stays cheap
    from mtgcr.crossref.decisions import Decision
    from mtgcr.corpus.copy_store import ReleaseCopies
    from mtgcr.extract.copies import CopyChange
    from mtgcr.crossref.cite.migrate_run import Migration
    from mtgcr.crossref.cite.source_run import SourceCheck
    from mtgcr.crossref.cite.wiki_store import CiteCheck, WikiPages
    from mtgcr.crossref.history import Remapped, RuleHistory
    from mtgcr.crossref.identify_store import Placed
    from mtgcr.crossref.translation.carry_model import TranslationKit
    from mtgcr.crossref.translation.pairing import ReleasePairing
    from mtgcr.reports.translation.importing import ImportedTranslation
    from mtgcr.extract.ingest_run import IngestRun
    from mtgcr.reports.diffreport import Diff
    from mtgcr.reports.search import SearchResult, WordingSpan
    from mtgcr.reports.site import SiteResult
    from mtgcr.reports.wiki.batch import WikiTitle
    from mtgcr.reports.wiki.edits import EditBatch, PageEdit
    from mtgcr.reports.wiki.publish import PageOutcome, PublishResult

__all__ = ["open", "Corpus", "ReleaseView", "Built", "NotFound", "BadArgument", "StoreError"]

#: Columns of :meth:`Corpus.releases`.
RELEASE_COLUMNS = [
    "lang",
    "effective_date",
    "label",
    "revision",
    "origin",
    "complete",
    "truncated",
    "sections",
    "rules",
    "subrules",
    "examples",
    "glossary",
    "source",
]


def open(
    path: str | Path | None = None, decisions: str | Path | Iterable[Decision] | None = None
) -> "Corpus":
    """The store at ``path`` (default: as the CLI's, ``$MTGCR_STORE`` or
    ``<user data dir>/mtgcr/store.sqlite``; see
    :func:`mtgcr.corpus.store.default_store_path`). Nothing is created until something is
    ingested.

    Args:
        path: the store file.
        decisions: the human decisions file for alignments (TOML), or decisions already
            loaded; default ``$MTGCR_DECISIONS`` or ``decisions.toml`` beside the store, if
            present (:func:`mtgcr.crossref.decisions.decisions_path`).

    Returns:
        A :class:`Corpus`.

    >>> import mtgcr, tempfile, pathlib
    >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
    >>> cr.path.name
    'store.sqlite'
    """
    return Corpus(path, decisions)


def _rule_number(number: str | RuleNumber) -> RuleNumber:
    """``number`` as a :class:`RuleNumber` (text read strictly, as ``history`` and ``remap``
    take it).

    Raises:
        NotFound: not a rule number.
    """
    if isinstance(number, RuleNumber):
        return number
    num = RuleNumber.try_parse(number)
    if num is None:
        raise NotFound(f"{number!r} is not a rule number (like 712, 712.8 or 712.8e)")
    return num


@dataclass
class ReleaseView:
    """One stored release, ready for lookups, with its English counterpart when asked for.

    Attributes:
        ruleset: the release.
        provenance: rule number → the places a rule of merged wiki quotes was quoted
            (:class:`~mtgcr.extract.provenance.Place` records).
        english: with ``pair``, the complete EN release a translation translates, or
            ``None`` when it is not stored.
        note: why the release was taken when none was named (a translation whose newest
            release has no EN counterpart stored), or that the EN counterpart is missing.
    """

    ruleset: Ruleset
    provenance: Provenance = field(default_factory=dict)
    english: Ruleset | None = None
    note: str | None = None
    #: loads the whole release (and English counterpart) when only one section was read
    whole: Callable[[], tuple[Ruleset, Provenance, Ruleset | None]] | None = field(
        default=None, repr=False, compare=False
    )
    #: pairs one rule as ``mtgcr pair`` does (its section, the neighbouring EN releases, the
    #: lineage: :func:`mtgcr.crossref.translation.pairing.pair_in_store`)
    pairer: Callable[[Ruleset, Ruleset, RuleNumber], Any] | None = field(
        default=None, repr=False, compare=False
    )

    def locate(self, number: str | RuleNumber | int, subrules: bool = False) -> Located:
        """A rule, subrule, section or chapter of this release (see
        :func:`mtgcr.extract.lookup.locate`).

        Raises:
            NotFound: no such number, or not quoted in a partial release.
        """
        try:
            return locate(self.ruleset, number, subrules, self.provenance)
        except NotFound:
            if self.whole is None:
                raise
        # only one section was read: the answer (and its hints) come from the whole release
        self.ruleset, self.provenance, self.english = self.whole()
        self.whole = None
        return locate(self.ruleset, number, subrules, self.provenance)

    def pairs(self, located: Located) -> list[tuple[Any, Any, Any]]:
        """For each rule of ``located``: ``(rule, EN rule of the same number or None,
        RulePair or None)`` — the evidence check of the pair as ``mtgcr pair`` makes it
        (:func:`mtgcr.crossref.translation.pairing.pair_in_store`; without a store,
        :func:`mtgcr.crossref.translation.langpair.pair_rule`); ``[]`` without ``english``."""
        if self.english is None:
            return []
        from mtgcr.crossref.translation.langpair import pair_rule

        english = self.english
        pair = self.pairer or (lambda tr, en, n: pair_rule(tr, en, n))
        out = []
        for r in located.rules:
            en = english.get(r.number)
            out.append((r, en, pair(self.ruleset, english, r.number) if en is not None else None))
        return out


class Corpus:
    """A store and the operations on it (see the module docstring; made by :func:`open`).

    Args:
        path: the store file (default :func:`mtgcr.corpus.store.default_store_path`).
        decisions: see :func:`open`.

    Raises:
        mtgcr.extract.profiles.ProfileError: ``$MTGCR_PROFILES`` names a folder of language
            profiles that cannot be used (its profiles are applied otherwise).
    """

    def __init__(
        self,
        path: str | Path | None = None,
        decisions: str | Path | Iterable[Decision] | None = None,
    ) -> None:
        import os
        import sys

        # $MTGCR_PROFILES: the user's language profiles (the profiles module applies it when
        # it is first imported; it is imported here only when there is something to apply)
        if os.environ.get("MTGCR_PROFILES", "").strip() or "mtgcr.extract.profiles" in sys.modules:
            from mtgcr.extract.profiles import apply_env

            problem = apply_env()
            if problem is not None:
                raise problem
        self.path = Path(path) if path is not None else default_store_path()
        self._decisions_arg = decisions
        self._decisions: list[Decision] | None = None

    def __repr__(self) -> str:
        return f"<mtgcr.Corpus {str(self.path)!r}>"

    # -- stores and decisions ---------------------------------------------------------------
    def store(self, readonly: bool = True) -> Store:
        """The store, opened (use as a context manager). Read-only by default; ``readonly=
        False`` creates it if missing. Every operation opens the store through this method.

        Raises:
            StoreError: read-only and there is no store yet; not an mtgcr store; busy.
        """
        return Store(self.path, readonly=readonly)

    def aligning_store(self) -> Store:
        """The store, writable when possible (the alignment cache lives in it); read-only
        when it cannot be written (a read-only file, a busy store).

        Raises:
            StoreError: there is no store yet; not an mtgcr store.
        """
        if not self.path.exists():
            return self.store(readonly=True)  # raises the usual "no store here yet"
        try:
            return self.store(readonly=False)
        except StoreError:
            return self.store(readonly=True)

    @property
    def decisions(self) -> list[Decision]:
        """The human decisions alignments are made with (loaded on first use).

        Raises:
            mtgcr.crossref.decisions.DecisionError: the file is missing or bad (one line
                naming file and line).
        """
        if self._decisions is None:
            from mtgcr.crossref.decisions import decisions_path, load_decisions

            arg = self._decisions_arg
            if arg is None or isinstance(arg, (str, Path)):
                self._decisions = load_decisions(
                    decisions_path(str(arg) if arg is not None else None, str(self.path))
                )
            else:
                self._decisions = list(arg)
        return self._decisions

    # -- ingest ----------------------------------------------------------------------------
    def ingest(
        self,
        *paths: str | Path,
        replace: bool = False,
        on_file: Callable[[Path, int, int], None] | None = None,
        origin: str | None = None,
        max_bytes: int | None = DEFAULT_MAX_BYTES,
        align: bool = True,
        on_align: Callable[[int, int], None] | None = None,
        encoding: str | None = None,
    ) -> IngestRun:
        """Ingest CR files, translations and wiki pages (files or folders, recursively).

        Files already stored (same bytes) are skipped; a file that fails leaves nothing
        behind and does not stop the others; Ctrl-C or a busy store stops the run, keeping
        every file that finished (the result says so: ``stop``, ``message``).

        Args:
            paths: files or folders.
            replace: let an incomplete or smaller parse replace a stored complete release;
                a whole CR text becomes the canonical copy of its release (the user's choice).
            on_file: progress: ``on_file(path, files done, files in all)`` before each file.
            origin: where the files come from, a :class:`mtgcr.corpus.copies.CopyOrigin`
                value (``"official"``, ``"unknown"``, ``"normalized"``, ``"archive"`` …;
                default: from their folder names). Every whole CR text is stored as a copy
                of its release; the canonical copy is chosen by
                :func:`mtgcr.corpus.copies.precedence` (the results' notes say which).
            max_bytes: a file larger than this (bytes) fails with a message saying so
                (``None``: no limit; default 64 MiB, ``--max-size``).
            align: then align the consecutive releases the store's alignment cache lacks
                (:func:`mtgcr.crossref.prealign.prealign`, in worker processes), so that
                the first ``history``, ``remap`` or ``diff`` reads them; skipped when the run
                stopped early or the decisions file is bad (the queries say why).
            on_align: progress of that: ``on_align(pairs done, pairs to align)``.
            encoding: decode every file with this codec (``"euc_jp"``, ``"koi8_r"`` …)
                instead of detecting its encoding (UTF-8/16, the Latin code pages,
                Shift_JIS, Windows-1251: :mod:`mtgcr.corpus.decode`); a byte it cannot
                decode fails that file, naming the line.

        Returns:
            :class:`mtgcr.extract.ingest_run.IngestRun` (``results``, ``count(status)``,
            ``failed``, ``as_copies``, ``reread``, ``scan.unreadable``, ``to_frame()``).

        Raises:
            StoreError: the store cannot be created or is not an mtgcr store.
            DocumentError: an empty path.
            BadArgument: ``origin`` is not a copy origin; ``encoding`` is not a codec.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
        >>> run = cr.ingest(sample.path())
        >>> run.to_frame()[["label", "effective_date", "rules", "subrules"]].values.tolist()
        [['20300110', '2030-01-10', 9, 5], ['20300405', '2030-04-05', 11, 6]]
        >>> cr.ingest(sample.path()).count("unchanged")
        2
        """
        return ingesting.ingest(
            self, paths, replace, on_file, origin, max_bytes, align, on_align, encoding
        )

    def _prealign(
        self, store: Store, on_align: Callable[[int, int], None] | None, lang: str | None = None
    ) -> None:
        """Align what the cache lacks and drop pairs no longer consecutive
        (:func:`mtgcr.crossref.prealign.prealign`; of ``lang`` only, when given); a bad
        decisions file leaves it to the queries (which say why)."""
        return ingesting.align_stale(self, store, on_align, lang)

    # -- releases --------------------------------------------------------------------------
    def release_infos(self, lang: str | None = None) -> list[ReleaseInfo]:
        """The stored releases (of one language), oldest first per language.

        Raises:
            StoreError: no store.
            NotFound: ``lang`` names a language with no stored release.
        """
        with self.store() as store:
            rels = store.releases(lang)
            if lang and not rels:
                have = store.languages()
                raise NotFound(
                    f"no {lang} releases in {self.path} ("
                    + (f"languages stored: {', '.join(have)})" if have else "the store is empty)")
                )
        return rels

    def release_copies(self, lang: str | None = None) -> ReleaseCopies:
        """The stored releases with their copies: every whole CR text ingested is a copy of
        its release (language, effective date, revision), one of them canonical
        (:mod:`mtgcr.corpus.copies`).

        Returns:
            :class:`mtgcr.corpus.copy_store.ReleaseCopies` (``releases``, ``copies``,
            ``canonical`` by release id, ``removed`` release keys).

        Raises:
            StoreError: no store.
            NotFound: ``lang`` names a language with no stored release or copy.
        """
        with self.store() as store:
            listing = store.release_copies(lang)
            if lang and not listing.releases and not listing.copies:
                have = store.languages()
                raise NotFound(
                    f"no {lang} releases in {self.path} ("
                    + (f"languages stored: {', '.join(have)})" if have else "the store is empty)")
                )
        return listing

    def choose_copy(self, release: str, copy: int | None, lang: str = "en") -> CopyChange:
        """Make copy number ``copy`` the canonical copy of ``release`` (the user's choice,
        kept by later ingests); ``None`` goes back to the stated precedence. The copy is parsed
        again from its stored bytes; nothing changes if that fails or is interrupted.

        Returns:
            :class:`mtgcr.extract.copies.CopyChange` (``canonical``, ``before``, ``switched``).

        Raises:
            StoreError: no store, no such release or copy; the bytes no longer parse.
        """
        from mtgcr.extract.copies import choose_canonical

        with self.store(readonly=False) as store:
            change = choose_canonical(store, release, copy, lang)
            self._prealign(store, None, lang)  # the chain changed: its new pairs, no stale one
            return change

    def remove(
        self, release: str, copy: int | None = None, lang: str = "en", purge: bool = False
    ) -> CopyChange:
        """Remove ``release`` (every copy) or one copy of it; the bytes stay stored, so
        :meth:`restore` undoes it — unless ``purge`` deletes the removed copies' bytes too.

        Returns:
            :class:`mtgcr.extract.copies.CopyChange` (``canonical`` afterwards, ``purged``).

        Raises:
            StoreError: no store, no such release or copy; a partial release (no copies).
        """
        from mtgcr.extract.copies import remove_copies

        with self.store(readonly=False) as store:
            change = remove_copies(store, release, copy, lang, purge=purge)
            self._prealign(store, None, lang)  # the chain changed: its new pairs, no stale one
            return change

    def restore(self, release: str, copy: int | None = None, lang: str = "en") -> CopyChange:
        """Undo :meth:`remove` from the stored bytes: the removed copies of ``release`` (or
        copy ``copy``) are kept again and the canonical copy by precedence is parsed again.

        Returns:
            :class:`mtgcr.extract.copies.CopyChange`.

        Raises:
            StoreError: no store, no such release or copy (a purged copy's bytes are gone).
        """
        from mtgcr.extract.copies import restore_copies

        with self.store(readonly=False) as store:
            change = restore_copies(store, release, copy, lang)
            self._prealign(store, None, lang)  # the chain changed: its new pairs, no stale one
            return change

    def resolve(self, release: str | None = None, lang: str = "en") -> ReleaseInfo:
        """The stored release a user's spec names (see :meth:`mtgcr.corpus.store.Store.resolve`:
        effective date, label, ``label.revision``, ``None`` / ``"latest"`` for the newest).

        Raises:
            StoreError: no store, or no such release (the nearest ones named).
        """
        with self.store() as store:
            return store.resolve(release, lang)

    def releases(self, lang: str | None = None):
        """The stored releases as a pandas DataFrame, one row per release: ``lang,
        effective_date`` (ISO date or ``None``), ``label, revision, origin, complete,
        truncated`` and the counts ``sections, rules, subrules, examples, glossary``, and
        ``source`` (the file it was read from).

        Raises:
            StoreError: no store.
            NotFound: ``lang`` names a language with no stored release.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> df = cr.releases("en")
        >>> df[["effective_date", "sections", "rules", "glossary"]].values.tolist()
        [['2030-01-10', 5, 9, 4], ['2030-04-05', 6, 11, 5]]
        """
        import pandas as pd

        rows = [
            {**{k: v for k, v in r.as_json().items() if k != "counts"}, **r.counts}
            for r in self.release_infos(lang)
        ]
        return pd.DataFrame(rows, columns=RELEASE_COLUMNS)

    def ruleset(self, release: str | None = None, lang: str = "en") -> Ruleset:
        """One release as a :class:`mtgcr.extract.model.Ruleset` (rules, sections, glossary).

        Args:
            release: effective date (``2023-11-17``), label (``20231117``), ``label.revision``
                or ``None`` / ``"latest"`` (the newest).
            lang: its language.

        Raises:
            StoreError: no store, or no such release (the nearest ones named).

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> rs = cr.ruleset("20300110")
        >>> rs.release.effective_date.isoformat(), rs.counts()["rules"], rs.section_title(rs.get("702.1a").number)
        ('2030-01-10', 9, 'Æther Tokens')
        """
        return self.release(release, lang).ruleset

    def release(
        self,
        release: str | None = None,
        lang: str = "en",
        pair: bool = False,
        section: int | None = None,
    ) -> ReleaseView:
        """One release, ready for lookups (:meth:`ReleaseView.locate`).

        Args:
            release: see :meth:`ruleset`; with ``pair`` and none given, a translation's newest
                release that has an EN counterpart stored (the note says why when that is
                not the newest).
            lang: its language.
            pair: also load the EN release a translation translates.
            section: read only this section's rules (of both releases with ``pair``): what
                ``show RULE`` needs; a lookup outside it reads the whole release.

        Raises:
            StoreError: no store, or no such release.
            NotFound: ``pair`` with English.
        """
        note = None
        with self.store() as store:
            if pair and release is None and lang != "en":
                from mtgcr.crossref.translation.langpair import paired_default

                info, note = paired_default(store, lang)
                release = info.label
            info = store.resolve(release, lang)
            rs, prov, english = self._read_release(store, info, pair, section)
        if pair and english is None and note is None:
            note = (
                f"{rs.release.lang} {rs.release.label} has no en release stored (ingest "
                f"the en release {rs.release.label} to pair it)"
            )
        whole = None
        if section is not None:

            def whole() -> tuple[Ruleset, Provenance, Ruleset | None]:
                with self.store() as st:
                    return self._read_release(st, info, pair, None)

        def pairer(tr: Ruleset, en: Ruleset, number: RuleNumber):
            from mtgcr.crossref.translation.pairing import pair_in_store

            with self.aligning_store() as st:
                return pair_in_store(st, tr, en, number)

        return ReleaseView(rs, prov, english, note, whole, pairer if pair else None)

    @staticmethod
    def _read_release(
        store: Store, info: ReleaseInfo, pair: bool, section: int | None
    ) -> tuple[Ruleset, Provenance, Ruleset | None]:
        """``(ruleset, provenance, EN counterpart or None)`` of a stored release (of one
        section only, if given).

        Raises:
            NotFound: ``pair`` with English.
        """
        rec = store.release_rows(info.id, section)
        rs = from_record(rec)
        english = None
        if pair:
            from mtgcr.crossref.translation.pairing import english_ruleset

            if section is None or rs.release.lang == "en":
                english = english_ruleset(store, rs)  # English: raises NotFound
            else:
                from mtgcr.crossref.translation.langpair import english_release

                en = english_release(store, rs.release)
                english = from_record(store.release_rows(en.id, section)) if en else None
        return rs, provenance_of(rec), english

    # -- lookups ---------------------------------------------------------------------------
    def rule(
        self,
        number: str | RuleNumber,
        release: str | None = None,
        lang: str = "en",
        subrules: bool = False,
    ) -> Located:
        """A rule or subrule (or a section, or a chapter: any number ``show`` takes) of one
        release.

        Args:
            number: ``712.8e`` (upper case read as lower case), ``712.8``, ``712`` or ``7``.
            release: see :meth:`ruleset`.
            lang: its language.
            subrules: also return everything below it (``Located.rules``).

        Returns:
            :class:`mtgcr.extract.lookup.Located` (``rule``, ``rules``, ``where()`` …).

        Raises:
            NotFound: not a number, not in the release (a partial release: not quoted,
                with what the quotes cover).
            StoreError: no store, or no such release.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> r = cr.rule("100.2", release="20300405")
        >>> r.rule.text, [e.text for e in r.rule.examples], r.where()
        ('Each player brings a deck of at least sixty cards.', ['A deck of sixty-two cards is allowed.'], 'line 35')
        >>> [str(x.number) for x in cr.rule("100.1", subrules=True).rules]
        ['100.1', '100.1a', '100.1b']
        >>> cr.rule("100.4")
        Traceback (most recent call last):
        mtgcr.errors.NotFound: rule 100.4 does not exist in en 2030-04-05
        """
        return self.release(release, lang).locate(number, subrules)

    def section(
        self,
        number: str | int | RuleNumber,
        release: str | None = None,
        lang: str = "en",
        subrules: bool = False,
    ) -> Located:
        """A section heading and its rules (with ``subrules``: its whole subtree).

        Raises:
            NotFound: not a section number, or no such section in the release.
            StoreError: no store, or no such release.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> s = cr.section(702)
        >>> s.section.title, [str(r.number) for r in s.rules]
        ('Controlling Another Player', ['702.1', '702.2'])
        """
        from mtgcr.extract.lookup import user_number

        num: RuleNumber | int = (
            RuleNumber(number)
            if isinstance(number, int)
            else user_number(number)
            if isinstance(number, str)
            else number
        )
        if not isinstance(num, RuleNumber) or num.kind != "section":
            raise NotFound(f"{number!r} is not a section number (like 712)")
        return self.release(release, lang).locate(num, subrules)

    def chapter(self, number: int, release: str | None = None, lang: str = "en") -> Located:
        """A chapter heading and its sections.

        Raises:
            NotFound: no such chapter in the release (the chapters there are named).
            StoreError: no store, or no such release.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> c = cr.chapter(7, release="2030-01-10")
        >>> c.chapter.title, [s.title for s in c.sections]
        ('Additional Rules', ['General', "Controlling Another Player's Turn", 'Æther Tokens'])
        """
        return self.release(release, lang).locate(int(number))

    def define(
        self,
        term: str,
        release: str | None = None,
        lang: str = "en",
        glossary_only: bool = False,
    ) -> Definition:
        """A glossary entry by headword or alias (case-insensitive); in a translation also by
        reading, English original, or an EN headword through the EN glossary of the same
        release (see :func:`mtgcr.extract.lookup.define_term`). In a translation with no
        ``release`` given, when the term is not in the newest release and that release has
        no EN release stored, the newest release that has one is searched
        (:func:`mtgcr.crossref.translation.langpair.paired_default`); ``fallback`` says so.

        Args:
            term: a headword, alias, reading or English name.
            release: see :meth:`ruleset`.
            lang: the release's language.
            glossary_only: read only the release's glossary (and the EN glossary of a
                translation), what ``define`` prints: ``Definition.ruleset`` then holds the
                release and its glossary, no chapters, sections, rules or warnings; the
                entry found is the same.

        Returns:
            :class:`mtgcr.extract.lookup.Definition` (``entry``, ``how``, ``via``,
            ``fallback``, ``cut_off``).

        Raises:
            NotFound: an empty term, or no such entry (the closest names given).
            StoreError: no store, or no such release.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> d = cr.define("controller")
        >>> d.entry.term, d.entry.aliases, d.entry.text
        ('Control', ('Controller',), 'The player who decides how an object is used. See rule 702.1.')
        >>> cr.define("Sample Counters")
        Traceback (most recent call last):
        mtgcr.errors.NotFound: no glossary entry 'Sample Counters' in en 2030-04-05; closest: Sample Counter, Ante, Control
        """
        return lookup.define(self, term, release, lang, glossary_only)

    # -- bilingual glossaries -----------------------------------------------------------------
    def glossary(self, lang: str, release: str | None = None):
        """The bilingual glossary (term pairs) of translation ``lang`` release ``release``
        against the EN glossary of the same release
        (:func:`mtgcr.reports.glossary.from_store.load_catalog`).

        Args:
            lang: the translation's language (``ja``, ``zh``, ``ru``).
            release: label (``20260116``), date, or ``None``: the newest with a glossary.

        Returns:
            :class:`mtgcr.reports.glossary.model.Catalog` (``pairs``: one
            :class:`~mtgcr.reports.glossary.model.TermPair` per translated term of each
            concept sense; ``notes`` and ``disagreements`` for a person to read).

        Raises:
            NotFound: ``lang`` is ``en``, no glossary, or no EN release to pair it with
                (:class:`mtgcr.reports.glossary.build.GlossaryError`).
            StoreError: no store, or no such release.
        """
        from mtgcr.reports.glossary.from_store import load_catalog

        with self.store() as store:
            return load_catalog(store, lang, release)

    def glossary_check(self, lang: str, release: str | None = None, section: int | None = None):
        """Terminology QA of translation ``lang`` release ``release``
        (:func:`mtgcr.reports.glossary.checks.check_store`).

        Returns:
            :class:`mtgcr.reports.glossary.checks.CheckReport`.

        Raises:
            NotFound: as :meth:`glossary`, or no complete translated or EN release of that label.
        """
        from mtgcr.reports.glossary.checks import check_store
        from mtgcr.reports.glossary.from_store import load_catalog

        with self.store() as store:
            return check_store(store, load_catalog(store, lang, release), section=section)

    def glossary_diff(self, lang: str, old: str, new: str):
        """The term pairs added, removed, renamed and re-translated between two releases of
        translation ``lang`` (:func:`mtgcr.reports.glossary.diff.diff_store`).

        Returns:
            :class:`mtgcr.reports.glossary.diff.GlossaryDiff`.
        """
        from mtgcr.reports.glossary.diff import diff_store
        from mtgcr.reports.glossary.from_store import load_catalog

        with self.store() as store:
            return diff_store(store, load_catalog(store, lang, old), load_catalog(store, lang, new))

    # -- alignment -------------------------------------------------------------------------
    def diff(
        self,
        old: str,
        new: str,
        lang: str = "en",
        section: int | str | None = None,
        include_unchanged: bool = False,
        include_typography: bool = False,
    ) -> Diff:
        """What changed between two releases of one language (any two, either order).

        For a translation, the alignment of the EN releases of the same labels is projected
        onto it when they are stored (its own alignment computed too, disagreements listed);
        otherwise it is aligned directly. Alignments of consecutive releases are cached in
        the store.

        Args:
            old, new: the releases (effective dates or labels).
            lang: their language.
            section: only what belongs to this section (``712``), summary counts included.
            include_unchanged: also list unchanged rules, sections and glossary entries.
            include_typography: also list rules and glossary entries changed in typography
                only (kind ``typography``; counted in the summary either way).

        Returns:
            :class:`mtgcr.reports.diffreport.Diff`: ``summary()``, ``to_frame()``,
            ``to_json()``, ``render("md" | "html" | "csv" | "json")``, ``alignment``,
            ``direction`` / ``direction_note`` (a self-diff — also through two copies'
            labels — or a reversed diff says so; the reports carry the note).

        Raises:
            StoreError: no store, or no such release.
            NotFound: ``section`` is in neither release.
            mtgcr.crossref.decisions.DecisionError: a bad decisions file, or a decision that
                does not fit.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> d = cr.diff("2030-01-10", "2030-04-05")
        >>> df = d.to_frame()
        >>> df[df.kind == "split"][["old", "new"]].values.tolist()
        [['101.1', '101.1 101.2']]
        >>> d.summary()["sections"]["added"], d.summary()["glossary"]["added"]
        (1, 1)
        >>> d.render("md").splitlines()[0]
        '# Comprehensive Rules (en): changes from 2030-01-10 to 2030-04-05'
        """
        return reporting.diff(self, old, new, lang, section, include_unchanged, include_typography)

    def history(
        self,
        number: str | RuleNumber,
        release: str | None = None,
        lang: str = "en",
        on_align: Callable[[int, int], None] | None = None,
    ) -> RuleHistory:
        """A rule's, subrule's or section's number and change kind in every release of its
        language (a translation: through the English lineage, each release with a
        translation saying whether it has the rule).

        Args:
            number: ``712.8e``, ``712.8`` or ``712``, numbered as in ``release``.
            release: the release it is numbered in (default: the newest).
            lang: its language.
            on_align: ``(k, n)`` progress for each alignment computed (cached afterwards).

        Returns:
            :class:`mtgcr.crossref.history.RuleHistory`: ``entries``, ``to_frame()``,
            ``to_json()``.

        Raises:
            NotFound: not a rule number, or not in the release.
            StoreError: no store, or no such release.
            mtgcr.crossref.decisions.DecisionError: see :meth:`diff`.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> h = cr.history("703.1a", release="2030-04-05")
        >>> h.to_frame()[["release", "number", "kind"]].values.tolist()
        [['2030-01-10', '702.1a', 'initial'], ['2030-04-05', '703.1a', 'renumbered']]
        """
        from mtgcr.crossref.history import rule_history

        num = _rule_number(number)
        decisions = self.decisions
        with self.aligning_store() as store:
            return rule_history(store, num, release, lang, decisions, on_align)

    def remap(
        self,
        number: str | RuleNumber,
        source: str,
        target: str,
        lang: str = "en",
        on_align: Callable[[int, int], None] | None = None,
    ) -> Remapped:
        """A rule's number(s) in another release (earlier or later), or why it has none.

        Returns:
            :class:`mtgcr.crossref.history.Remapped`: ``numbers`` (``[]``: none),
            ``result.reason``, ``sentence()``, ``to_json()``.

        Raises:
            NotFound: not a rule number.
            StoreError: no store, or ``source`` / ``target`` is not a stored release.
            mtgcr.crossref.decisions.DecisionError: see :meth:`diff`.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> cr.remap("702.1a", "2030-01-10", "2030-04-05").sentence()
        '702.1a (2030-01-10) → 703.1a (2030-04-05)'
        >>> [str(n) for n in cr.remap("101.1", "2030-01-10", "2030-04-05").numbers]
        ['101.1', '101.2']
        """
        from mtgcr.crossref.history import remap_rule

        num = _rule_number(number)
        decisions = self.decisions
        with self.aligning_store() as store:
            return remap_rule(store, num, source, target, lang, decisions, on_align)

    # -- documents -------------------------------------------------------------------------
    def identify(self, *paths: str | Path) -> list[Placed]:
        """Which stored releases a document's rule text matches (an mtg.ru page, a wiki
        quote, a pasted fragment of rule lines, a translation), with per-rule evidence, what
        changed in the next release and what its section is now.

        Args:
            paths: files, or source names of documents already stored.

        Returns:
            One :class:`mtgcr.crossref.identify_store.Placed` per ruleset of each document
            (``identification.releases``, ``identification.ranges``, ``as_json()``).

        Raises:
            DocumentError: a path that is neither a file nor a stored document's source.
            ValueError: a document of no known kind, or a defective CR text.
            NotFound: a document with no rules, sections or glossary entries.
            StoreError: no store, or no complete release to compare with.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> tmp = pathlib.Path(tempfile.mkdtemp())
        >>> cr = mtgcr.open(tmp / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> page = tmp / "quote.txt"
        >>> _ = page.write_text("101.1. Each player shuffles their deck and draws seven cards.\\n")
        >>> cr.identify(page)[0].identification.releases
        ['2030-01-10']
        """
        from mtgcr.crossref.identify_store import StoreIdentifier

        decisions = self.decisions
        out = []
        with self.aligning_store() as store:
            ident = StoreIdentifier(store, decisions)
            for p in paths:
                out += ident.document(p)
        return out

    def pair(
        self,
        lang: str,
        release: str | None = None,
        section: int | str | None = None,
        against: Sequence[str] | None = None,
    ) -> ReleasePairing:
        """A translation release set against the EN release of its label, rule by rule,
        each pair verified by language-independent evidence (cited rule numbers, numerals,
        symbols, Latin words, the number of examples).

        Args:
            lang: the translation's language (``ja``, ``zh``, ``ru``).
            release: its label or effective date (default: the newest).
            section: only the rules of this section.
            against: other EN releases to score the text against (``["all"]``: every one);
                default the EN releases just before and after.

        Returns:
            :class:`mtgcr.crossref.translation.pairing.ReleasePairing` (``pairing``:
            :class:`~mtgcr.crossref.translation.langpair.LangPairing` with ``pairs``,
            ``counts()``, ``fits`` …).

        Raises:
            NotFound: English, or no EN release of the translation's label is stored.
            StoreError: no store, or no such release.

        A Chinese translation of two rules of the sample's 2030-04-05 release, written in
        the format of the community ZH files (title, date sentence, contents, 词汇表, 鸣谢):

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> tmp = pathlib.Path(tempfile.mkdtemp())
        >>> cr = mtgcr.open(tmp / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> lines = ["万智牌完整规则", "此规则于2030年4月5日起生效。", "简介", "测试用。", "目录",
        ...          "1. 游戏概念\\n100. 总则", "词汇表", "鸣谢", "1. 游戏概念", "100. 总则",
        ...          "100.1b 多人游戏以三名或更多牌手开始。参见规则702.2。",
        ...          "100.2. 每位牌手带一副至少六十张牌的套牌。", "例如：六十二张牌的套牌是允许的。",
        ...          "词汇表", "鸣谢", "由mtgcr开发者编写。"]
        >>> _ = (tmp / "zh.txt").write_text("\\n\\n".join(lines) + "\\n", encoding="utf-8")
        >>> cr.ingest(tmp / "zh.txt").count("ingested")
        1
        >>> p = cr.pair("zh", "20300405")
        >>> p.to_frame()[["number", "status", "evidence"]].values.tolist()
        [['100.1b', 'verified', 'cites 702.2'], ['100.2', 'verified', '1 example']]
        """
        from mtgcr.crossref.translation.pairing import pair_release

        sec = reporting.section_number(section)
        with self.store() as store:
            return pair_release(store, lang, release, sec, against)

    def translation_kit(
        self,
        lang: str,
        old: str,
        new: str,
        qa: bool = True,
        hints: bool = True,
    ) -> TranslationKit:
        """The translation release ``old`` of ``lang`` carried to the EN release ``new``: one
        unit per EN rule line, example, section and chapter heading, glossary headword and
        definition and piece of front matter, keyed by its anchor id, pre-filled with the old
        translation where the EN alignment says it still fits (its cited rule numbers
        rewritten), a suggestion where the EN text changed, empty where it is new
        (:mod:`mtgcr.crossref.translation.carry`).

        Args:
            lang: the translation's language (``zh``, ``ja`` …).
            old: the translation release to carry (label, ``label.revision`` or date); its
                EN release (same label) must be stored.
            new: the EN release to carry it to (label or date), later than that one.
            qa: pair the old translation with its EN release (``pair``) for QA notes.
            hints: add term hints (the glossary pairs whose EN term a unit uses).

        Returns:
            :class:`mtgcr.crossref.translation.carry_model.TranslationKit` (``units``,
            ``summary()``, ``worklist()``, ``to_json()``); write it with
            :data:`mtgcr.reports.translation.formats.FORMATS`.

        Raises:
            NotFound: English, or the old translation's EN release is not stored (the
                message names what to ingest).
            StoreError: no store, or no such release.
            BadArgument: ``new`` is not later than the old translation's EN release.

        A Chinese translation of the sample's 2030-01-10 release carried to 2030-04-05,
        where EN rule 701.2 became 702.2:

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> tmp = pathlib.Path(tempfile.mkdtemp())
        >>> cr = mtgcr.open(tmp / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> lines = ["万智牌完整规则", "此规则于2030年1月10日起生效。", "目录",
        ...          "1. 游戏概念\\n100. 总则", "词汇表", "鸣谢", "1. 游戏概念", "100. 总则",
        ...          "100.1b 多人游戏以三名或更多牌手开始。参见规则701.2。",
        ...          "100.2. 每位牌手带一副至少四十张牌的套牌。", "词汇表", "鸣谢", "由mtgcr开发者编写。"]
        >>> _ = (tmp / "zh.txt").write_text("\\n\\n".join(lines) + "\\n", encoding="utf-8")
        >>> _ = cr.ingest(tmp / "zh.txt")
        >>> kit = cr.translation_kit("zh", "20300110", "2030-04-05")
        >>> u = kit.by_id()["en:2030-04-05:100.1b"]
        >>> u.target, str(u.carry), [(r.old, r.new) for r in u.rewrites]
        ('多人游戏以三名或更多牌手开始。参见规则702.2。', 'references', [('701.2', '702.2')])
        >>> str(kit.by_id()["en:2030-04-05:100.2"].state)
        'needs-review'
        """
        return translating.translation_kit(self, lang, old, new, qa, hints)

    def import_translation(
        self,
        path: str | Path,
        lang: str,
        release: str,
        text: str | Path | None = None,
        force: bool = False,
    ) -> ImportedTranslation:
        """Import a completed translation kit: write the translation of EN release
        ``release`` as a CR text, store it as a copy of that release (origin
        ``translated``: it never displaces a published copy) and pair it with EN.

        Nothing is written or stored unless the whole kit passes the checks of
        :mod:`mtgcr.reports.translation.importing` (language, release, every unit once, EN
        sources, a translation for each, and a text that parses back piece by piece).

        Args:
            path: the kit file (XLIFF 2, XLIFF 1.2, TMX, PO or JSON, told by its content).
            lang: the translation's language.
            release: the EN release the kit translates (label or date).
            text: where to write the CR text (default: ``path`` with the suffix ``.txt``).
            force: replace ``text`` if it exists.

        Returns:
            :class:`mtgcr.reports.translation.importing.ImportedTranslation` (``text``,
            ``ruleset``, ``warnings``, ``pairing``, ``status``).

        Raises:
            KitImportError, KitFileError: the kit cannot be imported (one line naming the
                file and the first units concerned).
            RefusedOutput: ``text`` exists (without ``force``) or is no regular file.
            StoreError, NotFound: no store, no such EN release.
        """
        return translating.import_translation(self, path, lang, release, text, force)

    def read_wiki_pages(
        self, *paths: str | Path, max_bytes: int | None = DEFAULT_MAX_BYTES
    ) -> WikiPages:
        """Read files and folders as MTG Wiki pages, for :meth:`cite_check` (the files that
        cannot be read — folder entries too — or are larger than ``max_bytes`` bytes
        (``None``: no limit), or are not wiki pages, are listed in ``problems``).

        Returns:
            :class:`mtgcr.crossref.cite.wiki_store.WikiPages`.
        """
        from mtgcr.crossref.cite.wiki_store import read_wiki_pages

        return read_wiki_pages(paths, max_bytes)

    def cite_check(
        self, *pages: str | Path | WikiPages, as_of: str | None = None, quotes: bool = True
    ) -> CiteCheck:
        """Check the CR citations on MTG Wiki pages: for each cited number, the release it
        was written against, what it meant then, what it is in the newest EN release, a
        status (current, moved, changed, gone, unknown) and a replacement.

        Args:
            pages: files or folders, or one :class:`~mtgcr.crossref.cite.wiki_store.WikiPages`
                from :meth:`read_wiki_pages`.
            as_of: the EN release every citation was written against (default: per page).
            quotes: also check citations inside quoted rule text.

        Returns:
            :class:`mtgcr.crossref.cite.wiki_store.CiteCheck` (``results``, ``problems``,
            ``to_frame()``).

        Raises:
            NotFound: no wiki page among the files, or no complete EN release stored.
            StoreError: no store, or ``as_of`` names no stored EN release.

        A wikitext page about control citing rule 701.2 of the sample's 2030-01-10 release
        (section 701 "Controlling Another Player's Turn", 702 from 2030-04-05 on):

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> tmp = pathlib.Path(tempfile.mkdtemp())
        >>> cr = mtgcr.open(tmp / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> page = tmp / "control.wiki"
        >>> text = ("=コントロール/Control=\\n'''コントロール'''/''Control''とは、"
        ...         "他のプレイヤーを操ること。\\n*[[CR:701.2]]を参照。\\n")
        >>> _ = page.write_text(text, encoding="utf-8")
        >>> [(r.as_of, r.then_title, r.now_number, r.status, r.suggestion)
        ...  for r in cr.cite_check(page).results]
        [('20300110', "Controlling Another Player's Turn", '702.2', 'moved', '[[CR:702.2]]')]
        """
        from mtgcr.crossref.cite.wiki_store import WikiPages, check_pages, read_wiki_pages

        first = pages[0] if len(pages) == 1 else None
        read = (
            first
            if isinstance(first, WikiPages)
            else read_wiki_pages(p for p in pages if not isinstance(p, WikiPages))
        )
        if not read.facts:  # before the store is opened: this is the user's first problem
            raise NotFound("no wiki pages to check (no file given is an MTG Wiki page)")
        with self.store() as store:
            return check_pages(store, read, as_of, quotes)

    def cite_check_source(
        self,
        *paths: str | Path,
        release: str | None = None,
        pin: str | Path | None = None,
        default: str | None = None,
        stamps: bool = True,
        git: bool = True,
        changed_since: str | None = None,
        cache: str | Path | None = None,
        max_bytes: int | None = DEFAULT_MAX_BYTES,
        on_align: Callable[[int, int], None] | None = None,
    ) -> SourceCheck:
        """Check the CR citations of rules engines' source trees: for each citation, the
        release it was written against (from its stamp, its line's git history, the title or
        rule text beside it, else ``default`` or the target, *assumed*), a verdict in the
        target release, a suggestion and whether rewriting it is certain
        (:mod:`mtgcr.crossref.cite.source_check`).

        Args:
            paths: source files and folders (``.java .rs .kt .py .md …``; ``.gitignore``
                honoured).
            release: the target release (default the newest stored).
            pin: a CR copy kept beside the engine; its release is the target.
            default: the release citations without evidence were written against.
            stamps: honour date stamps.
            git: date lines from git history where the tree is a git repository.
            changed_since: report only citations on lines changed against this commit.
            cache: a result cache file (``None``: none): a file whose bytes were seen with the
                same store and options costs nothing.
            max_bytes: files larger than this are not read (``None``: no limit).
            on_align: progress callback for alignments computed (``(k, n)``).

        Returns:
            A :class:`mtgcr.crossref.cite.source_run.SourceCheck`: iterate it for each file's
            results as they come, or read ``citations``, ``summary()``, ``controls``,
            ``to_frame()``, ``exit_status()``.

        Raises:
            BadArgument: a path that does not exist, a release that is not stored, a pinned
                copy that matches none, ``changed_since`` outside a git repository.
            StoreError: no store, or no complete EN release in it.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> tmp = pathlib.Path(tempfile.mkdtemp())
        >>> cr = mtgcr.open(tmp / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> src = tmp / "Control.java"
        >>> _ = src.write_text("// CR 701.2: Controlling Another Player's Turn\\n", encoding="utf-8")
        >>> check = cr.cite_check_source(src, git=False)
        >>> [(c.verdict.value, c.as_of.value, c.suggestion, c.certain) for c in check.citations]
        [('moved', 'text', 'CR 702.2', False)]
        >>> check.citations[0].reason  # the title dates it; "Turn" is no word of 702.2 now
        'the words beside 701.2 do not fit 702.2 of 2030-04-05'
        """
        return citing.cite_check_source(
            self,
            paths,
            release,
            pin,
            default,
            stamps,
            git,
            changed_since,
            cache,
            max_bytes,
            on_align,
        )

    def cite_migrate(
        self,
        *paths: str | Path,
        to: str | None = None,
        default: str | None = None,
        stamped_only: bool = False,
        write: bool = False,
        rename_identifiers: bool = False,
        journal: str | Path | None = None,
        git: bool = True,
        cache: str | Path | None = None,
        on_align: Callable[[int, int], None] | None = None,
    ) -> Migration:
        """Migrate the CR citations of source trees to release ``to``: a number is rewritten
        only when the alignment and every piece of evidence on its line agree (the release it
        was written against, read as :meth:`cite_check_source` reads it, ``default`` standing
        in where there is no evidence); everything else is listed for a human with the reason
        (:mod:`mtgcr.crossref.cite.migrate_run`).

        Args:
            paths: source files and folders.
            to: the release to migrate to (default the newest stored).
            default: the release citations without evidence were written against
                (``--from``; without it they are read against ``to`` and stay).
            stamped_only: rewrite only citations read against their own date stamp.
            write: rewrite the files in place (else only plan: :meth:`Migration.patch`).
            rename_identifiers: rename identifiers holding a moved number, every use.
            journal: the journal file of in-place rewrites (default
                ``.mtgcr-cite-migrate.jsonl`` in the current folder): a file already migrated
                to ``to`` is skipped, an interrupted run resumes.
            git: date lines from git history.
            cache: a result cache file (``None``: none).
            on_align: progress callback for alignments computed.

        Returns:
            A :class:`mtgcr.crossref.cite.migrate_run.Migration` (``changes``, ``listed``,
            ``patch()``, ``written``).

        Raises:
            BadArgument: as :meth:`cite_check_source`.
            InputError: a file could not be written (the journal lets a re-run resume).
        """
        return citing.cite_migrate(
            self,
            paths,
            to,
            default,
            stamped_only,
            write,
            rename_identifiers,
            journal,
            git,
            cache,
            on_align,
        )

    # -- keeping a wiki current ------------------------------------------------------------
    def wiki_refresh(
        self,
        *pages: str | Path,
        titles: Sequence[str | WikiTitle] = (),
        api: str | None = None,
        to: str | None = None,
        lang: str = "ja",
        identify: bool = True,
        on_page: Callable[[PageEdit], None] | None = None,
        max_bytes: int | None = DEFAULT_MAX_BYTES,
    ) -> EditBatch:
        """Bring MTG Wiki pages up to a release: each stale quote block replaced by the same
        rules' text in release ``to`` of ``lang`` (renumbering and splits followed, rules added
        in the quoted range added, removed ones dropped, markup kept, the label updated) and
        the citations outside quotes migrated as ``cite-check`` suggests
        (:mod:`mtgcr.reports.wiki.refresh`). Nothing is written: the batch holds each page's
        new text, diff and edit summary (:meth:`EditBatch.write` saves them for
        :meth:`wiki_publish`).

        Args:
            pages: files or folders (rendered pages, wikitext; diff views get their citation
                edits listed).
            titles: page titles to read from the wiki at ``api`` (a
                :class:`~mtgcr.reports.wiki.batch.WikiTitle` gives the revision to refresh;
                a title alone, the current one); the revision read is the edit's base.
            api: the wiki's ``api.php`` URL (with ``titles``).
            to: the release (date or label; default the newest complete one of ``lang``).
            lang: the pages' language.
            identify: check that each quote's text fits the release its label names (a
                quote whose text is another release's is left for a human).
            on_page: called with each page's edit as it is made (progress).
            max_bytes: a file larger than this (bytes) is not read (``None``: no limit).

        Returns:
            :class:`mtgcr.reports.wiki.edits.EditBatch` (``edits``, ``counts()``,
            ``to_frame()``, ``write(folder)``).

        Raises:
            BadArgument: no page or title given, or titles without ``api``.
            StoreError: no store; no complete release ``to`` of ``lang``, or no EN release
                of its label.
            mtgcr.reports.wiki.publish.PublishError: the wiki could not be read.

        A wikitext page about turn control citing section 701 as the sample's 2030-01-10
        release numbered it (702 from 2030-04-05 on), brought up to EN 2030-04-05:

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> tmp = pathlib.Path(tempfile.mkdtemp())
        >>> cr = mtgcr.open(tmp / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> page = tmp / "turn.wiki"
        >>> _ = page.write_text("=ターン/Turn=\\n'''ターン'''/''Turn''の操作は{{#cr:701}}。\\n")
        >>> batch = cr.wiki_refresh(page, lang="en")
        >>> [(e.status.value, e.summary) for e in batch.edits]
        [('changed', '701→702')]
        >>> batch.edits[0].new_text.splitlines()[1]
        "'''ターン'''/''Turn''の操作は{{#cr:702}}。"
        """
        return citing.wiki_refresh(self, pages, titles, api, to, lang, identify, on_page, max_bytes)

    def wiki_publish(
        self,
        folder: str | Path,
        api: str | None = None,
        write: bool = False,
        maxlag: int = 5,
        retries: int = 3,
        pywikibot_passwords: str | Path | None = None,
        on_page: Callable[[PageOutcome], None] | None = None,
    ) -> PublishResult:
        """Publish a refresh batch (a folder :meth:`EditBatch.write` wrote) to a MediaWiki
        wiki as a bot; a dry run unless ``write`` (see :mod:`mtgcr.reports.wiki.publish`:
        every page is read again first and left alone when it changed since the refresh read
        it; ``baserevid``, ``nocreate``, the bot flag and ``maxlag`` on the edit; the folder's
        manifest is the journal, so a stopped run resumes).

        Args:
            folder: the batch folder.
            api: the wiki's ``api.php`` URL (default: the one the batch was read from).
            write: really edit.
            maxlag: seconds of replica lag above which the wiki makes us wait.
            retries: how often a lagged or failing request is repeated before the run stops.
            pywikibot_passwords: a pywikibot ``user-password.py`` to log in with when
                ``$MTGCR_WIKI_USER`` / ``$MTGCR_WIKI_PASSWORD`` are not set.
            on_page: called with each page's outcome (progress).

        Returns:
            :class:`mtgcr.reports.wiki.publish.PublishResult` (``outcomes``, ``counts()``).

        Raises:
            BadArgument: no API URL known, or no bot password.
            InputError: ``folder`` holds no batch, or a page file changed since it was
                written.
            mtgcr.reports.wiki.publish.PublishError: login failed, or the wiki stopped the
                run (lag, server error): run it again to resume.
        """
        from mtgcr.reports.wiki.edits import read_manifest
        from mtgcr.reports.wiki.publish import WikiSite, credentials, publish_batch

        url = api or read_manifest(folder).get("api")
        if not url:
            raise BadArgument(
                f"wiki publish: the batch in {folder} was read from files: give the wiki's "
                f"--api URL"
            )
        user, password = credentials(pywikibot_file=pywikibot_passwords)
        site = WikiSite(url, maxlag=maxlag, retries=retries)
        site.login(user, password)
        return publish_batch(folder, site, write, on_page)

    # -- search ----------------------------------------------------------------------------
    def search(
        self,
        text: str,
        release: str | None = None,
        lang: str = "en",
        limit: int = 20,
        on_index: Callable[[ReleaseInfo], None] | None = None,
    ) -> list[SearchResult]:
        """The rules of one release whose text (examples included) contains every word of
        ``text``, best first (SQLite FTS5; Japanese and Chinese on character bigrams). The
        index is built in the store on first use of each release.

        Args:
            text: the words to find.
            release: the release (default: the newest).
            lang: its language.
            limit: most hits (at least 1).
            on_index: called with each release before it is indexed (progress).

        Returns:
            :class:`mtgcr.reports.search.SearchResult` s (``number``, ``text``, ``spans`` of
            the matching words, ``rank``).

        Raises:
            BadArgument: ``limit`` below 1.
            ValueError: a query with no searchable word.
            StoreError: no store, or no such release.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> [(h.number, h.text[h.spans[0][0]:h.spans[0][1]]) for h in cr.search("shuffles")]
        [('101.1', 'shuffles')]
        """
        from mtgcr.reports.search import search

        if limit < 1:
            raise BadArgument("search: --limit must be at least 1")
        with self.aligning_store() as store:  # no store yet: an error, none is created
            return search(
                store, text, [store.resolve(release, lang)], limit=limit, on_index=on_index
            )

    def wording(
        self,
        text: str,
        lang: str = "en",
        limit: int = 20,
        on_index: Callable[[ReleaseInfo], None] | None = None,
    ) -> list[WordingSpan]:
        """In which releases each rule whose text contains every word of ``text`` first and
        last has that wording, over every complete release of ``lang``, oldest first.

        Returns:
            Up to ``limit`` :class:`mtgcr.reports.search.WordingSpan` s (``numbers``,
            ``first``, ``last``, ``releases``).

        Raises:
            BadArgument: ``limit`` below 1.
            NotFound: no complete release of ``lang`` is stored.
            ValueError: a query with no searchable word.
            StoreError: no store.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> [(w.numbers, w.first.label, w.last.label) for w in cr.wording("sideboard")]
        [(['100.3'], '20300110', '20300405')]
        """
        from mtgcr.reports.search import search, wording_spans

        if limit < 1:
            raise BadArgument("search: --limit must be at least 1")
        with self.aligning_store() as store:  # no store yet: an error, none is created
            rels = [r for r in store.releases(lang) if r.complete]
            if not rels:
                raise NotFound(f"search: no complete {lang} release is stored")
            hits = search(store, text, rels, limit=limit * len(rels), on_index=on_index)
        return wording_spans(hits)[:limit]

    # -- reports ---------------------------------------------------------------------------
    def check(
        self,
        repair: bool = False,
        on_step: Callable[[str], None] | None = None,
        on_wait: Callable[[str], None] | None = None,
    ):
        """Check the store against its stored bytes: SQLite's integrity check, every
        document's sha256, every release's rows against a rebuild from the bytes; with
        ``repair``, put the rebuilt store in place when something is damaged (the damaged file
        is kept beside it). See :mod:`mtgcr.extract.store_check`.

        Args:
            repair: rebuild a damaged store.
            on_step: progress (one line per step).
            on_wait: called when the repair waits for another process's write lock.

        Returns:
            :class:`mtgcr.extract.store_check.StoreHealth` (``ok``, ``damaged``: the releases
            that are not what their bytes say, ``repaired``, ``kept_as``).

        Raises:
            StoreError: no store; not an SQLite file; busy during a repair.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> cr = mtgcr.open(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite")
        >>> _ = cr.ingest(sample.path())
        >>> health = cr.check()
        >>> health.ok, len(health.releases)
        (True, 2)
        """
        from mtgcr.extract.store_check import check_store

        return check_store(self.path, repair, on_step, on_wait)

    def site(
        self,
        out: str | Path,
        langs: Sequence[str] | None = None,
        releases: Sequence[str] | None = None,
        compare: Sequence[tuple[str, str]] = (),
        set_names: str | Path | None = None,
        on_step: Callable[[str], None] | None = None,
        force: bool = False,
    ) -> SiteResult:
        """Write the browsable, hyperlinked site of the stored releases into ``out`` (see
        :func:`mtgcr.reports.site.build_site`): a page per section of every release and
        language, traces of every rule, change pages, translations beside English, search.
        Unchanged files are not rewritten.

        Args:
            out: the site folder (created).
            langs: languages (default: every language with a complete release).
            releases: only these releases' pages (traces and changes still span the chain).
            compare: extra ``(old, new)`` pairs to write change pages for.
            set_names: a set list (``versions_*.json``) naming each release's set.
            on_step: called with a one-line description of each step (progress).
            force: write into a folder mtgcr did not create, and replace files in it that
                mtgcr did not write (never a user's own ``index.html``, the store or an input).

        Returns:
            :class:`mtgcr.reports.site.build.SiteResult` (``written``, ``unchanged``,
            ``index``, ``kept``: the user's files left as they were).

        Raises:
            BadArgument: an unreadable set list.
            RefusedOutput: ``out`` is a file, a folder mtgcr did not create (without
                ``force``), or holds a user's own ``index.html``
                (:mod:`mtgcr.corpus.output_folder`).
            StoreError: no store, or no complete release of a language asked for.
        """
        return reporting.site(self, out, langs, releases, compare, set_names, on_step, force)

    def build(
        self,
        *sources: str | Path,
        out: str | Path,
        langs: Sequence[str] | None = None,
        formats: Sequence[str] | None = None,
        on_file: Callable[[Path, int, int], None] | None = None,
        on_report: Callable[[str], None] | None = None,
        max_bytes: int | None = DEFAULT_MAX_BYTES,
        force: bool = False,
    ) -> Built:
        """Ingest ``sources``, align every pair of consecutive complete releases per language
        and write one change report per pair (each format) and ``index.html``, ``index.md``,
        ``index.json`` into ``out`` (see :mod:`mtgcr.reports.build_site`).

        Args:
            sources: files or folders to ingest first.
            out: the report folder (created if missing).
            langs: only these languages (default: every language).
            formats: report formats (default ``md, html, csv, json``).
            on_file: ingest progress (see :meth:`ingest`).
            on_report: called with a short message per report written.
            max_bytes: a source file larger than this (bytes) fails (see :meth:`ingest`).
            force: write into a folder mtgcr did not create, replacing the files of the same
                name (never the store or a source).

        Returns:
            :class:`Built` (``run.failed``: the files that failed to ingest;
            ``run.scan.unreadable``: the folders or entries that could not be read; ``index``;
            ``kept``: files in ``out`` that mtgcr did not write, left as they were).

        Raises:
            BadArgument: an unknown format; no files in the sources; nothing ingested.
            RefusedOutput: ``out`` is a file or under one, or a folder mtgcr did not create
                (without ``force``; :mod:`mtgcr.corpus.output_folder`).
            StoreError: the store cannot be written, or stopped the ingest (busy).
            KeyboardInterrupt: Ctrl-C during the ingest (files that finished stay stored).
            mtgcr.reports.build_site.BuildInterrupted: Ctrl-C while writing reports (the
                index lists those written).
            mtgcr.crossref.decisions.DecisionError: see :meth:`diff`.

        >>> import mtgcr, tempfile, pathlib
        >>> from mtgcr.corpus import sample
        >>> tmp = pathlib.Path(tempfile.mkdtemp())
        >>> built = mtgcr.open(tmp / "store.sqlite").build(sample.path(), out=tmp / "site")
        >>> [p["files"]["html"] for p in built.index["languages"][0]["pairs"]]
        ['en/2030-01-10_2030-04-05.html']
        >>> sorted(f.name for f in (tmp / "site").iterdir())
        ['.mtgcr-output', 'en', 'index.html', 'index.json', 'index.md']
        """
        return reporting.build(
            self, sources, out, langs, formats, on_file, on_report, max_bytes, force
        )
