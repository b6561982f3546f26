"""The site's stylesheet and script, written once to ``DIR/static/`` (no external assets)."""

from __future__ import annotations

CSS = """\
:root { --fg:#1d1d1f; --muted:#5f6368; --bg:#fff; --line:#e3e3e3; --accent:#0b57d0;
        --ex:#f5f7fa; --mark:#ffe58a; --del:#fde2e1; --ins:#dcf5e3; }
* { box-sizing: border-box; }
body { font: 16px/1.55 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Hiragino Sans",
       "Noto Sans CJK JP", sans-serif; color: var(--fg); background: var(--bg); margin: 0; }
main { max-width: 52rem; margin: 0 auto; padding: 0 1rem 4rem; }
main.wide { max-width: 90rem; }
header.top { border-bottom: 1px solid var(--line); padding: .5rem 1rem; display: flex;
             flex-wrap: wrap; gap: .5rem 1rem; align-items: center; font-size: .9rem; }
header.top .meta { color: var(--muted); }
nav.crumbs { font-size: .9rem; color: var(--muted); margin: .8rem 0; }
a { color: var(--accent); text-decoration: none; } a:hover { text-decoration: underline; }
a.term { color: inherit; text-decoration: underline dotted #9aa0a6; text-underline-offset: 2px; }
a.term:hover { color: var(--accent); }
h1 { font-size: 1.5rem; margin: 1rem 0; } h2 { font-size: 1.2rem; margin-top: 2rem; }
.rule { margin: .6rem 0; padding: .1rem .4rem; border-left: 3px solid transparent; }
.rule.sub { margin-left: 1.2rem; }
.rule:target, .hit { border-left-color: var(--accent); background: #eef3fd; }
.num { font-weight: 600; margin-right: .35rem; color: var(--fg); }
.tools { font-size: .78rem; margin-left: .4rem; }
.tools a { color: var(--muted); margin-left: .3rem; }
.example { background: var(--ex); margin: .35rem 0 .35rem 1rem; padding: .35rem .6rem;
           border-radius: 4px; font-size: .95rem; }
.example::before { content: attr(data-label) " "; font-style: italic; color: var(--muted); }
mark { background: var(--mark); padding: 0 .1rem; }
del { background: var(--del); } ins { background: var(--ins); text-decoration: none; }
nav.pager { display: flex; justify-content: space-between; margin-top: 2rem;
            border-top: 1px solid var(--line); padding-top: .8rem; }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
th, td { text-align: left; border-bottom: 1px solid var(--line); padding: .3rem .4rem;
         vertical-align: top; }
.side { display: grid; grid-template-columns: 1fr 1fr; gap: 0 1.2rem; }
.side > div { min-width: 0; }
.stale { border-left-color: #d93025 !important; }
.stale-note { color: #d93025; font-size: .8rem; }
.quoted { color: var(--muted); font-size: .8rem; }
.kind { font-size: .8rem; padding: 0 .35rem; border-radius: 3px; background: var(--ex); }
input[type=search] { font: inherit; width: 100%; padding: .5rem; border: 1px solid var(--line);
                     border-radius: 4px; }
ul.hits { list-style: none; padding: 0; } ul.hits li { margin: .6rem 0; }
dl.glossary dt { font-weight: 600; margin-top: 1rem; } dl.glossary dd { margin-left: 1rem; }
@media (max-width: 40rem) { .side { grid-template-columns: 1fr; } body { font-size: 15px; } }
@media print { header.top, nav.pager, .tools, nav.crumbs select { display: none; }
               a { color: inherit; } .rule { break-inside: avoid; } }
"""

