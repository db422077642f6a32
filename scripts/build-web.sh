#!/usr/bin/env bash
# Builds the page's WebAssembly into www/pkg/, installing what is missing:
# the wasm32 target, wasm-bindgen-cli at the exact version in Cargo.lock,
# and the npm tools (binaryen's wasm-opt).
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=${WASM_PROFILE:-wasm-release}
OUT=www/pkg

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen's CLI must match the library exactly (else a schema error).
version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
  echo "installing wasm-bindgen-cli $version (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$version" --locked ||
    cargo install wasm-bindgen-cli --version "$version"
fi

if [ ! -x node_modules/.bin/wasm-opt ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
fi

cargo build --lib --profile "$PROFILE" --target wasm32-unknown-unknown
wasm-bindgen --target web --no-typescript --out-dir "$OUT" \
  "target/wasm32-unknown-unknown/$PROFILE/bitsudoku.wasm"
# Debian's binaryen breaks wasm-bindgen output; this is npm's.
node_modules/.bin/wasm-opt -O3 "$OUT/bitsudoku_bg.wasm" -o "$OUT/bitsudoku_bg.wasm"

raw=$(stat -c %s "$OUT/bitsudoku_bg.wasm")
gz=$(gzip -9 -c "$OUT/bitsudoku_bg.wasm" | wc -c)
echo "built $OUT/bitsudoku_bg.wasm: $raw bytes, $gz gzipped"
