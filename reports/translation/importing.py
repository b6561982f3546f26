"""Reading a completed kit back and making it a CR text: the checks ``translate import``
runs before anything is written.

:func:`read_kit` reads any kit format (told by the file's content, not its name);
:func:`check_kit` checks it against the EN release it claims (same language, same release,
every unit there once, nothing unknown, each unit's EN source the stored text, a target for
each); :func:`translated_release` writes the CR text (:func:`mtgcr.reports.translation.crtext.cr_text`)
and parses it with the project's own parser, which must give back every piece as
translated. Only a kit that passes all three is stored
(:meth:`mtgcr.api.Corpus.import_translation`).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from mtgcr.corpus.copies import WHOLE_TEXT
from mtgcr.corpus.document import document_from_bytes
from mtgcr.errors import DocumentError, InputError
from mtgcr.extract.model import Ruleset

from mtgcr.crossref.translation.langpair import LangPairing
from mtgcr.extract.profiles import PROFILES
from mtgcr.extract.registry import parse_document
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.textkey import compare_form
from mtgcr.crossref.translation.carry_model import UnitKind, UnitState
from mtgcr.crossref.translation.carry_pieces import FrontMatter, Piece, pieces

from mtgcr.reports.translation.crtext import cr_text
from mtgcr.reports.translation.formats import FORMATS
from mtgcr.reports.translation.kitfile import KitFile, KitFileError

__all__ = [
    "KitImportError",
    "CheckedKit",
    "ImportedTranslation",
    "detect_format",
    "read_kit",
    "check_kit",
    "translated_release",
]

#: How many problems an error message names before it says "and N more".
SHOWN = 5


class KitImportError(InputError):
    """A kit that cannot be imported as it is: the message is one line naming the file, what
    is wrong and the first units concerned (``problems`` has them all)."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = list(problems or [])


@dataclass
class ImportedTranslation:
    """What :meth:`mtgcr.api.Corpus.import_translation` did.

    Attributes:
        kit: the kit file read.
        text: the CR text file written.
        ruleset: the translated release as parsed from it.
        warnings: per-unit remarks (units still marked for review, translations equal to
            the EN text, for a text of three words or more: a name or symbol may stay as
            it is), each naming the file, line and unit.
        pairing: the translation paired with its EN release (``pair``): evidence that
            disagrees (numbers, symbols, card names) is in ``pairing.differences()``.
        status: the ingest's status for the text (``"ingested"``; ``"unchanged"`` when the
            same text was stored before).
        format: the kit's format name.
    """

    kit: Path
    text: Path
    ruleset: Ruleset
    warnings: list[str]
    pairing: LangPairing
    status: str
    format: str = ""


