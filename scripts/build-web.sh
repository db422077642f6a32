#!/usr/bin/env bash
# Builds the page's WebAssembly into www/pkg/, installing what is missing:
# the wasm32 target, wasm-bindgen-cli at the exact version in Cargo.lock,
# and the npm tools (binaryen's wasm-opt, esbuild).
#
# Two modules from the same source, sharing one JS glue (the exports are the
# same, so wasm-bindgen writes the same glue for both):
#   bitsudoku_simd_bg.wasm  compiled for simd128 (every current browser)
#   bitsudoku_bg.wasm       the baseline, for engines without it
# www/wasm.js picks one at load, with npm's wasm-feature-detect.
#
#   scripts/build-web.sh           the page's modules, into www/pkg/
#   scripts/build-web.sh --bench   the same with the benchmark export, into
#                                  benches/wasm/pkg/ (for benches/wasm/)
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=${WASM_PROFILE:-wasm-release}
TARGET=wasm32-unknown-unknown
OUT=www/pkg
FEATURES=()
DIR=target
if [ "${1:-}" = --bench ]; then
  OUT=benches/wasm/pkg
  FEATURES=(--features wasm-bench)
  DIR=target/bench
fi

if ! rustup target list --installed | grep -qx $TARGET; then
  rustup target add $TARGET
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

# The SIMD build gets its own target directory, so that the two keep their
# caches (RUSTFLAGS would otherwise rebuild everything each time).
cargo build --lib --profile "$PROFILE" --target $TARGET --target-dir "$DIR" "${FEATURES[@]}"
RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+simd128" \
  cargo build --lib --profile "$PROFILE" --target $TARGET --target-dir "$DIR/simd" "${FEATURES[@]}"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wasm-bindgen --target web --no-typescript --out-dir "$OUT" "$DIR/$TARGET/$PROFILE/bitsudoku.wasm"
wasm-bindgen --target web --no-typescript --out-dir "$tmp" "$DIR/simd/$TARGET/$PROFILE/bitsudoku.wasm"
if ! cmp -s "$OUT/bitsudoku.js" "$tmp/bitsudoku.js"; then
  echo "the SIMD and baseline builds need different glue; they must export the same" >&2
  exit 1
fi
# Debian's binaryen breaks wasm-bindgen output; this is npm's.
node_modules/.bin/wasm-opt -O3 "$OUT/bitsudoku_bg.wasm" -o "$OUT/bitsudoku_bg.wasm"
node_modules/.bin/wasm-opt -O3 --enable-simd "$tmp/bitsudoku_bg.wasm" -o "$OUT/bitsudoku_simd_bg.wasm"
# The baseline must not use SIMD; the SIMD build is pointless without it.
simd_ops() { node_modules/.bin/wasm-opt --enable-simd --metrics "$1" -o /dev/null 2>&1 | grep -c '^ SIMD' || true; }
if [ "$(simd_ops "$OUT/bitsudoku_bg.wasm")" != 0 ] || [ "$(simd_ops "$OUT/bitsudoku_simd_bg.wasm")" = 0 ]; then
  echo "expected SIMD instructions in bitsudoku_simd_bg.wasm and none in bitsudoku_bg.wasm" >&2
  exit 1
fi

# The feature test the loader uses, from npm (Apache-2.0: its licence goes along).
detect=node_modules/wasm-feature-detect
{
  echo "// wasm-feature-detect $(node -p "require('./$detect/package.json').version") (Apache-2.0, see wasm-feature-detect.LICENSE)"
  cat "$detect/dist/esm/index.js"
  echo
} >"$OUT/wasm-feature-detect.js"
cp "$detect/LICENSE" "$OUT/wasm-feature-detect.LICENSE"

for f in bitsudoku_bg.wasm bitsudoku_simd_bg.wasm; do
  raw=$(stat -c %s "$OUT/$f")
  gz=$(gzip -9 -c "$OUT/$f" | wc -c)
  echo "built $OUT/$f: $raw bytes, $gz gzipped"
done
