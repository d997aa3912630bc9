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

    bench/apc/table1.py [--symref build/symref] [--budget 60] [--timeout 10000] [--modes heavy,light] [NAME ...]
"""
import argparse
import json
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ["hello", "hw", "hwm", "matrir", "windriver", "one_loop", "two_loops", "foo", "figure3_exit"]
LETTER = {"sat": "S", "unsat": "U", "unknown": "X"}


def run_apc(symref, name, extra, wall_cap):
    start = time.monotonic()
    try:
        out = subprocess.run([symref, "apc", str(ROOT / "corpus/apc" / f"{name}.sym"), "--format", "json"] + extra,
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
            out = subprocess.run([symref, "explore", str(ROOT / "corpus/apc" / f"{name}.sym"), "--loop-bound", str(bound),
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
    parser.add_argument("names", nargs="*", default=DEFAULT)
    args = parser.parse_args()
    for name in args.names:
        for mode in args.modes.split(","):
            for solver in args.solvers.split(","):
                print(apc_row(args.symref, name, mode, solver, args.timeout, args.budget), flush=True)
        for guided in (True, False):
            print(search_row(args.symref, name, guided, args.timeout, args.witness_bound, args.budget), flush=True)
        if not args.no_hunt:
            for order in ("dfs", "bfs"):
                print(hunt(args.symref, name, order, args.budget), flush=True)


if __name__ == "__main__":
    main()
