"""Language profiles for the line-structured CR text format, read from TOML files.

The official English files and their line-for-line translations share one structure (title,
effective date, introduction, contents, chapters, sections, rules, subrules, examples,
glossary, credits). What differs per language is data, one TOML file per language: the title
and date patterns and month names, the example marker and label, the headings of the
contents / glossary / credits, the glossary headword format, translators' notes, number
words, the words that introduce a reference and the conjunctions of a list of them, the
tokenizer used for diffs and similarity, and the script and frequent words that tell the
language apart. :class:`CRProfile` holds one profile; :mod:`mtgcr.extract.formats.cr_text`
holds the one parser.

The shipped profiles (``en.toml``, ``ja.toml``, ``zh.toml``, ``ru.toml`` beside this module,
package data) name their sources in their comments. A user adds a language — or overrides a
shipped one — by writing ``<lang>.toml`` in a folder and passing ``--profiles DIR`` on the
command line, setting ``$MTGCR_PROFILES`` (applied by the command line and the library alike:
:func:`apply_env`), or calling :func:`load_folder` from Python: no code change. The keys are documented in README ("Adding a language") and checked by
:func:`read_profile`, whose errors name the file and the key.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator, MutableMapping, NoReturn
from mtgcr.errors import InputError

__all__ = [
    "CRProfile",
    "PROFILES",
    "ProfileError",
    "Tokenizer",
    "read_profile",
    "load_folder",
    "load_from_env",
    "profile_for",
    "parse_english_date",
    "parse_russian_date",
    "russian_month",
    "MONTHS_EN",
    "MONTHS_RU",
    "JA_HEADWORD",
    "reference_keywords",
    "reference_after_keywords",
    "list_conjunctions",
    "registry_version",
    "SCRIPTS",
    "script_of",
    "guess_language",
    "ENV",
    "reset_to_shipped",
    "apply_env",
    "LanguageGuess",
    "likely_language",
]

#: The environment variable naming a folder of user profiles (like ``--profiles DIR``).
ENV = "MTGCR_PROFILES"


class ProfileError(InputError):
    """A profile file that cannot be used; ``str()`` names the file (and key) in one line."""


class Tokenizer(str, Enum):
    """How a language's texts are split into words for diffs and similarity scores.

    ``WORDS``: runs of letters and digits (space-separated languages); ``CJK``: every CJK
    character alone, runs of letters and digits (Chinese, Korean: no segmenter is bundled);
    ``SUDACHI``: SudachiPy words (Japanese).
    """

    WORDS = "words"
    CJK = "cjk"
    SUDACHI = "sudachi"


#: Scripts a profile's ``[detect] script`` may name, with the code point ranges counted for
#: it (:func:`script_of`). "Kana" is Japanese (kana, with or without Han).
SCRIPTS: dict[str, str] = {
    "Latin": "A-Za-z\u00c0-\u024f",
    "Cyrillic": "\u0400-\u04ff",
    "Greek": "\u0370-\u03ff",
    "Kana": "\u3040-\u30ff",
    "Han": "\u4e00-\u9fff",
    "Hangul": "\uac00-\ud7af\u1100-\u11ff",
    "Arabic": "\u0600-\u06ff",
    "Hebrew": "\u0590-\u05ff",
    "Thai": "\u0e00-\u0e7f",
    "Devanagari": "\u0900-\u097f",
}


@lru_cache(maxsize=1)
def _script_res() -> dict[str, re.Pattern]:
    """One character class per script of :data:`SCRIPTS`, compiled on first use (a class of
    thousands of code points takes milliseconds to compile)."""
    return {name: re.compile(f"[{chars}]") for name, chars in SCRIPTS.items()}


def script_of(text: str) -> str | None:
    """The script most of ``text``'s letters are written in (a name of :data:`SCRIPTS`), or
    ``None`` when it has no letters of any of them. Any kana makes it ``"Kana"`` (Japanese
    mixes kana with Han and Latin); Han beats Latin when it is at least a fifth as frequent
    (Chinese rule text is full of Latin card names and numbers)."""
    sample = text[:200_000]
    counts = {name: len(rx.findall(sample)) for name, rx in _script_res().items()}
    if counts["Kana"]:
        return "Kana"
    if counts["Han"] and counts["Han"] > counts["Latin"] / 4:
        return "Han"
    best = max(counts, key=counts.__getitem__)
    return best if counts[best] else None


@dataclass(frozen=True)
class CRProfile:
    """The language-specific data of the CR text format, as read from one TOML file.

    Attributes:
        lang: language code (the file's ``lang``; ``es.toml`` must say ``lang = "es"``).
        name: the language's English name (``"Spanish"``).
        title_re: matches the document title line (used to recognise the document kind).
        example_re: matches the start of an example line; the text after the match is the
            example's text.
        contents_re / glossary_re / credits_re: match the heading lines of those parts (one
            of the ``[headings]`` alternatives, white space around it allowed). The entries
            are regular expressions (JA ``(?:10\\.\\s*)?用語集``), or literal text when
            ``[headings] literal = true`` (``"Index (A–Z)"`` then needs no escaping).
        index_re: the heading of an index printed after the glossary (``[headings] index``,
            EN ``Index``): its lines are no glossary entries; ``None`` when not given.
        credits_start_re: where credits begin in a file that gives them no heading
            (``[headings] credits_start``, a regular expression matched against the line
            that opens them), or ``None``.
        glossary_omitted_re: a marker a translation prints instead of its glossary
            (``[glossary] omitted``, KO ``<생략>``, on the heading's line or the next): such a
            release has no glossary by design and is not truncated; ``None`` when not given.
        date_re: the effective-date statement, with named groups ``y``, ``m`` (digits or a
            month name) and ``d``; :meth:`date_from` turns a match into a date.
        months: ``{form: month number}`` of the month names (lower case), from ``[date]
            months`` (each entry a name or a list of its forms).
        month_names: the first form of each month name, January first (``()`` when the
            language writes months as digits).
        month_lemmas: ``"pymorphy3-ru"`` to find other case forms of month names through
            their Russian lemma, else ``None``.
        glossary_lemmas: ``"pymorphy3-ru"`` to find a glossary headword from any word form of
            it (``define`` "заклинания" → "Заклинание"), else ``None``.
        headword_re: for translations, splits a glossary headword into term, reading and the
            English original (named groups ``term``, ``reading``, ``original``); ``None`` for EN.
        headword_starts_entry: glossary entries are told apart by headword lines rather than
            blank lines (the JA file has no blank lines).
        revision_re: for translations, finds the translation's own version in the header
            (named groups ``label`` and ``rev``: ``和訳 20231117.0 版`` → ``"0"``); ``None`` for EN.
        revision_name_re: the same in a file name (``JPN_CR_20250919_1.txt`` → ``"1"``).
        note_re: matches a translator's note inside rule text (ZH ``（译注：…）``), text that
            has no counterpart in the English rule; ``None`` when the language has none.
        numeral_words: words or characters that write a number in running text, mapped to its
            digits (ZH ``两`` → ``"2"``), so "two" in English and ``两`` in a translation agree.
        non_numeral_re: matches the translation's terms whose digits are no numerals (JA
            ``第1面`` / ``第2面``: "front face" / "back face"), or ``None``.
        example_label: how an example is labelled when shown (``Example:``, JA ``例：``).
        reference_keywords: regular expressions of the words that introduce a rule number
            ("rules?", RU "[Пп]равил[а-яё]{0,3}" for every case form).
        reference_after: regular expressions of the words that follow a number to make it a
            reference (``[references] after``, KO ``절`` in ``8절`` "section 8" and ``702.19항``).
        list_separators: what joins the items of a list in rule text (``[lists] separators``:
            EN ``,``, ZH ``、``; the word before the last item is one of :attr:`conjunctions`);
            ``()`` for the script's default (``,`` or ``、``). See :mod:`mtgcr.extract.lists`.
        list_openers: regular expressions of the words that introduce a list (``[lists]
            openers``: EN ``\bare\b``, ZH ``包括``), besides ``:``.
        list_closers: regular expressions of the words that end the last item of a list in a
            language without spaces (``[lists] closers``: ZH ``是``).
        list_quoted: items are written each in 「」 with nothing between them (``[lists]
            quoted``, JA).
        conjunctions: the words that join a list of references ("and", "or").
        tokenizer: how texts are split into words (:class:`Tokenizer`).
        script: the script of the rule text (a name of :data:`SCRIPTS`).
        words: frequent words of the language (to tell it from others of its script).
        source: the file the profile was read from.
    """

    lang: str
    title_re: re.Pattern
    example_re: re.Pattern
    contents_re: re.Pattern
    glossary_re: re.Pattern
    credits_re: re.Pattern
    date_re: re.Pattern
    name: str = ""
    index_re: re.Pattern | None = None
    credits_start_re: re.Pattern | None = None
    glossary_omitted_re: re.Pattern | None = None
    reference_after: tuple[str, ...] = ()
    list_separators: tuple[str, ...] = ()
    list_openers: tuple[str, ...] = ()
    list_closers: tuple[str, ...] = ()
    list_quoted: bool = False
    months: dict[str, int] = field(default_factory=dict)
    month_names: tuple[str, ...] = ()
    month_lemmas: str | None = None
    glossary_lemmas: str | None = None
    headword_re: re.Pattern | None = None
    headword_starts_entry: bool = False
    revision_re: re.Pattern | None = None
    revision_name_re: re.Pattern | None = None
    note_re: re.Pattern | None = None
    numeral_words: tuple[tuple[str, str], ...] = ()
    non_numeral_re: re.Pattern | None = None
    example_label: str = "Example:"
    reference_keywords: tuple[str, ...] = ()
    conjunctions: tuple[str, ...] = ()
    tokenizer: Tokenizer = Tokenizer.WORDS
    script: str = "Latin"
    words: tuple[str, ...] = ()
    source: str = ""

    def month(self, text: str) -> int | None:
        """The month number of ``text`` (digits ``"11"`` or a name of :attr:`months`, any
        case, a trailing dot ignored), else ``None``."""
        t = text.strip().rstrip(".").lower()
        if t.isdigit():
            n = int(t)
            return n if 1 <= n <= 12 else None
        if t in self.months:
            return self.months[t]
        if self.month_lemmas == "pymorphy3-ru":
            from mtgcr.extract.ru_morph import lemmas

            return next((self.months[l] for l in lemmas(t) if l in self.months), None)
        return None

    def date_from(self, m: re.Match) -> date | None:
        """The date of a :attr:`date_re` match (groups ``y``, ``m``, ``d``), or ``None``
        when the month is unknown or the day does not exist."""
        month = self.month(m.group("m"))
        if month is None:
            return None
        try:
            return date(int(m.group("y")), month, int(m.group("d")))
        except ValueError:
            return None

    def find_date(self, text: str) -> date | None:
        """The first effective date stated in ``text``, or ``None``."""
        for m in self.date_re.finditer(text):
            d = self.date_from(m)
            if d is not None:
                return d
        return None


# -- reading TOML ---------------------------------------------------------------------------

_FLAGS = {"i": re.I, "m": re.M, "s": re.S, "x": re.X}
_KNOWN = {
    "": {
        "lang",
        "name",
        "detect",
        "title",
        "date",
        "example",
        "headings",
        "glossary",
        "revision",
        "notes",
        "numerals",
        "references",
        "lists",
        "text",
    },
    "detect": {"script", "words"},
    "title": {"pattern", "flags"},
    "date": {"pattern", "flags", "months", "month_lemmas"},
    "example": {"pattern", "label", "flags"},
    "headings": {"contents", "glossary", "credits", "index", "credits_start", "literal"},
    "glossary": {"headword", "headword_starts_entry", "flags", "lemmas", "omitted"},
    "revision": {"header", "file_name"},
    "notes": {"pattern", "flags"},
    "numerals": {"words", "non_numeral"},
    "references": {"keywords", "conjunctions", "after"},
    "lists": {"separators", "openers", "closers", "quoted"},
    "text": {"tokenizer"},
}


class _Reader:
    """Typed access to one parsed TOML profile; every error names the file and the key."""

    def __init__(self, data: dict, path: str) -> None:
        self.data, self.path = data, path

    def fail(self, key: str, msg: str) -> NoReturn:
        raise ProfileError(f"{self.path}: {key}: {msg}")

    def get(self, table: str, key: str, kind: type, default=None, required: bool = False):
        where = f"[{table}] {key}" if table else key
        t = self.data.get(table, {}) if table else self.data
        if not isinstance(t, dict):
            self.fail(f"[{table}]", "must be a table")
        if key not in t:
            if required:
                self.fail(where, "missing (required)")
            return default
        value = t[key]
        if not isinstance(value, kind):
            self.fail(
                where, f"must be {getattr(kind, '__name__', kind)}, not {type(value).__name__}"
            )
        return value

    def pattern(
        self,
        table: str,
        key: str,
        required: bool = False,
        groups: Iterable[str] = (),
        flags_key: str | None = "flags",
    ) -> re.Pattern | None:
        text = self.get(table, key, str, required=required)
        if text is None:
            return None
        flags = 0
        for ch in (self.get(table, flags_key, str, "") if flags_key else "") or "":
            if ch not in _FLAGS:
                self.fail(f"[{table}] {flags_key}", f"unknown flag {ch!r} (use i, m, s, x)")
            flags |= _FLAGS[ch]
        try:
            rx = re.compile(text, flags)
        except re.error as exc:
            self.fail(f"[{table}] {key}", f"not a regular expression ({exc})")
        missing = [g for g in groups if g not in rx.groupindex]
        if missing:
            self.fail(
                f"[{table}] {key}",
                f"needs the named group{'s' if len(missing) > 1 else ''} "
                f"{', '.join(f'(?P<{g}>…)' for g in missing)}",
            )
        return rx

    def required_pattern(self, table: str, key: str, groups: Iterable[str] = ()) -> re.Pattern:
        rx = self.pattern(table, key, required=True, groups=groups)
        assert rx is not None  # required: pattern() failed otherwise
        return rx

    def strings(self, table: str, key: str, required: bool = False) -> tuple[str, ...]:
        value = self.get(table, key, list, [], required=required)
        if required and not value:
            self.fail(f"[{table}] {key}", "must list at least one")
        if not all(isinstance(v, str) for v in value):
            self.fail(f"[{table}] {key}", "must be a list of strings")
        return tuple(value)


def _heading(r: _Reader, key: str, required: bool = True) -> re.Pattern | None:
    """A heading line of one of ``[headings] key``: regular expressions, or literal text when
    ``[headings] literal = true``; white space around it allowed."""
    names = r.strings("headings", key, required=required)
    if not names:
        return None
    if r.get("headings", "literal", bool, False):
        names = tuple(re.escape(n) for n in names)
    try:
        return re.compile(r"^\s*(?:" + "|".join(names) + r")\s*$")
    except re.error as exc:
        r.fail(f"[headings] {key}", f"not a regular expression ({exc})")


def _required_heading(r: _Reader, key: str) -> re.Pattern:
    rx = _heading(r, key)
    assert rx is not None  # required: _heading failed otherwise
    return rx


def read_profile(path: str | Path, text: str | None = None) -> CRProfile:
    """Read one profile file.

    Args:
        path: the TOML file (its name is only used in messages when ``text`` is given).
        text: the file's content, if already read.

    Returns:
        The :class:`CRProfile`.

    Raises:
        ProfileError: the file cannot be read, is not TOML (the message gives tomllib's line
            and column), lacks a required key (``lang``, ``[title] pattern``, ``[date]
            pattern``, ``[example] pattern``, ``[headings] contents/glossary/credits``), has
            an unknown key (a typo would otherwise be ignored), a pattern that does not
            compile or lacks its named groups, or an unknown tokenizer or script.
    """
    path = str(path)
    if text is None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ProfileError(
                f"{path}: cannot read ({getattr(exc, 'strerror', None) or exc})"
            ) from None
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"{path}: not TOML ({exc})") from None
    r = _Reader(data, path)
    for table, keys in _KNOWN.items():
        t = data if not table else data.get(table, {})
        if not isinstance(t, dict):
            r.fail(f"[{table}]", "must be a table")
        for k in t:
            if k not in keys:
                r.fail(
                    f"[{table}] {k}" if table else k,
                    f"unknown key (known: {', '.join(sorted(keys))})",
                )
    lang = r.get("", "lang", str, required=True).strip().lower()
    if not re.fullmatch(r"[a-z]{2,3}(?:-[a-z0-9]{2,8})*", lang):
        r.fail("lang", f"{lang!r} is not a language code such as 'es' or 'pt-br'")
    months: dict[str, int] = {}
    month_names: list[str] = []
    raw_months = r.get("date", "months", list, [])
    if raw_months and len(raw_months) != 12:
        r.fail("[date] months", f"must list 12 months, not {len(raw_months)}")
    for i, forms in enumerate(raw_months, start=1):
        forms = [forms] if isinstance(forms, str) else forms
        if not forms or not isinstance(forms, list):
            r.fail("[date] months", "each month is a name or a list of names")
        month_names.append(str(forms[0]).lower())
        for form in forms:
            if not isinstance(form, str):
                r.fail("[date] months", "each month is a name or a list of names")
            months[form.lower()] = i
    lemmas = r.get("date", "month_lemmas", str)
    if lemmas not in (None, "pymorphy3-ru"):
        r.fail("[date] month_lemmas", f"unknown {lemmas!r} (only 'pymorphy3-ru')")
    glossary_lemmas = r.get("glossary", "lemmas", str)
    if glossary_lemmas not in (None, "pymorphy3-ru"):
        r.fail("[glossary] lemmas", f"unknown {glossary_lemmas!r} (only 'pymorphy3-ru')")
    tok = r.get("text", "tokenizer", str, "words")
    try:
        tokenizer = Tokenizer(tok)
    except ValueError:
        r.fail("[text] tokenizer", f"unknown {tok!r} (use {', '.join(t.value for t in Tokenizer)})")
    script = r.get("detect", "script", str, "Latin")
    if script not in SCRIPTS:
        r.fail("[detect] script", f"unknown {script!r} (use {', '.join(SCRIPTS)})")
    numerals = r.get("numerals", "words", dict, {})
    if not all(isinstance(v, str) for v in numerals.values()):
        r.fail("[numerals] words", "maps each word to its digits as a string ('两' = '2')")
    date_re = r.required_pattern("date", "pattern", groups=("y", "m", "d"))
    return CRProfile(
        lang=lang,
        name=r.get("", "name", str, lang),
        title_re=r.required_pattern("title", "pattern"),
        example_re=r.required_pattern("example", "pattern"),
        example_label=r.get("example", "label", str, "Example:"),
        contents_re=_required_heading(r, "contents"),
        glossary_re=_required_heading(r, "glossary"),
        credits_re=_required_heading(r, "credits"),
        index_re=_heading(r, "index", required=False),
        credits_start_re=r.pattern("headings", "credits_start", flags_key=None),
        glossary_omitted_re=r.pattern("glossary", "omitted", flags_key=None),
        reference_after=r.strings("references", "after"),
        list_separators=r.strings("lists", "separators"),
        list_openers=r.strings("lists", "openers"),
        list_closers=r.strings("lists", "closers"),
        list_quoted=r.get("lists", "quoted", bool, False),
        date_re=date_re,
        months=months,
        month_names=tuple(month_names),
        month_lemmas=lemmas,
        glossary_lemmas=glossary_lemmas,
        headword_re=r.pattern("glossary", "headword", groups=("term",)),
        headword_starts_entry=r.get("glossary", "headword_starts_entry", bool, False),
        revision_re=r.pattern("revision", "header", groups=("label", "rev"), flags_key=None),
        revision_name_re=r.pattern(
            "revision", "file_name", groups=("label", "rev"), flags_key=None
        ),
        note_re=r.pattern("notes", "pattern"),
        numeral_words=tuple(numerals.items()),
        non_numeral_re=r.pattern("numerals", "non_numeral", flags_key=None),
        reference_keywords=r.strings("references", "keywords"),
        conjunctions=r.strings("references", "conjunctions"),
        tokenizer=tokenizer,
        script=script,
        words=r.strings("detect", "words"),
        source=path,
    )


# -- the registry ---------------------------------------------------------------------------


class _Registry(MutableMapping[str, CRProfile]):
    """:data:`PROFILES`: a mapping whose shipped profiles are read (their TOML parsed, their
    patterns compiled) on its first use, not when this module is imported — a command that
    never reads a profile does not pay for them. Every way of reading or changing it goes
    through :meth:`_profiles`, which reads them first, so the order stays the shipped ones,
    then the user's."""

    def __init__(self) -> None:
        self._data: dict[str, CRProfile] = {}
        self._loaded = False

    def _profiles(self) -> dict[str, CRProfile]:
        if not self._loaded:
            self._loaded = True
            _load_shipped()
        return self._data

    def __getitem__(self, key: str) -> CRProfile:
        return self._profiles()[key]

    def __setitem__(self, key: str, value: CRProfile) -> None:
        self._profiles()[key] = value

    def __delitem__(self, key: str) -> None:
        del self._profiles()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._profiles())

    def __len__(self) -> int:
        return len(self._profiles())

    def __repr__(self) -> str:
        return repr(self._profiles())

    def clear(self) -> None:
        """Forget every profile; the shipped ones are not read again by themselves
        (:func:`reset_to_shipped` reads them)."""
        self._loaded = True
        self._data.clear()


