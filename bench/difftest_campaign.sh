#!/bin/sh
# The long differential campaign of `symref difftest --campaign`: random programs of generator
# levels 1-3 compared with gcc (+GMP), Dafny, Why3 and Frama-C WP, one tool after another, under
# `nice -n 10`; the table of the results replaces the section "Differential campaigns against
# outside tools" of bench/README.md (bench/difftest_table.py).
#
# Usage: bench/difftest_campaign.sh [SYMREF] [OUT]   (from the repository's root)
#   SYMREF  the binary (default build/symref); OUT  the campaigns' records (default difftest-campaign)
# Environment: SEED (1), LOOP_BOUND (3), TIMEOUT (5 s per proof obligation), RANDOM_INPUTS (20),
#   COUNT_GCC, COUNT_DAFNY, COUNT_WHY3, COUNT_WP (100 programs per level), LEVEL_SECONDS (empty;
#   else each level stops after that many seconds, `--time`), TOOLS (gcc dafny why3 frama-c-wp),
#   LEVELS (1 2 3), README (bench/README.md; empty: print the section only).  Runs into an OUT that holds earlier ones add to it: the table covers them all.
set -u
symref=${1:-build/symref}
out=${2:-difftest-campaign}
seed=${SEED:-1}
loop_bound=${LOOP_BOUND:-3}
timeout=${TIMEOUT:-5}
random_inputs=${RANDOM_INPUTS:-20}
tools=${TOOLS:-gcc dafny why3 frama-c-wp}
levels=${LEVELS:-1 2 3}
readme=${README-bench/README.md}
here=$(dirname "$0")

mkdir -p "$out"
start=$(date +%s)
cut -d' ' -f1-3 /proc/loadavg >> "$out/load.txt"
worst=0
for tool in $tools; do
  case $tool in
    gcc) count=${COUNT_GCC:-100} ;;
    dafny) count=${COUNT_DAFNY:-100} ;;
    why3) count=${COUNT_WHY3:-100} ;;
    frama-c-wp) count=${COUNT_WP:-100} ;;
    *) echo "difftest_campaign.sh: unknown tool $tool" >&2; exit 2 ;;
  esac
  for level in $levels; do
    set -- difftest --campaign --against "$tool" --seed "$seed" --count "$count" ${LEVEL_SECONDS:+--time "$LEVEL_SECONDS"} --level "$level" \
      --loop-bound "$loop_bound" --timeout "$timeout" --random "$random_inputs" --out "$out/$tool-level$level"
    echo "nice -n 10 symref $*" >> "$out/commands.txt"
    echo "== $tool, level $level: $count programs" >&2
    nice -n 10 "$symref" "$@" > "$out/$tool-level$level.txt"
    code=$?
    tail -n 1 "$out/$tool-level$level.txt" >&2
    # 0: every program agrees; 3: a disagreement, shrunk and printed in the .txt file.
    if [ $code -ne 0 ] && [ $code -ne 3 ]; then echo "exit $code" >&2; worst=$code; fi
    if [ $code -eq 3 ] && [ $worst -eq 0 ]; then worst=3; fi
  done
done
end=$(date +%s)
cut -d' ' -f1-3 /proc/loadavg >> "$out/load.txt"
python3 "$here/difftest_table.py" "$out" --wall-seconds $((end - start)) ${readme:+--readme "$readme"}
exit $worst
