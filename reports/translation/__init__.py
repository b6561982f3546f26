"""Translation kits: a translation carried to a new EN release, in the formats translators
use, and the import of a completed kit back as CR text.

Laid out like :mod:`mtgcr.reports.glossary`: the kit model and the carry live in
:mod:`mtgcr.crossref.translation` (``carry*``); here one reader/writer module per format
side by side (:mod:`.xliff2` XLIFF 2.1, :mod:`.xliff12` XLIFF 1.2, :mod:`.tmx` TMX 1.4b,
:mod:`.po` gettext PO, :mod:`.jsonfile`, :mod:`.worklist` text), what they share
(:mod:`.kitfile`, :mod:`.langtag`, :mod:`.xmlparts`), the front matter of a stored release
(:mod:`.frame`), term hints (:mod:`.hints`), the CR text writer (:mod:`.crtext`) and the
import checks (:mod:`.importing`); the CLI is :mod:`mtgcr.cli.commands.translate`.
"""

#: The kit format names (``--format``), without importing the writers (the CLI lists them).
FORMAT_NAMES = ("text", "xliff2", "xliff12", "tmx", "po", "json")
