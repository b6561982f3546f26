"""The ``mtgcr`` command line (:mod:`mtgcr.cli.main`, one module per command in
:mod:`mtgcr.cli.commands`), the change report dict (:mod:`mtgcr.reports.diffview`), its renderers
(:mod:`mtgcr.reports.render`) and the report site of ``mtgcr build`` (:mod:`mtgcr.reports.build_site`).

The library API is :mod:`mtgcr.api` (:func:`mtgcr.open`): every command is a call into
it plus a renderer; a diff is a :class:`~mtgcr.reports.diffreport.Diff`."""

from mtgcr._lazy import lazy_exports

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(["Diff"], "diffreport"),
    **dict.fromkeys(["diff_view"], "diffview"),
    **dict.fromkeys(["RENDERERS"], "render"),
}

__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
