# The two commands of the README: `make run` (install, start the web app) and `make test`.
PYTHON ?= python3
PIP = $(PYTHON) -m pip

.PHONY: run install test-deps test test-fast lint bench

install:
	$(PIP) install -q -e .

# `make run PORT=8123` for another port.
PORT ?= 8000
run: install
	$(PYTHON) -m puzzlesmith serve --port $(PORT)

# constraints.txt holds the versions the suite passed with, so a fresh machine tests the same.
test-deps:
	$(PIP) install -q -e '.[test]' -c constraints.txt

lint:
	$(PYTHON) -m ruff check src tests benchmarks scripts
	$(PYTHON) -m mypy

test: test-deps lint
	$(PYTHON) -m pytest

# Everything but the browser tests and the slow ones (`@pytest.mark.slow`): the check before
# a commit, a few minutes.
test-fast: test-deps lint
	$(PYTHON) -m pytest -m "not browser and not slow"

bench: install
	$(PYTHON) -m benchmarks.run_all
