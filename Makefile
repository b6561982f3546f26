# mtgcr — the two set-up commands for a fresh machine are `make demo` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
SHARED ?= ../shared
DEMO    = .demo

.PHONY: demo test bench venv clean check lint format pymtg

$(BIN)/mtgcr: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
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

## pymtg: python-mtg 0.1.1 (the second conformance engine) in its own environment, never in
##        .venv: it installs generic top-level packages (mtg, effect_handlers, engine_handlers)
pymtg: venv
	$(BIN)/mtgcr fixtures engines --install python-mtg

## lint: ruff and mypy over the packages (mypy reads the package through .lint/mtgcr -> ..,
##       because it cannot follow the editable-install finder)
lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	@mkdir -p .lint && ln -sfn .. .lint/mtgcr
	MYPYPATH=.lint $(BIN)/mypy -p mtgcr

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
	rm -rf $(VENV) $(DEMO) .pytest_cache .lint .mypy_cache .ruff_cache
