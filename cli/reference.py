"""The command-line reference (``docs/cli.md``), generated from the parsers' own ``--help``.

``python -m mtgcr.cli.reference`` prints every command's and sub-command's help as Markdown, in
the order ``mtgcr --help`` lists them, rendered the same on every machine: 100 columns, the
default store shown as ``/home/you/.local/share/mtgcr/store.sqlite``, run from an empty folder (so no
default that depends on the current folder or the environment leaks in). ``docs/cli.md`` holds
that output between cog markers: ``make docs`` regenerates it, and ``make lint`` and
``tests/cli/test_cli_reference.py`` fail when it is out of date.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from typing import Iterator

__all__ = ["helps", "markdown", "main"]


def helps(parser: argparse.ArgumentParser, path: str = "mtgcr") -> Iterator[tuple[str, str]]:
    """``(command path, help text)`` for ``parser`` and every sub-command under it, depth
    first in registration order (``"mtgcr"``, ``"mtgcr ingest"`` …, ``"mtgcr fixtures check"``)."""
    yield path, parser.format_help()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from helps(sub, f"{path} {name}")


def markdown() -> str:
    """The reference as Markdown: a list of commands, then one section per command path with
    its help in a text block."""
    from mtgcr.cli.main import build_parser

    items = list(helps(build_parser()))
    out = ["Every command of `mtgcr`, as `--help` prints it.", ""]
    out += [f"- [`{path}`](#{path.replace(' ', '-')})" for path, _ in items[1:]]
    for path, text in items:
        out += ["", f'<a id="{path.replace(" ", "-")}"></a>', f"## `{path}`", "", "```text"]
        out += [line.rstrip() for line in text.rstrip().splitlines()]
        out += ["```"]
    return "\n".join(out) + "\n"


def main() -> None:
    """Print :func:`markdown` rendered the same on every machine (module docstring)."""
    os.environ["COLUMNS"] = "100"
    os.environ["HOME"] = "/home/you"  # the default store: /home/you/.local/share/mtgcr/…
    for name in (
        "XDG_DATA_HOME",
        "XDG_CONFIG_HOME",
        "MTGCR_STORE",
        "MTGCR_PROFILES",
        "MTGCR_DECISIONS",
        "MTGCR_CONFIG",
    ):
        os.environ.pop(name, None)
    with tempfile.TemporaryDirectory() as empty:
        os.chdir(empty)
        print(markdown(), end="")


if __name__ == "__main__":
    main()
