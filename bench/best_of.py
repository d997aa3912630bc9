#!/usr/bin/env python3
"""Runs commands five times and prints, for each, the best CPU time (user + system of the child)
and the best wall-clock time, in seconds with three decimals: "CPU WALL" per command, on one line.

Usage: best_of.py COMMAND [ARG...] [--- COMMAND [ARG...]]...

With several commands (separated by ---) the runs alternate, one of each per round, so that on a
machine shared with other work every command sees the same load (the benchmark pairs symref with
Lua this way)."""
import resource
import subprocess
import sys
import time


def split_commands(words):
    commands, current = [], []
    for word in words:
        if word == "---":
            commands.append(current)
            current = []
        else:
            current.append(word)
    commands.append(current)
    return commands


def timed_run(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


commands = split_commands(sys.argv[1:])
best = [[float("inf"), float("inf")] for _ in commands]
for _ in range(5):
    for k, command in enumerate(commands):
        cpu, wall = timed_run(command)
        best[k] = [min(best[k][0], cpu), min(best[k][1], wall)]
print(" ".join(f"{cpu:.3f} {wall:.3f}" for cpu, wall in best))
