#!/bin/sh
# How many generated cases each planted fault needs before `symref fuzz` catches it, per level:
# for every fault, level and seed 1..SEEDS, the number of the first failing case (no shrinking),
# and the property that caught it.  Prints a Markdown table (props/README.md).
# Usage: props/measure_faults.sh [SYMREF] [SEEDS] [COUNT]
symref=${1:-build-props/symref}
seeds=${2:-5}
count=${3:-200}
echo "| fault | level 1 | level 2 | level 3 | caught by (level 3) |"
echo "|---|---|---|---|---|"
for fault in $("$symref" fuzz --list-faults | grep -v "^ " | cut -d' ' -f1); do
  row="| \`$fault\`"
  caught_by=""
  for level in 1 2 3; do
    cases=""
    for seed in $(seq 1 "$seeds"); do
      out=$("$symref" fuzz --seed "$seed" --count "$count" --level "$level" --inject-fault "$fault" \
                --shrink-limit 0 --quiet --output-dir /tmp/symref-measure-faults 2>/dev/null)
      n=$(printf '%s\n' "$out" | sed -n 's/^FAILED: property \([a-z_]*\) on case \([0-9]*\).*/\2/p')
      p=$(printf '%s\n' "$out" | sed -n 's/^FAILED: property \([a-z_]*\) on case.*/\1/p')
      if [ -n "$n" ]; then cases="$cases $n"; else cases="$cases -"; fi
      if [ "$level" = 3 ] && [ -n "$p" ]; then
        case " $caught_by " in *" $p "*) ;; *) caught_by="$caught_by $p" ;; esac
      fi
    done
    row="$row | $(echo $cases | tr ' ' ',')"
  done
  echo "$row | $(echo $caught_by | tr ' ' ',') |"
done
