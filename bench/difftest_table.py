#!/usr/bin/env python3
"""The table of a differential campaign (bench/difftest_campaign.sh): reads the shard records
OUT/TOOL-levelL/difftest-shard-0-of-1.json and OUT/commands.txt, prints the section of
bench/README.md "Differential campaigns against outside tools" and, with --readme, puts it in
place of that section (from its heading to the next heading of the same level).

Usage: difftest_table.py OUT --wall-seconds S [--readme bench/README.md]"""
import argparse
import datetime
import glob
import json
import os
import platform
import re
import subprocess

HEADING = "## Differential campaigns against outside tools"
TOOLS = ["gcc", "dafny", "why3", "frama-c-wp"]


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def load_records(out):
    records = {}
    for path in glob.glob(os.path.join(out, "*-level*", "difftest-shard-0-of-1.json")):
        match = re.match(r"(.+)-level(\d)$", os.path.basename(os.path.dirname(path)))
        with open(path, encoding="utf-8") as f:
            records[(match.group(1), int(match.group(2)))] = json.load(f)
    return records


def row(name, records):
    programs = sum(r["programs"] for r in records)
    counts = {k: sum(r["counts"][k] for r in records) for k in ("agree", "disagree", "incomplete", "inconclusive")}
    compared = sum(counts.values())
    seconds = sum(r["seconds"] for r in records)
    per_program = seconds / programs if programs else 0
    disagreeing = sum(r["disagreeing_programs"] for r in records)
    return "| %s | %d | %d | %d | %d | %d | %d | %d | %.2f |" % (
        name, programs, compared, counts["agree"], counts["disagree"], counts["incomplete"], counts["inconclusive"],
        disagreeing, per_program)


def section(out, wall_seconds):
    records = load_records(out)
    with open(os.path.join(out, "commands.txt"), encoding="utf-8") as f:
        commands = [line.rstrip("\n") for line in f if line.strip()]
    load = ""
    if os.path.exists(os.path.join(out, "load.txt")):
        with open(os.path.join(out, "load.txt"), encoding="utf-8") as f:
            loads = [line.split()[0] for line in f if line.strip()]
        load = "; load average %s at the start, %s at the end" % (loads[0], loads[-1]) if loads else ""
    lines = [HEADING, "",
             "`bench/difftest_campaign.sh build/symref` — `symref difftest --campaign` against each tool, levels 1–3,",
             "one tool after another under `nice -n 10`; a run compares a leaf's test or a random input",
             "(gcc), an outcome's verdict (Dafny, Why3, WP). %s, `nproc` %s, %s; wall time %d min %d s%s." % (
                 datetime.date.today().isoformat(), os.cpu_count(), cpu_model(), wall_seconds // 60, wall_seconds % 60,
                 load),
             "",
             "| tool, level | programs | runs or outcomes compared | agree | disagree | incomplete | inconclusive | disagreeing programs | s / program |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for tool in TOOLS:
        levels = [(level, records[(tool, level)]) for level in (1, 2, 3) if (tool, level) in records]
        for level, record in levels:
            lines.append(row("%s, %d" % (tool, level), [record]))
        if len(levels) > 1:
            lines.append(row("**%s, all**" % tool, [r for _, r in levels]))
    lines += ["", "The commands, as run:", "", "```"] + commands + ["```", ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--wall-seconds", type=int, required=True)
    parser.add_argument("--readme")
    args = parser.parse_args()
    text = section(args.out, args.wall_seconds)
    print(text)
    if args.readme:
        with open(args.readme, encoding="utf-8") as f:
            readme = f.read()
        start = readme.find(HEADING + "\n")
        if start < 0:
            readme = readme.rstrip("\n") + "\n\n" + text
        else:
            following = readme.find("\n## ", start + len(HEADING))
            end = len(readme) if following < 0 else following + 1
            kept = readme[end:]
            # The hand-written explanation below the table (### subsections) stays.
            rest = readme[start:end]
            notes = rest.find("\n### ")
            readme = readme[:start] + text + (rest[notes + 1:] if notes >= 0 else "") + ("\n" if kept else "") + kept
        with open(args.readme, "w", encoding="utf-8") as f:
            f.write(readme)


if __name__ == "__main__":
    main()
