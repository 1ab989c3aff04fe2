# Quick start: `make demo` serves a demo tournament, `make test` runs the tests.
# Both create .venv with Python 3.12+ (Django 6 needs it) and install the project into it.

PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
# axe-core (accessibility checks injected by the browser tests), from the committed lock file.
AXE := tests/browser/node_modules/axe-core/axe.min.js

.PHONY: demo demo-mirror test lint install run clean translations

# Compiled translations (.mo) are built from the .po files in locale/ and never committed;
# pybabel (installed with the project) compiles them without GNU gettext.
MESSAGES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))

install: $(STAMP) $(MESSAGES) $(AXE)

locale/%.mo: locale/%.po $(STAMP)
	$(VENV)/bin/pybabel compile --statistics --domain $(basename $(notdir $@)) \
		--locale $(firstword $(subst /, ,$*)) --input-file $< --output-file $@

# Re-extract every marked string into the .po files, keeping the translations (needs xgettext).
translations: install
	PYTHON=$(PY) sh scripts/update-translations

$(AXE): tests/browser/package.json tests/browser/package-lock.json
	@if command -v npm >/dev/null; then npm ci --prefix tests/browser --no-audit --no-fund && touch $@; \
	else echo "npm not found: the accessibility tests will be skipped"; fi

# The project is installed by uv (pip installs uv itself): the same packages as pip would take,
# fetched in parallel and cached, in about 10 s on a fresh machine instead of pip's 90.
# Their bytecode is compiled as they are installed, on every core (as pip would, one file after
# the other; uv leaves it out by default): otherwise the first processes to start after an
# install, the test processes and the servers beside them, would each compile Django again.
$(STAMP): pyproject.toml
	@test -x $(PY) || "$$(sh scripts/find-python)" -m venv $(VENV)
	$(PY) -m pip install --quiet uv
	$(VENV)/bin/uv pip install --quiet --compile-bytecode --python $(PY) -e '.[dev]'
	@touch $@

# The demo with the task worker beside runserver (scripts/demo).
demo: install
	PYTHON=$(PY) PORT=$(PORT) sh scripts/demo

# The demo at a venue publishing to a second server playing the public site (docs/deployment.md).
demo-mirror: install
	PYTHON=$(PY) PORT=$(PORT) sh scripts/demo-mirror

# PYTEST_ARGS is handed to pytest: `make test PYTEST_ARGS="-m postgresql"` runs only the tests of
# the database that CI's PostgreSQL pass runs (tests/conftest.py says which).
# One test process more than the machine has cores: a good share of the suite waits (servers
# starting, pages refreshing in the browser, jobs due in a few seconds), and the extra process
# works meanwhile; two more cost more CPU than they save (docs/performance.md, "Test suite").
TEST_PROCESSES ?= $(shell $(PY) -c "import os; print(len(getattr(os, 'sched_getaffinity', lambda _: range(os.cpu_count()))(0)) + 1)")

# Bytecode is written even where the environment asks for none (PYTHONDONTWRITEBYTECODE, as in
# some containers): the run starts a few hundred Python processes (servers, commands), and each
# would otherwise compile the project again, as pytest would rewrite every test module's asserts.
test: install lint
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -n $(TEST_PROCESSES) --dist worksteal $(PYTEST_ARGS)

# The whole tree stays clean: lint rules and formatting are checked before the tests.
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
	find locale -name '*.mo' -delete
