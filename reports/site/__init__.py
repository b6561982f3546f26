"""The browsable site: ``build_site`` (:mod:`mtgcr.reports.site.build`) writes rule pages with
Yawgatog-style anchors, traces, change pages, translations side by side and client-side
search; addresses are defined in :mod:`mtgcr.reports.site.pages`."""

from mtgcr.reports.site.build import SiteOptions, SiteResult, build_site, load_set_names

__all__ = ["SiteOptions", "SiteResult", "build_site", "load_set_names"]
