#!/usr/bin/env bash
# Regenerates docs/guide-labs.md's pictures of `symref report` (interp/report/screenshots/) with Debian's
# headless Chromium: the tree of §4's aliasing example under the trace engine with its failing
# path selected, and the stepper inside a procedure call.  Usage: scripts/report_screenshots.sh [BUILD_DIR]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$here/build}"
out="$here/interp/report/screenshots"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$here"
"$build/symref" report corpus/aliasing/field_alias.sym --engine trace -o "$work/tree.html"
echo '{"globals": {"x": 1, "r": 7}}' > "$work/input.json"
"$build/symref" report corpus/labs/procedures/01-absolute-procedure/program.sym --input "$work/input.json" -o "$work/stepper.html"
shoot() {
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$work/profile" \
    --window-size=1500,900 --screenshot="$2" "$1" >/dev/null 2>&1
}
shoot "file://$work/tree.html#path=2" "$out/tree.png"
shoot "file://$work/stepper.html#tab=stepper&step=3" "$out/stepper.png"
echo "wrote $out/tree.png and $out/stepper.png"
