#!/usr/bin/env python3
"""Table 1 of Strejček & Trtík (§8) for symref's apc engine, on demand (not part of ctest).

For each corpus/apc program and each solver (Z3, cvc5): `symref apc --format json` gives Bld
(build), Unf (unfolding), the apc^K and apc answers (S/U/X) with their seconds, the total as the
paper defines it (build plus the first definite answer) and the wall time of the whole run (with
its witness).  Then §7's comparison, on Z3: the witness search guided by apc (`--no-model-witness`:
the forward engine pruned by apc^K, loop bound rising to --witness-bound) against the same search
unguided (`--unguided --no-direct --no-unfold`), each with its seconds, leaves and verdict; and the
forward engine hunting the failure on its own (`symref explore --loop-bound K` for K = 0, 1, 2, …
until a leaf fails the assert, DFS and BFS), capped by --budget seconds.

`--foo-ones 10,20,40` runs foo with its assert moved so that N ones are needed (assert k <= N + 2,
k starting at 3): apc on both solvers against the forward hunt, where the paths to N ones grow
exponentially with N.

    bench/apc/table1.py [--symref build/symref] [--budget 60] [--timeout 10000] [--modes heavy,light] [NAME ...]
    bench/apc/table1.py --foo-ones 10,20,40 [--budget 60]
"""
import argparse
import json
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ["hello", "hw", "hwm", "matrir", "windriver", "one_loop", "two_loops", "foo", "figure3_exit"]
LETTER = {"sat": "S", "unsat": "U", "unknown": "X"}


def program_path(name):
    # A bare name is a corpus/apc program; anything with a slash is a file of its own (foo variants).
    return name if "/" in name else str(ROOT / "corpus/apc" / f"{name}.sym")


def run_apc(symref, name, extra, wall_cap):
    start = time.monotonic()
    try:
        out = subprocess.run([symref, "apc", program_path(name), "--format", "json"] + extra,
                             capture_output=True, text=True, check=True, timeout=wall_cap).stdout
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start
    return json.loads(out), time.monotonic() - start


def answer(a):
    if not a:
        return "-"
    return f"{LETTER.get(a.get('status'), '?')} {a.get('seconds', 0):.3f}"


def apc_row(symref, name, mode, solver, timeout, wall_cap):
    j, wall = run_apc(symref, name, ["--loop-processing", mode, "--solver", solver, "--timeout", str(timeout)], wall_cap)
    if j is None:
        return f"{name:12} {mode:5} {solver:4} killed after {wall:.0f} s"
    d, u = j["direct"] or {}, j["unfolded"] or {}
    first = min([a["seconds"] for a in (d, u) if a.get("status") in ("sat", "unsat")] or [float("nan")])
    found = (j["witness_replay"] or {}).get("found_by", "-")
    return (f"{name:12} {mode:5} {solver:4} Bld {j['stats']['build_seconds']:.3f} Unf {u.get('unfold_seconds', 0):.3f} "
            f"apcK {answer(u)} apc {answer(d)} total {j['stats']['build_seconds'] + first:.3f} "
            f"verdict {j['verdict']} (witness by {found}) wall {wall:.2f} s")


def search_row(symref, name, guided, timeout, bound, wall_cap):
    extra = ["--no-model-witness", "--witness-bound", str(bound), "--timeout", str(timeout)]
    if not guided:
        extra += ["--unguided", "--no-direct", "--no-unfold"]
    j, wall = run_apc(symref, name, extra, wall_cap)
    label = "guided  " if guided else "unguided"
    if j is None:
        return f"{name:12} search {label} killed after {wall:.0f} s"
    s = j["search"]
    if s is None:
        return f"{name:12} search {label} not run (verdict {j['verdict']} from the queries, wall {wall:.2f} s)"
    return (f"{name:12} search {label} {'found' if j['witness'] else 'none '} at bound {s['bound']:3} "
            f"{s['seconds']:.2f} s, {s['leaves']} leaves, wall {wall:.2f} s")


def hunt(symref, name, order, budget):
    start = time.monotonic()
    for bound in range(0, 1000):
        left = budget - (time.monotonic() - start)
        if left <= 0:
            return f"{name:12} explore {order}: none within {budget} s (bound {bound - 1})"
        try:
            out = subprocess.run([symref, "explore", program_path(name), "--loop-bound", str(bound),
                                  "--order", order, "--format", "json"], capture_output=True, text=True, timeout=left).stdout
        except subprocess.TimeoutExpired:
            return f"{name:12} explore {order}: none within {budget} s (bound {bound})"
        paths = json.loads(out)["paths"]
        if any(p["outcome"] == "assertion-failure" and p["status"] == "sat" for p in paths):
            return f"{name:12} explore {order}: failing leaf at bound {bound}, {time.monotonic() - start:.2f} s"
    return f"{name:12} explore {order}: none"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--symref", default=str(ROOT / "build/symref"))
    parser.add_argument("--budget", type=float, default=60, help="seconds for each unguided hunt and each apc run")
    parser.add_argument("--timeout", type=int, default=10000, help="per-query time-out in ms")
    parser.add_argument("--witness-bound", type=int, default=16)
    parser.add_argument("--modes", default="heavy,light")
    parser.add_argument("--solvers", default="z3,cvc5")
    parser.add_argument("--no-hunt", action="store_true", help="skip the explore hunts")
    parser.add_argument("--foo-ones", default="", help="comma-separated N: foo needing N ones instead of the table")
    parser.add_argument("names", nargs="*", default=DEFAULT)
    args = parser.parse_args()
    if args.foo_ones:
        foo_series(args)
        return
    for name in args.names:
        for mode in args.modes.split(","):
            for solver in args.solvers.split(","):
                print(apc_row(args.symref, name, mode, solver, args.timeout, args.budget), flush=True)
        for guided in (True, False):
            print(search_row(args.symref, name, guided, args.timeout, args.witness_bound, args.budget), flush=True)
        if not args.no_hunt:
            for order in ("dfs", "bfs"):
                print(hunt(args.symref, name, order, args.budget), flush=True)


def foo_series(args):
    text = (ROOT / "corpus/apc/foo.sym").read_text()
    assert "assert k <= 12;" in text
    with tempfile.TemporaryDirectory() as directory:
        for ones in (int(n) for n in args.foo_ones.split(",")):
            path = Path(directory) / f"foo_{ones}_ones.sym"
            path.write_text(text.replace("assert k <= 12;", f"assert k <= {ones + 2};"))
            name = str(path)
            for solver in args.solvers.split(","):
                row = apc_row(args.symref, name, "heavy", solver, args.timeout, args.budget)
                print(f"foo, {ones} ones: " + row.replace(name, ""), flush=True)
            if not args.no_hunt:
                for order in ("dfs", "bfs"):
                    print(f"foo, {ones} ones: " + hunt(args.symref, name, order, args.budget).replace(name, ""), flush=True)


if __name__ == "__main__":
    main()
