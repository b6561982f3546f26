"""Rule lineages over a chain and their trace pages.

A lineage groups the rules that continue one another through the consecutive alignments of
a chain (unchanged, renumbered, modified, moved, typography; the main piece of a split; the
main rule of a merge) — the relation :class:`mtgcr.crossref.lineage.Lineage` follows. Its id
is the lineage id (``en:<label where it first appeared>:<number>``, a derived label: it moves
when older releases are ingested). Ids are computed in one forward pass over the chain, so
building every trace costs one look-up per rule per release.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from mtgcr.crossref.lineage import LineageId, forward_lineage_ids
from mtgcr.crossref.model import Alignment, Change
from mtgcr.crossref.worddiff import tokenizer_for, word_diff
from mtgcr.extract.model import Ruleset
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.reports.site.pages import esc, page, release_key, rule_href, trace_file

__all__ = ["lineage_ids", "TraceStep", "traces", "trace_page", "lineage_json"]


def lineage_ids(
    rulesets: list[Ruleset], alignments: list[Alignment]
) -> list[dict[RuleNumber, LineageId]]:
    """``ids[k][number]``: the lineage id of every rule of every release of the chain
    (:func:`mtgcr.crossref.lineage.forward_lineage_ids`, the lineage's own)."""
    return forward_lineage_ids(
        [rs.release for rs in rulesets], [rs.rules for rs in rulesets], alignments
    )


@dataclass
class TraceStep:
    """One release in a trace: the release index, its number(s), how it got there."""

    k: int
    numbers: list[RuleNumber]
    kind: str
    change: Change | None = None


def traces(
    ids: list[dict[RuleNumber, LineageId]], alignments: list[Alignment]
) -> dict[LineageId, list[TraceStep]]:
    """Every lineage's steps, oldest first; a lineage that ends before the newest release
    gets a ``removed`` step in the release after its last."""
    out: dict[LineageId, list[TraceStep]] = {}
    for k, cur in enumerate(ids):
        per: dict[LineageId, list[RuleNumber]] = {}
        for n, lin in cur.items():
            per.setdefault(lin, []).append(n)
        for lin, nums in per.items():
            ch = alignments[k - 1].change_of_new(nums[0]) if k else None
            kind = "initial" if k == 0 else (ch.kind if ch is not None else "added")
            out.setdefault(lin, []).append(TraceStep(k, nums, kind, ch))
    last = len(ids) - 1
    for steps in out.values():
        end = steps[-1].k
        if end < last:
            steps.append(TraceStep(end + 1, [], "removed"))
    return out


def trace_page(
    lin: LineageId,
    steps: list[TraceStep],
    infos: list,
    rulesets: list[Ruleset],
    set_names: dict[int, str],
    root: str = "../../",
) -> str:
    """The trace page of one lineage: every release, newest first, with its number(s), the
    change kind, and the word diff of an edit. Releases in which the rule is ``unchanged``
    (same number) are one row with the release it took that form in: ``… unchanged to KEY``,
    or ``… to the newest release`` — so the page does not change when a release that leaves
    the rule alone is added."""
    lang = rulesets[0].release.lang
    tok = tokenizer_for(lang)
    last_k = len(infos) - 1
    runs: list[tuple[TraceStep, int]] = []  # (the step, the last release of its run)
    for st in steps:
        if runs and st.kind == "unchanged" and st.numbers == runs[-1][0].numbers:
            runs[-1] = (runs[-1][0], st.k)
        else:
            runs.append((st, st.k))
    rows = []
    for st, until in reversed(runs):
        info = infos[st.k]
        key = release_key(info)
        when = esc(key) + (
            f"<br><small>{esc(set_names[st.k])}</small>" if st.k in set_names else ""
        )
        if until == last_k:
            when += "<br><small>to the newest release</small>"
        elif until > st.k:
            when += f"<br><small>unchanged to {esc(release_key(infos[until]))}</small>"
        nums = (
            " + ".join(
                f'<a href="{root}{lang}/{esc(key)}/{rule_href(n)}">{esc(str(n))}</a>'
                for n in st.numbers
            )
            or "—"
        )
        detail = ""
        ch = st.change
        if ch is not None and ch.text_changed and len(ch.old) == 1 and len(ch.new) == 1 and st.k:
            a = rulesets[st.k - 1].rules.get(ch.old[0])
            b = rulesets[st.k].rules.get(ch.new[0])
            if a is not None and b is not None:
                ops = word_diff(a.text, b.text, tok)
                detail = "".join(
                    esc(t)
                    if op == "equal"
                    else f"<{'del' if op == 'delete' else 'ins'}>"
                    f"{esc(t)}</{'del' if op == 'delete' else 'ins'}>"
                    for op, t in ops
                )
        if ch is not None and ch.old and st.k and list(ch.old) != st.numbers:
            detail = f"from {' + '.join(map(str, ch.old))}" + (f": {detail}" if detail else "")
        rows.append(
            f'<tr><td>{when}</td><td>{nums}</td><td><span class="kind">{esc(st.kind)}'
            f"</span></td><td>{detail}</td></tr>"
        )
    first = steps[0]
    title = f"Trace of {first.numbers[0] if first.numbers else lin}"
    body = (
        f'<nav class="crumbs"><a href="{root}index.html">mtgcr</a> › trace</nav>'
        f"<h1>{esc(title)} <small>({esc(str(lin))})</small></h1>"
        f"<p>Newest release first. Lineage id: <code>{esc(str(lin))}</code> (derived from the "
        f"release the rule first appeared in).</p>"
        f"<table><thead><tr><th>release</th><th>number</th><th>change</th><th>detail</th>"
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    return page(title, body, root, lang)


def lineage_json(all_traces: dict[LineageId, list[TraceStep]], infos: list) -> str:
    """``lineage.json``: lineage id → ``[{release, numbers, kind}]``, oldest first."""
    data = {
        str(lin): [
            {
                "release": release_key(infos[st.k]),
                "numbers": [str(n) for n in st.numbers],
                "kind": st.kind,
                "page": trace_file(lin),
            }
            for st in steps
        ]
        for lin, steps in all_traces.items()
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
