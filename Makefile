# stytvolt: project plumbing (GNU make).
#
#   make serve   set up (if needed), then serve the site at http://127.0.0.1:8000/ (rebuilds on edits)
#   make test    set up (if needed), then build the site (--strict), pytest over tests/ on both cores
#                (the package, Pyodide in Node, the site in Chromium) and mypy; what CI runs;
#                prints its time and its 15 slowest tests (the budget: 15 minutes on 2 cores)
#   make check   the fast inner loop (under 3 minutes): the package's tests in CPython, less the long
#                random sweeps, and mypy; no site, no Pyodide, no browser
#   make play    set up (if needed), then play Stýrivolt in the terminal against three computer players
#   make setup   .venv with the package installed editable + test and site extras,
#                .venv-pyodide (Python >= 3.12) with pyodide-build for the site's lockfile,
#                node_modules (Pyodide, workbox-build) from package-lock.json, and Chromium for the
#                browser tests (apt-get, as root, when /usr/bin/chromium is missing);
#                quick when done
#   make site    the static site in site/ (mkdocs build --strict)
#   make screenshots  the widgets in Chromium, light, dark and 375 px wide, in build/screenshots/
#   make wheel   the pure wheel in build/wheel/, and the copy the site carries (Pyodide bytecode)
#   make bench   every bench/*.py in CPython, then in Pyodide; bench/snapshot.mjs; then bench/site.py in Chromium
#   make clean   remove everything the targets above made
#
# Python: the first of python3, python3.14 ... python3.11 on PATH that runs and
# is >= 3.11 (or say `make setup PYTHON=/path/to/python`).  Node.js >= 18 and
# npm must be on PATH.  Chromium: /usr/bin/chromium, or say
# `make test CHROMIUM=/path/to/chromium-or-chrome`.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test
.DELETE_ON_ERROR:

VENV       := .venv
VPY        := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.stytvolt-setup
# pyodide-build and pyodide-lock (`pyodide lockfile add-wheels`, which writes the site's
# pyodide-lock.json) need Python >= 3.12: they get a venv of their own.
PYODIDE_VENV  := .venv-pyodide
PYODIDE_STAMP := $(PYODIDE_VENV)/.stytvolt-setup
NODE_STAMP := node_modules/.stytvolt-setup
WHEEL_DIR  := build/wheel
CHROMIUM   ?= /usr/bin/chromium
MKDOCS     := NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs

# `command -v` alone is not enough: pyenv puts shims for every installed
# version on PATH, and a shim for a version that is not selected fails to run.
PYTHON ?= $(shell for p in python3 python3.14 python3.13 python3.12 python3.11; do \
	if command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; \
	then command -v $$p; break; fi; done)

# Python >= 3.12 for .venv-pyodide: on PATH, or one that pyenv has installed.
PYTHON312 ?= $(shell for p in python3.14 python3.13 python3.12 python3; do \
	if command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; \
	then command -v $$p; exit 0; fi; done; \
	root=$$(pyenv root 2>/dev/null || echo "$$HOME/.pyenv"); \
	for p in $$(ls -d "$$root"/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV); do \
	if "$$p" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then echo "$$p"; exit 0; fi; done)

.PHONY: setup test check wheel bench clean play serve site chromium screenshots

setup: $(VENV_STAMP) $(PYODIDE_STAMP) $(NODE_STAMP) chromium

$(VENV_STAMP): pyproject.toml
	@if [ -z "$(PYTHON)" ]; then \
		echo "make setup: no Python >= 3.11 on PATH (tried python3, python3.14 ... python3.11);" \
		     "install one or run: make setup PYTHON=/path/to/python3.11" >&2; exit 1; fi
	@if ! $(VPY) -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; then \
		"$(PYTHON)" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { \
			echo "make setup: PYTHON=$(PYTHON) is not a Python >= 3.11" >&2; exit 1; }; \
		echo "creating $(VENV) with $(PYTHON) ($$("$(PYTHON)" -c 'import sys; print(sys.version.split()[0])'))"; \
		rm -rf $(VENV); "$(PYTHON)" -m venv $(VENV); fi
	$(VPY) -m pip install --disable-pip-version-check --progress-bar off -e '.[test,site]'
	@touch $@

