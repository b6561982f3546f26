"""Publishing a refresh batch to a MediaWiki wiki through its action API, as a bot.

The client is mwclient (a maintained MediaWiki API client over requests); chosen over
pywikibot because every edit parameter stays ours to set (``baserevid``, ``basetimestamp``,
``starttimestamp``, ``nocreate``, ``bot``, ``assert``, ``maxlag``) against any API URL,
with no per-wiki family file, no global configuration folder and no built-in put throttle.

Policy (:func:`publish_batch`):

* a dry run by default: each page is read and checked, nothing is edited (``write=True`` edits);
* login with a bot password (``User@app`` and its password, from Special:BotPasswords) from
  ``$MTGCR_WIKI_USER`` / ``$MTGCR_WIKI_PASSWORD``, or from a pywikibot ``user-password.py``
  (:func:`credentials`); a failed login stops before any page is read;
* never an edit when the page changed since it was read: right before each edit the current
  revision is read, and its text must be the text the refresh started from (sha256) and its
  revision id the recorded base when one was recorded; the edit carries ``baserevid`` and
  ``basetimestamp`` so the wiki refuses it too (``editconflict``) when another edit lands in
  between, and the answer's ``oldrevid`` must be the base (else the wiki merged a change made
  in between, or took one made in the same second as the base for our own — MediaWiki 1.39
  compares revision times by the second — and saved over it: reported, the run stops);
* ``maxlag`` on every request (mwclient waits and retries, then gives up); the ``bot`` flag when
  the account has the bot right; ``nocreate`` (a refresh only edits existing pages);
* the batch manifest is the journal: each published page's new revision is written into it
  (atomically) before the next page, so a run stopped by a lagging or failing server, or
  interrupted, is resumed by running it again: published pages are not edited twice (a page
  whose current text is already the new one — an edit made just before a run stopped — is
  recorded as published, not edited again).

Format knowledge: MediaWiki 1.39 action API (``action=edit``, ``action=query&prop=revisions``,
``meta=tokens``; error codes ``editconflict``, ``maxlag``, ``assertuserfailed``,
``missingtitle``), checked against Debian's ``mediawiki`` 1.39 package in the tests;
pywikibot's ``user-password.py`` (tuples ``('User', BotPassword('app', 'password'))``, with
an optional leading family and language).
"""

from __future__ import annotations

import ast
import enum
import json
import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Mapping
from urllib.parse import urlsplit

from mtgcr.errors import BadArgument, FetchError, InputError

from mtgcr.reports.wiki.edits import MANIFEST, EditStatus, read_manifest, sha256

__all__ = [
    "PublishError",
    "EditConflict",
    "Revision",
    "WikiSite",
    "PublishStatus",
    "PageOutcome",
    "PublishResult",
    "credentials",
    "pywikibot_credentials",
    "publish_batch",
]

#: The environment variables holding the bot password.
USER_ENV, PASSWORD_ENV = "MTGCR_WIKI_USER", "MTGCR_WIKI_PASSWORD"


class PublishError(FetchError):
    """The wiki refused or could not take a request (login, lag, server error): one line
    naming the wiki."""


class EditConflict(PublishError):
    """The wiki refused an edit because the page was edited since its base revision."""


def pywikibot_credentials(path: str | Path, user: str | None = None) -> tuple[str, str]:
    """``(User@app, password)`` from a pywikibot ``user-password.py``: the entry for ``user``
    (the account name, without ``@app``), else the first bot-password entry. The file is read
    as Python syntax, never run.

    Raises:
        InputError: the file cannot be read or holds no ``BotPassword`` entry (for ``user``).
    """
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"), str(path))
    except (OSError, SyntaxError, ValueError) as exc:
        raise InputError(f"{path}: not a readable pywikibot password file ({exc})") from None
    for node in ast.walk(tree):
        if not isinstance(node, ast.Tuple) or len(node.elts) < 2:
            continue
        *head, name, bot = node.elts
        if not (
            isinstance(name, ast.Constant)
            and isinstance(name.value, str)
            and isinstance(bot, ast.Call)
            and isinstance(bot.func, ast.Name)
            and bot.func.id == "BotPassword"
            and len(bot.args) == 2
            and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in bot.args)
        ):
            continue
        if user is not None and name.value != user.split("@")[0]:
            continue
        app, password = (a.value for a in bot.args)  # type: ignore[attr-defined]
        return f"{name.value}@{app}", password
    who = f" for {user}" if user else ""
    raise InputError(f"{path}: no ('User', BotPassword('app', 'password')) entry{who}")


