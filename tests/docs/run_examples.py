#!/usr/bin/env python3
"""The examples of one Markdown page, run as tests (docs/README.md says how they are written).

Usage: run_examples.py SYMREF SOURCE_ROOT PAGE.md [--count-file FILE]

- ```sym file=NAME``` blocks are written to NAME in a scratch directory and checked with
  `symref check`; ```sym program``` blocks are only checked; ```sym file=NAME invalid``` blocks
  must be rejected by `symref check`.
- In ```console``` blocks, each `$ symref ...` line is run with sh from the scratch directory
  (which links every top-level entry of the repository, so `corpus/...` paths work and files the
  command writes stay in the scratch directory); the lines after it are its expected output.
- ```json schema=NAME``` blocks are validated against docs/schema/NAME.schema.json.
Exit 0 when every example agrees, 1 otherwise (each disagreement printed with a diff).

--fill (for writers, never in the tests): a command shown with no output gets the output it
prints now written under it in the page, to be read and checked by the writer.
"""
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ELLIPSIS = "\u2026"
TIME_RE = re.compile(r"\d+(?:\.\d+)?(?:e[-+]?\d+)?\s?(?:ms|µs|us|ns|s|min)\b")
TIME_KEY_RE = re.compile(r'("[A-Za-z_]*(?:seconds|_ms|time|elapsed|duration)[A-Za-z_]*"\s*:\s*)-?[0-9.e+-]+')
COMMAND_TIMEOUT = 120


