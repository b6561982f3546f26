"""The package's structure, checked from the code's own imports: the layers import only
downward (errors ← corpus ← extract ← crossref ← reports | conformance ← apis ← api | fetching
← cli), no two modules import each other through any chain (no import cycle), and every folder
with an ``__init__.py`` is a package of the wheel.

Every ``import`` statement counts, also those inside functions (a lazy import is still a
dependency), except those under ``if TYPE_CHECKING:`` (names for annotations, never run).
``from mtgcr.x import y`` where ``y`` is a module counts as an import of
``mtgcr.x.y``; otherwise as one of ``mtgcr.x``.
"""

from __future__ import annotations

import ast
import functools
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Folders of the checkout that are not part of the package.
NOT_PACKAGE = {
    "tests",
    "benchmarks",
    "docs",
    ".venv",
    ".lint",
    "build",
    "dist",
    ".git",
    ".demo",
    "out",
}

#: Layer of each top-level part of the package; a module may import its own part and lower
#: layers only. ``reports`` and ``conformance`` are one layer apart from each other: neither
#: imports the other.
LAYERS = {
    "mtgcr._lazy": 0,
    "mtgcr.errors": 0,
    "mtgcr.corpus": 1,
    "mtgcr.extract": 2,
    "mtgcr.crossref": 3,
    "mtgcr.reports": 4,
    "mtgcr.conformance": 4,
    "mtgcr.apis": 5,
    "mtgcr.api": 6,
    "mtgcr.fetching": 6,
    "mtgcr.cli": 7,
}


def package_files() -> dict[str, Path]:
    """Module name → file, for every module of the package (not tests, not benchmarks)."""
    out = {}
    for path in ROOT.rglob("*.py"):
        rel = path.relative_to(ROOT)
        if (
            rel.parts[0] in NOT_PACKAGE
            or rel.parts[0].startswith(".")
            or "__pycache__" in rel.parts
        ):
            continue
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(["mtgcr", *parts])] = path
    return out


