"""Command modules of the ``mtgcr`` CLI; each has ``register(subparsers)``."""
from mtgcr.reports.commands import (build, cite_check, cite_migrate, define, diff, fetch, fixtures,
                                    glossary, history, identify, ingest, pair, releases, remap,
                                    remove, restore, search, show, site, update)

#: Registered command modules, in the order ``--help`` lists them.
COMMANDS = [ingest, releases, remove, restore, show, define, build, cite_check, cite_migrate, diff,
            history, remap, identify, pair, fetch, update, search, site, fixtures, glossary]
