#!/usr/bin/env bash
# Whole process, side by side: `bitsudoku count|solve --jobs 1 FILE` against
# the least program around the `sudoku` crate that reads, parses, answers and
# prints the same (benches/compare/crate_count.rs). Both outputs are compared
# first (OURS=path runs another build of bitsudoku); then the best of ROUNDS wall times of each, and with INSTR=1 the
# instructions counted by callgrind (stable on a noisy machine).
#
#   bash benches/whole-process.sh [count|solve] [FILE...]
#   (default: count, the five 9×9 sets of ../shared/data/9x9)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-count}
shift || true
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  for f in puzzles2_17_clue puzzles3_magictour_top1465 puzzles5_forum_hardest_1905_11+ \
    puzzles6_forum_hardest_1106 puzzles7_serg_benchmark; do
    files+=("../shared/data/9x9/$f")
  done
fi
rounds=${ROUNDS:-5}
cargo build --release --quiet
cargo build --release --quiet --manifest-path benches/compare/Cargo.toml --bin crate-count
ours=("${OURS:-target/release/bitsudoku}" "$mode" --jobs 1 --quiet)
crate=(benches/compare/target/release/crate-count "$mode")

best_ms() {
  local best=
  for _ in $(seq "$rounds"); do
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    local ms=$(((end - start) / 100000))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  # tenths of a millisecond
  printf '%d.%d' $((best / 10)) $((best % 10))
}

instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

printf '| set | bitsudoku %s ms | crate ms | crate ÷ bitsudoku (time)' "$mode"
[ "${INSTR:-0}" = 1 ] && printf ' | bitsudoku M instr | crate M instr'
printf ' |\n'
for f in "${files[@]}"; do
  # Compare answers only where both print the same thing (solve's lines
  # differ on puzzles without a unique solution).
  if ! cmp -s <("${ours[@]}" "$f" 2>/dev/null) <("${crate[@]}" "$f"); then
    echo "note: the outputs differ on $f" >&2
  fi
  a=$(best_ms "${ours[@]}" "$f")
  b=$(best_ms "${crate[@]}" "$f")
  printf '| %s | %s | %s | %.2f' "$(basename "$f")" "$a" "$b" "$(echo "$b / $a" | bc -l)"
  if [ "${INSTR:-0}" = 1 ]; then
    printf ' | %d | %d' $(($(instructions "${ours[@]}" "$f") / 1000000)) $(($(instructions "${crate[@]}" "$f") / 1000000))
  fi
  printf ' |\n'
done
