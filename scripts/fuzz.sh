#!/usr/bin/env bash
# Runs each fuzz target for SECONDS (default 30) and reports its executions.
# Corpora live under target/fuzz-corpus/ (seeded from tests/data/).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-30}
for target in parse solve logic cli; do
  corpus=target/fuzz-corpus/$target
  mkdir -p "$corpus"
  # Comparison tracing helps the parser (symbols), not the solver (grids),
  # where it cost two thirds of the throughput. No sanitizer: the crate
  # has no unsafe code.
  flags=(-O -s none)
  seeds=(tests/data/judge)
  extra=()
  if [ "$target" = solve ] || [ "$target" = logic ]; then flags+=(--no-trace-compares); seeds=(); fi
  # The CLI path: inputs long enough for over-long lines, its per-puzzle
  # messages silenced (libFuzzer still reports crashes), 512 MB of memory at
  # most: the reader must stay flat.
  if [ "$target" = cli ]; then
    extra=(-max_len=40000 -close_fd_mask=2 -rss_limit_mb=512)
    # A seed with a line past the cap between two puzzles, so the reader's
    # skipping is explored from the start (libFuzzer grows inputs slowly).
    seeds+=(target/fuzz-seeds/cli)
    mkdir -p target/fuzz-seeds/cli
    { printf '\x98'; head -c 9000 /dev/zero | tr '\0' x; printf '\n'; grep -hv -m 3 '^#' tests/data/9x9_hardest.txt; } \
      >target/fuzz-seeds/cli/long-line
  fi
  (cd fuzz && cargo +nightly fuzz run "${flags[@]}" "$target" "../$corpus" "${seeds[@]/#/../}" -- \
    -max_total_time="$SECONDS_EACH" -print_final_stats=1 "${extra[@]}" 2>&1) | tee "target/fuzz-$target.log" |
    grep -E '^(==|INFO: Running|Done|stat::number_of_executed_units)|panicked|ERROR' || true
  if grep -qE 'ERROR|panicked|deadly signal' "target/fuzz-$target.log"; then
    echo "fuzz target $target failed; see target/fuzz-$target.log and fuzz/artifacts/$target/" >&2
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "target/fuzz-$target.log")
  # A target that did not build or start ran nothing: that fails too.
  if [ -z "$runs" ]; then
    grep -E '^error' "target/fuzz-$target.log" >&2 || true
    echo "fuzz target $target did not run; see target/fuzz-$target.log" >&2
    exit 1
  fi
  echo "fuzz $target: $runs executions in ${SECONDS_EACH} s"
done
