#!/usr/bin/env bash
# Builds Examples/CustomStrategy (a package of its own, depending on this checkout by path) and runs
# the short sweep its README shows, so a change to the public strategy API cannot break it silently.
# Run from the project root; CI runs it. About 2 minutes on 2 cores (the example builds StrokeBench).
set -euo pipefail
cd "$(dirname "$0")/../Examples/CustomStrategy"
swift build -c release --product custom-bench
bench="$(swift build -c release --show-bin-path)/custom-bench"
out=$(mktemp -d /tmp/custom-strategy.XXXXXX)
trap 'rm -rf "$out"' EXIT
"$bench" trace generate --seed 1 --duration 3 --output "$out/short.trace"
"$bench" sweep --strategies tile-cache,flatten-every,flattened,dirty-rect --traces "$out/short.trace" \
  --costs model --output "$out/sweep"
rows=$(($(wc -l <"$out/sweep/summary.csv") - 1))
[ "$rows" -eq 4 ] || { echo "example sweep wrote $rows runs, want 4" >&2; exit 1; }
"$bench" run --strategy tile-cache --trace "$out/short.trace" --clock virtual --costs model --format json >"$out/run.json"
python3 -c "import json,sys; p=json.load(open(sys.argv[1]))['picture']; sys.exit(0 if p['matches_reference'] else 1)" "$out/run.json" \
  || { echo "tile-cache's final picture does not match the reference" >&2; exit 1; }
echo "Examples/CustomStrategy: built, swept and its picture checked"
