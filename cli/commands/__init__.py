"""Command modules of the ``mtgcr`` CLI; each has ``register(subparsers)``.

A command module is imported only when its command runs (``mtgcr CMD --help`` imports CMD's
alone); ``mtgcr --help`` and an unknown command list the commands from :data:`SUMMARIES`
and import none, so a query, and the help, pay for their own imports only.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

__all__ = ["SUMMARIES", "NAMES", "COMMANDS", "command_module"]

#: The one-line summary of every command, in the order ``--help`` lists them: what the
#: top-level ``--help`` shows without importing any command module (each module's
#: ``register`` gives its parser the same line, read from here).
SUMMARIES: dict[str, str] = {
    "ingest": "ingest CR files and pages (files or folders, recursive)",
    "releases": "list the releases in the store, their copies; choose a canonical copy",
    "remove": "remove a release or one of its copies (undo: mtgcr restore)",
    "restore": "restore a removed release or copy from its stored bytes",
    "check": "check the store against its stored files; --repair rebuilds what is damaged",
    "show": "show a rule, subrule or section",
    "define": "show a glossary entry",
    "build": "ingest sources, align consecutive releases, write reports and an index",
    "cite-check": "check the CR citations on MTG Wiki pages or in engine source trees",
    "cite-migrate": "rewrite the CR citations of a source tree for another release",
    "diff": "report the changes between two releases",
    "history": "follow a rule or section through every release",
    "remap": "a rule's number(s) in another release",
    "identify": "find which releases a page or fragment of rule text comes from",
    "pair": "pair a translation with English rule by rule, with the evidence",
    "fetch": "fetch CR files and pages from their sites, politely, and ingest them",
    "update": "fetch, ingest, align and report a new CR release when one is out",
    "search": "search rule text (ranked, with the matching words highlighted)",
    "site": "write a browsable, hyperlinked site of every stored release",
    "fixtures": "conformance fixtures: generate, check, migrate, coverage, run, mutate, "
    "validate, export, engines",
    "glossary": "bilingual glossaries: export term pairs, diff releases, check usage",
    "translate": "carry a translation to a new CR release (a pre-filled kit), import it back",
    "wiki": "keep MTG Wiki pages current: refresh quotes and citations, publish the edits",
}

#: ``(command name, module name)`` of every command, in the order ``--help`` lists them.
NAMES: list[tuple[str, str]] = [(name, name.replace("-", "_")) for name in SUMMARIES]


def command_module(name: str) -> ModuleType:
    """The module of command ``name`` (``"cite-check"`` → :mod:`.cite_check`), imported.

    Raises:
        KeyError: no such command.
    """
    module = dict(NAMES)[name]
    return import_module(f"mtgcr.cli.commands.{module}")


def __getattr__(name: str):
    """``COMMANDS``: every command module, imported (in the order of :data:`NAMES`)."""
    if name == "COMMANDS":
        return [command_module(n) for n, _ in NAMES]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
