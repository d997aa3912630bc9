#!/usr/bin/env bash
# On-demand benchmarks (not part of ctest): symref against Lua 5.4 on the same algorithms, and
# the symbolic engines.  Usage: bench/run_benchmarks.sh BUILD_DIR.  Figures go to stdout; the
# README records them.
set -euo pipefail
build="${1:?usage: run_benchmarks.sh BUILD_DIR}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
symref="$build/symref"

seconds() {  # best of 5 wall-clock runs of a command, in seconds
  local best=""
  for _ in 1 2 3 4 5; do
    local start end elapsed
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1
    end=$(date +%s.%N)
    elapsed=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || (( $(echo "$elapsed < $best" | bc -l) )); then best=$elapsed; fi
  done
  printf "%.3f" "$best"
}

echo "== concrete interpreter vs Lua 5.4 (best of 5, wall clock)"
printf "%-14s %12s %10s %10s %8s %14s\n" program transitions symref_s lua_s ratio transitions/s
for name in count_loop fibonacci; do
  steps=$("$symref" run "$here/programs/$name.sym" --max-steps 1000000000 --json 2>/dev/null | sed -n 's/^  "steps": \([0-9]*\),$/\1/p')
  symref_time=$(seconds "$symref" run "$here/programs/$name.sym" --max-steps 1000000000)
  lua_time=$(seconds lua5.4 "$here/programs/$name.lua")
  ratio=$(echo "$symref_time / $lua_time" | bc -l)
  rate=$(echo "$steps / $symref_time" | bc -l)
  printf "%-14s %12s %10s %10s %8.2f %14.0f\n" "$name" "$steps" "$symref_time" "$lua_time" "$ratio" "$rate"
done
python3 "$here/explore_benchmarks.py" "$symref"
python3 "$here/shortcut_benchmarks.py" "$symref"
