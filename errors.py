"""The errors mtgcr raises for its users: one root, a few kinds callers catch.

Every error a user can act on derives from :class:`MtgcrError`; ``str()`` of one is a single
line that says what went wrong and, where there is one, the fix ("no release 2023-11-18 of en
is stored; the nearest are 2023-11-17 …"). The command line catches this one class and prints
that line (exit status 2); a library caller catches it, or one of its kinds:

* :class:`NotFound` — what was asked for is not there (a rule, a release, an entry, a page);
* :class:`BadArgument` — a value the caller gave cannot be used (an option, a number, an
  anchor, a release spec);
* :class:`InputError` — a file the caller gave cannot be read as what it should be (a CR text,
  a decisions file, a language profile, a fixture); :class:`DocumentError` for documents;
* :class:`StoreError` — the store cannot be opened, read or written as asked;
* :class:`RefusedOutput` — an output that would replace something the user did not ask to
  replace, or a path that is not a regular file;
* :class:`FetchError` — a download failed or was refused;
* :class:`EngineError` — a rules engine could not run a fixture.

The modules that raise them define narrower classes (``StoreBusy``, ``DecisionError``,
``FixtureError`` …) deriving from these kinds. Errors that mean a bug in mtgcr are not
:class:`MtgcrError` s: the command line reports them as internal errors.

This module imports nothing from the project, so every package may import it.
"""

from __future__ import annotations

__all__ = [
    "MtgcrError",
    "NotFound",
    "BadArgument",
    "InputError",
    "DocumentError",
    "StoreError",
    "RefusedOutput",
    "FetchError",
    "EngineError",
]


class MtgcrError(Exception):
    """The root: an error to show as one line a user can act on (``str()`` is that line)."""


class NotFound(MtgcrError, LookupError):
    """What a user asked for is not there (or is not a number); the message is one line that
    says what was asked and why there is none (the closest names, the coverage of a partial
    release)."""


class BadArgument(MtgcrError, ValueError):
    """A value the caller gave cannot be used (an option, a rule number, an anchor, a release
    spec, a combination of options); the message names the value and what would do."""


class InputError(MtgcrError, ValueError):
    """A file the caller gave cannot be read as what it should be; the message names the file
    (and the line, where there is one)."""


class DocumentError(InputError):
    """A document cannot be read, decoded or recognised (empty, binary, unknown kind); the
    message names the file."""


class StoreError(MtgcrError, RuntimeError):
    """The store cannot be opened, read or written as asked (missing, damaged, locked, full,
    no such release)."""


class RefusedOutput(MtgcrError):
    """An output that is refused before anything is written: a path that is not a regular
    file, or one that would replace the store, an input of the run or a file the user did not
    ask to replace. The message names the path and what to do."""


class FetchError(MtgcrError, RuntimeError):
    """A download failed or was refused (HTTP error, refused host, too large, bad answer);
    the message names the URL."""


class EngineError(MtgcrError):
    """A rules engine could not run a fixture (missing, unsupported, failed step)."""
