#!/usr/bin/env bash
# On-demand benchmark (not part of ctest) of the front end and of long integers on hostile sizes:
# `symref check` on programs of one and two megabytes (linear time: the second takes about twice
# as long), on the deepest inputs the parser refuses and the longest chains it accepts, and `run`
# of a program that squares an integer up to the million-bit limit (printing and reading long
# integers are subquadratic).  Usage: bench/front_end_benchmark.sh BUILD_DIR.  Prints one line per
# command with the best of five CPU and wall times (bench/best_of.py) and the exit status;
# bench/README.md records the figures.
set -euo pipefail
build="${1:?usage: front_end_benchmark.sh BUILD_DIR}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
symref="$build/symref"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# program_of_size BYTES FILE: straight-line statements, calls and branches up to BYTES.
program_of_size() {
  python3 - "$1" "$2" << 'EOF'
import sys
size, path = int(sys.argv[1]), sys.argv[2]
line = "  x := x + 1; y := x * 2 - y; if x < y { a[0] := x; } else { p(y); }\n"
head = "var x: int; var y: int; var a: int[];\nproc p(k: int) { x := k; }\nmain {\n"
with open(path, "w") as out:
    out.write(head + line * ((size - len(head)) // len(line) + 1) + "}\n")
EOF
}

# repeated FILE PREFIX PIECE COUNT MIDDLE CLOSING SUFFIX: PREFIX, PIECE COUNT times, MIDDLE,
# CLOSING COUNT times, SUFFIX.
repeated() {
  python3 - "$@" << 'EOF'
import sys
path, prefix, piece, count, middle, closing, suffix = sys.argv[1:]
with open(path, "w") as out:
    out.write(prefix + piece * int(count) + middle + closing * int(count) + suffix)
EOF
}

huge=200000
prefix="var x: int; var b: bool; main { "
program_of_size 1000000 "$scratch/one_megabyte.sym"
program_of_size 2000000 "$scratch/two_megabytes.sym"
repeated "$scratch/parentheses.sym" "$prefix x := " "(" $huge "1" ")" "; }"
repeated "$scratch/ifs.sym" "$prefix" "if b { " $huge "" "}" " }"
repeated "$scratch/else_ifs.sym" "$prefix if b { skip; }" " else if b { skip; }" $huge "" "" " }"
repeated "$scratch/sum.sym" "$prefix x := 1" " + 1" $huge "" "" "; }"

measure() {  # measure LABEL COMMAND...: best of five, and the exit status of one more run
  local label=$1
  shift
  local status=0
  "$@" > /dev/null 2>&1 || status=$?
  printf '%-28s %s  exit %d\n' "$label" "$(python3 "$here/best_of.py" "$@")" "$status"
}

echo "command                      CPU s  wall s  exit"
measure "check, 1 MB" "$symref" check "$scratch/one_megabyte.sym"
measure "check, 2 MB" "$symref" check "$scratch/two_megabytes.sym"
measure "check, 200,000 (" "$symref" check "$scratch/parentheses.sym"
measure "check, 200,000 nested if" "$symref" check "$scratch/ifs.sym"
measure "check, 200,000 else if" "$symref" check "$scratch/else_ifs.sym"
measure "check, 200,000-term sum" "$symref" check "$scratch/sum.sym"
measure "run integer_growth" "$symref" run "$here/../corpus/errors/integer_growth.sym"