$(PYODIDE_STAMP): pyodide-requirements.txt
	@if [ -z "$(PYTHON312)" ]; then \
		echo "make setup: the site's lockfile needs pyodide-build, which needs Python >= 3.12, and none was found" >&2; \
		echo "  (tried python3.14 ... python3.12 on PATH and pyenv's versions); install one, or say" >&2; \
		echo "  make setup PYTHON312=/path/to/python3.12" >&2; exit 1; fi
	@if ! $(PYODIDE_VENV)/bin/python -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then \
		echo "creating $(PYODIDE_VENV) with $(PYTHON312)"; rm -rf $(PYODIDE_VENV); "$(PYTHON312)" -m venv $(PYODIDE_VENV); fi
	$(PYODIDE_VENV)/bin/python -m pip install --disable-pip-version-check --progress-bar off -r pyodide-requirements.txt
	@touch $@

$(NODE_STAMP): package.json package-lock.json
	@command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || { \
		echo "make setup: node and npm are needed (Node.js >= 18) to run the package in Pyodide" >&2; exit 1; }
	npm ci --no-audit --no-fund
	@touch $@

# The browser tests drive this Chromium (Playwright's own browser download is
# never used).  Debian's package when it is missing and we may install it;
# otherwise say what to do.
chromium:
	@if [ -x "$(CHROMIUM)" ]; then exit 0; fi; \
	if [ "$(CHROMIUM)" != /usr/bin/chromium ]; then \
		echo "make setup: CHROMIUM=$(CHROMIUM) is not an executable file" >&2; exit 1; fi; \
	if ! command -v apt-get >/dev/null 2>&1 || [ "$$(id -u)" -ne 0 ]; then \
		echo "make setup: the browser tests need Chromium at /usr/bin/chromium, and it is missing." >&2; \
		echo "  Install it (Debian/Ubuntu, as root: apt-get update && apt-get install -y chromium)," >&2; \
		echo "  or use another Chromium or Chrome: make test CHROMIUM=/path/to/chrome" >&2; exit 1; fi; \
	echo "make setup: installing Chromium for the browser tests (apt-get install chromium)"; \
	export DEBIAN_FRONTEND=noninteractive; \
	{ apt-get update -q && apt-get install -y -q chromium; } || { \
		echo "make setup: apt-get could not install chromium (see above); the browser tests need it at /usr/bin/chromium" >&2; exit 1; }; \
	[ -x /usr/bin/chromium ] || { echo "make setup: apt-get installed chromium but /usr/bin/chromium is missing" >&2; exit 1; }

# The site, built from the working tree (interactive/hooks.py builds the wheel
# and copies Pyodide in from node_modules).
site: $(VENV_STAMP) $(PYODIDE_STAMP) $(NODE_STAMP)
	$(MKDOCS) build --strict

serve: $(VENV_STAMP) $(PYODIDE_STAMP) $(NODE_STAMP)
	$(MKDOCS) serve -a 127.0.0.1:8000

# Light, dark and 375 px pictures of every widget, to look at (build/screenshots/).
screenshots: setup
	STYTVOLT_CHROMIUM="$(CHROMIUM)" $(VPY) tests/site/screenshots.py build/screenshots

# The site's strict build (into build/site, with neither STYTVOLT_SITE_URL nor STYTVOLT_PYODIDE_CDN:
# the default site, as the browser tests expect; `make site` still writes site/), then pytest on
# both cores (pytest-xdist: the browser tests reuse that build through STYTVOLT_BUILT_SITE, each worker
# with its own server and Chromium), then mypy; each runs even if one before it fails, and any failing
# fails.  pytest's exit 5 (no test collected) is a failure here: collecting none means something is
# broken.  It ends with its wall time and the 15 slowest tests: the budget is 15 minutes on 2 cores.
TEST_SITE := build/site
WORKERS   ?= 2
PYTEST_PARALLEL := -n $(WORKERS) --dist worksteal

