# Two commands on a fresh machine with Python 3.11 and make:
#   make demo   sets up .venv and runs the tour of every game plus a seeded Monte Carlo run
#   make test   sets up .venv and runs the whole suite (JIT pass, NUMBA_DISABLE_JIT pass, doctests,
#               benchmarks once each at small sizes, notebooks)
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# stdin from /dev/null: a CLI under test that reads stdin must see an empty input, never wait on a terminal
PYTEST := $(PY) -m pytest -p no:cacheprovider </dev/null

.PHONY: demo test test-jit test-nojit test-bench test-notebooks lint bench clean distclean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,notebooks,distributed]'
	touch $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/bitcards demo

test: lint test-jit test-nojit test-bench test-notebooks

lint: $(STAMP)
	$(PY) -m ruff check bitcards tests bench
	$(PY) -m mypy bitcards

test-jit: $(STAMP)
	$(PYTEST) tests bitcards README.md --doctest-modules --doctest-glob=README.md

# honest coverage of the kernels as plain Python: a fast subset
test-nojit: $(STAMP)
	NUMBA_DISABLE_JIT=1 BITCARDS_HYPOTHESIS=nojit $(PYTEST) tests bitcards --doctest-modules \
		-m "not slow and not jit" -q -W "ignore:overflow encountered:RuntimeWarning"

# every benchmark once, at small sizes, so none can rot
test-bench: $(STAMP)
	BITCARDS_BENCH=small $(PYTEST) bench --benchmark-disable -q

test-notebooks: $(STAMP)
	@if ls notebooks/*.ipynb >/dev/null 2>&1; then BITCARDS_NOTEBOOK_SMALL=1 $(PY) notebooks/run_notebooks.py </dev/null; else echo "no notebooks yet"; fi

# full benchmarks; writes bench/RESULTS.md
bench: $(STAMP)
	$(PYTEST) bench --benchmark-json=bench/results.json --benchmark-min-rounds=3 -q
	$(PY) bench/report.py bench/results.json bench/RESULTS.md

# the compiled-kernel cache lives in __pycache__
clean:
	find bitcards tests bench -name __pycache__ -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) build *.egg-info
