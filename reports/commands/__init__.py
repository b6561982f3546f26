"""Command modules of the ``mtgcr`` CLI; each has ``register(subparsers)``."""
from mtgcr.reports.commands import (build, cite_check, define, diff, fetch, fixtures, history,
                                   identify, ingest, pair, releases, remap, search, show, site,
                                   update)

#: Registered command modules, in the order ``--help`` lists them.
COMMANDS = [ingest, releases, show, define, build, cite_check, diff, history, remap, identify, pair,
            fetch, update, search, site, fixtures]