test: setup
	@start=$$(date +%s); src=0; rm -rf $(TEST_SITE); \
	env -u STYTVOLT_SITE_URL -u STYTVOLT_PYODIDE_CDN $(MKDOCS) build --strict --quiet -d $(TEST_SITE) || src=$$?; \
	if [ $$src -ne 0 ]; then rm -rf $(TEST_SITE); echo "make test: \`mkdocs build --strict\` failed (exit $$src)" >&2; fi; \
	echo "make test: site built in $$(( $$(date +%s) - start )) s; pytest on $(WORKERS) workers"; \
	rc=0; STYTVOLT_BUILT_SITE="$(CURDIR)/$(TEST_SITE)" STYTVOLT_CHROMIUM="$(CHROMIUM)" \
		$(VPY) -m pytest $(PYTEST_PARALLEL) --durations=15 tests || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected no tests (exit 5): failing" >&2; fi; \
	mrc=0; $(VPY) -m mypy || mrc=$$?; \
	took=$$(( $$(date +%s) - start )); \
	echo "make test: $$(( took / 60 )) min $$(( took % 60 )) s in all (the budget: 15 minutes on 2 cores; the 15 slowest tests are listed above)"; \
	if [ $$src -ne 0 ] || [ $$rc -ne 0 ] || [ $$mrc -ne 0 ]; then \
		echo "make test: FAILED (site build exit $$src, pytest exit $$rc, mypy exit $$mrc)" >&2; exit 1; fi

# The fast inner loop (under 3 minutes): the package's own tests in CPython (rules, players, quizzes,
# the web layer's answers) on both cores, less the long random sweeps (marked `sweep`, which make test
# runs), then mypy.  No site build, no Pyodide, no browser.
check: $(VENV_STAMP)
	@start=$$(date +%s); rc=0; \
	$(VPY) -m pytest $(PYTEST_PARALLEL) --durations=5 -m "not sweep" tests --ignore=tests/site --ignore=tests/pyodide || rc=$$?; \
	mrc=0; $(VPY) -m mypy || mrc=$$?; \
	echo "make check: $$(( $$(date +%s) - start )) s (make test runs everything: the sweeps, Pyodide, the site in Chromium)"; \
	if [ $$rc -ne 0 ] || [ $$mrc -ne 0 ]; then echo "make check: FAILED (pytest exit $$rc, mypy exit $$mrc)" >&2; exit 1; fi

play: $(VENV_STAMP)
	$(VENV)/bin/stytvolt play

# The wheel (interactive/wheelbuild.py: python -m build, from the sdist, with a fixed
# SOURCE_DATE_EPOCH, so the same sources give the same bytes), stytvolt-*-py3-none-any.whl, and
# the copy the site carries, compiled to Pyodide's bytecode, stytvolt-*-cp3XY-none-any.whl.
wheel: $(VENV_STAMP) $(NODE_STAMP)
	rm -f $(WHEEL_DIR)/stytvolt-*.whl
	$(VPY) interactive/wheelbuild.py $(WHEEL_DIR) --pyodide

# Every bench/*.py (but _*.py, helper modules, and site.py) in CPython, then
# each in Pyodide; then bench/site.py, the site in Chromium (it says so and
# skips when Chromium is missing, so bench needs no `chromium` setup).
bench: $(VENV_STAMP) $(NODE_STAMP) wheel
	@shopt -s nullglob; benches=(); \
	for b in bench/*.py; do case "$${b##*/}" in _*|site.py) ;; *) benches+=("$$b");; esac; done; \
	if [ $${#benches[@]} -eq 0 ]; then echo "make bench: no bench/*.py to run"; exit 0; fi; \
	whl=$$(ls $(WHEEL_DIR)/stytvolt-*-cp3*-none-any.whl); \
	for b in "$${benches[@]}"; do \
		echo "== CPython $$($(VPY) -c 'import platform; print(platform.python_version())'): $$b"; \
		$(VPY) "$$b"; done; \
	for b in "$${benches[@]}"; do \
		echo "== Pyodide: $$b"; \
		node bench/pyodide.mjs "$$whl" "$$b"; done; \
	echo "== Pyodide: bench/compiled.mjs (the wheel as sources against the compiled copy the site carries)"; \
	node bench/compiled.mjs $$(ls $(WHEEL_DIR)/stytvolt-*-py3-none-any.whl) "$$whl"; \
	echo "== Pyodide: bench/snapshot.mjs (would a memory snapshot cut the engine's start?)"; \
	node bench/snapshot.mjs "$$whl"; \
	echo "== the site in Chromium: bench/site.py"; \
	STYTVOLT_CHROMIUM="$(CHROMIUM)" $(VPY) bench/site.py

clean:
	rm -rf $(VENV) $(PYODIDE_VENV) node_modules build dist site .pytest_cache .hypothesis .mypy_cache *.egg-info
	find . -path ./.git -prune -o -type d -name __pycache__ -prune -exec rm -rf {} +
