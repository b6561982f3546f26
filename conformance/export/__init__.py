"""Fixtures for engines that cannot read TOML: Forge puzzle files (:mod:`.forge`) and XMage test
skeletons (:mod:`.xmage`), written from a fixture's ``[setup]``, ``[[steps]]`` and
``[[assertions]]`` and marked as skeletons for a person to complete (:func:`export_fixtures`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Iterable

from mtgcr.conformance.fixtures.model import Fixture, FixtureStatus
from mtgcr.corpus.output_folder import OutputFolder, WriteOutcome

__all__ = ["ExportKind", "Exported", "export_fixtures"]


class ExportKind(Enum):
    """The export formats."""

    FORGE = "forge"  #: Forge puzzle files (``.pzl``)
    XMAGE = "xmage"  #: XMage ``CardTestPlayerBase`` test classes (``.java``)


@dataclass(frozen=True)
class Exported:
    """One exported file: the fixture, the file, the skeleton's open points (``todo``) and
    what was done with it (``outcome``: written, unchanged, or kept — a file the user edited
    since mtgcr wrote it, left as it is)."""

    fixture: Fixture
    path: Path
    todo: tuple[str, ...]
    outcome: WriteOutcome = WriteOutcome.WRITTEN


def export_fixtures(
    fixtures: Iterable[Fixture], out: OutputFolder | Path, kind: ExportKind
) -> list[Exported]:
    """Write one file per executable fixture under ``out`` (``<section>/<name>.pzl`` or
    ``<Class>.java``); other fixtures are left out. The folder is written under the output
    policy (:mod:`mtgcr.corpus.output_folder`): a skeleton the user completed there is never
    replaced (``outcome`` kept), a folder of the user's is refused without ``--force``.

    Args:
        fixtures: the fixtures (only executable ones are exported).
        out: an open :class:`~mtgcr.corpus.output_folder.OutputFolder`, or a folder path
            (opened and closed here).
        kind: the format.

    Raises:
        RefusedOutput: the folder is the user's (no ``--force``), or a target is a folder, a
            link or a device.
        OSError: a file cannot be written.
    """
    if not isinstance(out, OutputFolder):
        with OutputFolder(Path(out), f"fixtures export --to {kind.value}") as folder:
            return export_fixtures(fixtures, folder, kind)
    from mtgcr.conformance.export.forge import forge_puzzle
    from mtgcr.conformance.export.xmage import xmage_test

    done = []
    for fx in sorted(fixtures, key=lambda f: f.path):
        if fx.status is not FixtureStatus.EXECUTABLE:
            continue
        if kind is ExportKind.FORGE:
            text, todo = forge_puzzle(fx)
            rel = f"{fx.rule.section}/{fx.path.stem}.pzl"
        else:
            name, text, todo = xmage_test(fx)
            rel = f"{name}.java"
        outcome = out.write(rel, text)
        done.append(Exported(fx, out.root / rel, tuple(todo), outcome))
    return done
