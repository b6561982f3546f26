"""The ``mtgcr`` command line (:mod:`reports.cli`, one module per command in
:mod:`reports.commands`), the change report dict (:mod:`reports.diffview`), its renderers
(:mod:`reports.render`) and the report site of ``mtgcr build`` (:mod:`reports.build_site`)."""
