# Quick start: `make demo` serves a demo tournament, `make test` runs the tests.
# Both create .venv with Python 3.12+ (Django 6 needs it) and install the project into it.

PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
# axe-core (accessibility checks injected by the browser tests), from the committed lock file.
AXE := tests/browser/node_modules/axe-core/axe.min.js

.PHONY: demo test install run clean

install: $(STAMP) $(AXE)

$(AXE): tests/browser/package.json tests/browser/package-lock.json
	@if command -v npm >/dev/null; then npm ci --prefix tests/browser --no-audit --no-fund && touch $@; \
	else echo "npm not found: the accessibility tests will be skipped"; fi

$(STAMP): pyproject.toml
	@test -x $(PY) || "$$(sh scripts/find-python)" -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $@

demo: install
	DEBUG=$${DEBUG:-1} $(PY) manage.py migrate --no-input
	DEBUG=$${DEBUG:-1} $(PY) manage.py loaddemo
	DEBUG=$${DEBUG:-1} $(PY) manage.py runserver 127.0.0.1:$(PORT)

test: install
	$(PY) -m pytest

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
