"""Encoding detection for the text files the CR has been published in.

Format knowledge (checked on the 112 official English releases 2003-03-15 … 2026-01-16):

* a byte-order mark decides: UTF-8 (2019-05-03 on), UTF-16BE (2013-04-29, 2022-11-18),
  UTF-16LE (2016-08-26, 2016-09-30);
* otherwise valid UTF-8 (or plain ASCII) is taken as such;
* otherwise the file is 8-bit and one of three code pages: Windows-1252 (curly quotes
  0x93/0x94, dashes 0x96/0x97), Mac OS Roman (2004–2007: 0xD0 en dash, 0xAA ™, 0x89 â) or DOS
  code page 437 (accented card names in otherwise ASCII files: 0x92 Æ in "Æther", 0x83 â, 0xA0 á).
  Each candidate that decodes without control characters is scored by how plausible every
  non-ASCII character is in its context (a quote or dash where punctuation goes, an uppercase
  Latin letter at the start of a word, a lowercase one inside a word; anything else counts
  against); the best score wins and ties go to the order above (Mac OS Roman first for
  files whose only line breaks are bare CRs).

Plain-text translations in the legacy code pages of their language are recognised before
the Latin guess (issue 22; format knowledge: the Japanese CR text as a Windows editor saves it in
Shift_JIS, the Russian one in Windows-1251):

* **Shift_JIS** (decoded as ``cp932``, Microsoft's superset, which a Windows editor writes): the
  bytes decode as cp932 without error and the text is Japanese: at least 20 hiragana, which are
  at least 15 % of the non-ASCII characters, and hardly any half-width katakana (Latin code
  page text read as cp932 gives kanji and half-width katakana, almost never hiragana: hiragana
  need the lead byte 0x82, a rare "‚" in Windows-1252);
* **Windows-1251** (Russian): at least 20 Cyrillic letters, 90 % of them in words made of
  Cyrillic letters only (Windows-1252 text read as 1251 puts single Cyrillic letters inside
  Latin words: "rйgle").

A file in any other encoding is ingested with ``mtgcr ingest --encoding CODEC`` (any Python
codec name: ``euc_jp``, ``koi8_r``, ``gb18030`` …), decoded strictly with it.

An HTML page (mtg.ru serves windows-1251) that is not valid UTF-8 is decoded with the
charset its ``<meta charset=…>`` or ``<meta http-equiv="Content-Type" content="…; charset=…">``
declares (in its first 4096 bytes), when that codec decodes it cleanly; the guess above is the
fallback.

Word, PDF and other office files are recognised by their magic bytes and refused with a
message saying what they are (save the rules as plain text).

Nothing is ever decoded with replacement characters: if no candidate decodes cleanly,
:class:`DecodeError` is raised.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from mtgcr.errors import DocumentError

__all__ = [
    "Decoded",
    "DecodeError",
    "decode_bytes",
    "decode_with",
    "split_lines",
    "html_charset",
]

_EIGHT_BIT = ("cp1252", "mac_roman", "cp437")
_COMMON_PUNCT = set("‘’“”–—…™®©•·°")
_LATIN_LETTERS = {chr(c) for c in range(0xC0, 0x100)} - {"×", "÷"} | set("ŒœŠšŸŽž")
_HIGH = re.compile(r"[^\x00-\x7f]")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
_HTML_START = re.compile(rb"\s*<(?:!doctype\s+html|html|head|meta|body|\?xml)", re.I)
_META_CHARSET = re.compile(rb"<meta\b[^>]*?charset\s*=\s*[\"']?\s*([A-Za-z0-9._:-]+)", re.I)


class DecodeError(DocumentError):
    """The bytes are not text in any supported encoding; the message says why."""


@dataclass(frozen=True)
class Decoded:
    """Result of :func:`decode_bytes`.

    Attributes:
        text: the decoded text, BOM removed, line endings untouched.
        encoding: Python codec name (``"utf-8-sig"``, ``"utf-16-be"``, ``"cp1252"``, ``"ascii"``…).
        bom: whether a byte-order mark was present.
        line_endings: counts of ``"CRLF"``, ``"CR"``, ``"LF"`` line breaks.
        evidence: a short human-readable reason for the choice of encoding.
    """

    text: str
    encoding: str
    bom: bool
    line_endings: dict[str, int]
    evidence: str


def split_lines(text: str) -> list[str]:
    """Split on CRLF, bare CR and LF (each one break; ``\\r\\r\\n`` is two) — nothing else.

    Unlike :meth:`str.splitlines`, form feeds, U+2028 and NEL are kept inside lines, so line
    numbers match what an editor shows for these files. Returns 1 + number of breaks lines.
    """
    if "\r" not in text:
        return text.split("\n")
    if (text.isascii() or not any(ch in text for ch in _OTHER_BREAKS)) and not any(
        ch in text for ch in _OTHER_BREAKS_ASCII
    ):
        # str.splitlines breaks on these alone besides CR and LF (twice as fast as two
        # replaces and a split); it drops the empty line after a final break: put back
        lines = text.splitlines()
        if text[-1] in "\r\n":
            lines.append("")
        return lines
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


#: What :meth:`str.splitlines` breaks on besides CR and LF (non-ASCII, then ASCII).
_OTHER_BREAKS = ("\x85", "\u2028", "\u2029")
_OTHER_BREAKS_ASCII = ("\x0b", "\x0c", "\x1c", "\x1d", "\x1e")


def _line_endings(text: str | bytes, c0: bytes | None = None) -> dict[str, int]:
    """Counts of CRLF, bare CR and bare LF breaks (zeros left out) of ``text``: a str, or the
    bytes of an ASCII-compatible encoding (UTF-8, the 8-bit code pages), where CR and LF are
    the same bytes and counting them is several times faster. ``c0``: the control bytes of
    those bytes (:func:`_controls`), if known — CR and LF are counted there."""
    cr_s, lf_s, crlf_s = ("\r", "\n", "\r\n") if isinstance(text, str) else (b"\r", b"\n", b"\r\n")
    counted = text if c0 is None else c0
    cr, lf = counted.count(cr_s), counted.count(lf_s)  # type: ignore[arg-type]
    if not (cr and lf):
        crlf = 0
    elif min(cr, lf) > 64:
        crlf = text.count(crlf_s)  # type: ignore[arg-type]
    else:  # one of them is rare (a CR file with a few LFs): look at each of those
        rare, other, step = (lf_s, cr_s, -1) if lf <= cr else (cr_s, lf_s, 1)
        crlf = i = 0
        while (i := text.find(rare, i)) >= 0:  # type: ignore[arg-type]
            j = i + step
            crlf += j >= 0 and text[j : j + 1] == other
            i += 1
    counts = {"CRLF": crlf, "CR": cr - crlf, "LF": lf - crlf}
    return {k: v for k, v in counts.items() if v}


def _plausibility(text: str) -> int:
    """Score how plausible every non-ASCII character of ``text`` is in its context."""
    score = 0
    for m in _HIGH.finditer(text):
        i = m.start()
        score += _char_score(
            m.group(), text[i - 1] if i else " ", text[i + 1] if i + 1 < len(text) else " "
        )
    return score


def _char_score(ch: str, prev: str, nxt: str) -> int:
    """How plausible the non-ASCII character ``ch`` is between ``prev`` and ``nxt``."""
    if ch in _COMMON_PUNCT:
        if ch == "–" and prev.isalpha() and nxt.isalpha():
            return -1  # an en dash glued inside a word is unusual
        return 2
    if ch not in _LATIN_LETTERS:
        return -2  # ƒ, Greek, box drawing, symbols: not in CR text
    cat = unicodedata.category(ch)
    if cat == "Ll":
        return 1 if (prev.isalpha() or nxt.isalpha()) else -1
    if cat == "Lu":
        return 1 if (not prev.isalpha() and nxt.isalpha() and nxt.islower()) else -2
    return -2


def decode_bytes(data: bytes, name: str = "<bytes>") -> Decoded:
    """Decode a text file's bytes, detecting the encoding as described in the module docstring.

    Args:
        data: the raw file content.
        name: the file name, used in error messages only.

    Returns:
        A :class:`Decoded`.

    Raises:
        DecodeError: empty input, binary data (NUL bytes or control characters under every
            candidate), or a BOM whose encoding does not decode.
    """
    if not data:
        raise DecodeError(f"{name}: empty file")
    what = _binary_format(data)
    if what:
        raise DecodeError(
            f"{name}: {what}, not a text file; save the rules as plain text (.txt) and ingest that"
        )
    boms = (
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
    )
    for bom, enc in boms:
        if data.startswith(bom):
            body = data if enc == "utf-8-sig" else data[len(bom) :]
            try:
                text = body.decode(enc)
            except UnicodeDecodeError as exc:
                raise DecodeError(
                    f"{name}: has a {enc} byte-order mark but byte {exc.start} "
                    f"does not decode as {enc}"
                ) from None
            # (UTF-16: checked and counted on the text's UTF-8 form, faster than on the text)
            utf8 = body if enc == "utf-8-sig" else text.encode("utf-8")
            c0 = _controls(utf8)
            _reject_control(text, name, enc, utf8, c0)
            return Decoded(text, enc, True, _line_endings(utf8, c0), f"{enc} byte-order mark")
    # UTF-16 without a BOM: every other byte NUL in ASCII-heavy text.
    if len(data) >= 4 and b"\x00" in data and data.count(0) * 3 > len(data):
        for enc, zeros_at in (("utf-16-le", 1), ("utf-16-be", 0)):
            if data[zeros_at::2].count(0) > 0.9 * (len(data) // 2):
                try:
                    text = data.decode(enc)
                except UnicodeDecodeError:
                    continue
                utf8 = text.encode("utf-8")
                c0 = _controls(utf8)
                _reject_control(text, name, enc, utf8, c0)
                return Decoded(
                    text, enc, False, _line_endings(utf8, c0), f"{enc} without BOM (NUL pattern)"
                )
        raise DecodeError(f"{name}: binary data (NUL bytes), not a text file")
    if b"\x00" in data:
        raise DecodeError(
            f"{name}: binary data (NUL byte at offset {data.index(0)}), not a text file"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        enc = "ascii" if data.isascii() else "utf-8"
        c0 = _controls(data)
        _reject_control(text, name, enc, data, c0)
        return Decoded(
            text,
            enc,
            False,
            _line_endings(data, c0),
            "only ASCII bytes" if enc == "ascii" else "valid UTF-8",
        )
    declared = html_charset(data)
    if declared:
        try:
            text = data.decode(declared[0])
        except (UnicodeDecodeError, LookupError):
            pass
        else:
            if not _CONTROL.search(text):
                return Decoded(
                    text,
                    declared[0],
                    False,
                    _line_endings(text),
                    f"HTML <meta> charset {declared[1]}",
                )
    legacy = _legacy_translation(data)
    if legacy is not None:
        return legacy
    return _eight_bit(data, name)


_HIRAGANA_SJIS = re.compile(rb"\x82[\x9f-\xf1]")
_HIRAGANA = re.compile(r"[\u3041-\u309f]")
_HALF_KATAKANA = re.compile(r"[\uff61-\uff9f]")
_CYRILLIC_WORD = re.compile(r"[\u0400-\u04ff]+")
_WORD = re.compile(r"[^\W\d_]+")


def _legacy_translation(data: bytes) -> Decoded | None:
    """Shift_JIS (as cp932) or Windows-1251 text of a translation, when the bytes say so
    clearly (module docstring); ``None`` otherwise. Cheap for Latin files: each candidate is
    decoded only when the bytes hold enough of its letters."""
    if data.count(b"\x82") >= 20 and len(_HIRAGANA_SJIS.findall(data)) >= 20:
        try:
            text = data.decode("cp932")
        except UnicodeDecodeError:
            text = ""
        if text and not _CONTROL.search(text):
            non_ascii = len(text) - len(text.encode("ascii", "ignore"))
            hira = len(_HIRAGANA.findall(text))
            half = len(_HALF_KATAKANA.findall(text))
            if hira >= 20 and hira >= 0.15 * non_ascii and half <= 0.05 * non_ascii:
                return Decoded(
                    text,
                    "cp932",
                    False,
                    _line_endings(data),
                    f"Shift_JIS (cp932): {hira} hiragana",
                )
    high = len(data.translate(None, _BELOW_C0))  # Cyrillic letters, if Windows-1251
    if high >= 20 and high >= 0.02 * len(data):  # a Latin file has a few accented letters
        text = data.decode("cp1251", "replace")
        if "\ufffd" not in text and not _CONTROL.search(text):
            letters = sum(len(w) for w in _CYRILLIC_WORD.findall(text))
            pure = sum(
                len(w) for w in _WORD.findall(text) if _CYRILLIC_WORD.fullmatch(w) is not None
            )
            if letters >= 20 and pure >= 0.9 * letters:
                return Decoded(
                    text,
                    "cp1251",
                    False,
                    _line_endings(data),
                    f"Windows-1251: {letters} Cyrillic letters in Cyrillic words",
                )
    return None


def decode_with(data: bytes, encoding: str, name: str = "<bytes>") -> Decoded:
    """Decode ``data`` strictly with the codec the user named (``mtgcr ingest --encoding``); a
    byte-order mark of that codec is dropped.

    Raises:
        DecodeError: an unknown codec, a byte that does not decode (named with its line), or a
            control character (binary data).
    """
    try:
        codec = codecs.lookup(encoding).name
    except LookupError:
        raise DecodeError(f"--encoding {encoding}: not an encoding Python knows") from None
    if not data:
        raise DecodeError(f"{name}: empty file")
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DecodeError(
            f"{name}:{line}: byte 0x{data[exc.start]:02X} at offset {exc.start} does not decode "
            f"as {codec} (given by --encoding)"
        ) from None
    bom = text.startswith("\ufeff")
    text = text.removeprefix("\ufeff")
    _reject_control(text, name, codec)
    return Decoded(text, codec, bom, _line_endings(text), f"--encoding {encoding}")


def _eight_bit(data: bytes, name: str) -> Decoded:
    """Pick the most plausible of the 8-bit code pages (module docstring) for ``data``.

    The candidates are single-byte codes that agree with ASCII, so everything is decided on
    the bytes: which candidates have an undefined byte or a control character, and the
    plausibility of each non-ASCII byte in its context, scored once per distinct (byte
    before, byte, byte after) window (a file has a few hundred) instead of once per
    character. Only the winner is decoded. Scores equal :func:`_plausibility` of each
    candidate's text.

    Raises:
        DecodeError: no candidate decodes without undefined bytes or control characters.
    """
    windows = _high_windows(data)
    c0 = _controls(data)
    present = {h for _, h, _ in windows} | set(c0)
    best: tuple[int, str] | None = None
    tried = []
    order = _EIGHT_BIT
    if b"\r" in data and b"\n" not in data:  # bare-CR files are Macintosh-era files
        order = ("mac_roman", "cp1252", "cp437")
    for enc in order:
        if present & _UNDEFINED[enc]:
            try:
                data.decode(enc)
            except UnicodeDecodeError as exc:
                tried.append(f"{enc}: byte 0x{data[exc.start]:02X} at offset {exc.start} undefined")
                continue
        if present & _CONTROL_BYTES[enc]:
            tried.append(f"{enc}: control characters")
            continue
        chars = _CHARS[enc]
        score = 0
        for (before, h, after), n in windows.items():
            score += n * _char_score(chars[h], chars[before[0]], chars[after[0]])
        if best is None or score > best[0]:
            best = (score, enc)
    if best is None:
        raise DecodeError(f"{name}: no encoding decodes cleanly ({'; '.join(tried)})")
    score, enc = best
    return Decoded(
        data.decode(enc),
        enc,
        False,
        _line_endings(data, c0),
        f"8-bit, {enc} most plausible (score {score})",
    )


_ASCII_BYTES = bytes(range(128))
_MARK_HIGH = bytes(range(128)) + b"\x80" * 128


def _high_windows(data: bytes) -> Counter[tuple[bytes, int, bytes]]:
    """``(byte before, non-ASCII byte value, byte after) → count`` over every non-ASCII byte
    of ``data``; the start and the end of the data count as a space (as in
    :func:`_plausibility`)."""
    highs = data.translate(None, _ASCII_BYTES)
    pieces = data.translate(_MARK_HIGH).split(b"\x80")  # pieces[k]: between high k-1 and k
    befores = [p[-1:] for p in pieces[:-1]]
    afters = [p[:1] for p in pieces[1:]]
    _fill(befores, lambda k: highs[k - 1 : k] if k else b" ")  # two in a row, or one first
    _fill(afters, lambda k: highs[k + 1 : k + 2] if k + 1 < len(highs) else b" ")
    return Counter(zip(befores, highs, afters))


def _fill(items: list[bytes], value) -> None:
    """Replace every empty ``items[k]`` by ``value(k)``."""
    k = 0
    try:
        while True:
            k = items.index(b"", k)
            items[k] = value(k)
            k += 1
    except ValueError:
        pass


def _byte_table(enc: str, bad) -> frozenset[int]:
    """The byte values for which ``bad(decoded character or None if undefined)`` holds."""
    out = set()
    for b in range(256):
        try:
            ch: str | None = bytes((b,)).decode(enc)
        except UnicodeDecodeError:
            ch = None
        if bad(ch):
            out.add(b)
    return frozenset(out)


#: Each byte value as a character of each candidate ("" where undefined).
_CHARS = {
    enc: [bytes((b,)).decode(enc, "replace").replace("\ufffd", "") for b in range(256)]
    for enc in _EIGHT_BIT
}
_UNDEFINED = {enc: _byte_table(enc, lambda ch: ch is None) for enc in _EIGHT_BIT}
_CONTROL_BYTES = {
    enc: _byte_table(enc, lambda ch: ch is not None and bool(_CONTROL.match(ch)))
    for enc in _EIGHT_BIT
}


def html_charset(data: bytes) -> tuple[str, str] | None:
    """``(Python codec name, name as declared)`` of the charset an HTML page declares in a
    ``<meta>`` tag within its first 4096 bytes; ``None`` if ``data`` is not HTML, declares
    nothing, or names a codec Python does not know."""
    head = data[:4096]
    if not _HTML_START.match(head):
        return None
    m = _META_CHARSET.search(head)
    if not m:
        return None
    declared = m.group(1).decode("ascii", "replace")
    try:
        return codecs.lookup(declared).name, declared
    except LookupError:
        return None


def _binary_format(data: bytes) -> str | None:
    """What a known binary document format is (by its magic bytes), else ``None``."""
    if data.startswith(b"PK\x03\x04"):
        head = data[:65536]
        if b"word/" in head:
            return "a Word document (.docx)"
        if b"opendocument.text" in head:
            return "an OpenDocument text (.odt)"
        return "a ZIP archive"
    if data.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        return "a Word 97-2003 document (.doc) or other Office file"
    if data.startswith(b"%PDF-"):
        return "a PDF document"
    if data.startswith(b"{\\rtf"):
        return "an RTF document"
    return None


#: The byte values below 0xC0: deleting them leaves the Cyrillic letters of Windows-1251.
_BELOW_C0 = bytes(range(0xC0))
#: Every byte value except the C0 controls and DEL: deleting them leaves those.
_ALL_BUT_C0 = bytes(range(32, 127)) + bytes(range(128, 256))
#: The C0 controls of text: TAB, LF, FF, CR.
_TEXT_C0 = b"\t\n\x0c\r"


def _controls(data: bytes) -> bytes:
    """The C0 control and DEL bytes of ``data``, in order (line breaks and tabs among them):
    one pass at C speed that both the control check and the line-break counts read."""
    return data.translate(None, _ALL_BUT_C0)


_C1_UTF8 = re.compile(rb"\xc2[\x80-\x9f]")


def _reject_control(
    text: str, name: str, enc: str, utf8: bytes | None = None, c0: bytes | None = None
) -> None:
    """Raise :class:`DecodeError` (naming the 1-based line) if ``text`` holds a control
    character. ``utf8``: ``text`` in UTF-8 (the bytes it was decoded from, if it was) — then the check
    runs on the bytes (C0/DEL by deletion, C1 as ``\xc2\x80``–``\xc2\x9f``), about ten times
    faster than a regular-expression search of the text; the text is searched only to report
    a hit. ``c0``: :func:`_controls` of ``utf8``, when the caller has it already."""
    if utf8 is not None and c0 is None:
        c0 = _controls(utf8)
    if (
        utf8 is not None
        and c0 is not None
        and not c0.translate(None, _TEXT_C0)
        and not (b"\xc2" in utf8 and _C1_UTF8.search(utf8))
    ):
        return
    m = _CONTROL.search(text)
    if m:
        line = (
            text.count("\n", 0, m.start())
            + text.count("\r", 0, m.start())
            - text.count("\r\n", 0, m.start())
            + 1
        )
        raise DecodeError(
            f"{name}:{line}: control character U+{ord(m.group()):04X} in {enc} text; "
            "binary data, not a text file"
        )