def detect_format(data: bytes) -> str | None:
    """The kit format of a file's bytes (``"xliff2"``, ``"xliff12"``, ``"tmx"``, ``"po"``,
    ``"json"``), by its content: the XML root and namespace, a JSON object, PO entries."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"{"):
        return "json"
    if head.startswith(b"<"):
        if b"urn:oasis:names:tc:xliff:document:2.0" in head:
            return "xliff2"
        if b"urn:oasis:names:tc:xliff:document:1.2" in head:
            return "xliff12"
        if b"<tmx" in head:
            return "tmx"
        return None
    if b'msgid ""' in head or b"msgctxt" in head or head.startswith((b"#", b"msgid")):
        return "po"
    return None


def read_kit(path: str | Path) -> KitFile:
    """Read a completed kit file of any format.

    Raises:
        DocumentError: the file cannot be read.
        KitFileError: not a kit file (no format recognised, or the format's reader refuses
            it: broken XML or PO, no kit header, inline markup …).
    """
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise DocumentError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    fmt = detect_format(data)
    if fmt is None:
        raise KitFileError(
            f"{path}: not a translation kit (XLIFF 2, XLIFF 1.2, TMX, PO or JSON written by "
            f"mtgcr translate kit)"
        )
    reader = FORMATS[fmt].read
    assert reader is not None
    return reader(io.BytesIO(data), str(path))


@dataclass
class CheckedKit:
    """A kit that passed :func:`check_kit`.

    Attributes:
        targets: unit id → the translation, for every piece of the EN release.
        warnings: per-unit remarks that do not stop the import (``unit …: still marked for
            review``; ``…: the translation is the EN text``), each naming the unit and line.
    """

    targets: dict[str, str]
    warnings: list[str] = field(default_factory=list)


def check_kit(kf: KitFile, lang: str, english: Ruleset, front: FrontMatter | None) -> CheckedKit:
    """Check a kit file against the EN release it must translate.

    Args:
        kf: the kit file read back.
        lang: the language the user imports (``--lang``).
        english: the stored EN release the user names (``--release``).
        front: that release's front matter (the pieces a kit of it has).

    Returns:
        A :class:`CheckedKit`.

    Raises:
        KitImportError: another language or release than asked; units missing, duplicated
            or unknown; a unit whose EN source is not the stored text (a kit of another copy
            or release, or an edited source); units with no translation.
    """
    name = kf.path or "the kit"
    h = kf.header
    want = english.release
    if h.lang and h.lang != lang:
        raise KitImportError(f"{name}: a kit for {h.lang}, not {lang} (--lang)")
    if h.label != want.label or (h.effective_date and h.effective_date != want.effective_date):
        raise KitImportError(
            f"{name}: a kit for the EN release {h.release_name}, not {want.name} (--release)"
        )
    expected = {p.id: p for p in pieces(english, front)}
    seen: dict[str, int] = {}
    problems: list[str] = []
    warnings: list[str] = []
    targets: dict[str, str] = {}
    for u in kf.units:
        where = f"{name}:{u.line}" if u.line else name
        if u.id in seen:
            problems.append(f"unit {u.id} twice ({where}, first at line {seen[u.id]})")
            continue
        seen[u.id] = u.line
        p = expected.get(u.id)
        if p is None:
            problems.append(f"unit {u.id} is no piece of EN {want.name} ({where})")
            continue
        if compare_form(u.source) != compare_form(p.source):
            problems.append(f"unit {u.id}: its source is not the EN text of {want.name} ({where})")
            continue
        if not u.target.strip():
            problems.append(f"unit {u.id} has no translation ({where})")
            continue
        targets[u.id] = u.target
        if u.state is UnitState.NEEDS_REVIEW:
            warnings.append(f"{where}: unit {u.id} is still marked for review")
        elif u.target == u.source and len(u.source.split()) >= 3 and _has_letters(u.source):
            warnings.append(f"{where}: unit {u.id}: the translation is the EN text")
    missing = [i for i in expected if i not in seen]
    problems = [f"unit {i} is missing" for i in missing] + problems
    if problems:
        raise KitImportError(
            f"{name}: {len(problems)} problem{'s' if len(problems) > 1 else ''}, nothing "
            f"imported: "
            + "; ".join(problems[:SHOWN])
            + (f"; and {len(problems) - SHOWN} more" if len(problems) > SHOWN else ""),
            problems,
        )
    return CheckedKit(targets, warnings)


def _has_letters(text: str) -> bool:
    return any(ch.isalpha() for ch in text)


def translated_release(
    lang: str,
    english: Ruleset,
    front: FrontMatter | None,
    checked: CheckedKit,
    name: str,
) -> tuple[str, Ruleset]:
    """The CR text of the translation and its parse, checked piece by piece.

    Args:
        lang: the translation's language.
        english: the EN release it translates.
        front: that release's front matter.
        checked: the kit's translations (:func:`check_kit`).
        name: the file name the text will have (for messages and the parse).

    Returns:
        ``(text, ruleset)``: the text as written and the translated release parsed from it.

    Raises:
        KitImportError: the text does not parse as a whole CR text of ``lang`` effective on
            the EN release's date, or a piece does not come back as translated (a
            translation that breaks the line format: a rule line inside a definition, a
            date statement the profile does not read).
    """
    prof = PROFILES.get(lang)
    if prof is None:
        raise KitImportError(f"{name}: no language profile for {lang!r}")
    text = cr_text(english, front, checked.targets, prof)
    try:
        doc = document_from_bytes(text.encode("utf-8"), name)
        whole = [rs for rs, origin, _ in parse_document(doc).rulesets if origin == WHOLE_TEXT]
    except (DocumentError, ValueError) as exc:
        raise KitImportError(f"{name}: the translated text does not parse ({exc})") from None
    if not whole or whole[0].release.lang != lang:
        got = f"{whole[0].release.lang} text" if whole else "no whole CR text"
        raise KitImportError(f"{name}: the translated text reads as {got}, not a {lang} CR text")
    rs = whole[0]
    problems = _compare(rs, english, front, checked.targets)
    if problems:
        raise KitImportError(
            f"{name}: the translated text does not read back as translated "
            f"({len(problems)} pieces), nothing imported: " + "; ".join(problems[:SHOWN]),
            problems,
        )
    return text, rs


def _compare(
    rs: Ruleset, english: Ruleset, front: FrontMatter | None, targets: dict[str, str]
) -> list[str]:
    """The pieces whose parse differs from their translation (the round trip)."""
    out: list[str] = []
    want = english.release.effective_date
    if rs.release.effective_date != want:
        got = rs.release.effective_date
        out.append(
            f"the date statement states {got.isoformat() if got else 'no date'}, not "
            f"{want.isoformat() if want else '?'} (unit …:front:date)"
        )
    entries = iter(rs.glossary)  # in order: two entries may print one headword
    glossary: dict[str, object] = {}
    for p in pieces(english, front):
        if p.kind is UnitKind.GLOSSARY_TERM:
            glossary[p.unit] = next(entries, None)
        got_text = _parsed(rs, p, glossary, targets)
        if got_text is not None and got_text != targets[p.id]:
            out.append(f"unit {p.id} reads back as {got_text[:60]!r}")
    return out


def _parsed(rs: Ruleset, p: Piece, glossary: dict, targets: dict[str, str]) -> str | None:
    """The text the parse gives for piece ``p`` (``None``: a piece the check skips — front
    matter the model does not keep apart); ``glossary``: glossary unit → the parsed entry
    in the same place."""
    k = p.kind
    if k is UnitKind.RULE and p.rule is not None:
        r = rs.rules.get(p.rule.number)
        return r.text if r is not None else "(missing)"
    if k is UnitKind.EXAMPLE and p.rule is not None and p.example is not None:
        r = rs.rules.get(p.rule.number)
        if r is None or len(r.examples) < p.example:
            return "(missing)"
        return r.examples[p.example - 1].text
    if k is UnitKind.SECTION:
        s = rs.sections.get(RuleNumber.parse(str(p.number)))
        return s.title if s is not None else "(missing)"
    if k is UnitKind.CHAPTER:
        c = next((c for c in rs.chapters if str(c.number) == p.number), None)
        return c.title if c is not None else "(missing)"
    if k in (UnitKind.GLOSSARY_TERM, UnitKind.GLOSSARY_TEXT):
        g = glossary.get(p.unit)
        if g is None:
            return "(missing)"
        return (g.heading or g.term) if k is UnitKind.GLOSSARY_TERM else g.text
    if k is UnitKind.TITLE:
        return rs.title
    return None