def blocks(text):
    """Yield (info, first_line_number, lines) for every fenced block of the page."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)(```+)(.*)$", lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3).strip()
        start = i + 1
        body = []
        i += 1
        while i < len(lines) and not re.match(r"^\s*" + fence + r"\s*$", lines[i]):
            line = lines[i]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            i += 1
        i += 1
        yield info, start, body


def info_fields(info):
    words = info.split()
    language = words[0] if words else ""
    fields = {}
    flags = set()
    for word in words[1:]:
        if "=" in word:
            key, value = word.split("=", 1)
            fields[key] = value
        else:
            flags.add(word)
    return language, fields, flags


def console_commands(body):
    """Yield (index, command line, expected lines) for each `$ ` line of a console block."""
    i = 0
    while i < len(body):
        if not body[i].startswith("$ "):
            i += 1
            continue
        at = i
        command_line = body[i][2:]
        i += 1
        while command_line.endswith("\\") and i < len(body):
            command_line = command_line[:-1] + " " + body[i].strip()
            i += 1
        expected = []
        while i < len(body) and not body[i].startswith("$ "):
            expected.append(body[i])
            i += 1
        yield at, command_line, expected


def printed_json_schema(command_line):
    """The schema of the JSON document a shown command prints, or None (text, or redirected)."""
    if ">" in command_line or "|" in command_line:
        return None
    words = command_line.split()
    if len(words) < 2 or not ("--json" in words or " --format json" in command_line):
        return None
    command = words[1]
    if command == "explore" and "compositional" in words:
        return "compositional"
    return {"run": "run", "explore": "explore", "wp": "wp", "grade": "grade", "compact": "compact",
            "templates": "templates", "apc": "apc", "fuzz": "fuzz-shard"}.get(command)


def is_symref_command(command_line):
    return re.match(r"^symref\b", command_line) is not None


def count_commands(text):
    return sum(1 for info, _, body in blocks(text) if info_fields(info)[0] == "console"
               for _, command_line, _ in console_commands(body) if is_symref_command(command_line))


def mask(line, replacements):
    for old, new in replacements:
        line = line.replace(old, new)
    line = TIME_KEY_RE.sub(r"\1<time>", line)
    return TIME_RE.sub("<time>", line)


def line_matches(expected, actual):
    if ELLIPSIS not in expected:
        return expected == actual
    pattern = ".*".join(re.escape(part) for part in expected.split(ELLIPSIS))
    return re.fullmatch(pattern, actual, re.DOTALL) is not None


def output_matches(expected, actual):
    """Whether the actual lines match the expected ones, a lone `…` line eliding any number."""
    memo = {}

    def match(i, j):
        key = (i, j)
        if key in memo:
            return memo[key]
        if i == len(expected):
            result = j == len(actual)
        elif expected[i].strip() == ELLIPSIS:
            result = any(match(i + 1, k) for k in range(j, len(actual) + 1))
        else:
            result = j < len(actual) and line_matches(expected[i], actual[j]) and match(i + 1, j + 1)
        memo[key] = result
        return result

    sys.setrecursionlimit(max(10000, 4 * (len(expected) + len(actual))))
    return match(0, 0)


def run_command(symref, scratch, command):
    shell_command = re.sub(r"(^|[|;&(]\s*)symref\b", lambda m: m.group(1) + shlex_quote(symref), command)
    env = dict(os.environ, LC_ALL="C.UTF-8", COLUMNS="100", NO_COLOR="1")
    try:
        completed = subprocess.run(["sh", "-c", shell_command], cwd=scratch, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, env=env, timeout=COMMAND_TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, ["[timed out after %d s]" % COMMAND_TIMEOUT]
    text = completed.stdout.decode("utf-8", "replace")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return completed.returncode, lines


def shlex_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


def validate_json(document, schema_name, source_root):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import schemas
    schemas.validate(document, schemas.load_schemas(source_root), schema_name)


def main():
    args = sys.argv[1:]
    count_file = None
    fill = "--fill" in args
    if fill:
        args.remove("--fill")
    insertions = []
    if "--count-file" in args:
        at = args.index("--count-file")
        count_file = args[at + 1]
        del args[at:at + 2]
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    symref, source_root, page = os.path.abspath(args[0]), os.path.abspath(args[1]), args[2]
    with open(page, encoding="utf-8") as f:
        text = f.read()
    name = os.path.relpath(page, source_root)
    scratch = tempfile.mkdtemp(prefix="symref-docs-")
    failures = 0
    counts = {"commands": 0, "programs": 0, "json": 0}
    try:
        for entry in os.listdir(source_root):
            if entry not in (".git", "build") and not entry.startswith("build"):
                os.symlink(os.path.join(source_root, entry), os.path.join(scratch, entry))
        replacements = [(symref, "symref"), (os.path.realpath(scratch), "."), (scratch, "."),
                        (source_root, "."), (os.path.realpath(source_root), ".")]
        for info, start, body in blocks(text):
            language, fields, flags = info_fields(info)
            where = "%s:%d" % (name, start)
            if "file" in fields and language != "sym":
                # Any other file the examples after it use (an input state, a lab's task).
                target_path = os.path.join(scratch, fields["file"])
                os.makedirs(os.path.dirname(target_path), exist_ok=True)
                with open(target_path, "w", encoding="utf-8") as f:
                    f.write("\n".join(body) + "\n")
            if language == "sym" and ("file" in fields or "program" in flags):
                target = fields.get("file", "program-%d.sym" % start)
                target_path = os.path.join(scratch, target)
                os.makedirs(os.path.dirname(target_path), exist_ok=True)
                with open(target_path, "w", encoding="utf-8") as f:
                    f.write("\n".join(body) + "\n")
                counts["programs"] += 1
                status, output = run_command(symref, scratch, "symref check " + shlex_quote(target))
                if "invalid" in flags:
                    # A program shown for its diagnostic: it must be rejected (exit 1).
                    if status != 1:
                        failures += 1
                        print("%s: the program marked invalid is not rejected (exit %s)" % (where, status))
                elif status != 0:
                    failures += 1
                    print("%s: the program does not check:\n  %s" % (where, "\n  ".join(output)))
                if "program" in flags and "file" not in fields:
                    os.remove(target_path)
            elif language == "json" and "schema" in fields:
                    counts["json"] += 1
                    try:
                        validate_json(json.loads("\n".join(body)), fields["schema"], source_root)
                    except Exception as error:  # a parse error or a schema violation
                        failures += 1
                        print("%s: the JSON example does not satisfy schema %s: %s" % (where, fields["schema"], error))
            elif language == "console":
                for at, command_line, expected in console_commands(body):
                    command_at = start + at
                    if not is_symref_command(command_line):
                        # A shell step that sets the scene (e.g. `mkdir`); run, output unchecked.
                        run_command(symref, scratch, command_line)
                        continue
                    counts["commands"] += 1
                    expected_status = 0
                    if expected and re.fullmatch(r"\[exit (\d+)\]", expected[-1].strip()):
                        expected_status = int(re.fullmatch(r"\[exit (\d+)\]", expected[-1].strip()).group(1))
                        expected = expected[:-1]
                    while expected and expected[-1].strip() == "":
                        expected.pop()
                    status, printed = run_command(symref, scratch, command_line)
                    actual = [mask(line.rstrip(), replacements) for line in printed]
                    while actual and actual[-1] == "":
                        actual.pop()
                    if fill and not expected and expected_status == 0:
                        raw = [line.rstrip() for line in printed]
                        for old, new in replacements:
                            raw = [line.replace(old, new) for line in raw]
                        while raw and raw[-1] == "":
                            raw.pop()
                        if status != 0:
                            raw.append("[exit %s]" % status)
                        insertions.append((command_at, raw))
                        continue
                    wanted = [mask(line.rstrip(), []) for line in expected]
                    problems = []
                    schema_name = printed_json_schema(command_line)
                    if schema_name and status == 0:
                        # The JSON the command printed (after any notes) must satisfy its schema.
                        counts["json"] += 1
                        try:
                            start_line = next(k for k, line in enumerate(printed) if line.startswith("{"))
                            validate_json(json.loads("\n".join(printed[start_line:])), schema_name, source_root)
                        except Exception as error:
                            problems.append("its JSON does not satisfy schema %s: %s" % (schema_name, error))
                    if status != expected_status:
                        problems.append("exit status %s, the page shows %d" % (status, expected_status))
                    if not output_matches(wanted, actual):
                        diff = difflib.unified_diff(wanted, actual, "shown", "actual", lineterm="")
                        problems.append("output differs:\n    " + "\n    ".join(diff))
                    if problems:
                        failures += 1
                        print("%s:%d: $ %s\n  %s" % (name, command_at + 1, command_line, "\n  ".join(problems)))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if insertions:
        page_lines = text.split("\n")
        for command_at, raw in sorted(insertions, reverse=True):
            # command_at is the 0-based index of the `$` line; continuation lines follow it.
            at = command_at
            while page_lines[at].rstrip().endswith("\\"):
                at += 1
            page_lines[at + 1:at + 1] = raw
        with open(page, "w", encoding="utf-8") as f:
            f.write("\n".join(page_lines))
        print("%s: filled the output of %d commands" % (name, len(insertions)))
    print("%s: %d commands, %d programs, %d JSON examples, %d failing" %
          (name, counts["commands"], counts["programs"], counts["json"], failures))
    if count_file:
        with open(count_file, "w", encoding="utf-8") as f:
            json.dump(counts, f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
