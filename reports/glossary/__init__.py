"""Bilingual glossaries: term pairs of a translation and its EN original, in the formats
translators and learners use.

Laid out like ``babel.messages``: one catalog model (:mod:`.model`), how pairs are found
(:mod:`.build`), one reader/writer module per format side by side (:mod:`.tbx` TBX v3
TBX-Basic, :mod:`.tbx2` TBX 2 ``martif``, :mod:`.csvfile`, :mod:`.omegat`, :mod:`.anki`,
:mod:`.jsonfile`), operations apart (:mod:`.checks` terminology QA, :mod:`.diff` across
releases); the CLI is :mod:`mtgcr.cli.commands.glossary`.
"""
