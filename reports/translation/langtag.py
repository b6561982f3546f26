"""Language tags in kit files: the store's language code ↔ the BCP 47 tag a CAT tool expects.

The store names a language by its profile code (``zh``); the community Chinese translation is
written in simplified characters, which XLIFF, TMX and PO readers (OmegaT, Weblate, Trados)
tell apart as ``zh-Hans`` (``zh-Hant`` is another language pair for them). A profile may name
its tag (``tag = "zh-Hans"`` in ``[detect]`` or at top level); else the code is the tag.
"""

from __future__ import annotations

from mtgcr.extract.profiles import PROFILES

__all__ = ["language_tag", "language_of"]

#: Tags of the shipped profiles whose code alone is ambiguous for CAT tools.
_DEFAULT_TAGS = {"zh": "zh-Hans"}


def language_tag(lang: str) -> str:
    """The BCP 47 tag to write for the store's language ``lang`` (``"zh"`` → ``"zh-Hans"``)."""
    prof = PROFILES.get(lang)
    tag = getattr(prof, "tag", None) if prof is not None else None
    return tag or _DEFAULT_TAGS.get(lang, lang)


def language_of(tag: str) -> str:
    """The store's language code for a tag a file gives (``"zh-Hans"``, ``"zh_CN"``,
    ``"ZH"`` → ``"zh"``)."""
    return tag.replace("_", "-").split("-")[0].lower()
