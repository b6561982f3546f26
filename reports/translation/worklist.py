"""The worklist: a kit as text for the people who translate it (``--format text``).

First the summary line (:meth:`~mtgcr.crossref.translation.carry_model.KitSummary.line`),
then every unit a human must look at, in document order (rule order): suggestions (the EN
word diff and the similarity), units with nothing to carry, and QA findings on the old
translation, each with its number and id; last, the carried units whose cited numbers were
rewritten (one line each), so that a reviewer can check them at a glance.
"""

from __future__ import annotations

from typing import IO

from mtgcr.crossref.translation.carry_model import TranslationKit, UnitState

__all__ = ["write_worklist", "worklist_text"]


def worklist_text(kit: TranslationKit) -> str:
    """The worklist of ``kit`` as text (see the module docstring)."""
    s = kit.summary()
    tr, en = kit.translation, kit.english_new
    out = [
        f"Translation kit: {tr.lang} {tr.name} (from EN {kit.english_old.name}) → "
        f"{kit.lang} {en.name} (alignment: {kit.basis})",
        s.line(),
    ]
    out += [f"note: {n}" for n in kit.notes]
    work = kit.worklist()
    out.append("")
    out.append(f"To work through ({len(work)}):")
    for u in work:
        if u.state is UnitState.NEEDS_REVIEW:
            what = f"review ({u.carry}"
            if u.suggestion is not None:
                what += f", similarity {100 * u.suggestion.similarity:.1f} %"
            what += ")"
        elif u.state is UnitState.EMPTY:
            what = "new" if u.carry.value == "new" else str(u.carry)
        else:
            what = "QA"
        old = f" (was {u.old_number})" if u.old_number and u.old_number != u.number else ""
        out.append(f"  {u.label}{old}: {what}  [{u.id}]")
        if u.suggestion is not None:
            out.append(f"      EN: {u.suggestion.diff_text(context=6)}")
        out += [f"      note: {n}" for n in u.notes]
        out += [f"      QA {q.kind}: {q.text}" for q in u.qa]
    rewritten = [u for u in kit.units if u.rewrites and u.carry.carried]
    if rewritten:
        out.append("")
        out.append(f"Cited numbers rewritten in carried units ({len(rewritten)}):")
        for u in rewritten:
            out.append(f"  {u.label}: " + ", ".join(f"{r.old} → {r.new}" for r in u.rewrites))
    return "\n".join(out) + "\n"


def write_worklist(fileobj: IO[bytes], kit: TranslationKit) -> None:
    """Write the worklist (UTF-8 text) to a binary stream."""
    fileobj.write(worklist_text(kit).encode("utf-8"))
