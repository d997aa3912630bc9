#!/bin/sh
# Which property catches which planted fault, each property alone: the number of the first
# failing case of `symref fuzz --property P --inject-fault F` at one seed and level, "-" when not
# caught within COUNT cases.  Prints a Markdown table (props/README.md).
# Usage: fuzz/measure_property_matrix.sh [SYMREF] [LEVEL] [COUNT] [SEED]
symref=${1:-build-props/symref}
level=${2:-3}
count=${3:-100}
seed=${4:-1}
properties="substitution definedness correctness completeness traces pc_equals_wp solvers_agree tests_replay simplification_keeps_meaning paths_partition"
printf '| fault |'
for p in $properties; do printf ' %s |' "$p"; done
printf '\n|---|'
for p in $properties; do printf -- '---|'; done
printf '\n'
for fault in $("$symref" fuzz --list-faults | grep -v "^ " | cut -d' ' -f1); do
  printf '| `%s` |' "$fault"
  for p in $properties; do
    out=$("$symref" fuzz --seed "$seed" --count "$count" --level "$level" --property "$p" --inject-fault "$fault" \
              --shrink-limit 0 --quiet --output-dir /tmp/symref-measure-matrix 2>/dev/null)
    n=$(printf '%s\n' "$out" | sed -n 's/^FAILED: property [a-z_]* on case \([0-9]*\).*/\1/p')
    printf ' %s |' "${n:--}"
  done
  printf '\n'
done
