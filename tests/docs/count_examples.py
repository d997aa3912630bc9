#!/usr/bin/env python3
"""Counts the `$ symref` commands the docs tests run; fails below a minimum.

Usage: count_examples.py MINIMUM PAGE.md...  (the pages' commands are found by run_examples.py's
own parser, so each counted command is one that docs.examples.* runs)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_examples  # noqa: E402


def main():
    minimum, pages = int(sys.argv[1]), sys.argv[2:]
    total = 0
    for page in pages:
        with open(page, encoding="utf-8") as f:
            count = run_examples.count_commands(f.read())
        print("%s: %d commands" % (page, count))
        total += count
    print("total: %d commands (at least %d wanted)" % (total, minimum))
    return 0 if total >= minimum else 1


if __name__ == "__main__":
    sys.exit(main())
