"""The ``mtgcr`` command line (:func:`mtgcr.cli.main.main`, the console script): one module per
command in :mod:`mtgcr.cli.commands`, each a thin layer over the library (:mod:`mtgcr.api`);
shared option helpers (:mod:`~mtgcr.cli.args`, :mod:`~mtgcr.cli.alignctx`) and terminal output
(:mod:`~mtgcr.cli.output`, :mod:`~mtgcr.cli.textable`)."""
