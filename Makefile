# Two commands on a fresh machine with Python 3.11 and make:
#   make demo   sets up .venv and runs the tour of every game plus a seeded Monte Carlo run
#   make test   sets up .venv and runs the whole suite (JIT pass, NUMBA_DISABLE_JIT pass, doctests,
#               benchmarks once each at small sizes, notebooks, the package build, the docs build)
#   make docs   the API reference, from the docstrings and the CLI's parser, in build/docs/index.html
#   make test-py313   the fast suite again on the newest Python that Numba supports here (3.13)
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# stdin from /dev/null: a CLI under test that reads stdin must see an empty input, never wait on a terminal
PYTEST := $(PY) -m pytest -p no:cacheprovider </dev/null
# test processes (pytest-xdist); CI has 2 cores
JOBS ?= 2

.PHONY: demo test test-jit test-nojit test-bench test-notebooks test-dist test-docs test-py313 docs lint bench bench-compare profile clean distclean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,notebooks,distributed,docs]'
	touch $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/bitcards demo

test: lint test-jit test-nojit test-bench test-notebooks test-dist test-docs

lint: $(STAMP)
	$(PY) -m ruff check bitcards tests bench
	$(PY) -m mypy bitcards

# the kernels are compiled once, by $(JOBS) processes, into the on-disk cache; the test processes load them
test-jit: $(STAMP)
	$(PY) -c "import bitcards; bitcards.warmup(jobs=$(JOBS))"
	$(PYTEST) -n $(JOBS) --durations=15 tests bitcards README.md --doctest-modules --doctest-glob=README.md

# honest coverage of the kernels as plain Python: a fast subset
test-nojit: $(STAMP)
	NUMBA_DISABLE_JIT=1 BITCARDS_HYPOTHESIS=nojit $(PYTEST) -n $(JOBS) --durations=15 tests bitcards --doctest-modules \
		-m "not slow and not jit" -q -W "ignore:overflow encountered:RuntimeWarning"

# every benchmark once, at small sizes, so none can rot
test-bench: $(STAMP)
	BITCARDS_BENCH=small $(PYTEST) -n $(JOBS) bench --benchmark-disable -q

test-notebooks: $(STAMP)
	@if ls notebooks/*.ipynb >/dev/null 2>&1; then BITCARDS_NOTEBOOK_SMALL=1 $(PY) notebooks/run_notebooks.py --jobs=$(JOBS) </dev/null; else echo "no notebooks yet"; fi

# the sdist and wheel build, pass `twine check --strict`, and carry every module, py.typed, LICENSE and the tests
test-dist: $(STAMP)
	rm -rf build/dist && mkdir -p build/dist
	$(PY) -m build --outdir build/dist . >build/dist/build.log 2>&1 || { cat build/dist/build.log; exit 1; }
	$(PY) -m twine check --strict build/dist/*.whl build/dist/*.tar.gz
	$(PY) .ci/check_dist.py build/dist

# the API reference (Sphinx); any warning fails the build
docs: $(STAMP)
	$(PY) -m sphinx -b html -W --keep-going -q docs build/docs
	@echo "open build/docs/index.html"

# a fresh build, so a warning in a page that did not change still fails
test-docs: $(STAMP)
	$(PY) -m sphinx -b html -W --keep-going -q -E docs build/docs

# the supported Pythons are 3.11 (make test) to the newest one Numba supports; this runs the JIT suite
# without the slow tests, and the NUMBA_DISABLE_JIT subset, on that one in its own venv
PYTHON313 ?= $(firstword $(wildcard $(HOME)/.pyenv/versions/3.13*/bin/python3.13) python3.13)
VENV313 ?= .venv313
$(VENV313)/.installed: pyproject.toml Makefile
	$(PYTHON313) -m venv $(VENV313)
	$(VENV313)/bin/python -m pip install --quiet --upgrade pip
	$(VENV313)/bin/python -m pip install --quiet -e '.[dev,notebooks,distributed]'
	touch $@

test-py313: $(VENV313)/.installed
	$(VENV313)/bin/python -c "import bitcards; bitcards.warmup(jobs=$(JOBS))"
	$(VENV313)/bin/python -m pytest -p no:cacheprovider -n $(JOBS) -q tests bitcards README.md --doctest-modules \
		--doctest-glob=README.md -m "not slow" </dev/null
	NUMBA_DISABLE_JIT=1 BITCARDS_HYPOTHESIS=nojit $(VENV313)/bin/python -m pytest -p no:cacheprovider -n $(JOBS) tests bitcards \
		--doctest-modules -m "not slow and not jit" -q -W "ignore:overflow encountered:RuntimeWarning" </dev/null

# full benchmarks; writes bench/RESULTS.md
bench: $(STAMP)
	$(PYTEST) bench --benchmark-json=bench/results.json --benchmark-min-rounds=3 -q
	$(PY) bench/report.py bench/results.json bench/RESULTS.md

# the benchmarks of OLD (a git revision) and of the working tree, alternately in one session: bench/COMPARE.md
OLD ?= HEAD~1
bench-compare: $(STAMP)
	$(PY) bench/compare.py $(OLD) $(if $(K),-k "$(K)")

# where a solver's time goes, by compiled kernel (needs Linux perf): WORKLOAD=skat-clubs|skat-grand|skat-null|jass|euchre,
# HOT=N also lists the N instructions with the most samples
WORKLOAD ?= skat-clubs
HOT ?= 0
profile: $(STAMP)
	$(PY) bench/profile.py $(WORKLOAD) --hot $(HOT)

# the compiled-kernel cache lives in __pycache__
clean:
	find bitcards tests bench -name __pycache__ -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) $(VENV313) build *.egg-info
