"""The ``mtgcr`` command line (:mod:`mtgcr.reports.cli`, one module per command in
:mod:`mtgcr.reports.commands`), the change report dict (:mod:`mtgcr.reports.diffview`), its renderers
(:mod:`mtgcr.reports.render`) and the report site of ``mtgcr build`` (:mod:`mtgcr.reports.build_site`)."""
