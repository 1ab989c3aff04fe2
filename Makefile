# Quick start: `make demo` serves a demo tournament, `make test` runs the tests.
# Both create .venv with Python 3.12+ (Django 6 needs it) and install the project into it.

PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: demo test lint install run clean

install: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || "$$(sh scripts/find-python)" -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $@

demo: install
	DEBUG=$${DEBUG:-1} $(PY) manage.py migrate --no-input
	DEBUG=$${DEBUG:-1} $(PY) manage.py loaddemo
	DEBUG=$${DEBUG:-1} $(PY) manage.py runserver 127.0.0.1:$(PORT)

test: install lint
	$(PY) -m pytest

# The whole tree stays clean: lint rules and formatting are checked before the tests.
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
