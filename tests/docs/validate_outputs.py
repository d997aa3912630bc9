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
    ("difftest", ["difftest", "tests/interop/programs/euclidean_division.sym", "--against", "gcc", "--random", "5",
                  "--format", "json"], 0),
    ("difftest", ["difftest", "tests/interop/programs/euclidean_division.sym", "--against", "gcc", "--random", "2",
                  "--inject-fault", "export-truncating-division", "--format", "json"], 3),
    ("difftest", ["difftest", "tests/interop/programs/overflow.sym", "--against", "gcc", "--int", "i64",
                  "--random", "20", "--format", "json"], 0),
    ("difftest", ["difftest", "corpus/classic/factorial.sym", "--against", "gcc", "--format", "json"], 0),
    ("difftest", ["difftest", "docs/examples/halves.sym", "--results", "docs/examples/halves-results.json",
                  "--format", "json"], 3),
    ("difftest", ["difftest", "tests/interop/programs/euclidean_division.sym", "--against", "dafny",
                  "--loop-bound", "2", "--timeout", "20", "--format", "json"], 0),
    ("fuzz-shard", ["fuzz", "--seed", "1", "--count", "5", "--level", "2", "--quiet", "--coverage", "--format", "json"], 0),
    ("fuzz-shard", ["fuzz", "--seed", "1", "--count", "3", "--level", "3", "--quiet", "--coverage", "--format", "json",
                    "--no-timings"], 0),
    ("difftest-campaign", ["difftest", "--campaign", "--against", "gcc", "--seed", "1", "--count", "2", "--level", "2",
                           "--loop-bound", "2", "--random", "3", "--format", "json"], 0),
]

# Exports whose manifest.json is validated: (arguments after FILE, FILE).
EXPORTS = [
    (["--to", "c"], "corpus/objects/list_methods.sym"),
    (["--to", "c", "--int", "i64"], "tests/interop/programs/overflow.sym"),
    (["--to", "dafny", "--loop-bound", "2"], "corpus/objects/list_methods.sym"),
    (["--to", "acsl", "--loop-bound", "3"], "corpus/classic/factorial.sym"),
    (["--to", "whyml", "--loop-bound", "3"], "tests/interop/programs/array_bounds.sym"),
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
        # The schema must be able to fail: another version is refused ("version": N, or
        # "schema": "NAME/N"), and so is a summary without its counts.
        if isinstance(document, dict) and isinstance(document.get("schema"), str) and "/" in document["schema"]:
            stem, number = document["schema"].rsplit("/", 1)
            altered = dict(document, schema="%s/%d" % (stem, int(number) + 1))
            try:
                schemas.validate(altered, known, name)
                failures += 1
                print("%s: %s.schema.json accepts schema %s" % (what, name, altered["schema"]))
            except Exception:
                pass
        if isinstance(document, dict) and "version" not in document and "counts" in document:
            altered = {key: value for key, value in document.items() if key != "counts"}
            try:
                schemas.validate(altered, known, name)
                failures += 1
                print("%s: %s.schema.json accepts a document without counts" % (what, name))
            except Exception:
                pass
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
        # The coverage's rules are checked, not only its presence: a rule without its count is refused.
        if document.get("coverage"):
            altered = json.loads(json.dumps(document))
            del altered["coverage"][0]["rules"][0]["count"]
            try:
                schemas.validate(altered, known, name)
                failures += 1
                print("%s: %s.schema.json accepts a coverage rule without its count" % (what, name))
            except Exception:
                pass

    # Shard files of `fuzz --out`, one passing and one with a failure (a planted fault).
    with tempfile.TemporaryDirectory(prefix="symref-schema-") as scratch:
        runs = [(["fuzz", "--seed", "1", "--count", "3", "--level", "1", "--quiet", "--shard", "0/1",
                  "--out", os.path.join(scratch, "pass")], 0, "pass"),
                (["fuzz", "--seed", "1", "--count", "3", "--level", "1", "--quiet", "--shard", "0/1", "--coverage",
                  "--out", os.path.join(scratch, "coverage")], 0, "coverage"),
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

    # The manifests of exports to every language, and a campaign's shard file.
    with tempfile.TemporaryDirectory(prefix="symref-schema-") as scratch:
        for k, (arguments, program) in enumerate(EXPORTS):
            directory = os.path.join(scratch, "export-%d" % k)
            command = ["export", program, *arguments, "-o", directory]
            what = "symref " + " ".join(command)
            completed = subprocess.run([symref, *command], cwd=source_root, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, timeout=300)
            if completed.returncode != 0:
                failures += 1
                print("%s: exit %d\n%s" % (what, completed.returncode, completed.stderr.decode("utf-8", "replace")))
                continue
            with open(os.path.join(directory, "manifest.json"), encoding="utf-8") as f:
                check("symref-manifest-1", json.load(f), what)
        out = os.path.join(scratch, "campaign")
        command = ["difftest", "--campaign", "--against", "gcc", "--seed", "5", "--count", "2", "--level", "1",
                   "--loop-bound", "2", "--random", "3", "--shard", "0/1", "--out", out]
        what = "symref " + " ".join(command)
        completed = subprocess.run([symref, *command], cwd=source_root, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, timeout=300)
        if completed.returncode != 0:
            failures += 1
            print("%s: exit %d" % (what, completed.returncode))
        else:
            with open(os.path.join(out, "difftest-shard-0-of-1.json"), encoding="utf-8") as f:
                check("difftest-campaign", json.load(f), what)

    print("%d documents validated, %d problems" % (checked, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