def credentials(
    environ: Mapping[str, str] | None = None, pywikibot_file: str | Path | None = None
) -> tuple[str, str]:
    """``(user, password)`` of the bot: ``$MTGCR_WIKI_USER`` and ``$MTGCR_WIKI_PASSWORD``;
    else, when ``pywikibot_file`` is given, its entry (for ``$MTGCR_WIKI_USER`` if set).

    Raises:
        BadArgument: no password given either way (the message says how to give one).
        InputError: an unreadable ``pywikibot_file``.
    """
    env = os.environ if environ is None else environ
    user, password = env.get(USER_ENV), env.get(PASSWORD_ENV)
    if user and password:
        return user, password
    if pywikibot_file is not None:
        return pywikibot_credentials(pywikibot_file, user or None)
    raise BadArgument(
        f"publishing needs a bot password: set {USER_ENV} (User@app) and {PASSWORD_ENV} "
        f"(from the wiki's Special:BotPasswords), or give --pywikibot-passwords FILE"
    )


@dataclass(frozen=True)
class Revision:
    """A page revision as the wiki returns it: ``revid``, ``timestamp`` (ISO 8601 UTC),
    ``text`` (the wiki trims a trailing newline when it saves)."""

    revid: int
    timestamp: str
    text: str


class WikiSite:
    """One wiki's API through mwclient.

    Args:
        api_url: ``http(s)://host[:port]/path/api.php``.
        maxlag: seconds of replica lag above which the wiki asks us to wait (sent with every
            request).
        retries: how often a lagged or failed request is repeated before giving up.
        retry_wait: seconds mwclient waits per past retry (the wiki's ``Retry-After`` when it
            sends one).
        user_agent: the User-Agent (give a contact, as wiki policies ask).

    Raises:
        BadArgument: ``api_url`` is not an http(s) URL ending in ``api.php``.
        PublishError: the wiki does not answer.
    """

    def __init__(
        self,
        api_url: str,
        maxlag: int = 5,
        retries: int = 3,
        retry_wait: int = 5,
        user_agent: str = "mtgcr wiki publish",
    ) -> None:
        import mwclient

        parts = urlsplit(api_url)
        if parts.scheme not in ("http", "https") or not parts.path.endswith("api.php"):
            raise BadArgument(f"{api_url}: not a MediaWiki API URL (http(s)://…/api.php)")
        self.api_url, self.maxlag = api_url, maxlag
        try:
            self.site = mwclient.Site(
                parts.netloc,
                path=parts.path[: -len("api.php")],
                scheme=parts.scheme,
                max_lag=maxlag,
                max_retries=retries,
                retry_timeout=retry_wait,
                clients_useragent=user_agent,
                force_login=False,
            )
        except Exception as exc:  # requests and mwclient errors of every kind
            raise PublishError(f"{api_url}: the wiki does not answer ({_why(exc)})") from None

    def login(self, user: str, password: str) -> None:
        """Log in with a bot password.

        Raises:
            PublishError: the wiki refused it (the message names the user and the wiki).
        """
        try:
            self.site.login(user, password)
        except Exception as exc:  # LoginError, APIError, requests errors
            raise PublishError(f"{self.api_url}: login as {user} failed ({_why(exc)})") from None

    @property
    def is_bot(self) -> bool:
        """The logged-in account has the bot right."""
        return "bot" in (self.site.rights or [])

    def current(self, title: str) -> Revision | None:
        """The current revision of ``title``, or ``None`` when the page does not exist.

        Raises:
            PublishError: the request failed.
        """
        return self._revision(title, titles=title)

    def revision(self, title: str, revid: int) -> Revision | None:
        """Revision ``revid`` of ``title``, or ``None`` when there is no such revision of it.

        Raises:
            PublishError: the request failed.
        """
        return self._revision(title, revids=str(revid))

    def _revision(self, title: str, **which: str) -> Revision | None:
        """The revision ``which`` names (``titles=``: the current one; ``revids=``), when it
        is one of page ``title``."""
        data = self._call(
            "query",
            prop="revisions",
            rvprop="ids|timestamp|content",
            rvslots="main",
            formatversion="2",
            **which,
        )
        query = data.get("query") or {}
        names = {_title_key(title)} | {
            _title_key(n.get("to", "")) for n in query.get("normalized") or []
        }
        for page in query.get("pages") or []:
            if _title_key(page.get("title", "")) in names and page.get("revisions"):
                return _revision(page["revisions"][0])
        return None

    def edit(
        self, title: str, text: str, summary: str, base: Revision, bot: bool
    ) -> dict[str, Any]:
        """Replace ``title``'s text, based on revision ``base`` (never creating a page).

        Returns:
            The API's ``edit`` answer (``newrevid``, ``oldrevid``, ``newtimestamp``; no
            ``newrevid`` when the text was already the wiki's).

        Raises:
            EditConflict: the page was edited since ``base``.
            PublishError: any other API error.
        """
        params: dict[str, Any] = dict(
            title=title,
            text=text,
            summary=summary,
            baserevid=base.revid,
            basetimestamp=base.timestamp,
            starttimestamp=_now(),
            nocreate=1,
            token=self._token(),
            formatversion="2",
        )
        params["assert"] = "bot" if bot else "user"
        if bot:
            params["bot"] = 1
        data = self._call("edit", "POST", **params)
        result = data.get("edit") or {}
        if result.get("result") != "Success":
            raise PublishError(f"{self.api_url}: edit of {title!r} not saved ({result})")
        return result

    def _token(self) -> str:
        try:
            return self.site.get_token("csrf")
        except Exception as exc:  # mwclient and requests errors
            raise PublishError(f"{self.api_url}: no edit token ({_why(exc)})") from None

    def _call(self, action: str, method: str = "GET", **params: Any) -> dict[str, Any]:
        """One API request. mwclient sends ``maxlag`` on index.php requests only: every API
        request here carries it."""
        import mwclient.errors as e

        try:
            return self.site.api(action, method, maxlag=self.maxlag, **params)
        except e.APIError as exc:
            if exc.code == "editconflict":
                raise EditConflict(
                    f"{self.api_url}: {action} refused: edit conflict (the page was edited "
                    f"since it was read)"
                ) from None
            raise PublishError(f"{self.api_url}: {action} failed: {_why(exc)}") from None
        except Exception as exc:  # requests errors, MaximumRetriesExceeded
            raise PublishError(f"{self.api_url}: {action} failed: {_why(exc)}") from None