#: Every profile in use, by language code: the shipped ones (en, ja, zh, ru, in that order),
#: then those loaded with :func:`load_folder` (a user profile of a shipped language replaces
#: it in place). :func:`mtgcr.extract.formats.cr_text.detect_profile` tries them in this order.
#: The shipped ones are read on first use.
PROFILES: MutableMapping[str, CRProfile] = _Registry()
_VERSION = [0]
#: The shipped profiles as read (before any user profile replaces one), by language code.
_SHIPPED: dict[str, CRProfile] = {}


def registry_version() -> int:
    """A number that changes whenever :data:`PROFILES` changes (for caches built from it)."""
    return _VERSION[0]


def _add(profile: CRProfile) -> None:
    PROFILES[profile.lang] = profile
    _VERSION[0] += 1


def _load_shipped() -> None:
    from importlib import resources

    folder = resources.files(__name__)
    for lang in ("en", "ja", "zh", "ru"):
        res = folder / f"{lang}.toml"
        name = (
            os.fspath(res)
            if isinstance(res, os.PathLike)
            else f"mtgcr/extract/profiles/{lang}.toml"
        )
        prof = read_profile(name, res.read_text(encoding="utf-8"))
        _SHIPPED[lang] = prof
        _add(prof)


def load_folder(folder: str | Path) -> list[CRProfile]:
    """Load every ``*.toml`` profile in ``folder`` (not its subfolders) into :data:`PROFILES`.

    Args:
        folder: a folder of profile files, one per language (``es.toml``, ``de.toml``; a file
            named for a shipped language replaces that profile).

    Returns:
        The profiles loaded, in file-name order.

    Raises:
        ProfileError: the folder does not exist or holds no ``.toml`` file, or a file is not
            a valid profile (:func:`read_profile`); nothing is loaded then.
    """
    p = Path(folder)
    if not p.is_dir():
        raise ProfileError(f"{folder}: no such folder of language profiles")
    files = sorted(f for f in p.glob("*.toml") if f.is_file())
    if not files:
        raise ProfileError(f"{folder}: no profile files (*.toml) in this folder")
    loaded = [read_profile(f) for f in files]
    seen: dict[str, str] = {}
    for prof in loaded:
        if prof.lang in seen:
            raise ProfileError(
                f"{prof.source}: lang {prof.lang!r} is also the language of {seen[prof.lang]}"
            )
        seen[prof.lang] = prof.source
    for prof in loaded:
        _add(prof)
    return loaded


