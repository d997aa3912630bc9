#!/bin/sh
# The docs runner can fail: on the fixture pages it passes the page that agrees with the binary and
# fails each page with one kind of drift (output, exit code, program, JSON against its schema);
# the --help comparison fails a cli.md that leaves out a flag.
# Usage: runner_catches_drift.sh PYTHON SYMREF SOURCE_ROOT
python="$1"; symref="$2"; root="$3"
here="$root/tests/docs"
status=0
"$python" "$here/run_examples.py" "$symref" "$root" "$here/fixtures/agrees.md" >/dev/null || {
  echo "the agreeing page failed:"; "$python" "$here/run_examples.py" "$symref" "$root" "$here/fixtures/agrees.md"; status=1; }
for page in output-drifted exit-drifted program-invalid json-invalid; do
  if "$python" "$here/run_examples.py" "$symref" "$root" "$here/fixtures/$page.md" >/dev/null; then
    echo "the runner passed $page.md, which it must fail"; status=1
  fi
done
# The --help comparison fails when docs/cli.md leaves out a flag (here step's --quiet).
scratch="$(mktemp -d)"
grep -v '^- `--quiet` — print only the summary' "$root/docs/cli.md" > "$scratch/cli.md"
if "$python" "$here/check_help.py" "$symref" "$scratch/cli.md" >/dev/null; then
  echo "check_help.py passed a cli.md without step's --quiet"; status=1
fi
rm -rf "$scratch"
[ $status -eq 0 ] && echo "the runner passes the agreeing page and fails all four drifted ones; the --help check fails a missing flag"
exit $status
