#!/usr/bin/env bash
# Draws the timeline windows that README.md and docs/timeline.md show: the built-in trace replayed on
# ipad-pro-11 at 120 Hz in the virtual clock with `--timeline`, then one window of each run drawn
# with scripts/plot_timeline.py.
#
#   scripts/timeline-pictures.sh                  # measured costs (this machine's, and its load)
#   COSTS=zero scripts/timeline-pictures.sh       # another cost mode (bench run --help lists them)
#
# Writes docs/timeline-naive.png, docs/timeline-async-pool.png and docs/timeline-async-global.png;
# the JSON files go to a temporary folder (about 5-10 MB each), removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
COSTS=${COSTS:-measured}

swift build -c release --product bench >&2
BENCH="$(swift build -c release --show-bin-path)/bench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# strategy, window start and end (seconds of replay time): where the default trace shows the thing.
#   naive        its long turns at the start of a stroke, and the frames they make late
#   async-pool   the sentinel cancelling render after render, so the screen changes rarely
#   async-global renders nobody cancels, finished and thrown away
while read -r strategy start end; do
  "$BENCH" run --strategy "$strategy" --device ipad-pro-11 --hz 120 --clock virtual --costs "$COSTS" \
    --timeline "$work/$strategy.json" --format json >"$work/$strategy.summary.json"
  python3 scripts/plot_timeline.py "$work/$strategy.json" --start "$start" --end "$end" \
    --output "docs/timeline-$strategy.png"
done <<'WINDOWS'
naive 0.2 0.45
async-pool 14.0 14.3
async-global 14.5 14.8
WINDOWS