def load_from_env() -> list[CRProfile]:
    """:func:`load_folder` of ``$MTGCR_PROFILES`` when it is set (else nothing).

    Raises:
        ProfileError: as :func:`load_folder`; the message names the variable.
    """
    folder = os.environ.get(ENV, "").strip()
    if not folder:
        return []
    try:
        return load_folder(folder)
    except ProfileError as exc:
        raise ProfileError(f"${ENV}: {exc}") from None


def profile_for(lang: str) -> CRProfile | None:
    """The profile of ``lang`` or ``None``."""
    return PROFILES.get(lang)


_WORD_RE = re.compile(r"\w+")


def guess_language(text: str) -> str | None:
    """The language of a text with no title line (a pasted fragment), among the profiles in
    use: the profiles written in the text's script (:func:`script_of`); when several are,
    the one whose ``[detect] words`` occur most often (words of a space-separated script are
    counted as words, others as substrings); the first in :data:`PROFILES` order on a tie.
    ``None`` when no profile is written in that script."""
    script = script_of(text)
    cands = [p for p in PROFILES.values() if p.script == script]
    if len(cands) <= 1:
        return cands[0].lang if cands else None
    sample = text[:200_000]
    tokens: dict[str, int] = {}
    for w in _WORD_RE.findall(sample.lower()):
        tokens[w] = tokens.get(w, 0) + 1

    def score(p: CRProfile) -> int:
        return sum(
            tokens.get(w.lower(), 0)
            if w.isascii() or script in ("Latin", "Cyrillic", "Greek")
            else sample.count(w)
            for w in p.words
        )

    return max(cands, key=score).lang


