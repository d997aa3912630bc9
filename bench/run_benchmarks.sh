#!/usr/bin/env bash
# On-demand benchmarks (not part of ctest): symref's concrete interpreter against idiomatic Lua 5.4
# on the same algorithms with the same input (symref reads it from --input, Lua from arg), then the
# symbolic engines.  Usage: bench/run_benchmarks.sh BUILD_DIR [PROGRAM...].  Figures go to stdout;
# bench/README.md records them.
set -euo pipefail
build="${1:?usage: run_benchmarks.sh BUILD_DIR [PROGRAM...]}"
shift
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
symref="$build/symref"
lua="${LUA:-lua5.4}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

if ! command -v "$lua" > /dev/null 2>&1; then
  echo "error: $lua not found: install Lua 5.4 (Debian: apt-get install lua5.4) or set LUA=/path/to/lua5.4;" >&2
  echo "       the concrete benchmarks compare symref with Lua and cannot run without it" >&2
  exit 1
fi

# Best of five runs: "CPU WALL" in seconds per command (bench/best_of.py), CPU = user + system time
# of the process.  The ratio is taken on CPU time: on a machine shared with other work the wall
# clock also counts the time the process waited for a core, CPU time does not.  symref and Lua run
# alternately, one run of each per round, so that both see the same load.
timing() { python3 "$here/best_of.py" "$@"; }

# The input of each program: its size (Lua's arg) and the same input as a symref state.
size_of() {
  case "$1" in
    count_loop) echo 30000000 ;;
    fibonacci) echo 30 ;;
    insertion_sort) echo 2000 ;;
    linked_list) echo 1000000 ;;
    factorial) echo 2000 ;;
  esac
}
write_input() {  # NAME SIZE FILE
  case "$1" in
    insertion_sort)  # a descending array n, n-1, ..., 1: the same one the Lua twin builds
      { printf '{"globals": {"a": ['; seq -s, "$2" -1 1; printf ']}}\n'; } > "$3" ;;
    *) printf '{"globals": {"n": %s}}\n' "$2" > "$3" ;;
  esac
}

programs=("$@")
[ ${#programs[@]} -eq 0 ] && programs=(count_loop fibonacci insertion_sort linked_list factorial)

echo "== concrete interpreter vs idiomatic Lua 5.4 (best of 5, runs alternating; CPU = user + system seconds, wall clock in brackets)"
echo "   $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-15s %12s %16s %16s %7s %14s\n" program transitions "symref CPU (wall)" "Lua CPU (wall)" ratio transitions/s
for name in "${programs[@]}"; do
  size=$(size_of "$name")
  input="$scratch/$name.json"
  write_input "$name" "$size" "$input"
  # The text output (--json writes the heap through an ordered JSON object, slow for 10^6 objects).
  steps=$("$symref" run "$here/programs/$name.sym" --input "$input" --max-steps 1000000000 2>/dev/null |
          sed -n 's/^steps: \([0-9]*\)$/\1/p')
  read -r symref_cpu symref_wall lua_cpu lua_wall <<< "$(timing "$symref" run "$here/programs/$name.sym" --input "$input" \
    --max-steps 1000000000 --- "$lua" "$here/programs/$name.lua" "$size")"
  ratio=$(echo "$symref_cpu / $lua_cpu" | bc -l)
  rate=$(echo "$steps / $symref_cpu" | bc -l)
  printf "%-15s %12s %16s %16s %7.2f %14.0f\n" "$name" "$steps" "$symref_cpu ($symref_wall)" "$lua_cpu ($lua_wall)" "$ratio" "$rate"
done
echo "   load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -z "${SKIP_EXPLORE:-}" ]; then
  python3 "$here/explore_benchmarks.py" "$symref"
  python3 "$here/shortcut_benchmarks.py" "$symref"
fi
