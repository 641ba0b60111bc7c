#!/usr/bin/env bash
# Reproduces the tables in docs/generator-vs-humans.md: imports the recorded human traces from
# ../shared/traces (never copied into this repository), generates the matching synthetic sessions,
# and prints both sets of statistics side by side.
set -euo pipefail
cd "$(dirname "$0")/.."
T=../shared/traces
[ -d "$T" ] || { echo "skipped: $T is missing" >&2; exit 0; }
swift build -c release --product bench >/dev/null
BENCH="$(swift build -c release --show-bin-path)/bench"
OUT=$(mktemp -d /tmp/strokebench-compare.XXXXXX)
trap 'rm -rf "$OUT"' EXIT
"$BENCH" trace import --format dollar1 "$T/dollar1/xml_logs" --output "$OUT/dollar1.trace"
"$BENCH" trace import --format omniglot "$T/omniglot/strokes_background_small1" --output "$OUT/omniglot.trace"
"$BENCH" trace generate --kind shapes --seed 1 --duration 1200 --digitizer tablet-pc --canvas 150x150 --output "$OUT/shapes.trace"
"$BENCH" trace generate --kind handwriting --seed 1 --duration 1500 --digitizer browser --output "$OUT/handwriting.trace"
for t in dollar1 shapes omniglot handwriting; do echo; "$BENCH" trace info "$OUT/$t.trace" | tail -6; done
echo; "$BENCH" trace compare "$OUT/dollar1.trace" "$OUT/shapes.trace"
echo; "$BENCH" trace compare "$OUT/omniglot.trace" "$OUT/handwriting.trace"
