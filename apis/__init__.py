"""The capabilities behind :class:`mtgcr.api.Corpus`, one module each: the facade's methods
keep the public API (signatures, docstrings, doctests) and call these functions, which take
the :class:`~mtgcr.api.Corpus` as their first argument (as sqlite-utils' ``Database``
delegates to ``Table``)."""