def reference_keywords() -> list[str]:
    """The reference keywords of every profile in use (regular expressions), in profile
    order, without repeats."""
    return list(dict.fromkeys(k for p in PROFILES.values() for k in p.reference_keywords))


def reference_after_keywords() -> list[str]:
    """The words that follow a number to make it a reference (``[references] after`` of every
    profile in use: KO ``절``), without repeats."""
    return list(dict.fromkeys(k for p in PROFILES.values() for k in p.reference_after))


def list_conjunctions() -> list[str]:
    """The conjunctions of every profile in use ("and", "или", "和"), without repeats."""
    return list(dict.fromkeys(c for p in PROFILES.values() for c in p.conjunctions))


def reset_to_shipped() -> None:
    """Forget every profile loaded with :func:`load_folder` (the shipped ones stay), for tests
    and long-lived programs that load profiles per task; ``$MTGCR_PROFILES`` is applied again
    by the next :func:`apply_env`."""
    PROFILES.clear()
    _load_shipped()
    _ENV_STATE["folder"], _ENV_STATE["error"] = "", None


@dataclass(frozen=True)
class LanguageGuess:
    """The likely language of a text no profile fits (:func:`likely_language`).

    Attributes:
        code: a language code (``"es"``) when the words tell it, else ``None``.
        name: what to call it (``"Spanish"``, ``"a Latin-script language"``, ``"Korean"``).
        script: the script (a name of :data:`SCRIPTS`), or ``None`` for a text without letters.
    """

    code: str | None
    name: str
    script: str | None