JS = """\
// mtgcr site script: release selector, search, highlighting of search hits.
(function () {
  "use strict";
  function $(s, r) { return (r || document).querySelector(s); }
  var sel = $("select.release");
  if (sel) sel.addEventListener("change", function () { if (sel.value) location.href = sel.value; });
  // The language's releases (LANG/releases.js): the selector, and on a section page shared by
  // several releases, the date line, breadcrumb and title of the release in the address.
  var R = window.MTGCR_RELEASES;
  if (sel && R && R.releases.length) {
    var file = sel.getAttribute("data-file") || "index.html";
    var sec = /^(\\d+)\\.html$/.exec(file);
    var parts = decodeURIComponent(location.pathname).split("/");
    var here = parts[parts.length - 2], mine = null;
    if (here === "latest") here = R.releases[0].key;
    sel.textContent = "";
    R.releases.forEach(function (r) {
      var o = document.createElement("option");
      o.value = "../" + r.key + "/" + (sec && r.sections.indexOf(+sec[1]) < 0 ? "index.html" : file);
      o.textContent = r.text;
      if (r.key === here) { o.selected = true; mine = r; }
      sel.appendChild(o);
    });
    var when = $("header .when");
    if (mine && when && sec && mine.side) {  // its side-by-side pages, after the heading
      var css = $("link[rel=stylesheet]").getAttribute("href").replace(/static\\/site\\.css$/, "");
      var p = document.createElement("p"), first = true;
      mine.side.forEach(function (s) {
        if (s[2].indexOf(+sec[1]) < 0) return;
        if (!first) p.appendChild(document.createTextNode(" · "));
        var a = document.createElement("a");
        a.href = css + s[1] + "/side/" + file; a.textContent = s[0];
        p.appendChild(a); first = false;
      });
      var h1 = $("main h1");
      if (!first && h1) h1.parentNode.insertBefore(p, h1.nextSibling);
    }
    if (mine && when) {
      when.textContent = mine.when;
      var key = $("nav.crumbs a.key");
      if (key) key.textContent = mine.key;
      document.title = document.title.replace(/ — CR$/, " — CR " + mine.key);
    }
  }

  function words(q) { return q.toLowerCase().split(/\\s+/).filter(Boolean); }
  // Where the words are in a text: [start, end) pairs in order (a case-insensitive match on
  // the text itself when lower-casing changes its length, so offsets stay the text's own).
  function cutsOf(text, ws) {
    var low = text.toLowerCase(), cuts = [];
    if (low.length !== text.length) low = text;
    ws.forEach(function (w) {
      var i = low.indexOf(w);
      while (i >= 0) { cuts.push([i, i + w.length]); i = low.indexOf(w, i + w.length); }
    });
    return cuts.sort(function (a, b) { return a[0] - b[0]; });
  }
  // The text with its words marked, as DOM nodes (text nodes and <mark> elements): nothing of
  // the text or the query is ever parsed as HTML.
  function marked(text, ws) {
    var frag = document.createDocumentFragment(), pos = 0;
    cutsOf(text, ws).forEach(function (c) {
      if (c[0] < pos) return;
      frag.appendChild(document.createTextNode(text.slice(pos, c[0])));
      var m = document.createElement("mark"); m.textContent = text.slice(c[0], c[1]);
      frag.appendChild(m); pos = c[1];
    });
    frag.appendChild(document.createTextNode(text.slice(pos)));
    return frag;
  }
  // Search: "120.4" finds the rule and its subrules, "120.4." the rule alone, words find text.
  function run(index, q) {
    q = q.trim();
    if (!q) return [];
    var m = /^(\\d{3}(?:\\.\\d{1,3}[a-z]{0,2})?)(\\.?)$/.exec(q);
    if (m) {
      var n = m[1], exact = m[2] === ".";
      return index.entries.filter(function (e) {
        if (e[0] === n) return true;
        if (exact) return false;
        var rest = e[0].slice(n.length);
        return e[0].indexOf(n) === 0 && (n.indexOf(".") < 0 ? /^\\./.test(rest) : /^[a-z]+$/.test(rest));
      });
    }
    var ws = words(q);
    return index.entries.filter(function (e) {
      var t = (e[0] + " " + e[2]).toLowerCase();
      return ws.every(function (w) { return t.indexOf(w) >= 0; });
    });
  }
  var box = $("#q");
  var S = window.MTGCR_SEARCH;
  if (S && !S.entries && S.rules && window.MTGCR_TEXTS) {  // texts kept once per language
    S.entries = S.rules.map(function (r) {
      return [r[0], r[0].split(".")[0] + ".html", window.MTGCR_TEXTS[r[1]], "R" + r[0].replace(/\\./g, "")];
    });
  }
  if (box && S && S.entries) {
    var list = $("#hits"), info = $("#count");
    var go = function () {
      var q = box.value, hits = run(window.MTGCR_SEARCH, q), ws = words(q);
      info.textContent = q.trim() ? hits.length + " rule" + (hits.length === 1 ? "" : "s") : "";
      list.textContent = "";
      hits.slice(0, 200).forEach(function (e) {
        var li = document.createElement("li"), a = document.createElement("a");
        var b = document.createElement("b");
        a.className = "hit-link";
        a.setAttribute("href", e[1] + "?q=" + encodeURIComponent(q) + "#" + e[3]);
        b.textContent = e[0];
        a.appendChild(b);
        li.appendChild(a);
        li.appendChild(document.createTextNode(" "));
        li.appendChild(marked(e[2].slice(0, 300), /^\\d{3}/.test(q) ? [] : ws));
        list.appendChild(li);
      });
    };
    box.addEventListener("input", go);
    var p = new URLSearchParams(location.search).get("q");
    if (p) { box.value = p; }
    go();
  }
  // A section page opened from a search hit: mark the words in its text nodes (links kept),
  // keep the hit in view.
  function markNodes(el, ws) {
    var walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT), nodes = [], n;
    while ((n = walker.nextNode())) nodes.push(n);
    nodes.forEach(function (node) {
      if (!cutsOf(node.nodeValue, ws).length) return;
      node.parentNode.replaceChild(marked(node.nodeValue, ws), node);
    });
  }
  var q = new URLSearchParams(location.search).get("q");
  if (q && !box) {
    var ws = /^\\d{3}/.test(q.trim()) ? [] : words(q);
    document.querySelectorAll(".rule").forEach(function (el) {
      if (ws.length && ws.every(function (w) { return el.textContent.toLowerCase().indexOf(w) >= 0; })) {
        markNodes(el, ws);
        el.classList.add("hit");
      }
    });
    if (location.hash) { var t = document.getElementById(location.hash.slice(1)); if (t) t.scrollIntoView(); }
  }
})();
"""
