# Two commands a newcomer needs: `make dev` (run the service on embedded stores) and `make test`.
# `make check`: lint, format, types and the unit tier in about a minute, before each commit.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: dev test check lint bench clean

# The suite waits more than it computes (browsers, service stacks, a WordPress shop, network):
# on 2 cores two workers kept 0.84 of a core busy, so it runs two workers per core.
TEST_WORKERS ?= $(shell echo $$(( 2 * $$(nproc 2>/dev/null || echo 1) )))

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

dev: $(STAMP)
	$(BIN)/claimsvc dev

# PYTHONDONTWRITEBYTECODE (set on this machine, and in the image) made each xdist worker compile
# the tree and rewrite the asserts of every test module and of the pytest plugins' packages
# (hypothesis, schemathesis) from source, 17 CPU-s each, and every process the tests start
# compile claimsvc again: the suite keeps its bytecode (__pycache__, ignored by git), and one
# collection beside lint and mypy (one core is idle while mypy runs) writes it before the
# workers start. Measured again on a quicker machine (docs/decisions.md, "the checkout page's
# duplicate sizes"): 4 cold workers 33-38 CPU-s, one cold collection then 4 warm 32.7-33.2;
# about neutral, kept.
test: export PYTHONDONTWRITEBYTECODE =
test: $(STAMP)
	$(BIN)/python tools/ensure_chromium.py
	$(BIN)/python tools/ensure_node_deps.py
	$(BIN)/python tools/ensure_promtool.py
	$(BIN)/python tools/ensure_redis_server.py
	$(BIN)/python tools/ensure_php.py
	$(BIN)/python tools/ensure_node.py
	$(BIN)/python -m pytest --collect-only -q -p no:xdist >/dev/null 2>&1 & warm=$$!; \
	$(MAKE) --no-print-directory lint; linted=$$?; wait $$warm; exit $$linted
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

check: lint
	$(BIN)/python -m pytest -n auto tests/unit

lint: $(STAMP)
	$(BIN)/ruff check claimsvc sms_ingest tests bench tools
	$(BIN)/ruff format --check claimsvc sms_ingest tests bench tools
	$(BIN)/mypy claimsvc sms_ingest

bench: $(STAMP)
	$(BIN)/pip install -q -e '.[bench]'  # motor, for its floor beside AsyncMongoClient's
	for f in bench/[!_]*.py; do $(BIN)/python $$f || exit 1; done  # _*.py: shared helpers

clean:
	rm -rf $(VENV) build *.egg-info
