#!/usr/bin/env python3
"""Table 1 of Strejček & Trtík (§8) for symref's apc engine, on demand (not part of ctest).

For each corpus/apc program: `symref apc --format json` (heavy and light) gives Bld (build),
Unf (unfolding), the apc^K and apc answers with their seconds, the total as the paper defines it
(build plus the first definite answer) and the time to a witness (the whole run); against it the
forward engine hunting the failure: `symref explore --loop-bound K` for K = 0, 1, 2, … until a
leaf fails the assert (DFS and BFS), capped by --budget seconds in all.

    bench/apc/table1.py [--symref build/symref] [--budget 60] [--timeout 10000] [NAME ...]
"""
import argparse
import json
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ["hello", "matrir", "one_loop", "two_loops", "foo", "figure3_exit"]


def apc(symref, name, mode, timeout):
    start = time.monotonic()
    out = subprocess.run([symref, "apc", str(ROOT / "corpus/apc" / f"{name}.sym"), "--format", "json",
                          "--loop-processing", mode, "--timeout", str(timeout)],
                         capture_output=True, text=True, check=True).stdout
    wall = time.monotonic() - start
    j = json.loads(out)
    d, u = j["direct"] or {}, j["unfolded"] or {}
    letter = {"sat": "S", "unsat": "U", "unknown": "X"}
    first = min([a["seconds"] for a in (d, u) if a.get("status") in ("sat", "unsat")] or [float("nan")])
    return (f"{name:13} {mode:5} Bld {j['stats']['build_seconds']:.3f} Unf {u.get('unfold_seconds', 0):.3f} "
            f"apcK {letter.get(u.get('status'), '-')} {u.get('seconds', 0):.3f} apc {letter.get(d.get('status'), '-')} "
            f"{d.get('seconds', 0):.3f} total {j['stats']['build_seconds'] + first:.3f} "
            f"verdict {j['verdict']} witness {wall:.2f} s")


def hunt(symref, name, order, budget):
    start = time.monotonic()
    for bound in range(0, 1000):
        left = budget - (time.monotonic() - start)
        if left <= 0:
            return f"{name:13} explore {order}: none within {budget} s (bound {bound - 1})"
        try:
            out = subprocess.run([symref, "explore", str(ROOT / "corpus/apc" / f"{name}.sym"), "--loop-bound", str(bound),
                                  "--order", order, "--format", "json"], capture_output=True, text=True, timeout=left).stdout
        except subprocess.TimeoutExpired:
            return f"{name:13} explore {order}: none within {budget} s (bound {bound})"
        paths = json.loads(out)["paths"]
        if any(p["outcome"] == "assertion-failure" and p["status"] == "sat" for p in paths):
            return f"{name:13} explore {order}: failing leaf at bound {bound}, {time.monotonic() - start:.2f} s"
    return f"{name:13} explore {order}: none"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--symref", default=str(ROOT / "build/symref"))
    parser.add_argument("--budget", type=float, default=60)
    parser.add_argument("--timeout", type=int, default=10000)
    parser.add_argument("names", nargs="*", default=DEFAULT)
    args = parser.parse_args()
    for name in args.names:
        for mode in ("heavy", "light"):
            print(apc(args.symref, name, mode, args.timeout), flush=True)
        for order in ("dfs", "bfs"):
            print(hunt(args.symref, name, order, args.budget), flush=True)


if __name__ == "__main__":
    main()
