"""The ``mtgcr`` command line: a thin layer over the library.

Each command lives in :mod:`mtgcr.cli.commands` as a module with ``register(subparsers)``; the
command function receives the parsed arguments and a :class:`Context` and returns an exit
status. ``--profiles DIR`` (or ``$MTGCR_PROFILES``) loads language profiles before the
command runs. Errors the user can fix reach them as one line on stderr (exit status 2): any
:class:`~mtgcr.errors.MtgcrError` (nothing found, a bad argument, a bad input file, a store
problem, a refused output …), and a file that cannot be read or written (``cannot write
PATH: reason``); set ``MTGCR_DEBUG=1`` to see a traceback for an internal error. The global
options ``--store`` and ``--silent`` may also follow the command name; ``--lang`` values are
read case-insensitively (``EN`` is ``en``). Output to a terminal or pipe that cannot encode
UTF-8 is written with backslash escapes for what it cannot show, never a crash.
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import sqlite3
import sys
from dataclasses import dataclass

from typing import TYPE_CHECKING

from mtgcr.errors import MtgcrError

if TYPE_CHECKING:
    from mtgcr.corpus.store import Store

__all__ = ["main", "Context"]


@dataclass
class Context:
    """What every command gets besides its arguments: the store path and output settings."""

    store_path: str
    silent: bool = False

    def store(self, readonly: bool = False) -> Store:
        """Open the store (read-only if asked; raises :class:`StoreError` if absent then). A
        write that must wait for another process's lock says so at once on stderr (unless
        ``--silent``), naming the process."""
        from mtgcr.corpus.store import Store

        return Store(self.store_path, readonly=readonly, on_wait=self.note)

    def note(self, message: str) -> None:
        """Print ``mtgcr: MESSAGE`` on stderr, unless ``--silent``."""
        if not self.silent:
            print(f"mtgcr: {message}", file=sys.stderr, flush=True)

    def corpus(self, decisions: str | None = None):
        """The library object of the store (:class:`mtgcr.api.Corpus`), with the
        decisions file ``decisions`` (``--decisions``; default as the library's)."""
        from mtgcr.api import Corpus

        ctx = self

        class _Corpus(Corpus):
            def store(self, readonly: bool = True) -> Store:
                return ctx.store(readonly=readonly)  # one place opens the CLI's store

        return _Corpus(self.store_path, decisions)


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("mtgcr")
    except Exception:  # pragma: no cover - running from a checkout that is not installed
        return "unknown"


class _VersionAction(argparse.Action):
    """``--version``: print ``mtgcr VERSION`` and exit (the version is read only then)."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(f"mtgcr {_version()}")
        parser.exit()


#: Stands for the default store path in the help of ``--store`` until the help is shown
#: (:class:`_HelpFormatter`): finding the user's data folder costs more than parsing the
#: arguments of a query.
_DEFAULT_STORE = "\x00default store\x00"


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help, with the default store path (:func:`mtgcr.corpus.store.default_store_path`)
    put in the help of ``--store`` when the help is shown, and the terminal's width read
    (as argparse reads it: ``shutil.get_terminal_size``) only when help or usage is
    formatted: argparse makes a formatter for every ``add_argument``, and importing
    :mod:`shutil` (with bz2, lzma, fnmatch) costs a query's start-up more than its parsing."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        self._asked = (max_help_position, width)
        super().__init__(prog, indent_increment, max_help_position, 0 if width is None else width)

    @property
    def _width(self) -> int:
        max_position, width = self._asked
        if width is None:
            import shutil

            width = shutil.get_terminal_size().columns - 2
            self._asked = (max_position, width)
        return width

    @_width.setter
    def _width(self, value: int) -> None:
        pass  # argparse's __init__ setting it from the width given: read by the getter

    @property
    def _max_help_position(self) -> int:
        return min(self._asked[0], max(self._width - 20, self._indent_increment * 2))

    @_max_help_position.setter
    def _max_help_position(self, value: int) -> None:
        pass  # as _width: computed from the width when read

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = super()._get_help_string(action)
        if text and _DEFAULT_STORE in text:
            from mtgcr.corpus.store import default_store_path

            text = text.replace(_DEFAULT_STORE, str(default_store_path()))
        return text


def _global_options(p: argparse.ArgumentParser, suppress: bool) -> None:
    """``--store`` and ``--silent``; on a command's parser they default to "not given" so
    that the values given before the command name stand."""
    d = argparse.SUPPRESS if suppress else None
    p.add_argument(
        "--store",
        metavar="PATH",
        default=d,
        help=f"the store file (default: $MTGCR_STORE or {_DEFAULT_STORE})",
    )
    p.add_argument(
        "--silent",
        action="store_true",
        default=argparse.SUPPRESS if suppress else False,
        help="no progress bars or notes",
    )
    p.add_argument(
        "--out",
        metavar="FILE",
        default=d,
        dest="global_out",
        help="write what the command prints to FILE instead of standard output, "
        "atomically; an existing FILE only with --force (never the store, an input of "
        "the run, a folder, link, device or pipe); - is standard output",
    )
    p.add_argument(
        "--force",
        action="store_true",
        default=argparse.SUPPRESS if suppress else False,
        help="replace an existing output file, or write into a folder mtgcr did not create "
        "(never the store or an input of the run, whatever the options)",
    )
    p.add_argument(
        "--profiles",
        metavar="DIR",
        default=d,
        help="a folder of language profiles (<lang>.toml) to use besides the shipped "
        "en, ja, zh, ru (default: $MTGCR_PROFILES); see README 'Adding a language'",
    )


class _CommandParser(argparse.ArgumentParser):
    """The parser of one command: the global options are accepted after its name too."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("conflict_handler", "resolve")  # a command's own --out wins
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)
        _global_options(self, suppress=True)


