#!/bin/sh
# Programs per second per level with every property on: one `symref fuzz --time SECONDS` run per
# level (fuzz/README.md).  Usage: fuzz/measure_throughput.sh [SYMREF] [SECONDS]
symref=${1:-build-props/symref}
seconds=${2:-60}
for level in 1 2 3; do
  printf 'level %s: ' "$level"
  "$symref" fuzz --seed 1 --time "$seconds" --level "$level" --quiet --shrink-limit 0 --output-dir /tmp/symref-throughput 2>/dev/null | grep -E "programs/s|^FAILED"
done
