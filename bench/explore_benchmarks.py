#!/usr/bin/env python3
"""On-demand benchmarks of the symbolic engines (issues 3 and 4); prints Markdown tables.

For each program and configuration it runs `symref explore --format json` (best of three by wall
clock) and reports paths, feasible paths, queries per path, paths per second, solver time, the
time spent computing path(ρ) (trace engine) and the size of the leaves' path conditions (distinct
term nodes, shared across leaves).
"""
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def explore(symref, program, arguments):
    """Best of three runs by wall clock: (seconds, the JSON document of that run)."""
    best = None
    for _ in range(3):
        started = time.perf_counter()
        result = subprocess.run([symref, "explore", str(program), "--format", "json", *arguments],
                                capture_output=True, text=True)
        elapsed = time.perf_counter() - started
        if result.returncode != 0:
            sys.exit(f"{program} {arguments}: exit {result.returncode}\n{result.stderr}")
        if best is None or elapsed < best[0]:
            best = (elapsed, json.loads(result.stdout))
    return best


def row(name, configuration, elapsed, s):
    per_path = s["queries"] / max(s["paths"], 1)
    return (f"| {name} | {configuration} | {s['paths']} | {s['feasible']} | {per_path:.2f} | "
            f"{s['paths'] / elapsed:.0f} | {elapsed:.3f} | {s['solver_seconds']:.3f} | "
            f"{s['path_condition_seconds']:.3f} | {s['path_condition_nodes']} |")


HEADER = ("| program | configuration | paths | feasible | queries/path | paths/s | seconds | solver s | "
          "path(ρ) s | pc nodes |\n|---|---|---|---|---|---|---|---|---|---|")


def main():
    symref = sys.argv[1] if len(sys.argv) > 1 else str(HERE.parent / "build" / "symref")
    programs = HERE / "programs"

    print("### Forward engine: backends, incremental solving\n")
    print(HEADER)
    for name, bound in [("path_explosion_10", 10), ("path_explosion_12", 12), ("symbolic_bound_loop", 60)]:
        for label, arguments in [("z3, incremental", ["--solver", "z3"]),
                                 ("z3, not incremental", ["--solver", "z3", "--no-incremental"]),
                                 ("cvc5, incremental", ["--solver", "cvc5"]),
                                 ("cvc5, not incremental", ["--solver", "cvc5", "--no-incremental"])]:
            elapsed, document = explore(symref, programs / f"{name}.sym", ["--loop-bound", str(bound), *arguments])
            print(row(name, label, elapsed, document["stats"]))

    print("\n### Forward (§2–§4.1) against trace + weakest precondition (§4)\n")
    print(HEADER)
    names = ["alias_writes_4", "alias_writes_8", "alias_writes_12", "alias_branches_4", "alias_branches_6", "new_chain_4", "new_chain_8", "new_chain_16",
             "path_explosion_10", "symbolic_bound_loop"]
    for name in names:
        for label, arguments in [("forward", ["--engine", "forward"]),
                                 ("trace", ["--engine", "trace", "--no-agreement"])]:
            elapsed, document = explore(symref, programs / f"{name}.sym", ["--loop-bound", "20", *arguments])
            print(row(name, label, elapsed, document["stats"]))

    print("\n### The cost of the agreement check forward φ ⇔ path(ρ) (trace engine, --loop-bound 20)\n")
    print("| program | seconds without | seconds with | solver s with | verdicts |\n|---|---|---|---|---|")
    for name in ["alias_writes_4", "alias_writes_8", "alias_writes_12", "alias_branches_4", "new_chain_8", "path_explosion_10"]:
        program = programs / f"{name}.sym"
        without, _ = explore(symref, program, ["--engine", "trace", "--loop-bound", "20", "--no-agreement"])
        elapsed, document = explore(symref, program, ["--engine", "trace", "--loop-bound", "20"])
        verdicts = {}
        for path in document["paths"]:
            if "agreement" in path:
                verdicts[path["agreement"]] = verdicts.get(path["agreement"], 0) + 1
        listed = ", ".join(f"{count} {verdict}" for verdict, count in sorted(verdicts.items()))
        print(f"| {name} | {without:.3f} | {elapsed:.3f} | {document['stats']['solver_seconds']:.3f} | {listed} |")

    # gcd is nonlinear: its unknowns would measure the solver's time limit, not the engine.
    corpus = [program for program in sorted((HERE.parent / "corpus").glob("*/*.sym")) if program.stem != "gcd"]
    totals = {}
    for label, arguments in [("forward", ["--engine", "forward"]), ("trace", ["--engine", "trace", "--no-agreement"])]:
        elapsed_sum, paths, solver, wp, nodes = 0.0, 0, 0.0, 0.0, 0
        for program in corpus:
            elapsed, document = explore(symref, program, ["--loop-bound", "3", *arguments])
            stats = document["stats"]
            elapsed_sum += elapsed
            paths += stats["paths"]
            solver += stats["solver_seconds"]
            wp += stats["path_condition_seconds"]
            nodes += stats["path_condition_nodes"]
        totals[label] = (elapsed_sum, paths, solver, wp, nodes)
    print(f"\n### The whole corpus ({len(corpus)} programs, --loop-bound 3)\n")
    print("| engine | seconds | paths | solver s | path(ρ) s | pc nodes |\n|---|---|---|---|---|---|")
    for label, (elapsed, paths, solver, wp, nodes) in totals.items():
        print(f"| {label} | {elapsed:.2f} | {paths} | {solver:.2f} | {wp:.3f} | {nodes} |")


if __name__ == "__main__":
    main()
