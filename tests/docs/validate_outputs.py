#!/usr/bin/env python3
"""The schemas of docs/schema/ against real output: runs symref commands that print JSON (or write
shard files) and validates each document against its schema; also checks that each schema
rejects a document with its version field changed, so a schema that accepts anything fails.

Usage: validate_outputs.py SYMREF SOURCE_ROOT"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import schemas  # noqa: E402

# (schema, arguments, expected exit code); paths relative to the repository root.
COMMANDS = [
    ("run", ["run", "corpus/classic/factorial.sym", "--input", "corpus/classic/factorial.input.json", "--json"], 0),
    ("run", ["run", "corpus/classic/factorial.sym", "--json", "--trace"], 0),
    ("run", ["run", "corpus/objects/list_build.sym", "--json"], 0),
    ("run", ["run", "corpus/basic/big_integers.sym", "--json"], 0),
    ("run", ["run", "corpus/errors/array_bounds.sym", "--json"], 0),
    ("run", ["run", "corpus/errors/nested_call_errors.sym", "--json"], 0),
    ("run", ["run", "corpus/errors/integer_growth.sym", "--max-int-bits", "64", "--json"], 0),
    ("run", ["run", "corpus/errors/endless_loop.sym", "--max-steps", "2000000", "--json"], 0),
    ("explore", ["explore", "corpus/errors/nested_call_errors.sym", "--format", "json"], 0),
    ("explore", ["explore", "corpus/classic/factorial.sym", "--loop-bound", "3", "--format", "json"], 0),
    ("explore", ["explore", "corpus/aliasing/field_alias.sym", "--engine", "trace", "--format", "json"], 0),
    ("explore", ["explore", "corpus/objects/list_methods.sym", "--loop-bound", "2", "--format", "json"], 0),
    ("explore", ["explore", "corpus/errors/infinite_loop.sym", "--loop-bound", "2", "--format", "json"], 0),
    ("explore", ["explore", "corpus/heap/self_loop.sym", "--heap", "lazy", "--format", "json"], 0),
    ("explore", ["explore", "corpus/heap/self_loop.sym", "--heap", "summary", "--format", "json"], 0),
    ("explore", ["explore", "corpus/classic/factorial.sym", "--loop-bound", "3", "--format", "json", "--no-timings"], 0),
    ("compositional", ["explore", "corpus/compositional/fig1-abs-procedure.sym", "--engine", "compositional",
                       "--initial", "corpus/compositional/p1q1.json", "--target", "19", "--format", "json"], 0),
    ("compositional", ["explore", "corpus/compositional/fig1-abs-method.sym", "--engine", "compositional",
                       "--format", "json"], 0),
    ("compact", ["compact", "corpus/compact/late_assert.sym", "--format", "json"], 0),
    ("compact", ["compact", "corpus/compact/recursive_length.sym", "--format", "json"], 0),
    ("compact", ["compact", "corpus/compact/late_assert.sym", "--format", "json", "--no-timings"], 0),
    ("templates", ["templates", "corpus/compact/fail_doubling.sym", "--format", "json"], 0),
    ("apc", ["apc", "corpus/apc/foo.sym", "--format", "json"], 0),
    ("apc", ["apc", "corpus/apc/one_loop.sym", "--format", "json"], 0),
    ("apc", ["apc", "corpus/apc/foo.sym", "--format", "json", "--no-timings"], 0),
    ("wp", ["wp", "corpus/classic/factorial.sym", "--branches", "TTTFT", "--format", "json"], 0),
    ("wp", ["wp", "corpus/classic/factorial.sym", "--branches", "TTTFT", "--check", "n >= 2", "--format", "json"], 4),
    ("wp", ["wp", "corpus/aliasing/field_alias.sym", "--outcome", "assertion-failure", "--check", "p == q",
            "--format", "json"], 4),
    ("wp", ["wp", "corpus/classic/factorial.sym", "--post", "r == 2", "--loop-bound", "3", "--format", "json"], 0),
    ("grade", ["grade", "corpus/labs/basic/01-absolute-value", "corpus/labs/basic/01-absolute-value/golden.json",
               "--format", "json"], 0),
    ("grade", ["grade", "corpus/labs/basic/01-absolute-value", "corpus/labs/basic/01-absolute-value/wrong.json",
               "--format", "json"], 4),
    ("grade", ["grade", "corpus/labs/objects", "corpus/labs/objects/01-field-aliasing/golden.json",
               "--format", "json"], None),
    ("grade", ["grade", "corpus/labs/basic/01-absolute-value", "corpus/labs/basic/01-absolute-value/golden.json",
               "corpus/labs/basic/01-absolute-value/wrong.json", "--format", "json", "--summary"], 4),
]


def main():
    symref, source_root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    known = schemas.load_schemas(source_root)
    failures = 0
    checked = 0

    def check(name, document, what):
        nonlocal failures, checked
        checked += 1
        try:
            schemas.validate(document, known, name)
        except Exception as error:
            failures += 1
            print("%s: not valid against %s.schema.json: %s" % (what, name, error))
            return
        # The schema must be able to fail: another version is refused.
        if isinstance(document, dict) and "version" in document:
            altered = dict(document, version=document["version"] + 1)
            try:
                schemas.validate(altered, known, name)
                failures += 1
                print("%s: %s.schema.json accepts version %d" % (what, name, altered["version"]))
            except Exception:
                pass

    for name, arguments, expected in COMMANDS:
        what = "symref " + " ".join(arguments)
        completed = subprocess.run([symref, *arguments], cwd=source_root, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, timeout=300)
        if expected is not None and completed.returncode != expected:
            failures += 1
            print("%s: exit %d, expected %d\n%s" % (what, completed.returncode, expected,
                                                    completed.stderr.decode("utf-8", "replace")))
            continue
        try:
            document = json.loads(completed.stdout)
        except ValueError as error:
            failures += 1
            print("%s: not JSON: %s" % (what, error))
            continue
        check(name, document, what)

    # Shard files of `fuzz --out`, one passing and one with a failure (a planted fault).
    with tempfile.TemporaryDirectory(prefix="symref-schema-") as scratch:
        runs = [(["fuzz", "--seed", "1", "--count", "3", "--level", "1", "--quiet", "--shard", "0/1",
                  "--out", os.path.join(scratch, "pass")], 0, "pass"),
                (["fuzz", "--seed", "1", "--count", "20", "--level", "1", "--quiet", "--shard", "0/1",
                  "--inject-fault", "branch-not-negated", "--output-dir", scratch,
                  "--out", os.path.join(scratch, "fail")], 3, "fail")]
        for arguments, expected, directory in runs:
            what = "symref " + " ".join(arguments)
            completed = subprocess.run([symref, *arguments], cwd=source_root, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, timeout=300)
            if completed.returncode != expected:
                failures += 1
                print("%s: exit %d, expected %d" % (what, completed.returncode, expected))
                continue
            with open(os.path.join(scratch, directory, "shard-0-of-1.json"), encoding="utf-8") as f:
                document = json.load(f)
            if expected == 3 and not document.get("failures"):
                failures += 1
                print("%s: the shard file records no failure" % what)
            check("fuzz-shard", document, what)

    print("%d documents validated, %d problems" % (checked, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
