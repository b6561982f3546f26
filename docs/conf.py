"""Sphinx configuration of mtgcr's documentation (``make docs``; MyST Markdown pages)."""

project = "mtgcr"
author = "the mtgcr developers"
extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "README.md"]
myst_heading_anchors = 3
html_theme = "alabaster"
html_title = "mtgcr documentation"
autodoc_member_order = "bysource"
autodoc_typehints = "none"  # the signatures carry them; forward references stay unresolved
