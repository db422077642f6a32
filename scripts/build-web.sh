#!/usr/bin/env bash
# Builds the WebAssembly into www/pkg/, installing what is missing: the
# wasm32 target, wasm-bindgen-cli at the exact version in Cargo.lock, and the
# npm tools (binaryen's wasm-opt, esbuild).
#
# Five modules; the first four in two builds that share one JS glue (the
# exports are the same, so wasm-bindgen writes the same glue for both):
#   bitsudoku            the page's: the solver and the grid view (feature
#                        `page`), for the page, its worker and <sudoku-solver>
#   bitsudoku_jobs       the page's jobs a first visit does not run (feature
#                        `jobs`: counting, estimating, every possible value,
#                        the generator, collections), which the page's jobs
#                        worker loads on the first such request, and the
#                        promise API on its first generate or check
#   bitsudoku_solver     the solver alone (parse, solve, count, format), for
#                        the promise API and its worker
#   bitsudoku_single     the page's and the jobs module's exports in one
#                        (features `page` and `jobs`), for the single file,
#                        which inlines one module (scripts/build-dist.mjs)
#   bitsudoku_picture    the picture reader (feature `picture`), which the
#                        page loads only when a picture is opened; baseline
#                        only (reading a picture gains nothing from SIMD)
#   *_simd_bg.wasm       compiled for simd128 (every current browser)
#   *_bg.wasm            the baseline, for engines without it
# www/wasm-build.js picks the build at load (WebAssembly.validate of a SIMD probe).
#
#   scripts/build-web.sh           the modules, into www/pkg/
#   scripts/build-web.sh --bench   the page's module with the benchmark export
#                                  instead, into benches/wasm/pkg/ (benches/wasm/)
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=${WASM_PROFILE:-wasm-release}
TARGET=wasm32-unknown-unknown
OUT=www/pkg
DIR=target
# name, cargo features; one line per module.
MODULES=("bitsudoku page" "bitsudoku_jobs jobs" "bitsudoku_solver" "bitsudoku_single page,jobs" "bitsudoku_picture picture")
# Modules built without SIMD only.
BASELINE_ONLY=" bitsudoku_picture "
simd_too() { [[ $BASELINE_ONLY != *" $1 "* ]]; }
if [ "${1:-}" = --bench ]; then
  OUT=benches/wasm/pkg
  DIR=target/bench
  MODULES=("bitsudoku wasm-bench")
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

# Each module and build gets its own target directory, so that they keep
# their caches (features and RUSTFLAGS would otherwise rebuild everything).
# The library is an rlib for Rust users; the cdylib is asked for here.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
simd_ops() { node_modules/.bin/wasm-opt --enable-simd --metrics "$1" -o /dev/null 2>&1 | grep -c '^ SIMD' || true; }
for module in "${MODULES[@]}"; do
  read -r name features <<<"$module"
  dir=$DIR
  [ "$name" = bitsudoku ] || dir="$DIR/$name"
  build() {
    cargo rustc --lib --crate-type cdylib --profile "$PROFILE" --target $TARGET --target-dir "$1" \
      ${features:+--features "$features"}
  }
  build "$dir"
  wasm-bindgen --target web --out-name "$name" --out-dir "$OUT" "$dir/$TARGET/$PROFILE/bitsudoku.wasm"
  # Debian's binaryen breaks wasm-bindgen output; this is npm's.
  node_modules/.bin/wasm-opt -O3 "$OUT/${name}_bg.wasm" -o "$OUT/${name}_bg.wasm"
  # The baseline must not use SIMD.
  if [ "$(simd_ops "$OUT/${name}_bg.wasm")" != 0 ]; then
    echo "expected no SIMD instructions in ${name}_bg.wasm" >&2
    exit 1
  fi
  simd_too "$name" || continue
  RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+simd128" build "$dir/simd"
  wasm-bindgen --target web --out-name "$name" --out-dir "$tmp" "$dir/simd/$TARGET/$PROFILE/bitsudoku.wasm"
  if ! cmp -s "$OUT/$name.js" "$tmp/$name.js"; then
    echo "the SIMD and baseline builds of $name need different glue; they must export the same" >&2
    exit 1
  fi
  node_modules/.bin/wasm-opt -O3 --enable-simd "$tmp/${name}_bg.wasm" -o "$OUT/${name}_simd_bg.wasm"
  # The SIMD build is pointless without SIMD instructions.
  if [ "$(simd_ops "$OUT/${name}_simd_bg.wasm")" = 0 ]; then
    echo "expected SIMD instructions in ${name}_simd_bg.wasm" >&2
    exit 1
  fi
done

# Files of the feature test the loader no longer uses (www/wasm-build.js).
rm -f "$OUT/wasm-feature-detect.js" "$OUT/wasm-feature-detect.LICENSE"

for module in "${MODULES[@]}"; do
  read -r name _ <<<"$module"
  builds=("${name}_bg.wasm")
  simd_too "$name" && builds+=("${name}_simd_bg.wasm")
  for f in "${builds[@]}"; do
    raw=$(stat -c %s "$OUT/$f")
    gz=$(gzip -9 -c "$OUT/$f" | wc -c)
    echo "built $OUT/$f: $raw bytes, $gz gzipped"
  done
done
