# The two commands: `make serve` builds the site into dist/ and serves it,
# `make test` runs every test. Both install what a fresh machine lacks (the
# wasm32 target, wasm-bindgen-cli at the version in Cargo.lock, npm tools,
# and for the tests Debian's Chromium).
SHELL := /bin/bash
PORT ?= 8000
export CHROMEDRIVER ?= /usr/bin/chromedriver

SCALE ?= 200000
FUZZ_SECONDS ?= 30

.PHONY: serve build dist package test lint unit scale fuzz wasm-test e2e browser

## Build dist/ and serve it, and nothing else, on http://127.0.0.1:$(PORT)/
## with the headers a host should send (CSP, nosniff, no-cache; see README).
serve: dist
	@echo "Open http://127.0.0.1:$(PORT)/ (Ctrl+C stops the server)"
	node scripts/serve.mjs $(PORT)

## Build the WebAssembly into www/pkg/: the repository root is then the site.
build:
	scripts/build-web.sh

## dist/ for any static host, and the single-file dist/bitsudoku.html.
dist: build
	node scripts/build-dist.mjs

## The npm package (target/package/bitsudoku-VERSION.tgz, from the files in
## target/package/npm/) and the crate (target/package/bitsudoku-VERSION.crate,
## which `cargo package` also builds once to check it).
package: build
	node scripts/build-package.mjs
	cargo package

## Every test: lints, native unit/integration/property tests, the scale
## cross-check, fuzzing (when cargo-fuzz is installed), the wasm façade in
## Node and Chromium, and the page end to end in headless Chromium.
test: lint unit scale fuzz wasm-test e2e

lint: build
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings
	cargo clippy --lib --test web_node --test web_browser --target wasm32-unknown-unknown --features page,jobs -- -D warnings
	cargo clippy --lib --target wasm32-unknown-unknown --features page -- -D warnings
	cargo clippy --lib --target wasm32-unknown-unknown --features jobs -- -D warnings
	cargo clippy --lib --target wasm32-unknown-unknown --features picture -- -D warnings
	node_modules/.bin/prettier --check www tests/e2e scripts benches/wasm benches/iss benches/load-size.mjs benches/picture-page.mjs benches/pictures/browser_set.mjs examples/*.js examples/*.css sw.js

unit:
	cargo test

## Both engines on $(SCALE) random puzzles of every size and kind.
scale:
	BITSUDOKU_SCALE=$(SCALE) cargo test --test scale -- --ignored --nocapture

## Each fuzz target for $(FUZZ_SECONDS) s, when cargo-fuzz and nightly are there.
fuzz:
	@if cargo fuzz --version >/dev/null 2>&1 && rustup run nightly rustc --version >/dev/null 2>&1; then \
	  scripts/fuzz.sh $(FUZZ_SECONDS); \
	else \
	  echo "fuzzing skipped: needs cargo-fuzz and nightly Rust (cargo install cargo-fuzz; rustup toolchain install nightly)"; \
	fi

browser:
	scripts/ensure-browser.sh

## The wasm façade in Node and headless Chromium, for both builds: the
## baseline and the one compiled for SIMD (simd128).
wasm-test: build browser
	cargo test --target wasm32-unknown-unknown --features page,jobs --test web_node --test web_browser
	RUSTFLAGS="-C target-feature=+simd128" cargo test --target wasm32-unknown-unknown --features page,jobs \
	  --target-dir target/simd --test web_node --test web_browser

e2e: dist browser
	node --test --test-concurrency=1 tests/e2e/*.test.mjs
