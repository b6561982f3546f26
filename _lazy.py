"""Lazy re-exports for the packages' ``__init__`` modules: ``from mtgcr.crossref import Chain``
imports :mod:`mtgcr.crossref.chain` on first use, so importing a package stays cheap and its
``__init__`` cannot start an import cycle."""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable


def lazy_exports(
    package: str, exports: dict[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for the package ``package`` whose public names are the keys
    of ``exports``, each defined in the sub-module named by its value (relative:
    ``"chain"``, ``"translation.xlang"``).

    The ``__getattr__`` raises :class:`AttributeError` for any other name.
    """
    namespace = import_module(package).__dict__

    def __getattr__(name: str) -> Any:
        try:
            module = exports[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(exports))

    return __getattr__, __dir__
