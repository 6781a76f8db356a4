# Workload tuning for TrueNAS. `make run` starts the standalone host with the sandbox box; `make test` runs everything
# a fresh Debian machine can run (it installs what it needs: apt, pip, npm).
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
export PYTHONPATH := $(CURDIR)/middleware:$(CURDIR)/plugin
PORT ?= 8080
TUNING_DATA ?= $(CURDIR)/var
export PORT TUNING_DATA

.PHONY: run test deps deps-run deps-system deps-python deps-ui ui test-python test-truenas test-ui test-e2e test-vm lab bench install-truenas package app clean

run: deps-run deps-python ui
	$(PY) -m tuning_host

test: deps
	bash scripts/test-all.sh

deps: deps-system deps-python deps-ui

deps-system:
	bash scripts/install-system-packages.sh

deps-run:
	bash scripts/install-system-packages.sh run

$(VENV)/.installed: requirements/plugin.txt requirements/test.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r requirements/test.txt
	touch $@

deps-python: $(VENV)/.installed

deps-ui:
	cd ui && npm install --no-audit --no-fund --loglevel=error

ui/dist/tuning/browser/index.html: $(shell find ui/src -type f 2>/dev/null) ui/package.json
	$(MAKE) deps-ui
	cd ui && npm run build

ui: ui/dist/tuning/browser/index.html

test-python: deps-python
	$(PY) -m pytest tests/unit tests/api -q

test-truenas: deps-python ui
	bash tests/truenas_rules/run.sh all
	bash tests/truenas_live/run.sh

test-ui: deps-ui
	cd ui && npm test

test-e2e: deps-python ui
	node tests/e2e/run.mjs

test-vm: deps-python
	bash tests/vm/run.sh

# Each built-in preset's effect on HDD-shaped disks in the VM, written to docs/efficacy.md; hours, not in `make test`.
lab: deps-python
	PYTHONPATH=middleware:plugin $(PY) tests/vm/lab.py $(LAB_ARGS)

bench: deps-python
	for f in tests/bench/*.py; do $(PY) $$f || exit 1; done

# The release artefact for TrueNAS: dist/truenas-tuning-<version>.tar.gz (+ .sha256); docs/truenas-install.md
package: ui
	python3 plugin/install/package.py --out dist

# The TrueNAS App's image (README "Install as a TrueNAS App"): docker-archive + OCI layout, built from Debian packages
# and this checkout as root, cached in ~/.cache/truenas-tuning/app (TUNING_APP_CACHE)
app: ui
	bash plugin/app/build-image.sh

install-truenas:
	python3 plugin/install/truenas_install.py --from-checkout

clean:
	rm -rf var ui/dist tests/artifacts
