#!/bin/bash
# Two builds of symref timed on the same fuzz campaign at the same time, each pinned to a core of
# its own, the cores swapped every round: both see the same
# spell of the machine, and neither keeps the faster core.  Prints each round's seconds and the
# geometric mean of the ratios B/A (below 1: B is faster).
# Usage: fuzz/compare_side_by_side.sh A/symref B/symref [ROUNDS] [COUNT] [LEVEL] [SEED]
a=${1:?usage: $0 A/symref B/symref [rounds] [count] [level] [seed]}
b=${2:?usage: $0 A/symref B/symref [rounds] [count] [level] [seed]}
rounds=${3:-4}
count=${4:-300}
level=${5:-1}
seed=${6:-1}
if [ "$(nproc)" -lt 2 ]; then
  echo "compare_side_by_side: needs two cores" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
campaign() {  # campaign CORE BUILD OUTPUT: the campaign's seconds, from its summary line
  taskset -c "$1" "$2" fuzz --seed "$seed" --level "$level" --count "$count" --jobs 1 --no-isolated-checks \
    --quiet --shrink-limit 0 --output-dir "$work" 2>/dev/null |
    sed -n 's/^[0-9]* programs in \([0-9.]*\) s.*/\1/p' > "$3"
}
ratios=""
for round in $(seq "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then core_a=0 core_b=1; else core_a=1 core_b=0; fi
  campaign "$core_a" "$a" "$work/a" &
  campaign "$core_b" "$b" "$work/b" &
  wait
  seconds_a=$(cat "$work/a") seconds_b=$(cat "$work/b")
  if [ -z "$seconds_a" ] || [ -z "$seconds_b" ]; then
    echo "compare_side_by_side: round $round: a campaign gave no summary line" >&2
    exit 1
  fi
  echo "round $round: A on core $core_a $seconds_a s, B on core $core_b $seconds_b s"
  ratios="$ratios $seconds_b/$seconds_a"
done
awk -v ratios="$ratios" 'BEGIN {
  n = split(ratios, r, " "); log_sum = 0
  for (i = 1; i <= n; ++i) { split(r[i], q, "/"); log_sum += log(q[1] / q[2]) }
  printf "B/A: geometric mean of %d ratios %.3f\n", n, exp(log_sum / n)
}'
