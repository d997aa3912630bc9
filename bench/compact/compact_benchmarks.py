#!/usr/bin/env python3
"""On-demand benchmark of compact symbolic execution (Trtík) against `symref explore`.

Usage: bench/compact/compact_benchmarks.py BUILD_DIR [--quick].  Prints Markdown tables:
  (a) k sequential counting loops: explore --loop-bound K against compact (one instance per loop);
  (b) countIf over an array of fixed length k: explore (2^k feasible paths) against the compact chain;
  (c) recursion by depth (§5.2): Fig. 3's recursive search over an array of fixed length d
      (explore --loop-bound d + 1 reaches every depth) and unbounded (explore --loop-bound K), and
      Fig. 4(b)'s recursive countIf of fixed length d (2^d classic paths; compact --max-instances
      d + 1 --loop-bound d + 1, as its frames count against the bound), against compact;
  (d) an assert failing only after 50 passes: the classic bound that reaches it against compact.
Each row: leaves, feasible leaves, vertices (nodes of the tree the leaves' branch strings span,
for both engines; compact's own count of states put into Q in the notes),
queries (compact: quantified ones apart), wall seconds (best of three) — for Z3 and cvc5.
"""
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(symref, arguments, timeout=300):
    """Best of three by wall clock: (seconds, JSON) or (None, reason) when a run fails."""
    best = None
    for _ in range(1 if "--quick" in sys.argv else 3):
        started = time.perf_counter()
        try:
            result = subprocess.run([symref, *arguments, "--format", "json"], capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, f"timeout {timeout} s"
        elapsed = time.perf_counter() - started
        if result.returncode != 0:
            return None, f"exit {result.returncode}: {result.stderr.strip().splitlines()[-1] if result.stderr.strip() else ''}"
        if best is None or elapsed < best[0]:
            best = (elapsed, json.loads(result.stdout))
    return best


def sequential_loops(k):
    names = [f"n{j}" for j in range(k)] + [f"i{j}" for j in range(k)]
    body = "".join(f"  i{j} := 0;\n  while i{j} < n{j} {{\n    i{j} := i{j} + 1;\n  }}\n" for j in range(k))
    return "".join(f"var {name}: int;\n" for name in names) + "main {\n" + body + "}\n"


def count_if(k):
    return ("var A: int[];\nvar x: int;\nvar i: int;\nvar c: int;\n"
            f"main {{\n  assume len(A) == {k};\n  c := 0;\n  i := 0;\n  while i < len(A) {{\n"
            "    if A[i] == x {\n      c := c + 1;\n    }\n    i := i + 1;\n  }\n}\n")


def fixed_depth(corpus_program, depth):
    """A corpus program whose main gets `assume n == depth; assume len(A) == depth;` first."""
    text = corpus_program.read_text()
    fixed = text.replace("main {\n", f"main {{\n  assume n == {depth};\n  assume len(A) == {depth};\n", 1)
    assert fixed != text, corpus_program
    return fixed


def tree_nodes(paths):
    """Nodes of the tree the leaves' branch strings span (root, one per letter or {ID#N} edge)."""
    nodes = {""}
    for path in paths:
        branches, prefix, i = path["branches"], "", 0
        while i < len(branches):
            step = branches.index("}", i) + 1 - i if branches[i] == "{" else 1
            prefix += branches[i:i + step]
            i += step
            nodes.add(prefix)
    return len(nodes)


def row(name, configuration, measured):
    """One table row; compact runs add their quantified queries, finiteness and states put into Q."""
    elapsed, out = measured
    if elapsed is None:
        return f"| {name} | {configuration} | — | — | — | — | — | {out} |"
    s = out["stats"]
    failures = sum(1 for p in out["paths"] if p["status"] == "sat" and p["outcome"] == "assertion-failure")
    compact = out.get("engine") == "compact"
    queries = f"{s['queries']} ({s['quantified_queries']} quantified)" if compact else str(s["queries"])
    notes = f"assert fails: {failures}" + (f", finite: {out['finite']}, Q vertices: {s['vertices']}" if compact else "")
    undecided = sum(1 for t in out.get("templates", []) for note in t.get("notes", []) if "unknown" in note)
    if undecided:
        notes += f", template checks undecided: {undecided}"
    return (f"| {name} | {configuration} | {s['paths']} | {s['feasible']} | {tree_nodes(out['paths'])} | "
            f"{queries} | {elapsed:.3f} | {notes} |")


HEADER = ("| program | run | leaves | feasible | vertices | queries | seconds | notes |\n"
          "|---|---|---:|---:|---:|---:|---:|---|")


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: compact_benchmarks.py BUILD_DIR [--quick]")
    symref = str(Path(sys.argv[1]) / "symref")
    scratch = Path(tempfile.mkdtemp())
    corpus = Path(__file__).resolve().parents[2] / "corpus" / "compact"
    late_assert = corpus / "late_assert.sym"
    search, count_calls = corpus / "fig3_recursive_search.sym", corpus / "fig4b_count_if_two_calls.sym"
    quick = "--quick" in sys.argv
    for solver in ("z3", "cvc5"):
        print(f"\n### solver {solver}\n\n{HEADER}")
        for k in (1, 2, 3, 4):
            program = scratch / f"loops_{k}.sym"
            program.write_text(sequential_loops(k))
            name = f"(a) {k} loops"
            print(row(name, "explore --loop-bound 3", run(symref, ["explore", str(program), "--loop-bound", "3", "--solver", solver])))
            print(row(name, "compact", run(symref, ["compact", str(program), "--solver", solver])))
        for k in (2, 4, 6):
            program = scratch / f"count_if_{k}.sym"
            program.write_text(count_if(k))
            name = f"(b) countIf, len {k}"
            print(row(name, f"explore --loop-bound {k}", run(symref, ["explore", str(program), "--loop-bound", str(k), "--solver", solver])))
            print(row(name, f"compact --max-instances {k + 1} --loop-bound 1",
                              run(symref, ["compact", str(program), "--max-instances", str(k + 1), "--loop-bound", "1", "--solver", solver])))
        for d in (4, 8, 16) if quick else (4, 8, 16, 32):
            program = scratch / f"search_{d}.sym"
            program.write_text(fixed_depth(search, d))
            name = f"(c) Fig. 3 search, len {d}"
            print(row(name, f"explore --loop-bound {d + 1}", run(symref, ["explore", str(program), "--loop-bound", str(d + 1), "--solver", solver])))
            print(row(name, "compact", run(symref, ["compact", str(program), "--solver", solver])))
        for bound in (10, 20, 40):
            print(row("(c) Fig. 3 search, unbounded", f"explore --loop-bound {bound}",
                      run(symref, ["explore", str(search), "--loop-bound", str(bound), "--solver", solver])))
        print(row("(c) Fig. 3 search, unbounded", "compact", run(symref, ["compact", str(search), "--solver", solver])))
        for d in (2, 4, 6) if quick else (2, 4, 6, 8):
            program = scratch / f"count_calls_{d}.sym"
            program.write_text(fixed_depth(count_calls, d))
            name = f"(c) Fig. 4(b) countIf, len {d}"
            print(row(name, f"explore --loop-bound {d + 1}", run(symref, ["explore", str(program), "--loop-bound", str(d + 1), "--solver", solver])))
            flags = ["--max-instances", str(d + 1), "--loop-bound", str(d + 1)]
            print(row(name, "compact " + " ".join(flags), run(symref, ["compact", str(program), *flags, "--solver", solver])))
        for bound in (49, 50):
            print(row("(d) late assert", f"explore --loop-bound {bound}",
                              run(symref, ["explore", str(late_assert), "--loop-bound", str(bound), "--solver", solver])))
        print(row("(d) late assert", "compact", run(symref, ["compact", str(late_assert), "--solver", solver])))


if __name__ == "__main__":
    main()
