#!/usr/bin/env bash
# Draws the timeline windows that README.md and docs/timeline.md show: the built-in trace replayed on
# ipad-pro-11 at 120 Hz in the virtual clock with `--timeline`, then one window of each run drawn
# with scripts/plot_timeline.py.
#
#   scripts/timeline-pictures.sh                  # the device cost model: the same pictures on every machine
#   COSTS=measured scripts/timeline-pictures.sh   # this machine's costs (and its load)
#
# Writes docs/timeline-naive.png, docs/timeline-async-pool.png and docs/timeline-async-global.png;
# the JSON files go to a temporary folder (about 5-10 MB each), removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
COSTS=${COSTS:-model}

swift build -c release --product bench >&2
BENCH="$(swift build -c release --show-bin-path)/bench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# strategy, window start and end (seconds of replay time): where the default trace shows the thing.
#   naive        its long turns (a full-size image per touch event), each frame presented vsyncs late
#   async-pool   the sentinel cancelling render after render while the pen moves: the screen changes at pen up
#   async-global renders nobody cancels, finished and thrown away by the draw flag
while read -r strategy start end; do
  "$BENCH" run --strategy "$strategy" --device ipad-pro-11 --hz 120 --clock virtual --costs "$COSTS" \
    --timeline "$work/$strategy.json" --format json >"$work/$strategy.summary.json"
  python3 scripts/plot_timeline.py "$work/$strategy.json" --start "$start" --end "$end" \
    --output "docs/timeline-$strategy.png"
done <<'WINDOWS'
naive 0.2 0.7
async-pool 0.4 0.8
async-global 0.4 0.8
WINDOWS
