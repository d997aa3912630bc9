#!/usr/bin/env python3
"""Runs a command five times and prints the best CPU time (user + system of the child) and the best
wall-clock time, in seconds with three decimals: "CPU WALL".  Usage: best_of.py COMMAND [ARG...]."""
import os
import resource
import subprocess
import sys
import time

best_cpu = best_wall = float("inf")
for _ in range(5):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    best_cpu, best_wall = min(best_cpu, cpu), min(best_wall, wall)
print(f"{best_cpu:.3f} {best_wall:.3f}")
