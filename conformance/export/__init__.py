"""Fixtures for engines that cannot read TOML: Forge puzzle files (:mod:`.forge`) and XMage test
skeletons (:mod:`.xmage`), written from a fixture's ``[setup]``, ``[[steps]]`` and
``[[assertions]]`` and marked as skeletons for a person to complete (:func:`export_fixtures`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Iterable

from mtgcr.conformance.fixtures.model import Fixture, FixtureStatus
from mtgcr.corpus.safe_write import write_atomic

__all__ = ["ExportKind", "Exported", "export_fixtures"]


class ExportKind(Enum):
    """The export formats."""

    FORGE = "forge"  #: Forge puzzle files (``.pzl``)
    XMAGE = "xmage"  #: XMage ``CardTestPlayerBase`` test classes (``.java``)


@dataclass(frozen=True)
class Exported:
    """One written file: the fixture, the file, and the skeleton's open points (``todo``)."""

    fixture: Fixture
    path: Path
    todo: tuple[str, ...]


def export_fixtures(fixtures: Iterable[Fixture], out: Path, kind: ExportKind) -> list[Exported]:
    """Write one file per executable fixture under ``out`` (``<section>/<name>.pzl`` or
    ``<Class>.java``); other fixtures are left out.

    Raises:
        RefusedOutput: a target is a folder, a link or a device.
        OSError: a file cannot be written.
    """
    from mtgcr.conformance.export.forge import forge_puzzle
    from mtgcr.conformance.export.xmage import xmage_test

    done = []
    for fx in sorted(fixtures, key=lambda f: f.path):
        if fx.status is not FixtureStatus.EXECUTABLE:
            continue
        if kind is ExportKind.FORGE:
            text, todo = forge_puzzle(fx)
            path = Path(out) / str(fx.rule.section) / (fx.path.stem + ".pzl")
        else:
            name, text, todo = xmage_test(fx)
            path = Path(out) / f"{name}.java"
        write_atomic(path, text)
        done.append(Exported(fx, path, tuple(todo)))
    return done
