"""The ``mtgcr`` command line (:mod:`mtgcr.reports.cli`, one module per command in
:mod:`mtgcr.reports.commands`), the change report dict (:mod:`mtgcr.reports.diffview`), its renderers
(:mod:`mtgcr.reports.render`) and the report site of ``mtgcr build`` (:mod:`mtgcr.reports.build_site`).

The library API is :mod:`mtgcr.reports.api` (:func:`mtgcr.open`): every command is a call into
it plus a renderer; a diff is a :class:`~mtgcr.reports.diffreport.Diff`."""

from mtgcr._lazy import lazy_exports

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(["open", "Corpus", "BadArgument"], "api"),
    **dict.fromkeys(["Diff"], "diffreport"),
    **dict.fromkeys(["diff_view"], "diffview"),
    **dict.fromkeys(["RENDERERS"], "render"),
    **dict.fromkeys(["main"], "cli"),
}

__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