@lru_cache(maxsize=1)
def _languages() -> dict:
    """``languages.toml`` beside this module, parsed once."""
    import tomllib
    from importlib import resources

    return tomllib.loads((resources.files(__name__) / "languages.toml").read_text(encoding="utf-8"))


def likely_language(text: str) -> LanguageGuess:
    """Name the likely language of ``text`` by its script, and for the Latin script by its
    frequent words (``languages.toml`` beside this module: not a parsing profile, only names
    for messages)."""
    script = script_of(text)
    data = _languages()
    if script is None:
        return LanguageGuess(None, "no known script", None)
    if script != "Latin":
        entry = data["scripts"].get(script, {"name": script})
        return LanguageGuess(entry.get("code"), entry["name"], script)
    tokens: dict[str, int] = {}
    for w in _WORD_RE.findall(text[:200_000].lower()):
        tokens[w] = tokens.get(w, 0) + 1
    scores = {
        code: sum(tokens.get(w, 0) for w in lang["words"]) for code, lang in data["latin"].items()
    }
    best = max(scores, key=scores.__getitem__)
    if not scores[best]:
        return LanguageGuess(None, data["scripts"]["Latin"]["name"], script)
    return LanguageGuess(best, data["latin"][best]["name"], script)


#: ``$MTGCR_PROFILES`` as last applied by :func:`apply_env`, and its error (if any).
_ENV_STATE: dict[str, object] = {"folder": "", "error": None}


