#!/usr/bin/env bash
# One-command set-up on a fresh Debian 12 machine (as root): installs the Debian packages symref
# needs, builds it, then either runs symref on a bundled example (`demo`) or the whole test suite
# (`test`).  Nothing is downloaded except Debian packages.
set -euo pipefail

mode="${1:-demo}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SYMREF_BUILD_DIR:-$here/build}"

packages=(cmake ninja-build g++ libboost-dev libgmp-dev libz3-dev libcvc5-dev cvc5 librapidcheck-dev libgtest-dev
          nlohmann-json3-dev libcli11-dev graphviz libmimalloc-dev)
if [ "$mode" = bench ]; then packages+=(lua5.4 bc python3); fi
# The browser tests of `symref report` run the page in Debian's headless Chromium (tests/browser).
if [ "$mode" = test ]; then packages+=(chromium fonts-dejavu-core); fi
# The documentation tests (tests/docs) run the examples of README.md and docs/ and validate JSON
# against docs/schema/ with Python's jsonschema.
if [ "$mode" = test ]; then packages+=(python3 python3-jsonschema); fi
# `symref difftest --against gcc` builds the C exports with the C compiler and GMP (tests/interop).
if [ "$mode" = test ]; then packages+=(gcc libc6-dev libgmp-dev); fi
# The verifier tests of `symref difftest` run Dafny, Why3 and Frama-C WP with Z3 (tests/interop_verifiers.cmake).
if [ "$mode" = test ]; then packages+=(dafny why3 frama-c-base z3); fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

jobs="$(nproc 2>/dev/null || echo 2)"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSYMREF_BUILD_TESTS="$([ "$mode" = demo ] && echo OFF || echo ON)"
cmake --build "$build" -j "$jobs"

case "$mode" in
  demo)
    "$build/symref" run "$here/corpus/classic/factorial.sym" --input "$here/corpus/classic/factorial.input.json"
    echo
    "$build/symref" explore "$here/corpus/classic/factorial.sym" --loop-bound 3
    ;;
  test)
    # Chromium was installed above: a browser test that cannot start it fails instead of skipping.
    SYMREF_BROWSER_TESTS=require ctest --test-dir "$build" --output-on-failure -j "$jobs"
    ;;
  bench)
    "$here/bench/run_benchmarks.sh" "$build"
    ;;
  *)
    echo "usage: $0 [demo|test|bench]" >&2
    exit 2
    ;;
esac
