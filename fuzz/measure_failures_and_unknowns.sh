#!/bin/bash
# The rule for judging a speed change: failures, unknowns, checks
# and wall seconds per level over 18 campaigns (levels 1-3 x seeds 1-6, 50 cases each, --jobs 2).
# Usage: fuzz/measure_failures_and_unknowns.sh BUILD/symref [extra fuzz options]
symref=${1:?usage: $0 BUILD/symref [fuzz options]}
shift
for level in 1 2 3; do
  failures=0 unknowns=0 checks=0 wall=0
  for seed in 1 2 3 4 5 6; do
    start=$(date +%s.%N)
    out=$("$symref" fuzz --seed "$seed" --count 50 --level "$level" --shrink-limit 0 --quiet --jobs 2 "$@" 2>&1)
    wall=$(awk -v w="$wall" -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", w + e - s }')
    if grep -q "^FAILED" <<< "$out"; then failures=$((failures + 1)); grep "^FAILED" <<< "$out"; fi
    unknowns=$((unknowns + $(grep -o "[0-9]* unknown skipped" <<< "$out" | awk '{ print $1 }')))
    # the tally rows: property, cases, checks, unknown, skipped, seconds
    checks=$((checks + $(awk 'NF == 6 && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ { s += $3 } END { print s + 0 }' <<< "$out")))
  done
  echo "level $level: failures $failures, unknowns $unknowns, checks $checks, wall $wall s"
done