def apply_env() -> ProfileError | None:
    """Load ``$MTGCR_PROFILES`` into :data:`PROFILES` if it is set and changed since the last
    call: done when this module is imported and by :func:`mtgcr.open`, so the library reads
    the user's profiles without an extra call (the command line does it too).

    Returns:
        The :class:`ProfileError` of a folder that cannot be used (nothing of it is loaded),
        else ``None``; it is kept and returned again until the variable changes.
    """
    folder = os.environ.get(ENV, "").strip()
    if folder != _ENV_STATE["folder"]:
        _ENV_STATE["folder"], _ENV_STATE["error"] = folder, None
        try:
            load_from_env()
        except ProfileError as exc:
            _ENV_STATE["error"] = exc
    err = _ENV_STATE["error"]
    return err if isinstance(err, ProfileError) else None


apply_env()

#: The JA glossary headword pattern (``相棒（あいぼう）／Companion``), from ``ja.toml``.
JA_HEADWORD: re.Pattern
#: English month names (``en.toml``) → month number.
MONTHS_EN: dict[str, int]
#: Russian month names in the nominative (the lemmas of the genitive forms dates use).
MONTHS_RU: dict[str, int]


def _shipped(lang: str) -> CRProfile:
    """The shipped profile of ``lang`` (``en``, ``ja``, ``zh``, ``ru``) as read, whatever
    user profile replaced it in :data:`PROFILES`."""
    PROFILES.get(lang)  # reads the shipped profiles on first use
    return _SHIPPED[lang]


