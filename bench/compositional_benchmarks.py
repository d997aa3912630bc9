#!/usr/bin/env python3
"""On-demand benchmark of the compositional engine (Anand et al., Fig. 3); prints a
Markdown table.

For each program in bench/compositional/ it runs, once each, `symref explore --format json`:
  compositional      --engine compositional --target LINE (summaries on, default encoding and solver)
  --no-summaries     the same with every call inlined into one tree (Fig. 3's "old" column)
  forward            --engine forward, every path at the same loop bound (no target: forward has none)
and reports executions (forward: paths, and the feasible ones), solver queries, wall seconds,
seconds per execution, and whether the assert failed on some execution.  A run that exceeds the
time limit is killed and reported as such.  Usage:
  bench/compositional_benchmarks.py BUILD_DIR [--limit SECONDS] [PROGRAM ...]
PROGRAM: a name in bench/compositional/ without .sym (default: hwm-like calls-2 calls-4 calls-8).
"""
import os
import sys
from pathlib import Path

from heap_benchmarks import run  # one `symref explore --format json`: (document or None when killed, seconds)

HERE = Path(__file__).resolve().parent / "compositional"

# program -> (line of the assert, loop bound)
PROGRAMS = {
    "hwm-like": (32, 4),
    "calls-2": (19, 10),
    "calls-4": (23, 10),
    "calls-8": (31, 10),
    "calls-12": (39, 10),
}


def compositional_row(name, mode, document, seconds):
    if document is None:
        return f"| {name} | {mode} | killed | | {seconds:.0f} | | |"
    stats, target = document["stats"], document["target"]
    executions = stats["executions"]
    found = "yes" if target["verdict"] == "reached" else f"no ({target['verdict']})"
    return (f"| {name} | {mode} | {executions:,} | {stats['queries']:,} | {seconds:.2f} | "
            f"{seconds / max(executions, 1):.4f} | {found} |")


def forward_row(name, document, seconds):
    if document is None:
        return f"| {name} | forward | killed | | {seconds:.0f} | | |"
    stats = document["stats"]
    found = any(path["outcome"] == "assertion-failure" for path in document["paths"])
    return (f"| {name} | forward | {stats['paths']:,} paths ({stats['feasible']:,} feasible) | {stats['queries']:,} | "
            f"{seconds:.2f} | {seconds / max(stats['paths'], 1):.5f} | {'yes' if found else 'no'} |")


def main(argv):
    if not argv:
        sys.exit(__doc__)
    symref = str(Path(argv[0]) / "symref")
    limit = 120.0
    names = []
    rest = argv[1:]
    while rest:
        if rest[0] == "--limit":
            limit = float(rest[1])
            rest = rest[2:]
        else:
            names.append(rest.pop(0))
    names = names or ["hwm-like", "calls-2", "calls-4", "calls-8"]
    print(f"load average at start: {os.getloadavg()[0]:.1f}; time limit per run {limit:.0f} s")
    print()
    print("| program | run | executions | queries | s | s / execution | assert found |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        line, bound = PROGRAMS[name]
        program = HERE / f"{name}.sym"
        common = ["--loop-bound", str(bound)]
        targeted = ["--engine", "compositional", "--target", str(line), *common]
        print(compositional_row(name, "compositional", *run(symref, program, targeted, limit)))
        print(compositional_row(name, "`--no-summaries`", *run(symref, program, [*targeted, "--no-summaries"], limit)))
        print(forward_row(name, *run(symref, program, ["--engine", "forward", *common], limit)))
    print()
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