def imports_of(name: str, path: Path, modules: set[str]) -> set[str]:
    """The package modules ``name`` imports (every import statement, any depth)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):  # drop the bodies of ``if TYPE_CHECKING:``
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against this module's package
                base = name.split(".")
                base = base if is_package else base[:-1]
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            targets = []
            for a in node.names:
                sub = f"{mod}.{a.name}"
                targets.append(sub if sub in modules else mod)
        else:
            continue
        for t in targets:
            while t and t not in modules and "." in t:
                t = t.rsplit(".", 1)[0]  # ``import mtgcr.x.y.z`` of a name inside a module
            if t in modules and t != name:
                found.add(t)
    return found


@functools.lru_cache(maxsize=1)
def graph() -> dict[str, set[str]]:
    """Module → the package modules it imports (computed once per test run)."""
    files = package_files()
    names = set(files)
    return {n: imports_of(n, p, names) for n, p in files.items()}


def layer_of(module: str) -> tuple[str, int] | None:
    for part, layer in LAYERS.items():
        if module == part or module.startswith(part + "."):
            return part, layer
    return None


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out = []
    counter = 0
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(g[w]))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_the_checker_finds_a_cycle_and_an_upward_import():
    g = {"mtgcr.corpus.a": {"mtgcr.corpus.b"}, "mtgcr.corpus.b": {"mtgcr.corpus.a"}}
    assert cycles(g) == [["mtgcr.corpus.a", "mtgcr.corpus.b"]]
    assert upward({"mtgcr.corpus.a": {"mtgcr.cli.main"}}) == ["mtgcr.corpus.a -> mtgcr.cli.main"]


def upward(g: dict[str, set[str]]) -> list[str]:
    bad = []
    for src, targets in sorted(g.items()):
        s = layer_of(src)
        if s is None:
            continue
        for dst in sorted(targets):
            d = layer_of(dst)
            if d is None or d[0] == s[0]:
                continue
            if d[1] >= s[1]:
                bad.append(f"{src} -> {dst}")
    return bad


def test_every_module_belongs_to_a_layer():
    g = graph()
    assert [m for m in g if m != "mtgcr" and layer_of(m) is None] == []


def test_imports_only_go_down_the_layers():
    assert upward(graph()) == []


def test_no_import_cycle_between_modules():
    assert cycles(graph()) == []


def test_every_package_folder_is_in_the_wheel():
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(conf["tool"]["setuptools"]["packages"])
    folders = {
        "mtgcr." + ".".join(p.parent.relative_to(ROOT).parts) if p.parent != ROOT else "mtgcr"
        for p in ROOT.rglob("__init__.py")
        if p.relative_to(ROOT).parts[0] not in NOT_PACKAGE
        and not p.relative_to(ROOT).parts[0].startswith(".")
    }
    assert folders == listed


#: Exceptions that are not errors a user acts on: interruptions carrying partial results, and
#: what pytest itself reports. Every other exception class of the package derives from
#: :class:`mtgcr.errors.MtgcrError`, so the command line catches one class.
NOT_USER_ERRORS = {
    "mtgcr.cli.main.Terminated",  # SIGTERM, raised as KeyboardInterrupt
    "mtgcr.extract.ingest.IngestInterrupted",  # Ctrl-C, with what was stored
    "mtgcr.reports.build_site.BuildInterrupted",  # Ctrl-C, with the reports written
    "mtgcr.conformance.pytest_plugin.FixtureFailure",  # a failing fixture, for pytest's report
    "mtgcr.conformance.pytest_plugin.StaleFixtureWarning",  # a pytest warning
    # python-mtg's worker runs under python-mtg's own interpreter without mtgcr: its refusal
    # becomes a JSON reply, and the adapter raises the MtgcrError kinds from it
    "mtgcr.conformance.engines.pymtg_worker.Refusal",
}


def test_every_user_error_derives_from_the_one_root():
    import importlib
    import inspect

    from mtgcr.errors import MtgcrError

    others = set()
    for name in sorted(package_files()):
        module = importlib.import_module(name)
        for cname, cls in vars(module).items():
            if (
                inspect.isclass(cls)
                and cls.__module__ == name
                and issubclass(cls, BaseException)
                and not issubclass(cls, MtgcrError)
            ):
                others.add(f"{name}.{cname}")
    assert others == NOT_USER_ERRORS


#: Folders of tests/ that are not a package path: the tiers and data of their own.
TEST_FOLDERS_OF_THEIR_OWN = {"integration", "data", "fixtures", "__pycache__"}
#: Test modules at the top of tests/: the modules at the package's root (api.py) and the checks
#: of the whole package (this file, the wheel, the documentation).
TOP_LEVEL_TESTS = {"test_api.py", "test_architecture.py", "test_docs.py", "test_wheel.py"}


def misplaced_tests(tests: Path, package: set[str]) -> list[str]:
    """Test files of ``tests`` that are not in the folder of a package path: a test of
    ``mtgcr.extract.formats`` lives in ``tests/extract/formats/``. Returns their paths (relative
    to ``tests``); ``package`` holds the package's folders as ``a/b`` paths."""
    bad = []
    for path in sorted(tests.rglob("test_*.py")):
        rel = path.relative_to(tests)
        if rel.parts[0] in TEST_FOLDERS_OF_THEIR_OWN:
            continue
        folder = "/".join(rel.parts[:-1])
        if (folder == "" and rel.name not in TOP_LEVEL_TESTS) or (folder and folder not in package):
            bad.append(rel.as_posix())
    return bad


def package_folders() -> set[str]:
    """The package's sub-package folders as ``a/b`` paths (``mtgcr.extract.formats`` → ``extract/formats``)."""
    return {
        "/".join(m.split(".")[1:]) for m, p in package_files().items() if p.name == "__init__.py"
    }


def test_tests_mirror_the_package(tmp_path):
    """Every test module sits in the folder of the package it tests; a test planted in a folder
    no package has, or loose at the top of tests/, is found."""
    assert misplaced_tests(ROOT / "tests", package_folders()) == []
    (tmp_path / "extract" / "nowhere").mkdir(parents=True)
    (tmp_path / "extract" / "nowhere" / "test_x.py").write_text("")
    (tmp_path / "test_loose.py").write_text("")
    (tmp_path / "extract" / "test_ok.py").write_text("")
    assert misplaced_tests(tmp_path, {"extract"}) == ["extract/nowhere/test_x.py", "test_loose.py"]


def private_imports(files: dict[str, Path]) -> list[str]:
    """``module:line: name`` for every underscore name one module of ``files`` (module name →
    path) imports from another module of the package (``from mtgcr.x import _y``, or
    relatively): a name another module needs is public, documented and in its ``__all__``."""
    found = []
    for name, path in sorted(files.items()):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if not (node.level or (node.module or "").split(".")[0] == "mtgcr"):
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{name}:{node.lineno}: {alias.name}")
    return found


def test_no_private_name_is_imported_across_modules(tmp_path):
    assert private_imports(package_files()) == []
    planted = tmp_path / "m.py"
    planted.write_text("from mtgcr.extract.rulenum import RuleNumber, _hidden\nfrom . import _x\n")
    assert private_imports({"mtgcr.m": planted}) == ["mtgcr.m:1: _hidden", "mtgcr.m:2: _x"]
