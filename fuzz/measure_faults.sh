#!/bin/sh
# How many generated programs each planted fault needs before `symref fuzz` catches it.
#
#   fuzz/measure_faults.sh check [SYMREF] [SEED...]
#     Every fault of semantics/faults.def whose catch field holds fuzz options, run with those
#     options at each seed (default: 7 and 99), no shrinking: one line per fault and seed with the
#     exit code, the case that failed and the property; then each distinct set of options at each
#     seed without a fault, which must pass (the catches are the faults' own).  Exits 1 when a
#     campaign with a fault did not exit 3 or one without did not exit 0.  Faults caught only by a
#     named test (`test:NAME`) are listed as such and not run.
#   fuzz/measure_faults.sh table [SYMREF] [SEEDS] [OUT]
#     The same campaigns at seeds 1..SEEDS (default 5), as a Markdown table: fault, catching
#     property, programs to the first catch per seed, their median.  With OUT (e.g.
#     bench/README.md), the table replaces the one between the markers
#     `<!-- fault-table-begin -->` and `<!-- fault-table-end -->` in that file.
#   fuzz/measure_faults.sh levels [SYMREF] [SEEDS] [COUNT]
#     Every fault at levels 1, 2 and 3 with all properties (or OPTIONS from the environment, e.g.
#     "--property concrete_fast_path"), seeds 1..SEEDS, COUNT cases each: the first failing case
#     per level and the property that caught it at level 3 (props/README.md).
#
# SYMREF defaults to build/symref.  The catch options are read as tests/props.cmake reads them
# (empty: `--count 100 --level 3`).  FAULTS="name ..." in the environment restricts every mode
# to those faults.
set -u
here=$(cd "$(dirname "$0")" && pwd)
faults_def="$here/../semantics/faults.def"
mode=${1:-check}
[ $# -gt 0 ] && shift
symref=${1:-build/symref}
[ $# -gt 0 ] && shift
output_dir=${TMPDIR:-/tmp}/symref-measure-faults

# "name|catch options" for every FAULT line (those named in $FAULTS, when set).
fault_lines() {
  sed -n 's/^FAULT([A-Za-z0-9]*, "\([a-z0-9-]*\)", "[^"]*", "\([^"]*\)")$/\1|\2/p' "$faults_def" |
    while IFS= read -r line; do
      case " ${FAULTS:-${line%%|*}} " in *" ${line%%|*} "*) echo "$line" ;; esac
    done
}

# One campaign: prints "EXIT CASE PROPERTY" (CASE and PROPERTY `-` when nothing failed).
run_campaign() {  # fault seed options
  out=$(nice "$symref" fuzz --seed "$2" $3 --inject-fault "$1" --shrink-limit 0 --quiet --output-dir "$output_dir" 2>/dev/null)
  code=$?
  n=$(printf '%s\n' "$out" | sed -n 's/^FAILED: property \([a-z_0-9]*\) on case \([0-9]*\).*/\2/p')
  p=$(printf '%s\n' "$out" | sed -n 's/^FAILED: property \([a-z_0-9]*\) on case.*/\1/p')
  echo "$code ${n:--} ${p:--}"
}

case "$mode" in
  check)
    seeds=${*:-7 99}
    missed=0
    option_sets=""
    for line in $(fault_lines | tr ' ' '~'); do
      fault=${line%%|*}
      options=$(printf '%s' "${line#*|}" | tr '~' ' ')
      case "$options" in
        test:*) echo "$fault  caught by the test ${options#test:}"; continue ;;
        "") options="--count 100 --level 3" ;;
      esac
      case "|$option_sets|" in *"|$options|"*) ;; *) option_sets="$option_sets|$options" ;; esac
      for seed in $seeds; do
        set -- $(run_campaign "$fault" "$seed" "$options")
        if [ "$1" = 3 ]; then verdict=caught; else verdict="NOT CAUGHT (exit $1)"; missed=$((missed + 1)); fi
        echo "$fault  seed $seed  $verdict  case $2  $3  [$options]"
      done
    done
    echo "$missed campaign(s) not caught"
    failed=0
    for options in $(printf '%s' "${option_sets#|}" | tr ' |' '~ '); do
      options=$(printf '%s' "$options" | tr '~' ' ')
      for seed in $seeds; do
        nice "$symref" fuzz --seed "$seed" $options --shrink-limit 0 --quiet --output-dir "$output_dir" >/dev/null 2>&1
        code=$?
        if [ "$code" = 0 ]; then verdict=passes; else verdict="FAILS (exit $code)"; failed=$((failed + 1)); fi
        echo "no fault  seed $seed  $verdict  [$options]"
      done
    done
    echo "$failed campaign(s) without a fault not passing"
    [ "$missed" = 0 ] && [ "$failed" = 0 ]
    ;;
  table)
    seeds=${1:-5}
    out_file=${2:-}
    table=$(
      printf '| fault | caught by | programs to the first catch, seeds 1–%s | median |\n' "$seeds"
      echo "|---|---|---|---:|"
      for line in $(fault_lines | tr ' ' '~'); do
        fault=${line%%|*}
        options=$(printf '%s' "${line#*|}" | tr '~' ' ')
        case "$options" in
          test:*) printf '| `%s` | the test `%s` | | |\n' "$fault" "${options#test:}"; continue ;;
          "") options="--count 100 --level 3" ;;
        esac
        cases="" properties=""
        for seed in $(seq 1 "$seeds"); do
          set -- $(run_campaign "$fault" "$seed" "$options")
          cases="$cases $2"
          case " $properties " in *" $3 "*) ;; *) [ "$3" != - ] && properties="$properties $3" ;; esac
        done
        # The median of the seeds' counts, a seed that did not catch counting as the largest.
        median=$(echo $cases | tr ' ' '\n' | sed 's/^-$/999999/' | sort -n |
                   awk '{ v[NR] = $1 } END { m = v[int((NR + 1) / 2)]; print (m == 999999 ? "-" : m) }')
        printf '| `%s` | %s (`%s`) | %s | %s |\n' "$fault" "$(echo $properties | tr ' ' ',')" "$options" \
               "$(echo $cases | tr ' ' ',')" "$median"
      done
    )
    if [ -n "$out_file" ]; then
      begin='<!-- fault-table-begin -->'
      end='<!-- fault-table-end -->'
      if ! grep -q "$begin" "$out_file"; then echo "$out_file has no $begin marker" >&2; exit 2; fi
      printf '%s\n' "$table" > "$output_dir.table"
      awk -v begin="$begin" -v end="$end" -v table="$output_dir.table" '
        $0 == begin { print; while ((getline line < table) > 0) print line; skip = 1; next }
        $0 == end { skip = 0 }
        !skip { print }' "$out_file" > "$out_file.new" && mv "$out_file.new" "$out_file"
    else
      printf '%s\n' "$table"
    fi
    ;;
  levels)
    seeds=${1:-5}
    count=${2:-200}
    echo "| fault | level 1 | level 2 | level 3 | caught by (level 3) |"
    echo "|---|---|---|---|---|"
    for line in $(fault_lines | tr ' ' '~'); do
      fault=${line%%|*}
      row="| \`$fault\`"
      caught_by=""
      for level in 1 2 3; do
        cases=""
        for seed in $(seq 1 "$seeds"); do
          set -- $(run_campaign "$fault" "$seed" "--count $count --level $level ${OPTIONS:-}")
          cases="$cases $2"
          if [ "$level" = 3 ] && [ "$3" != - ]; then
            case " $caught_by " in *" $3 "*) ;; *) caught_by="$caught_by $3" ;; esac
          fi
        done
        row="$row | $(echo $cases | tr ' ' ',')"
      done
      echo "$row | $(echo $caught_by | tr ' ' ',') |"
    done
    ;;
  *)
    echo "usage: fuzz/measure_faults.sh check|table|levels [SYMREF] ..." >&2
    exit 2
    ;;
esac
