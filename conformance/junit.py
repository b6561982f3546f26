"""The run matrix as JUnit XML, the test-report format CI systems show (Jenkins, GitLab, GitHub
annotators): one ``<testsuite>`` per engine, one ``<testcase>`` per fixture.

Format knowledge: the JUnit XML that pytest's ``--junitxml`` and Ant's JUnit task write
(``testsuites`` > ``testsuite`` (``name``, ``tests``, ``failures``, ``errors``, ``skipped``,
``time``) > ``testcase`` (``classname``, ``name``, ``time``) with at most one ``failure``,
``error`` or ``skipped`` child carrying ``message`` and ``type``); checked with the junitparser
reader in the tests. ``classname`` is ``cr.<section>``, ``name`` the rule and variant
(``704.5a[bolt_to_zero]``) — how the CI's test list groups them. A fixture that fails is a
``failure``, a refused step an ``error``, an unsupported fixture or a non-executable one
``skipped`` (the message says which and why).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from mtgcr.conformance.fixtures.results import Outcome
from mtgcr.conformance.run import Matrix

__all__ = ["matrix_junit"]


def matrix_junit(matrix: Matrix) -> str:
    """The JUnit XML text of ``matrix`` (UTF-8 declaration, ends with a line break)."""
    root = ET.Element("testsuites", name="mtgcr conformance fixtures")
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for engine in matrix.engines:
        if engine in matrix.not_available:
            continue
        counts = matrix.counts(engine)
        n = sum(counts.values())
        fail, err = counts[Outcome.FAILED], counts[Outcome.ERROR]
        skip = counts[Outcome.SKIPPED] + counts[Outcome.UNSUPPORTED]
        suite = ET.SubElement(
            root,
            "testsuite",
            name=engine,
            tests=str(n),
            failures=str(fail),
            errors=str(err),
            skipped=str(skip),
            time=f"{matrix.seconds.get(engine, 0.0):.3f}",
        )
        if matrix.versions.get(engine):
            props = ET.SubElement(suite, "properties")
            ET.SubElement(props, "property", name="engine", value=matrix.versions[engine])
        for row in matrix.rows:
            cell = row.cells.get(engine)
            if cell is None:
                continue
            fx = row.fixture
            case = ET.SubElement(
                suite,
                "testcase",
                classname=f"cr.{fx.rule.section}",
                name=fx.test_id,
                file=str(fx.path),
                time=f"{cell.seconds:.4f}",
            )
            if cell.outcome is Outcome.FAILED:
                ET.SubElement(
                    case, "failure", message=cell.message, type="assertion"
                ).text = cell.message
            elif cell.outcome is Outcome.ERROR:
                ET.SubElement(case, "error", message=cell.message, type="step").text = cell.message
            elif cell.outcome is Outcome.UNSUPPORTED:
                ET.SubElement(case, "skipped", message=f"unsupported: {cell.message}")
            elif cell.outcome is Outcome.SKIPPED:
                ET.SubElement(case, "skipped", message=f"{cell.message}: not executable")
        for k, v in (("tests", n), ("failures", fail), ("errors", err), ("skipped", skip)):
            totals[k] += v
    for k, v in totals.items():
        root.set(k, str(v))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
