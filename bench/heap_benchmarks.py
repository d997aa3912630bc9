#!/usr/bin/env python3
"""On-demand benchmark of the heap engines: lazy initialization against heap summaries.

Generates the draft's Fig. 1 (corpus/heap/fig1_contains_1.sym's recovery) with N data items — the
&& chain as nested ifs on the global `found` — and runs `symref explore --heap lazy|summary
[--heap-prune]` at loop bound K, one run each (the machine is shared: say the load with the
figures).  Prints a Markdown table: leaves, forks, queries, seconds, max |L(r)|.

A second table runs a tree walk: a recursive size() over an input binary tree, whose depth the
recursion bound K cuts.

usage: heap_benchmarks.py SYMREF [--items 1,2,3] [--bounds 1,2] [--tree-bounds 1,2,3] [--timeout-seconds 60]

An empty --tree-bounds skips the tree walk.  The load average is printed before and after (the
machine is shared; a run that hits the timeout is printed as such, not left out).
"""
import argparse
import json
import os
import subprocess
import tempfile
import time
from pathlib import Path


def fig1(items):
    """Fig. 1 with `items` data globals, contains() called on each while all were found."""
    data = "\n".join(f"var data{k}: Data;" for k in range(items))
    body = "  contains(head, data0);\n"
    closing = ""
    for k in range(1, items):
        indent = "  " * k
        body += f"{indent}if found {{\n{indent}  contains(head, data{k});\n"
        closing = f"{indent}}}\n" + closing
    return f"""class Data {{
  field val: int;
}}

class LLNode {{
  field elem: Data;
  field next: LLNode;
}}

var head: LLNode;
{data}
var found: bool;

proc contains(root: LLNode, val: Data) {{
  var node: LLNode := root;
  var searching: bool := true;
  found := false;
  while searching {{
    if node.elem == val {{
      found := true;
      searching := false;
    }} else {{
      if node.next == nil {{
        searching := false;
      }} else {{
        node := node.next;
      }}
    }}
  }}
}}

main {{
{body}{closing}}}
"""


TREE_WALK = """class Tree {
  field left: Tree;
  field right: Tree;

  method size(): int {
    var n: int := 1;
    var k: int := 0;
    if this.left != nil {
      k := this.left.size();
      n := n + k;
    }
    if this.right != nil {
      k := this.right.size();
      n := n + k;
    }
    return n;
  }
}

var root: Tree;
var total: int;

main {
  if root != nil {
    total := root.size();
  }
}
"""


def run(symref, program, arguments, timeout):
    started = time.perf_counter()
    try:
        result = subprocess.run([symref, "explore", str(program), "--format", "json", *arguments],
                                capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, timeout
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"{program} {arguments}: exit {result.returncode}\n{result.stderr}")
    return json.loads(result.stdout), elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("symref")
    parser.add_argument("--items", default="1,2,3")
    parser.add_argument("--bounds", default="1,2")
    parser.add_argument("--tree-bounds", default="1,2,3")
    parser.add_argument("--timeout-seconds", type=float, default=60)
    options = parser.parse_args()
    print("load average before: %.1f %.1f %.1f" % os.getloadavg())
    print("| program | K | mode | leaves (feasible) | forks | queries | seconds | max L(r) | pruned (queries) |")
    print("|---|---|---|---|---|---|---|---|---|")
    def rows(name, program, bound):
        for mode, extra in (("lazy", []), ("summary", []), ("summary+prune", ["--heap-prune"])):
            heap = mode.split("+")[0]
            out, seconds = run(options.symref, program,
                               ["--heap", heap, "--loop-bound", str(bound), *extra], options.timeout_seconds)
            if out is None:
                print(f"| {name} | {bound} | {mode} | timeout | | | >{seconds:.0f} | | |")
                continue
            s = out["stats"]
            largest = s["max_points_to"] if heap == "summary" else "—"  # lazy sets have one target
            pruned = f"{s['pruned_targets']} ({s['prune_queries']})" if extra else "—"
            print(f"| {name} | {bound} | {mode} | {s['paths']} ({s['feasible']}) | {s['forks']} | "
                  f"{s['queries']} | {seconds:.3f} | {largest} | {pruned} |")

    with tempfile.TemporaryDirectory() as directory:
        for items in map(int, options.items.split(",")):
            program = Path(directory) / f"fig1_{items}.sym"
            program.write_text(fig1(items))
            for bound in map(int, options.bounds.split(",")):
                rows(f"Fig. 1, {items} items", program, bound)
        tree = Path(directory) / "tree_walk.sym"
        tree.write_text(TREE_WALK)
        for bound in [int(b) for b in options.tree_bounds.split(",") if b]:
            rows("tree walk", tree, bound)
    print("load average after: %.1f %.1f %.1f" % os.getloadavg())


if __name__ == "__main__":
    main()
