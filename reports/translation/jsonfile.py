"""JSON kits: :func:`write_json` (every field of the kit) and :func:`read_json`.

The document is :meth:`mtgcr.crossref.translation.carry_model.TranslationKit.to_json`:
``{lang, translation, english_old, english_new, target, basis, complete, notes, summary,
units: [{id, kind, number, old_number, unit, segment, example, source, target, carry, state,
text_sha256, rewrites, suggestion, notes, qa, hints, pair_status}]}`` — for scripts; a
translated copy (targets filled in) imports like the other formats.
"""

from __future__ import annotations

import json
from datetime import date
from typing import IO

from mtgcr.crossref.translation.carry_model import TranslationKit, UnitState

from mtgcr.reports.translation.kitfile import KitFile, KitFileError, KitHeader, ReadUnit

__all__ = ["write_json", "read_json"]


def write_json(fileobj: IO[bytes], kit: TranslationKit) -> None:
    """Write ``kit`` as JSON (UTF-8, indented) to a binary stream."""
    fileobj.write(json.dumps(kit.to_json(), ensure_ascii=False, indent=1).encode("utf-8"))
    fileobj.write(b"\n")


_STATES = {s.value: s for s in UnitState}


def read_json(fileobj: IO[bytes], name: str = "") -> KitFile:
    """Read a JSON kit.

    Raises:
        KitFileError: not JSON, or not a kit (no ``target`` release, a unit without ``id``).
    """
    try:
        data = json.loads(fileobj.read().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise KitFileError(f"{name}: not JSON ({exc})") from None
    tgt = data.get("target") if isinstance(data, dict) else None
    if not isinstance(tgt, dict) or not tgt.get("label") or not isinstance(data.get("units"), list):
        raise KitFileError(f"{name}: not an mtgcr kit (no target release or units)")
    eff = tgt.get("effective_date")
    tr = data.get("translation") or {}
    source = f"{tr.get('lang', '')} {tr.get('effective_date') or tr.get('label', '')}".strip()
    header = KitHeader(
        data.get("lang") or tgt.get("lang", ""),
        tgt["label"],
        date.fromisoformat(eff) if eff else None,
        source,
    )
    out = KitFile(header, path=name, format="json")
    for k, u in enumerate(data["units"]):
        if not isinstance(u, dict) or not u.get("id"):
            raise KitFileError(f"{name}: unit {k + 1} has no id")
        target = u.get("target") or ""
        state = _STATES.get(u.get("state") or "", UnitState.TRANSLATED)
        out.units.append(
            ReadUnit(
                str(u["id"]),
                str(u.get("source") or ""),
                str(target),
                state if target else UnitState.EMPTY,
            )
        )
    return out
