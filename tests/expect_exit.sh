#!/bin/sh
# Runs a command and succeeds exactly when it exits with the expected code: expect_exit.sh CODE CMD...
expected="$1"
shift
"$@"
actual=$?
if [ "$actual" -ne "$expected" ]; then
  echo "expected exit code $expected, got $actual: $*" >&2
  exit 1
fi
exit 0
