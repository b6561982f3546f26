"""mtgcr's conformance suite: executable fixtures in phase.rs's cr-suite schema (cd9ef1b), one
file per case (``fixtures/<section>/cr_<rule>[_<variant>].toml``), and the coverage plan
(``plan.toml``, :mod:`mtgcr.conformance.fixtures.plan`).

Every executable fixture passes on phase.rs (the ``phase-python`` wheel) and names its decisive
mutation in ``[meta] mutation`` (the mutation test proves the run then fails); a rule the schema
cannot express is ``deferred`` with the reason in ``notes``. The files are anchored to the
2026-01-16 release with the hash of each rule's text, and carry no CR text: ``mtgcr fixtures
migrate DIR --to R --fill-text --write`` on a copy writes each rule's text and title from a
store.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["path", "plan_path"]


def path() -> Path:
    """The folder of the suite's fixtures (links followed: the files themselves)."""
    return Path(__file__).resolve().with_name("fixtures")


def plan_path() -> Path:
    """The suite's coverage plan (``plan.toml``)."""
    return Path(__file__).resolve().with_name("plan.toml")
