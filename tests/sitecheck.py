"""A link checker for generated sites: every relative link resolves to a file and an anchor."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

from lxml import html as lhtml


def broken_links(root: Path) -> list[str]:
    """``"page -> href (why)"`` for every relative ``href``/``src`` of every HTML page under
    ``root`` whose file does not exist or whose ``#fragment`` is no id in that file."""
    ids: dict[Path, set[str]] = {}

    def ids_of(path: Path) -> set[str]:
        if path not in ids:
            doc = lhtml.fromstring(path.read_bytes())
            ids[path] = {el.get("id") for el in doc.iter() if el.get("id")}
        return ids[path]

    bad = []
    for page in sorted(root.rglob("*.html")):
        doc = lhtml.fromstring(page.read_bytes())
        for el in doc.iter():
            for attr in (
                ("href", "src", "value") if el.tag in ("a", "link", "script", "option") else ()
            ):
                ref = el.get(attr)
                if not ref or (attr == "value" and el.tag != "option"):
                    continue
                parts = urlsplit(ref)
                if parts.scheme or parts.netloc or ref.startswith(("mailto:", "javascript:")):
                    continue
                target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
                if not target.is_file():
                    bad.append(f"{page.relative_to(root)} -> {ref} (no file)")
                    continue
                if (
                    parts.fragment
                    and target.suffix == ".html"
                    and parts.fragment not in ids_of(target)
                ):
                    bad.append(f"{page.relative_to(root)} -> {ref} (no anchor)")
    return bad