def _title_key(title: str) -> str:
    """A title as MediaWiki compares titles: underscores are spaces, the first letter upper
    case (the wiki's default, ``$wgCapitalLinks``)."""
    t = title.replace("_", " ").strip()
    return t[:1].upper() + t[1:]


def _revision(rev: dict[str, Any]) -> Revision:
    slots = rev.get("slots") or {}
    text = (slots.get("main") or {}).get("content", rev.get("content", ""))
    return Revision(int(rev["revid"]), rev["timestamp"], text)


def _why(exc: Exception) -> str:
    import mwclient.errors as e

    if isinstance(exc, e.APIError):
        return f"{exc.code}: {exc.info}"
    if isinstance(exc, e.MaximumRetriesExceeded):
        return "the wiki kept asking to wait (maxlag: its database replicas lag) or kept failing"
    if isinstance(exc, e.LoginError):
        return str(exc.args[1] if len(exc.args) > 1 else exc)
    return f"{type(exc).__name__}: {exc}".splitlines()[0]


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class PublishStatus(enum.Enum):
    """What publishing did with one changed page."""

    PUBLISHED = "published"
    WOULD_EDIT = "would edit"  # dry run: checked, not edited
    ALREADY = "already published"  # the journal has it (a resumed run)
    CHANGED_SINCE_READ = "changed since read"  # not edited: refresh it again
    MISSING = "missing"  # no such page on the wiki
    CONFLICT = "conflict"  # the wiki refused the edit (edited in between)


@dataclass(frozen=True)
class PageOutcome:
    """What publishing did with one page: its :class:`PublishStatus`, the new revision
    (published, already published) and a one-line message."""

    title: str
    status: PublishStatus
    revid: int | None = None
    message: str = ""