#: Global options that take a value (their value is never a command name).
_VALUE_OPTIONS = ("--store", "--out", "--profiles")


def command_named(argv: list[str]) -> str | None:
    """The command ``argv`` names (its first word that is not an option or the value of a
    global option), if it is a known one; else ``None`` (``--help``, a typo)."""
    from mtgcr.cli.commands import NAMES

    names = dict(NAMES)
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word in _VALUE_OPTIONS:
            skip = True
        elif not word.startswith("-"):
            return word if word in names else None
    return None


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser. With ``argv`` naming a known command: that command only (its
    module alone is imported). With ``argv`` naming none (``--help``, a typo, no command):
    every command as a bare entry with its summary from
    :data:`mtgcr.cli.commands.SUMMARIES`, no command module imported (enough for the
    top-level help and argparse's "invalid choice"). With ``argv`` ``None``: every command,
    each registered in full (every module imported; the reference in ``docs/cli.md``)."""
    from mtgcr.cli.commands import NAMES, SUMMARIES, command_module

    only = command_named(argv) if argv is not None else None
    parser = _top_parser()
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=_CommandParser
    )
    for name, _ in NAMES:
        if argv is None or name == only:
            command_module(name).register(sub)
        elif only is None:
            sub.add_parser(name, help=SUMMARIES[name])
    return parser


def _top_parser() -> argparse.ArgumentParser:
    """The ``mtgcr`` parser with its global options, before the commands are added."""
    parser = argparse.ArgumentParser(
        prog="mtgcr",
        formatter_class=_HelpFormatter,
        description="Multilingual corpus processor for the Magic: The Gathering Comprehensive "
        "Rules: ingest releases and translations, align them, report changes.",
        epilog="Example: mtgcr ingest ../shared/corpus/en/official && mtgcr show 712.8e "
        "--release 2023-11-17",
    )
    parser.add_argument(
        "--version", action=_VersionAction, nargs=0, help="show program's version number and exit"
    )
    _global_options(parser, suppress=False)
    return parser


def _safe_streams() -> None:
    """Let stdout/stderr that cannot encode UTF-8 (``PYTHONIOENCODING=ascii``, a legacy
    console) write backslash escapes instead of raising ``UnicodeEncodeError``."""
    for stream in (sys.stdout, sys.stderr):
        enc = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        if enc not in ("utf-8", "utf8", "utf-8-sig") and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # pragma: no cover - a closed or odd stream
                pass


def os_error_message(exc: OSError) -> str:
    """``"cannot write PATH: reason"`` for an OS error on a file (``"cannot read PATH: …"``
    when the file simply does not exist where its folder does: a missing input)."""
    name = exc.filename if exc.filename is not None else ""
    reason = exc.strerror or str(exc)
    if exc.filename2 is not None:
        name = f"{name} → {exc.filename2}"
    if not name:
        return f"{reason}"
    verb = "write"
    if exc.errno == errno.ENOENT and os.path.isdir(
        os.path.dirname(os.path.abspath(str(exc.filename)))
    ):
        verb = "read"
    return f"cannot {verb} {name}: {reason}"


def _load_profiles(folder: str | None) -> str | None:
    """Load the user's language profiles: ``--profiles DIR`` if given, else
    ``$MTGCR_PROFILES`` if set (:mod:`mtgcr.extract.profiles`, imported only then).

    Returns:
        ``None``, or the one-line message of a :class:`~mtgcr.extract.profiles.ProfileError`
        (the folder or a profile in it cannot be used; it names the file).
    """
    if folder is None and not os.environ.get("MTGCR_PROFILES", "").strip():
        return None  # nothing to load: the profiles module is imported by what needs it
    from mtgcr.extract.profiles import ProfileError, load_folder, load_from_env

    try:
        if folder is not None:
            load_folder(folder)
        else:
            load_from_env()
    except ProfileError as exc:
        return str(exc)
    return None


def _run(args, ctx) -> int:
    """Run the command under the run's output policy (:func:`mtgcr.corpus.safe_write.guarding`:
    the store and every input the command names are never written over, an existing output
    only with ``--force``); with the global ``--out FILE`` (``args.global_out``; a command with
    an ``--out`` of its own — ``diff``, ``build``, ``site``, ``fixtures``, ``glossary export``
    — takes that option after its name), what it prints to stdout is written to FILE
    afterwards, atomically (:func:`mtgcr.corpus.safe_write.write_out`); FILE is checked before
    the work. Nothing is written when the command fails."""
    from mtgcr.cli.args import run_inputs
    from mtgcr.corpus.safe_write import Replace, check_out_path, guarding, write_out

    with guarding(
        [ctx.store_path], run_inputs(args, ctx.store_path), getattr(args, "force", False)
    ):
        out = getattr(args, "global_out", None)
        if not out or out == "-":
            return int(args.func(args, ctx) or 0)
        import contextlib
        import io

        check_out_path(out, Replace.IF_FORCED)
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            status = int(args.func(args, ctx) or 0)
        if status in (0, 1):  # 1: done, with a file that failed (ingest, build, cite-check)
            write_out(out, buf.getvalue(), silent=ctx.silent)
        return status


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, ``timeout``, systemd, cron) stops a run the way Ctrl-C does: the file
    in hand is wholly stored or not at all, the worker processes are stopped, one line is
    printed; the exit status is 143 (``ingest`` says where it stopped and exits 130, as after
    Ctrl-C)."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated()


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``mtgcr`` console script; returns the exit status (143 after
    SIGTERM, 130 after Ctrl-C)."""
    try:
        previous = signal.signal(signal.SIGTERM, _terminate)
    except ValueError:  # not the main thread (called from a library user's thread)
        return _main(argv)
    try:
        return _main(argv)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _main(argv: list[str] | None) -> int:
    _safe_streams()
    argv = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(argv).parse_args(argv)
    if not hasattr(args, "func"):  # a command the light parser took (after "--"): in full
        args = build_parser(None).parse_args(argv)
    if isinstance(getattr(args, "lang", None), str):
        args.lang = args.lang.strip().lower()
    if args.store is not None:
        store_path = args.store
    else:
        from mtgcr.corpus.store import default_store_path

        store_path = str(default_store_path())
    if not str(store_path).strip():
        print("mtgcr: --store names no file (an empty path)", file=sys.stderr)
        return 2
    ctx = Context(store_path=store_path, silent=args.silent)

    bad_profile = _load_profiles(args.profiles)
    if bad_profile is not None:
        print(f"mtgcr: {bad_profile}", file=sys.stderr)
        return 2
    try:
        return _run(args, ctx)
    except MtgcrError as exc:
        print(f"mtgcr: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:
        print(
            f"mtgcr: {'terminated' if isinstance(exc, Terminated) else 'interrupted'}; "
            f"what was stored before stays stored",
            file=sys.stderr,
        )
        return 143 if isinstance(exc, Terminated) else 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        print(f"mtgcr: {os_error_message(exc)}", file=sys.stderr)
        return 2
    except sqlite3.DatabaseError as exc:  # an SQLite error no store method translated
        print(f"mtgcr: {store_path}: {database_error_message(exc)}", file=sys.stderr)
        return 2
    except Exception as exc:  # pragma: no cover - last resort, keeps tracebacks away from users
        if os.environ.get("MTGCR_DEBUG"):
            import traceback

            traceback.print_exc()
        print(
            f"mtgcr: internal error: {type(exc).__name__}: {exc} (set MTGCR_DEBUG=1 for details)",
            file=sys.stderr,
        )
        return 1


def database_error_message(exc: sqlite3.DatabaseError) -> str:
    """What to tell the user about an SQLite error on the store that no store method
    translated: busy (another writer), read-only here, damaged (with how to repair), or not
    an mtgcr store."""
    busy = isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)
    readonly = isinstance(exc, sqlite3.OperationalError) and "readonly" in str(exc)
    return (
        "store busy: another program is writing to it; try again when it is done"
        if busy
        else "the store is read-only here (its file or its folder cannot be written: "
        "a read-only location or permissions); this command needs to write it"
        if readonly
        else f"the store is damaged ({exc}); 'mtgcr check' says which releases are "
        f"affected and 'mtgcr check --repair' rebuilds them from the stored files"
        if "malformed" in str(exc) or "corrupt" in str(exc)
        else f"not an mtgcr store or damaged ({exc})"
    )


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
