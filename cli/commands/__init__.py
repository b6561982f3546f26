"""Command modules of the ``mtgcr`` CLI; each has ``register(subparsers)``.

A command module is imported only when its command runs (or for ``--help`` and unknown
commands, when every command is listed), so a query pays for its own imports only.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

__all__ = ["NAMES", "COMMANDS", "command_module"]

#: ``(command name, module name)`` of every command, in the order ``--help`` lists them.
NAMES: list[tuple[str, str]] = [
    (name, name.replace("-", "_"))
    for name in (
        "ingest",
        "releases",
        "remove",
        "restore",
        "check",
        "show",
        "define",
        "build",
        "cite-check",
        "cite-migrate",
        "diff",
        "history",
        "remap",
        "identify",
        "pair",
        "fetch",
        "update",
        "search",
        "site",
        "fixtures",
        "glossary",
        "translate",
        "wiki",
    )
]


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
