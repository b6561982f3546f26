"""Options and argument values several commands share: ``--lang``, ``--format``, a RULE
number or a ``--section`` number as the user types it."""
from __future__ import annotations

from collections.abc import Iterable

from mtgcr.extract.rulenum import RuleNumber

from mtgcr.reports.cli import UserError

__all__ = ["add_lang_option", "add_format_option", "rule_argument", "section_option"]


def add_lang_option(p, help: str | None = "language (default en)") -> None:
    """Add ``--lang`` (default ``en``) to a command's parser; ``help=None`` adds it without a
    help text. :func:`mtgcr.reports.cli.main` lower-cases the value."""
    p.add_argument("--lang", default="en", help=help)


def add_format_option(p, choices: Iterable[str] = ("text", "json"), default: str = "text") -> None:
    """Add ``--format`` (one of ``choices``, default ``default``) to a command's parser;
    ``choices`` is any iterable of names (a renderer dict gives its keys)."""
    p.add_argument("--format", choices=list(choices), default=default)


def rule_argument(text: str) -> RuleNumber:
    """RULE as given on the command line (``712``, ``712.8`` or ``712.8e``, read strictly).

    Raises:
        UserError: not a rule number (the message quotes ``text``).
    """
    num = RuleNumber.try_parse(text)
    if num is None:
        raise UserError(f"{text!r} is not a rule number (like 712, 712.8 or 712.8e)")
    return num


def section_option(text: str | None) -> int | None:
    """The section number of ``--section N`` (``"712"`` → 712); ``None`` when not given.

    Raises:
        UserError: ``text`` is not a section number (``7x``, ``712.1``, ``9999``).
    """
    if text is None:
        return None
    num = RuleNumber.try_parse(text)
    if num is None or num.kind != "section":
        raise UserError(f"--section wants a section number like 712, not {text!r}")
    return num.section
