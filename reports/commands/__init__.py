"""Command modules of the ``mtgcr`` CLI; each has ``register(subparsers)``."""
from . import build, define, diff, history, ingest, releases, remap, show

#: Registered command modules, in the order ``--help`` lists them.
COMMANDS = [ingest, releases, show, define, build, diff, history, remap]
