#!/usr/bin/env python3
"""The solver's shortcut layers on and off; prints a Markdown table.

For each program, solver and setting it runs `symref explore --format json` once and reports the
process's CPU seconds (user + system, from os.wait4, so a loaded machine changes them less than
wall-clock time), the wall-clock seconds, paths per CPU second and per wall second, and queries
per path: backend queries, and checks the layers answered without the backend.
Usage: bench/shortcut_benchmarks.py [SYMREF]
"""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
NO_LAYERS = ["--no-independence", "--no-counterexample-cache", "--no-model-reuse", "--no-implied-conditions"]


def explore(symref, program, arguments):
    started = time.perf_counter()
    process = subprocess.Popen([symref, "explore", str(program), "--format", "json", *arguments],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    output, errors = process.communicate()
    elapsed = time.perf_counter() - started
    if process.returncode != 0:
        sys.exit(f"{program} {arguments}: exit {process.returncode}\n{errors}")
    return elapsed, json.loads(output)


def cpu_seconds_of(function):
    before = os.times()
    result = function()
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system), result


def main():
    symref = sys.argv[1] if len(sys.argv) > 1 else str(HERE.parent / "build" / "symref")
    programs = HERE / "programs"
    print("| program | solver | layers | paths | queries/path | shortcuts/path | CPU s | paths/CPU s | wall s | paths/s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, bound in [("path_explosion_12", 12), ("symbolic_bound_loop", 60), ("alias_writes_8", 20), ("alias_branches_6", 20)]:
        for solver in ["z3", "cvc5"]:
            for label, extra in [("off", NO_LAYERS), ("on", [])]:
                arguments = ["--loop-bound", str(bound), "--solver", solver, *extra]
                cpu, (elapsed, document) = cpu_seconds_of(lambda: explore(symref, programs / f"{name}.sym", arguments))
                s = document["stats"]
                paths = max(s["paths"], 1)
                print(f"| {name} | {solver} | {label} | {s['paths']} | {s['queries'] / paths:.2f} | "
                      f"{s.get('shortcuts', 0) / paths:.2f} | {cpu:.2f} | {s['paths'] / max(cpu, 1e-9):.0f} | "
                      f"{elapsed:.2f} | {s['paths'] / elapsed:.0f} |", flush=True)


if __name__ == "__main__":
    main()
