"""Options and argument values several commands share: ``--lang``, ``--format``, a RULE
number or a ``--section`` number as the user types it."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

from mtgcr.extract.rulenum import RuleNumber

from mtgcr.errors import BadArgument

__all__ = [
    "add_lang_option",
    "add_format_option",
    "rule_argument",
    "section_option",
    "add_max_size_option",
    "max_bytes",
    "OUTPUT_OPTIONS",
    "run_inputs",
]

#: The destinations of the options that name what a command writes (never its inputs):
#: the global ``--out``, a command's own ``--out``, ``update --reports``, ``fixtures export
#: --dest``, ``wiki refresh --out-dir``. A command that adds an output option adds it here.
OUTPUT_OPTIONS = frozenset({"global_out", "out", "reports", "dest", "out_dir"})


def add_lang_option(p, help: str | None = "language (default en)") -> None:
    """Add ``--lang`` (default ``en``) to a command's parser; ``help=None`` adds it without a
    help text. :func:`mtgcr.cli.main.main` lower-cases the value."""
    p.add_argument("--lang", default="en", help=help)


def add_format_option(p, choices: Iterable[str] = ("text", "json"), default: str = "text") -> None:
    """Add ``--format`` (one of ``choices``, default ``default``) to a command's parser;
    ``choices`` is any iterable of names (a renderer dict gives its keys)."""
    p.add_argument("--format", choices=list(choices), default=default)


def rule_argument(text: str) -> RuleNumber:
    """RULE as given on the command line (``712``, ``712.8`` or ``712.8e``, read strictly).

    Raises:
        BadArgument: not a rule number (the message quotes ``text``).
    """
    num = RuleNumber.try_parse(text)
    if num is None:
        raise BadArgument(f"{text!r} is not a rule number (like 712, 712.8 or 712.8e)")
    return num


def section_option(text: str | None) -> int | None:
    """The section number of ``--section N`` (``"712"`` → 712); ``None`` when not given.

    Raises:
        BadArgument: ``text`` is not a section number (``7x``, ``712.1``, ``9999``).
    """
    if text is None:
        return None
    num = RuleNumber.try_parse(text)
    if num is None or num.kind != "section":
        raise BadArgument(f"--section wants a section number like 712, not {text!r}")
    return num.section


def _size_mb(text: str) -> float:
    """``--max-size`` as typed: a positive number of MiB (``"64"``, ``"0.5"``) or ``0`` (no limit)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of MiB: {text!r}") from None
    if value < 0 or value != value:
        raise argparse.ArgumentTypeError(f"a size is 0 (no limit) or more, not {text!r}")
    return value


def add_max_size_option(p) -> None:
    """Add ``--max-size MB`` (default :data:`mtgcr.corpus.document.DEFAULT_MAX_BYTES`, in
    MiB; ``0`` for no limit) to a command that reads documents."""
    from mtgcr.corpus.limits import DEFAULT_MAX_BYTES

    p.add_argument(
        "--max-size",
        metavar="MB",
        type=_size_mb,
        default=DEFAULT_MAX_BYTES / 2**20,
        help=f"refuse a file larger than MB MiB (default {DEFAULT_MAX_BYTES // 2**20}; "
        f"0: no limit); memory use grows with the file",
    )


def max_bytes(args) -> int | None:
    """The byte limit ``--max-size`` asks for (``None``: no limit)."""
    mb = getattr(args, "max_size", None)
    if mb is None:
        from mtgcr.corpus.limits import DEFAULT_MAX_BYTES

        return DEFAULT_MAX_BYTES
    return None if mb == 0 else int(mb * 2**20)


def run_inputs(args: argparse.Namespace, store_path: str | None = None) -> list[Path]:
    """The paths a command reads, for the output policy (:mod:`mtgcr.corpus.safe_write`): every
    argument value (positional or option, lists flattened) that names an existing file or
    folder, except the output options (:data:`OUTPUT_OPTIONS`) and ``--store``; plus the
    decisions file the command would read (``$MTGCR_DECISIONS`` or ``decisions.toml`` beside
    the store) and ``$MTGCR_PROFILES``. A value that only looks like a path (a rule number, a
    date) and happens to name a file here protects that file too: the safe side.
    """
    import os

    values: list[object] = []
    for dest, value in vars(args).items():
        if dest in OUTPUT_OPTIONS or dest in ("store", "func"):
            continue
        values.append(value)
    found: list[Path] = []
    while values:
        v = values.pop()
        if isinstance(v, (list, tuple)):
            values.extend(v)
        elif isinstance(v, (str, Path)) and str(v).strip() and os.path.lexists(v):
            found.append(Path(v))
    for env in ("MTGCR_DECISIONS", "MTGCR_PROFILES"):
        if os.environ.get(env, "").strip() and os.path.lexists(os.environ[env]):
            found.append(Path(os.environ[env]))
    if store_path:
        beside = Path(store_path).parent / "decisions.toml"
        if beside.is_file():
            found.append(beside)
    return found
