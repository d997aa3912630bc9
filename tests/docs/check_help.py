#!/usr/bin/env python3
"""`symref --help` against docs/cli.md: every command has a section `## \`symref NAME\`` (a command with
subcommands, one `## \`symref NAME SUB\`` per subcommand), every
section names a command, and each command's flags (from `symref NAME --help`) are exactly the
flags the section documents — the lines of its flag list or table that begin with `--flag`.

Usage: check_help.py SYMREF docs/cli.md"""
import re
import subprocess
import sys

FLAG_RE = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")
# A documented flag: a list item or table row that starts with one or more flags in backquotes,
# separated by commas: "- `--seed S`, `--no-seed`: ...".
ITEM_RE = re.compile(r"^\s*(?:[-*]|\|)\s*((?:`-[^`]*`(?:,\s*|\s+or\s+)?)+)")


def help_text(symref, *args):
    completed = subprocess.run([symref, *args, "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return completed.stdout.decode("utf-8", "replace")


def commands(symref, *parents):
    text = help_text(symref, *parents)
    names = []
    in_commands = False
    for line in text.splitlines():
        if re.match(r"^(SUBCOMMANDS|Subcommands):", line):
            in_commands = True
            continue
        if in_commands:
            m = re.match(r"^\s+([a-z][a-z0-9-]*)\s", line + " ")
            if m:
                names.append(m.group(1))
            elif line.strip() and not line.startswith(" "):
                in_commands = False
    return names


def help_flags(symref, *command):
    flags = set()
    in_options = False
    for line in help_text(symref, *command).splitlines():
        if re.match(r"^(OPTIONS|Options):", line):
            in_options = True
            continue
        if in_options and line.strip() and not line.startswith(" "):
            in_options = False
        if in_options:
            # Only the option column: the flag names at the start of the line.
            m = re.match(r"^\s+(-\S+)", line)
            if m:
                flags.update(FLAG_RE.findall(m.group(1)))
    flags.discard("--help")
    return flags


def logical_lines(page):
    """The page's lines, each list item joined with its indented continuation lines."""
    joined = []
    for line in page.splitlines():
        if joined and re.match(r"^\s*[-*]\s", joined[-1]) and re.match(r"^\s+\S", line) \
                and not re.match(r"^\s*[-*|]\s", line):
            joined[-1] += " " + line.strip()
        else:
            joined.append(line)
    return joined


def documented_sections(page):
    sections = {}
    current = None
    for line in logical_lines(page):
        m = re.match(r"^## `symref ([a-z][a-z0-9-]*(?: [a-z][a-z0-9-]*)?)`", line)
        if m:
            current = m.group(1)
            sections[current] = set()
            continue
        if re.match(r"^## ", line):
            current = None
            continue
        if current:
            d = ITEM_RE.match(line)
            if d:
                for quoted in re.findall(r"`([^`]*)`", d.group(1)):
                    sections[current].update(FLAG_RE.findall(quoted))
    return sections


def main():
    symref, cli_page = sys.argv[1], sys.argv[2]
    with open(cli_page, encoding="utf-8") as f:
        sections = documented_sections(f.read())
    names = []
    for name in commands(symref):
        # A command with subcommands of its own (`symref lab check`) has a section per subcommand.
        subcommands = commands(symref, name)
        names.extend(name + " " + sub for sub in subcommands) if subcommands else names.append(name)
    if not names:
        print("no commands found in `symref --help`")
        return 1
    problems = []
    for name in names:
        if name not in sections:
            problems.append("command %s has no section `## \\`symref %s\\`` in docs/cli.md" % (name, name))
            continue
        actual = help_flags(symref, *name.split())
        documented = sections[name]
        for flag in sorted(actual - documented):
            problems.append("symref %s %s: in --help, not documented in docs/cli.md" % (name, flag))
        for flag in sorted(documented - actual):
            problems.append("symref %s %s: documented in docs/cli.md, not in --help" % (name, flag))
    for name in sorted(set(sections) - set(names)):
        problems.append("docs/cli.md documents `symref %s`, which `symref --help` does not list" % name)
    for problem in problems:
        print(problem)
    print("%d commands compared, %d problems" % (len(names), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
