#!/bin/sh
# Long chains are no nesting (semantics/syntax/parser.hpp): generates a 10,000-term sum, a
# 5,000-branch `else if` chain and 5,000-conjunct `&&` and `||` conditions, and runs each through
# every command and engine that takes a program; each must finish with the expected answer and
# none may exhaust the stack.  Usage: long_chains.sh SYMREF WORKDIR
set -u
symref="$1"
work="$2"
rm -rf "$work"
mkdir -p "$work"
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# expect CODE PATTERN COMMAND...: the command exits with CODE and its output matches PATTERN.
expect() {
  code="$1"
  pattern="$2"
  shift 2
  start=$(date +%s)
  "$@" > "$work/out.txt" 2>&1
  actual=$?
  echo "$(( $(date +%s) - start )) s: $*"
  if [ "$actual" -ne "$code" ]; then
    fail "exit $actual, not $code: $*"
    tail -5 "$work/out.txt" >&2
  elif ! grep -q -e "$pattern" "$work/out.txt"; then
    fail "no '$pattern' in the output of: $*"
    tail -5 "$work/out.txt" >&2
  fi
}

# x := y + 1 + y + 1 + ... (10,000 terms) = 5000 * y + 5000
{
  echo "var x: int; var y: int;"
  printf "main {\n  x := y + 1"
  seq 2 5000 | awk '{ printf " + y + 1" }'
  printf ";\n  assert x == 5000 * y + 5000;\n}\n"
} > "$work/sum.sym"
echo '{"globals": {"y": 3}, "heap": {}}' > "$work/sum.input.json"

# if x == 0 { r := 0; } else if x == 1 { r := 1; } ... else if x == 4999 { ... } else { r := -1; }
# on x = 4998, then one branch on an input: 5,000 tests on one path, decided without the solver.
{
  echo "var x: int; var r: int; var y: int;"
  printf "main {\n  x := 4998;\n  if x == 0 { r := 0; }"
  seq 1 4999 | awk '{ printf " else if x == %d { r := %d; }", $1, $1 }'
  printf " else { r := -1; }\n  assert r == x;\n  if y > 0 { r := r + y; }\n  assert r >= 4998;\n}\n"
} > "$work/else_if.sym"
echo '{"globals": {"y": 0}, "heap": {}}' > "$work/else_if.input.json"

# 5,000-operand && and || whose first and last operands read the array: the last read is checked
# only where all the operands before it hold, so the defined paths have len(a) >= 2 and the one
# out-of-bounds path an array too short.
{
  echo "var a: int[]; var x: int; var b: bool;"
  printf "main {\n  assume a[0] >= 0"
  seq 1 4998 | awk '{ printf " && x != %d", $1 }'
  printf " && a[1] >= 0;\n  assert len(a) >= 2 && x != 2500;\n  b := a[0] < 0"
  seq 1 4998 | awk '{ printf " || x == %d", $1 }'
  printf " || a[1] < 0;\n  assert !b;\n}\n"
} > "$work/conjunction.sym"
echo '{"globals": {"a": [0, 1], "x": 5000, "b": false}, "heap": {}}' > "$work/conjunction.input.json"

# The trace engine computes path(rho) afresh for every node, quadratic in the length of a path:
# on the 5,000 tests of one path that is minutes, so it gets a chain of 500 (no stack is at stake
# there: path(rho) and the term passes walk with explicit stacks).
{
  echo "var x: int; var r: int; var y: int;"
  printf "main {\n  x := 498;\n  if x == 0 { r := 0; }"
  seq 1 499 | awk '{ printf " else if x == %d { r := %d; }", $1, $1 }'
  printf " else { r := -1; }\n  assert r == x;\n  if y > 0 { r := r + y; }\n  assert r >= 498;\n}\n"
} > "$work/else_if_500.sym"

for program in sum else_if conjunction; do
  file="$work/$program.sym"
  traced="$file"
  [ "$program" = else_if ] && traced="$work/else_if_500.sym"
  expect 0 "" "$symref" check "$file"
  expect 0 "outcome: normal" "$symref" run "$file" --input "$work/$program.input.json"
  expect 0 "" "$symref" step "$file" --input "$work/$program.input.json"
  expect 0 "" "$symref" explore "$file" --solver both
  expect 0 "" "$symref" explore "$traced" --solver both --engine trace
  expect 0 "" "$symref" explore "$file" --heap lazy
  expect 0 "" "$symref" explore "$file" --heap summary
  expect 0 "" "$symref" explore "$file" --format json --smt-dir "$work/smt-$program"
  expect 0 "" "$symref" wp "$traced" --outcome normal
  expect 0 "" "$symref" report "$file" --input "$work/$program.input.json" --layout own -o "$work/$program.html"
done

# The answers, not only the exits: the assertions hold on every feasible path (each proved by
# both solvers), and the one out-of-bounds path is found.
expect 0 "x = 20000" "$symref" run "$work/sum.sym" --input "$work/sum.input.json"
expect 0 "r = 4998" "$symref" run "$work/else_if.sym" --input "$work/else_if.input.json"
expect 0 "stats: 2 paths, 1 feasible, 1 infeasible, 0 unknown" "$symref" explore "$work/sum.sym" --solver both
expect 0 "stats: 3 paths, 2 feasible, 1 infeasible, 0 unknown; 5006 steps" "$symref" explore "$work/else_if.sym" --solver both
expect 0 "stats: 6 paths, 3 feasible, 3 infeasible, 0 unknown" "$symref" explore "$work/conjunction.sym" --solver both
expect 0 "path 6  E  out-of-bounds  sat" "$symref" explore "$work/conjunction.sym" --solver both
expect 0 "path 2  DTTDF  infeasible (pruned), would be assertion-failure" "$symref" explore "$work/conjunction.sym" --solver both

# The other engines.  apc builds its flow graph of the 5,000-branch case split and then refuses
# it, cleanly, for its more than 4,096 backbones (one per branch).
for program in sum else_if conjunction; do
  expect 0 "" "$symref" compact "$work/$program.sym"
  expect 0 "" "$symref" explore "$work/$program.sym" --engine compositional
done
expect 0 "verdict: unreachable" "$symref" apc "$work/sum.sym"
expect 0 "verdict: unreachable" "$symref" apc "$work/conjunction.sym" --target 4
expect 0 "verdict: unreachable" "$symref" apc "$work/conjunction.sym" --target 6
expect 1 "too large for the apc analysis" "$symref" apc "$work/else_if.sym" --target 5

# Real nesting is still refused, cleanly: 200,000 parentheses around one operand of a chain.
{
  echo "var x: int;"
  printf "main { x := 1 + "
  seq 1 200000 | awk '{ printf "(" }'
  printf "1"
  seq 1 200000 | awk '{ printf ")" }'
  printf "; }\n"
} > "$work/deep.sym"
expect 1 "error: nesting deeper than 100 levels" "$symref" check "$work/deep.sym"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all long-chain checks passed"