def __getattr__(name: str):
    """:data:`JA_HEADWORD`, :data:`MONTHS_EN` and :data:`MONTHS_RU`, made from the shipped
    profiles on first use."""
    if name == "JA_HEADWORD":
        value: object = _shipped("ja").headword_re
    elif name in ("MONTHS_EN", "MONTHS_RU"):
        prof = _shipped("en" if name == "MONTHS_EN" else "ru")
        value = {f: i for i, f in enumerate(prof.month_names, start=1)}
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def parse_english_date(text: str) -> date | None:
    """``"November 17, 2023"`` → ``date(2023, 11, 17)``; ``None`` if not such a date
    (month names of ``en.toml``)."""
    m = re.fullmatch(r"\s*([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})\s*", text)
    if not m:
        return None
    month = _shipped("en").month(m.group(1))
    if month is None:
        return None
    try:
        return date(int(m.group(3)), month, int(m.group(2)))
    except ValueError:
        return None


_RU_DATE = re.compile(r"(?P<d>\d{1,2})\s+(?P<m>[А-Яа-яЁё]+)\s+(?P<y>\d{4})")


def russian_month(word: str) -> int | None:
    """Month number of a Russian month name in any case form (``"июля"`` → 7), else ``None``
    (the forms of ``ru.toml``, other forms through their pymorphy3 lemma)."""
    return None if word.isdigit() else _shipped("ru").month(word)


def parse_russian_date(text: str) -> date | None:
    """``"8 июля 2017"`` (``"(от 8 июля 2017)"``, ``"8 июля 2017 года"``) → ``date(2017, 7, 8)``.

    Returns ``None`` when the text holds no day, Russian month name and year, or the date does
    not exist.
    """
    m = _RU_DATE.search(text)
    return _shipped("ru").date_from(m) if m else None