@dataclass
class PublishResult:
    """The pages handled, in manifest order, and whether edits were really made."""

    written: bool
    outcomes: list[PageOutcome] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """``{status value: pages}``."""
        out: dict[str, int] = {}
        for o in self.outcomes:
            out[o.status.value] = out.get(o.status.value, 0) + 1
        return out


def publish_batch(
    folder: str | Path,
    site: WikiSite,
    write: bool = False,
    on_page: Callable[[PageOutcome], None] | None = None,
) -> PublishResult:
    """Publish the changed pages of a refresh batch folder (module docstring for the policy).

    Args:
        folder: a folder written by :func:`mtgcr.reports.wiki.edits.write_batch`.
        site: the wiki, logged in.
        write: really edit (default: a dry run).
        on_page: called with each page's outcome as it is known (progress).

    Returns:
        The :class:`PublishResult`.

    Raises:
        InputError: no manifest in ``folder``, a page file missing or changed since the
            refresh wrote it.
        PublishError: the wiki failed in a way that stops the run (lag, server error, a
            merge by the wiki); what was published before is in the manifest, and running
            again resumes.
    """
    from mtgcr.corpus.safe_write import write_atomic

    folder = Path(folder)
    manifest = read_manifest(folder)
    result = PublishResult(write)

    def journal() -> None:
        write_atomic(folder / MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=2) + "\n")

    def done(o: PageOutcome) -> None:
        result.outcomes.append(o)
        if on_page:
            on_page(o)

    for entry in manifest["pages"]:
        if entry.get("status") != EditStatus.CHANGED.value:
            continue
        title = entry["title"]
        if entry.get("published"):
            done(PageOutcome(title, PublishStatus.ALREADY, entry["published"]["revid"]))
            continue
        try:
            new_text = (folder / entry["file"]).read_text(encoding="utf-8")
        except (OSError, KeyError, UnicodeDecodeError) as exc:
            raise InputError(f"{folder / MANIFEST}: page {title!r}: no new text ({exc})") from None
        if sha256(new_text) != entry.get("new_sha256"):
            raise InputError(f"{folder / entry['file']}: changed since the refresh wrote it")
        cur = site.current(title)
        if cur is None:
            done(PageOutcome(title, PublishStatus.MISSING, None, f"{title}: no such page"))
            continue
        base = entry.get("base_revid")
        if cur.text.rstrip("\n") == new_text.rstrip("\n"):
            # the wiki has the new text already: an edit of a run stopped before its journal
            # entry was written (the wiki trims the last line end)
            if write:
                entry["published"] = {"revid": cur.revid, "timestamp": cur.timestamp, "base": None}
                journal()
            done(PageOutcome(title, PublishStatus.ALREADY, cur.revid, "the wiki has this text"))
            continue
        if sha256(cur.text) != entry.get("old_sha256") or (base and cur.revid != base):
            done(
                PageOutcome(
                    title,
                    PublishStatus.CHANGED_SINCE_READ,
                    None,
                    f"{title}: edited since it was read (now revision {cur.revid}): refresh it "
                    f"again",
                )
            )
            continue
        summary = entry.get("summary", "")
        if not write:
            done(PageOutcome(title, PublishStatus.WOULD_EDIT, None, summary))
            continue
        try:
            answer = site.edit(title, new_text, summary, cur, site.is_bot)
        except EditConflict as exc:
            done(PageOutcome(title, PublishStatus.CONFLICT, None, str(exc)))
            continue
        except PublishError as exc:
            raise PublishError(f"{exc}; stopped at {title!r}: run again to resume") from None
        revid = answer.get("newrevid") or cur.revid  # no newrevid: the wiki had this text
        entry["published"] = {
            "revid": revid,
            "timestamp": answer.get("newtimestamp"),
            "base": cur.revid,
        }
        journal()
        if answer.get("oldrevid") not in (None, cur.revid):
            raise PublishError(
                f"{title}: the wiki merged our edit with revision {answer.get('oldrevid')}, made "
                f"after it was read (new revision {revid}): check it by hand"
            )
        done(PageOutcome(title, PublishStatus.PUBLISHED, revid, summary))
    return result
