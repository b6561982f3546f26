"""Helpers the translation-kit tests share: the sample corpus with a Chinese translation of
its 2030-01-10 release (tests/data/zh_sample_20300110.txt, written for the tests in the ZH
files' line format), the schemas of ../shared/schemas, and a kit completed as a translator
would."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from helpers import SHARED

ZH_SAMPLE = Path(__file__).parent / "data" / "zh_sample_20300110.txt"
SCHEMAS = SHARED / "schemas"


def sample_corpus(folder: Path):
    """A :class:`mtgcr.api.Corpus` in ``folder`` holding the sample corpus and the ZH
    translation of 2030-01-10."""
    import mtgcr
    from mtgcr.corpus import sample

    cr = mtgcr.open(folder / "s.sqlite")
    cr.ingest(sample.path())
    assert cr.ingest(ZH_SAMPLE).count("ingested") == 1
    return cr


def schema(*parts: str) -> Path:
    """A file of ../shared/schemas, or skip the test naming it."""
    p = SCHEMAS.joinpath(*parts)
    if not p.exists():
        pytest.skip(f"schema not present: {p} (the shared folder holds the public schemas)")
    return p


def xliff2_schema():
    """XLIFF 2 core with the matches, glossary and metadata modules, loaded together (the
    core's ``xs:any ##other`` is lax: a module element is validated only when its schema is
    loaded), through a driver schema importing the four namespaces."""
    from lxml import etree

    files = {
        "urn:oasis:names:tc:xliff:document:2.0": schema("xliff", "xliff_core_2.0.xsd"),
        "urn:oasis:names:tc:xliff:matches:2.0": schema("xliff", "matches.xsd"),
        "urn:oasis:names:tc:xliff:glossary:2.0": schema("xliff", "glossary.xsd"),
        "urn:oasis:names:tc:xliff:metadata:2.0": schema("xliff", "metadata.xsd"),
    }
    imports = "".join(
        f'<xs:import namespace="{ns}" schemaLocation="{path.as_uri()}"/>'
        for ns, path in files.items()
    )
    driver = (
        '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" '
        f'targetNamespace="urn:mtgcr:test-driver">{imports}</xs:schema>'
    )
    return etree.XMLSchema(etree.parse(io.BytesIO(driver.encode())))


def toolkit(name: str):
    """translate-toolkit's ``translate.storage.<name>``. A checkout folder named
    ``translate`` (a worktree of that name) is a package on pytest's path (the repository
    root is the package ``mtgcr``, so pytest puts its parent first) and would shadow the
    toolkit's top-level ``translate``: that folder is left out while importing."""
    import importlib
    import sys

    mod = sys.modules.get("translate")
    if (
        mod is not None
        and not hasattr(mod, "storage")
        and "site-packages" not in str(getattr(mod, "__file__", ""))
    ):
        del sys.modules["translate"]
    saved = list(sys.path)
    sys.path[:] = [
        p
        for p in sys.path
        if "site-packages" in p or not (Path(p) / "translate" / "api.py").exists()
    ]
    try:
        return importlib.import_module(f"translate.storage.{name}")
    finally:
        sys.path[:] = saved


def written(fmt: str, kit) -> bytes:
    """``kit`` written in format ``fmt``."""
    from mtgcr.reports.translation.formats import FORMATS

    buf = io.BytesIO()
    FORMATS[fmt].write(buf, kit)
    return buf.getvalue()


def completed(kit):
    """``kit`` as a translator returns it: every empty or suggested target filled in
    (``译：`` and the EN text, for the test) and marked translated."""
    from dataclasses import replace

    from mtgcr.crossref.translation.carry_model import UnitState

    out = replace(kit, units=list(kit.units))
    for k, u in enumerate(out.units):
        if u.state in (UnitState.EMPTY, UnitState.NEEDS_REVIEW):
            out.units[k] = replace(
                u, target=u.target or f"译：{u.source}", state=UnitState.TRANSLATED
            )
    return out
