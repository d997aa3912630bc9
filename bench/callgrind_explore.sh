#!/bin/bash
# Instruction counts (valgrind's callgrind, Ir) of `symref explore` for a restructuring that must not
# slow the search: path_explosion_12 (4,096 feasible leaves, text output) and the first case of
# seeds 1..COUNT of level 1, summed (JSON output).  Counts do not depend on the machine's load, so
# two binaries compare in one run on a busy machine.
#
#   bench/callgrind_explore.sh REFERENCE NEW [COUNT]
#
# REFERENCE and NEW are symref binaries; the programs come from REFERENCE's `gen`, so both run the
# same ones.  COUNT defaults to 100.  Prints one line per binary and measure, and the change.
set -eu
reference=$1
new=$2
count=${3:-100}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

instructions() {  # instructions BINARY ARGS... : the Ir total of one run
  local binary=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$@" > /dev/null 2> "$work/err" || true
  grep -oE 'Collected : [0-9]+' "$work/err" | grep -oE '[0-9]+'
}

for seed in $(seq 1 "$count"); do "$reference" gen --seed "$seed" --level 1 > "$work/p$seed.sym"; done

declare -A explosion random
for binary in "$reference" "$new"; do
  explosion[$binary]=$(instructions "$binary" explore "$here/programs/path_explosion_12.sym")
  total=0
  for seed in $(seq 1 "$count"); do
    total=$((total + $(instructions "$binary" explore "$work/p$seed.sym" --format json)))
  done
  random[$binary]=$total
  echo "$binary: path_explosion_12 ${explosion[$binary]} Ir, $count level-1 programs $total Ir"
done
change() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.2f%%", 100 * (b - a) / a }'; }
echo "change: path_explosion_12 $(change "${explosion[$reference]}" "${explosion[$new]}"), level 1 $(change "${random[$reference]}" "${random[$new]}")"
