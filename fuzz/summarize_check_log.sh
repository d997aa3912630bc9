#!/bin/bash
# Sums up a check log (SYMREF_CHECK_LOG=1, interp/solver/session/check_log.hpp): where the solver time of a
# fuzz campaign went, what its undecided checks cost, and what a smaller work budget per check
# would have saved and lost.
#
# Usage: fuzz/summarize_check_log.sh LOG [--z3-budget UNITS] [--cvc5-budget UNITS] [--top N]
#   LOG: the standard error of e.g. `SYMREF_CHECK_LOG=1 symref fuzz --seed 1 --level 1 --count 2900`.
#   --z3-budget / --cvc5-budget: estimate a budget below the campaign's.  A check that used more
#   units is assumed to have run at an even pace: it would have ended after BUDGET/units of its
#   seconds, unknown.  So a decided check above the budget is lost (counted) and every check above
#   it is cut short (its seconds beyond the budget are the saving).  Checks stopped by a time limit
#   are left out: their units say how far they came, not what they needed.  An estimate, not a run:
#   a smaller budget also moves which checks later allowances reduce.
#   --top N: how many properties and cases to list (default 10).
set -euo pipefail
usage() { echo "usage: $0 LOG [--z3-budget UNITS] [--cvc5-budget UNITS] [--top N]" >&2; exit 1; }
[ $# -ge 1 ] || usage
log=$1
shift
z3_budget=0 cvc5_budget=0 top=10
while [ $# -gt 0 ]; do
  case $1 in
    --z3-budget) [ $# -ge 2 ] || usage; z3_budget=$2; shift 2 ;;
    --cvc5-budget) [ $# -ge 2 ] || usage; cvc5_budget=$2; shift 2 ;;
    --top) [ $# -ge 2 ] || usage; top=$2; shift 2 ;;
    *) usage ;;
  esac
done
for number in "$z3_budget" "$cvc5_budget" "$top"; do
  [[ $number =~ ^[0-9]+$ ]] || { echo "$0: not a count: $number" >&2; exit 1; }
done
[ -r "$log" ] || { echo "$0: cannot read $log" >&2; exit 1; }

# A check line: "check", label ("case N property" in a campaign), backend, answer, seconds, work
# units, reason of an unknown.  Everything else (the "solver" lines, progress) is skipped.
LC_ALL=C awk -F'\t' -v z3_budget="$z3_budget" -v cvc5_budget="$cvc5_budget" -v top="$top" '
function label_property(label,   parts) {
  if (split(label, parts, " ") >= 3 && parts[1] == "case") return parts[3]
  return label
}
function label_case(label,   parts) {
  if (split(label, parts, " ") >= 3 && parts[1] == "case") return parts[2]
  return "-"
}
# Prints the `top` largest entries of seconds[] with their counts[], one line each.
function print_top(title, seconds, counts,   key, best, best_key, shown) {
  printf "%s\n", title
  for (shown = 0; shown < top; ++shown) {
    best = -1
    for (key in seconds)
      if (!(key in printed) && seconds[key] > best) { best = seconds[key]; best_key = key }
    if (best < 0) break
    printed[best_key] = 1
    printf "  %-44s %7d checks %9.3f s\n", best_key, counts[best_key], best
  }
  for (key in printed) delete printed[key]
}
$1 == "check" && NF >= 6 {
  backend = $3; answer = $4; seconds = $5 + 0; units = $6 + 0; reason = (NF >= 7 ? $7 : "")
  property = label_property($2)
  checks[backend] += 1; check_seconds[backend] += seconds
  all_checks += 1; all_seconds += seconds
  if (answer == "unknown") {
    cached = index(reason, "query cache") > 0
    if (!cached) {
      undecided += 1; undecided_seconds += seconds
      key = property " " backend
      undecided_by[key] += seconds; undecided_count[key] += 1
      case_key = "case " label_case($2)
      case_seconds[case_key] += seconds; case_count[case_key] += 1
    }
  }
  budget = (backend == "z3" ? z3_budget : backend == "cvc5" ? cvc5_budget : 0)
  timed_out = index(reason, "timeout") > 0 || index(reason, "TIMEOUT") > 0
  if (budget > 0 && units > budget && !timed_out) {
    saved[backend] += seconds * (1 - budget / units)
    if (answer != "unknown") { lost[backend] += 1; lost_by[property " " backend] += 1 }
  }
}
END {
  if (all_checks == 0) { print "summarize_check_log: no check lines (was SYMREF_CHECK_LOG set?)" > "/dev/stderr"; exit 1 }
  backend_count = split("z3 cvc5", backends, " ")
  printf "checks: %d, %.3f s", all_checks, all_seconds
  for (b = 1; b <= backend_count; ++b)
    if (backends[b] in checks) printf "; %s %d, %.3f s", backends[b], checks[backends[b]], check_seconds[backends[b]]
  printf "\n"
  printf "undecided (unknown, not from the query cache): %d checks, %.3f s (%.1f%% of the check time)\n",
         undecided, undecided_seconds, (all_seconds > 0 ? 100 * undecided_seconds / all_seconds : 0)
  if (undecided > 0) {
    print_top("undecided by property and backend:", undecided_by, undecided_count)
    print_top("cases with the most undecided seconds:", case_seconds, case_count)
  }
  for (b = 1; b <= backend_count; ++b) {
    backend = backends[b]
    budget = (backend == "z3" ? z3_budget : cvc5_budget)
    if (budget == 0 || !(backend in checks)) continue
    printf "%s budget %d units: about %.3f s saved, %d decided checks lost\n", backend, budget, saved[backend], lost[backend]
    # The properties that lose them, in name order (insertion sort: awk has none).
    count = 0
    for (key in lost_by)
      if (substr(key, length(key) - length(backend)) == " " backend) names[++count] = key
    for (i = 2; i <= count; ++i)
      for (j = i; j > 1 && names[j - 1] > names[j]; --j) { swap = names[j]; names[j] = names[j - 1]; names[j - 1] = swap }
    for (i = 1; i <= count; ++i) printf "  lost in %s: %d\n", names[i], lost_by[names[i]]
    for (i in names) delete names[i]
  }
}' "$log"
