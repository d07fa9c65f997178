# stytvolt: project plumbing (GNU make).
#
#   make play    set up (if needed), then play Stýrivolt in the terminal against three computer players
#   make test    set up (if needed), then pytest over tests/ and mypy; what CI runs
#   make setup   .venv with the package installed editable + test extras, and
#                node_modules (Pyodide) from package-lock.json; quick when done
#   make wheel   the pure wheel in build/wheel/
#   make bench   every bench/*.py in CPython, then in Pyodide
#   make clean   remove everything the targets above made
#
# Python: the first of python3, python3.14 ... python3.11 on PATH that runs and
# is >= 3.11 (or say `make setup PYTHON=/path/to/python`).  Node.js >= 18 and
# npm must be on PATH.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test
.DELETE_ON_ERROR:

VENV       := .venv
VPY        := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.stytvolt-setup
NODE_STAMP := node_modules/.stytvolt-setup
WHEEL_DIR  := build/wheel

# `command -v` alone is not enough: pyenv puts shims for every installed
# version on PATH, and a shim for a version that is not selected fails to run.
PYTHON ?= $(shell for p in python3 python3.14 python3.13 python3.12 python3.11; do \
	if command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; \
	then command -v $$p; break; fi; done)

.PHONY: setup test wheel bench clean play

setup: $(VENV_STAMP) $(NODE_STAMP)

$(VENV_STAMP): pyproject.toml
	@if [ -z "$(PYTHON)" ]; then \
		echo "make setup: no Python >= 3.11 on PATH (tried python3, python3.14 ... python3.11);" \
		     "install one or run: make setup PYTHON=/path/to/python3.11" >&2; exit 1; fi
	@if ! $(VPY) -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; then \
		"$(PYTHON)" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { \
			echo "make setup: PYTHON=$(PYTHON) is not a Python >= 3.11" >&2; exit 1; }; \
		echo "creating $(VENV) with $(PYTHON) ($$("$(PYTHON)" -c 'import sys; print(sys.version.split()[0])'))"; \
		rm -rf $(VENV); "$(PYTHON)" -m venv $(VENV); fi
	$(VPY) -m pip install --disable-pip-version-check --progress-bar off -e '.[test]'
	@touch $@

$(NODE_STAMP): package.json package-lock.json
	@command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || { \
		echo "make setup: node and npm are needed (Node.js >= 18) to run the package in Pyodide" >&2; exit 1; }
	npm ci --no-audit --no-fund
	@touch $@

# pytest, then mypy; both run even if the first fails, and either failing fails.
# pytest's exit 5 (no test collected) is a failure here: tests/pyodide alone
# always has tests, so collecting none means something is broken.
test: setup
	@rc=0; $(VPY) -m pytest tests || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected no tests (exit 5): failing" >&2; fi; \
	mrc=0; $(VPY) -m mypy || mrc=$$?; \
	if [ $$rc -ne 0 ] || [ $$mrc -ne 0 ]; then \
		echo "make test: FAILED (pytest exit $$rc, mypy exit $$mrc)" >&2; exit 1; fi

play: $(VENV_STAMP)
	$(VENV)/bin/stytvolt play

# build/lib and build/bdist.* go first: setuptools never deletes from them, so a
# module removed from stytvolt/ would otherwise still be in the wheel.
wheel: $(VENV_STAMP)
	rm -f $(WHEEL_DIR)/stytvolt-*.whl
	rm -rf build/lib build/bdist.*
	$(VPY) -m pip wheel --disable-pip-version-check --no-deps -w $(WHEEL_DIR) .

# Every bench/*.py (but _*.py, helper modules) in CPython, then each in Pyodide.
bench: setup wheel
	@shopt -s nullglob; benches=(); \
	for b in bench/*.py; do case "$${b##*/}" in _*) ;; *) benches+=("$$b");; esac; done; \
	if [ $${#benches[@]} -eq 0 ]; then echo "make bench: no bench/*.py to run"; exit 0; fi; \
	whl=$$(ls $(WHEEL_DIR)/stytvolt-*.whl); \
	for b in "$${benches[@]}"; do \
		echo "== CPython $$($(VPY) -c 'import platform; print(platform.python_version())'): $$b"; \
		$(VPY) "$$b"; done; \
	for b in "$${benches[@]}"; do \
		echo "== Pyodide: $$b"; \
		node bench/pyodide.mjs "$$whl" "$$b"; done

clean:
	rm -rf $(VENV) node_modules build dist .pytest_cache .hypothesis .mypy_cache *.egg-info
	find . -path ./.git -prune -o -type d -name __pycache__ -prune -exec rm -rf {} +
