# mtgcr — the two set-up commands for a fresh machine are `make demo` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
SHARED ?= ../shared
DEMO    = .demo

.PHONY: demo test test-fast test-latest lock bench venv clean check lint format docs pymtg

# The package's folders: a module added or removed changes its folder's time, and the editable
# install (strict: a tree of links to exactly the package's files, which mypy, IDEs and other
# static tools follow; tests/ and benchmarks/ are not in it) is made again.
PKG_DIRS := $(shell find . -name __init__.py -not -path './.*' -not -path './build/*' \
                -not -path './tests/*' -not -path './benchmarks/*' -printf '%h\n' 2>/dev/null)

# Every install takes the exact versions CI tested (requirements/lock.txt, written by `make lock`);
# PIP_CONSTRAINT (not -c) so that the isolated build of the editable install is pinned too.
LOCK    = requirements/lock.txt

$(BIN)/mtgcr: pyproject.toml $(LOCK) $(PKG_DIRS)
	test -x $(BIN)/pip || $(PYTHON) -m venv $(VENV)
	PIP_CONSTRAINT=$(abspath $(LOCK)) $(BIN)/pip install --quiet --upgrade pip
	PIP_CONSTRAINT=$(abspath $(LOCK)) $(BIN)/pip install --quiet -e '.[test]' --config-settings editable_mode=strict
	touch $@

venv: $(BIN)/mtgcr

## demo: ingest the bundled sample corpus, align it and write the reports
demo: venv
	rm -rf $(DEMO)
	$(BIN)/mtgcr --store $(DEMO)/store.sqlite build $$($(BIN)/python -c 'import mtgcr.corpus.sample as s; print(s.path())') --out $(DEMO)/report
	@echo "demo: store at $(DEMO)/store.sqlite, reports at $(DEMO)/report/index.html"

## test: unit tests, and integration tests on $(SHARED) when it is there
##       (make test SHARED=/path/to/shared: the folder reaches pytest as $$MTGCR_SHARED)
test: venv
	MTGCR_SHARED=$(abspath $(SHARED)) $(BIN)/python -m pytest -q -n 2 --dist loadgroup

## test-fast: the unit tests alone, in about a minute (no real corpus, nothing marked slow)
test-fast: venv
	$(BIN)/python -m pytest -q -n 2 --dist loadgroup -m "not integration and not slow"

## test-latest: the quick tier on the newest release of every dependency that pyproject.toml's
##              ranges allow, in its own environment (.venv-latest, made anew each run): a new
##              release that breaks us shows up here before it reaches a user
test-latest:
	rm -rf .venv-latest
	$(PYTHON) -m venv .venv-latest
	.venv-latest/bin/pip install --quiet --upgrade pip
	.venv-latest/bin/pip install --quiet --upgrade --upgrade-strategy eager -e '.[test]' --config-settings editable_mode=strict
	@grep -v '^#' $(LOCK) | sort -f > .venv-latest/lock.sorted
	@echo "test-latest: versions that differ from the lock (< lock, > newest):"
	@.venv-latest/bin/pip list --format=freeze --exclude-editable | sort -f | diff .venv-latest/lock.sorted - | grep '^[<>]' || echo "  none"
	.venv-latest/bin/python -m pytest -q -n 2 --dist loadgroup -m "not integration and not slow"

## lock: write requirements/lock.txt again: the newest versions the ranges allow, resolved in a
##       fresh environment (.venv-lock), pip, setuptools and wheel included
lock:
	rm -rf .venv-lock
	$(PYTHON) -m venv .venv-lock
	.venv-lock/bin/pip install --quiet --upgrade pip setuptools wheel
	.venv-lock/bin/pip install --quiet '.[test]'
	{ echo "# Exact versions that make test and CI install (pip constraints). Written by make lock; do not edit."; \
	  .venv-lock/bin/pip freeze --all --exclude mtgcr; } > $(LOCK)
	rm -rf .venv-lock build/lib build/bdist* *.egg-info
	@echo "lock: $$(grep -vc '^#' $(LOCK)) packages in $(LOCK)"

## pymtg: python-mtg 0.1.1 (the second conformance engine) in its own environment, never in
##        .venv: it installs generic top-level packages (mtg, effect_handlers, engine_handlers)
pymtg: venv
	$(BIN)/mtgcr fixtures engines --install python-mtg

## lint: ruff (lint and format), the command-line reference, mypy over the package (through
##       the strict editable install, as any static tool or IDE finds it)
lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/cog --check docs/cli.md
	$(BIN)/mypy -p mtgcr

## docs: regenerate the command-line reference (docs/cli.md) from the commands' --help, then
##       build the documentation site (Sphinx + MyST) into docs/_build/html, warnings as errors
docs: venv
	$(BIN)/cog -r docs/cli.md
	$(BIN)/sphinx-build -W --keep-going -q -b html docs docs/_build/html
	@echo "docs: docs/_build/html/index.html"

## format: ruff format over the tree (lint checks that nothing would change)
format: venv
	$(BIN)/ruff format .

## bench: parse/ingest/alignment benchmarks on the real corpus in $(SHARED)
##        (make bench QUICK=1: fewer repeats, the slow rows left out)
bench: venv
	MTGCR_BENCH_QUICK=$(QUICK) $(BIN)/python -m benchmarks.run --shared $(SHARED)

## check: the shared command-line checks on the real corpus
check: venv
	@test -f $(SHARED)/checks/batch1.sh || { echo "make check: $(SHARED)/checks/batch1.sh not found: the shared folder (real corpus and checks) is missing; give its place with make check SHARED=/path/to/shared" >&2; exit 2; }
	PATH=$(abspath $(BIN)):$$PATH bash $(SHARED)/checks/batch1.sh

clean:
	rm -rf $(VENV) .venv-latest .venv-lock $(DEMO) build docs/_build .pytest_cache .mypy_cache .ruff_cache
