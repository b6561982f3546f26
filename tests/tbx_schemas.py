"""The consumers' schemas of the TBX exports, read from the shared folder
($MTGCR_SHARED/schemas/tbx, see its README.md): the TBX v3 core RelaxNG
(LTAC-Global TBXcoreStructV03.rng), the TBX-Basic dialect's Schematron (TBX-Basic_DCA.sch)
and, where it is there, the TBX 2 DTD (TBXcoreStructV02.dtd).

The Schematron declares ``queryBinding="xslt2"``; lxml runs XSLT 1 only, so its two XPath 2
constructs are rewritten here, with the same meaning, before it is compiled:

* ``matches(@target,'https?://.+')`` (a regular expression, unanchored: the target contains
  ``http://`` or ``https://`` followed by at least one character) →
  ``(contains(@target,'http://') and string-length(substring-after(@target,'http://')) > 0)
  or (contains(@target,'https://') and …)``;
* ``./local-name()`` (a path step calling a function, XPath 2 only) → ``local-name()``.

Every other test of the file is XPath 1 already. The dialect's own valid example
(Example_Astronomy_DCA_VALID.tbx) must pass both, which the tests check first.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from lxml import etree, isoschematron

from helpers import SHARED

TBX = SHARED / "schemas" / "tbx"
SCH_NS = "http://purl.oclc.org/dsdl/schematron"
SVRL = "{http://purl.oclc.org/dsdl/svrl}"

_MATCHES = "matches(@target,'https?://.+')"
_MATCHES_XSLT1 = (
    "((contains(@target,'http://') and string-length(substring-after(@target,'http://')) > 0)"
    " or (contains(@target,'https://') and string-length(substring-after(@target,'https://')) > 0))"
)


def need_schema(name: str) -> Path:
    """The path of a schema file in the shared folder, or skip the test saying which."""
    path = TBX / name
    if not path.exists():
        pytest.skip(f"schema not present: {path} (the shared folder holds the consumers' schemas)")
    return path


def port_schematron(doc: etree._ElementTree) -> tuple[etree._ElementTree, int]:
    """A copy of a Schematron document with its XPath 2 tests rewritten for XSLT 1 (see the
    module docstring) and ``queryBinding="xslt"``; the number of attributes rewritten.

    Raises:
        AssertionError: an XPath 2 construct this port does not know is left.
    """
    doc = copy.deepcopy(doc)
    root = doc.getroot()
    root.set("queryBinding", "xslt")
    n = 0
    for el in root.iter(f"{{{SCH_NS}}}assert", f"{{{SCH_NS}}}report", f"{{{SCH_NS}}}rule"):
        for att in ("test", "context"):
            v = el.get(att)
            if v is None:
                continue
            w = v.replace(_MATCHES, _MATCHES_XSLT1).replace("./local-name()", "local-name()")
            if w != v:
                el.set(att, w)
                n += 1
    text = etree.tostring(root).decode()
    assert "matches(" not in text and "./local-name()" not in text, "an XPath 2 test is left"
    return doc, n


class TbxValidator:
    """TBX v3 validation by the core RelaxNG and the ported TBX-Basic Schematron."""

    def __init__(self) -> None:
        self.rng = etree.RelaxNG(etree.parse(str(need_schema("TBXcoreStructV03.rng"))))
        sch, self.rewritten = port_schematron(etree.parse(str(need_schema("TBX-Basic_DCA.sch"))))
        self.sch = isoschematron.Schematron(sch, store_report=True)

    def errors(self, data: bytes | etree._ElementTree) -> list[str]:
        """Every message of both schemas for a document (``[]``: valid)."""
        doc = (
            data
            if isinstance(data, etree._ElementTree)
            else etree.ElementTree(etree.fromstring(data))
        )
        out: list[str] = []
        if not self.rng.validate(doc):
            out += [f"RNG line {e.line}: {e.message}" for e in self.rng.error_log]
        if not self.sch.validate(doc):
            report = self.sch.validation_report
            out += [
                "Schematron: " + (f.findtext(f"{SVRL}text") or "").strip()
                for f in report.iter(f"{SVRL}failed-assert")
            ]
        return out


def tbx2_dtd() -> etree.DTD:
    """The TBX 2 core DTD, or skip saying where it is missing."""
    path = TBX / "TBXcoreStructV02.dtd"
    if not path.exists():
        pytest.skip(
            f"TBX 2 DTD not present: {path}. No registry package ships TBXcoreStructV02.dtd "
            "(checked: translate-toolkit 3.20.4 wheel and sdist, termate, determinator, "
            "tbxtools on PyPI; Debian has no TBX package); the TBX 2 export is read back by "
            "translate-toolkit instead"
        )
    return etree.DTD(str(path))
