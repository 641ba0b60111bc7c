#!/usr/bin/env bash
# Regenerates results/ from nothing: builds bench (release), runs the reference sweep (every
# strategy, the four device profiles, 60 and 120 Hz, the built-in trace, virtual clock), draws the
# charts, and writes results/README.md with the table, the charts and what they were measured with
# (machine, toolchain, cairo and pixman versions, commit).
#
# When ../shared/traces is present and this bench can import traces (`bench trace import`), a real
# human session (two Omniglot characters, 40 drawers) is swept too, on ipad-pro-11 at 120 Hz, into results/human/.
#
#   scripts/reproduce.sh                      # everything
#   scripts/reproduce.sh --modelled           # the modelled part alone (under a minute), measured part kept
#   STRATEGIES=naive,null scripts/reproduce.sh  # fewer strategies, for a quick look
#   HUMAN_TIMEOUT=300 scripts/reproduce.sh    # stop the human sweep after 5 min, keeping finished runs
#
# The modelled part (the sweep with --costs model and the article's spiral table) replays dry: it counts
# the work from geometry without rasterizing, reads no clock, and runs as many replays at once as there
# are cores. The measured part rasterizes and times every phase, one run at a time, and takes most of an hour.
#
# results/ is replaced only when everything succeeded; a failed run leaves the old one alone.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
MODE=all
case "${1:-}" in
  "") ;;
  --modelled) MODE=modelled ;;
  *) echo "usage: scripts/reproduce.sh [--modelled]" >&2; exit 64 ;;
esac
if [ "$MODE" = modelled ] && [ ! -f results/measured-info.sh ]; then
  echo "scripts/reproduce.sh --modelled: results/measured-info.sh is missing; run scripts/reproduce.sh once in full" >&2
  exit 66
fi

STRATEGIES=${STRATEGIES:-all}
DEVICES=${DEVICES:-all}
RATES=${RATES:-60,120}
HUMAN_TIMEOUT=${HUMAN_TIMEOUT:-900}
TRACES=../shared/traces

say() { printf '\n== %s\n' "$*" >&2; }

say "setup: cairo, pixman, libxml2, the chart packages (scripts/setup.sh)"
scripts/setup.sh

say "build: swift build -c release --product bench"
swift build -c release --product bench >&2
BENCH="$(swift build -c release --show-bin-path)/bench"

out=results.new
# bench writes no output inside a study folder (results.new holds the reference sweep's sweep.json), so
# each further study and page is made in this sibling staging folder and moved into place.
stage=results.stage
rm -rf "$out" "$stage"
mkdir -p "$stage"
if [ "$MODE" = modelled ]; then
  say "keeping the measured results of the last full run (results/measured-info.sh)"
  cp -a results "$out"
  rm -rf "$out/modelled" "$out/modelled.txt" "$out/device-model"
  mkdir -p "$out/device-model"
  # shellcheck source=/dev/null
  source results/measured-info.sh
  say "the measured grid and table, redrawn from the kept summary.csv (each device at its display's rates)"
  # Captioned with the commit that measured it (measured-info.sh), not the one redrawing it.
  python3 scripts/plot.py "$out" --output "$out" --table "$out/table.md" --only hitch-grid --bench "$BENCH" \
    --caption "StrokeBench ${commit:0:7}, measured $measured_on"
else
  mkdir -p "$out"

  say "reference sweep: strategies $STRATEGIES, devices $DEVICES, $RATES Hz, default trace, virtual clock"
  sweep_cmd=(sweep --strategies "$STRATEGIES" --devices "$DEVICES" --hz "$RATES" --clock virtual --output "$out")
  sweep_started=$(date +%s)
  # The virtual clock charges wall-clock costs, so other work on the machine shows in the figures:
  # the load average before and after goes into the README for whoever reads them.
  load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
  "$BENCH" "${sweep_cmd[@]}" >"$out/sweep.txt"
  load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
  sweep_seconds=$(($(date +%s) - sweep_started))

  say "charts"
  python3 scripts/plot.py "$out" --output "$out" --table "$out/table.md"

fi

say "the same sweep, modelled for each device (--costs model): dry, deterministic, so it may run beside anything"
modelled_started=$(date +%s)
modelled_cmd=(sweep --strategies "$STRATEGIES" --devices "$DEVICES" --hz "$RATES" --clock virtual --costs model --output "$out/modelled")
"$BENCH" "${modelled_cmd[@]/#$out\/modelled/$stage/modelled}" >"$out/modelled.txt"
mv "$stage/modelled" "$out/modelled"
modelled_sweep_seconds=$(($(date +%s) - modelled_started))

say "the article's benchmark, modelled: every strategy on the companion app's spiral (scripts/device_model_table.py)"
python3 scripts/device_model_table.py "$stage/device-model" --bench "$BENCH" >&2
mkdir -p "$out/device-model" && mv "$stage/device-model"/* "$out/device-model/"
say "the model against every published on-device figure (bench model validate)"
"$BENCH" model validate --format json > "$out/device-model/validation.json"
say "capacity: every strategy ramped on every device, modelled (bench ramp, docs/capacity.md)"
mkdir -p "$out/capacity"
ramp_started=$(date +%s)
ramp_cmd=(ramp --strategies all --devices all --costs model --csv "$out/capacity/steps.csv" --format json)
"$BENCH" "${ramp_cmd[@]}" >"$out/capacity/ramp.json"
ramp_seconds=$(($(date +%s) - ramp_started))
"$BENCH" ramp --strategies all --devices all --costs model >"$out/capacity/ramp.txt"
python3 scripts/plot_ramp.py "$out/capacity/ramp.json" --output "$out/capacity/ramp.png" --table "$out/capacity/table.md"
modelled_seconds=$(($(date +%s) - modelled_started))
python3 scripts/plot.py "$out/modelled" --output "$out/modelled" --table "$out/modelled/table.md"
# The host fit's frames are made by scripts/fit_host.py --dump, not here: keep them.
[ -f results/device-model/host-fit-frames.json.gz ] && cp results/device-model/host-fit-frames.json.gz "$out/device-model/"

if [ "$MODE" = all ]; then

  human_note="not run: $TRACES is missing here."
  if [ -d "$TRACES/omniglot" ]; then
    # Importers live in `bench trace import`; a bench without the `trace` command cannot read them.
    if "$BENCH" --help 2>/dev/null | grep -qE '^[[:space:]]+trace([[:space:]]|$)'; then
      say "human session: importing Omniglot from $TRACES/omniglot"
      mkdir -p "$out/human" "$stage/human"
      cp "$TRACES/omniglot/LICENSE" "$TRACES/omniglot/ATTRIBUTION.txt" "$out/human/" 2>/dev/null || true
      # Two characters' worth of drawings (40 people, 74 strokes, 3 minutes with their real pauses):
      # the whole folder is a 70-minute session that only the cheapest strategies replay in reasonable time.
      "$BENCH" trace import --format omniglot "$TRACES/omniglot/strokes_background_small1/Latin/character01" \
        "$TRACES/omniglot/strokes_background_small1/Latin/character02" --output "$stage/human/omniglot.json" >&2
      say "human session sweep (stopped after ${HUMAN_TIMEOUT}s if it runs long; finished runs are kept)"
      human_started=$(date +%s)
      status=0
      # SIGINT, not TERM: bench sweep then finishes the run in progress and keeps every finished one.
      # From inside human/, so the sweep records the trace as `omniglot.json`, not a path that the final
      # move to results/ would leave dangling.
      (cd "$stage/human" && timeout -s INT "$HUMAN_TIMEOUT" "$BENCH" sweep --strategies "$STRATEGIES" --devices ipad-pro-11 \
        --hz 120 --traces omniglot.json --clock virtual --output sweep >sweep.txt) || status=$?
      human_seconds=$(($(date +%s) - human_started))
      case $status in
        0) human_note="every strategy, ipad-pro-11 at 120 Hz, ${human_seconds} s." ;;
        130|124) human_note="stopped after ${HUMAN_TIMEOUT} s; the runs that finished are below." ;;
        *) echo "the human-session sweep failed ($status)" >&2; exit "$status" ;;
      esac
      # The trace is regenerated from $TRACES; its licence files stay beside the results.
      mv "$stage/human/sweep" "$stage/human/sweep.txt" "$out/human/"
      python3 scripts/plot.py "$out/human/sweep" --output "$out/human" --table "$out/human/table.md"
    else
      human_note="not run: this bench has no \`trace import\` yet, so $TRACES cannot be read."
    fi
  fi
  total_seconds=$(($(date +%s) - started))
  machine=$(python3 -c "import csv,sys; print(', '.join(sorted({r['machine'] for r in csv.DictReader(open(sys.argv[1]))})))" "$out/summary.csv")
  cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -1)
  commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
  git diff --quiet HEAD -- Sources Package.swift scripts 2>/dev/null || commit="$commit (with uncommitted changes to the sources)"
  measured_on=$(date -u +%Y-%m-%d)
  # What the measured part was run with, for a later --modelled run that keeps it.
  {
    for v in measured_on machine cpu commit sweep_seconds load_before load_after total_seconds human_note; do
      printf '%s=%q\n' "$v" "${!v}"
    done
    printf 'sweep_line=%q\n' "bench ${sweep_cmd[*]/$out/results}"
    printf 'system=%q\n' "$(uname -srm)"
    printf 'toolchain=%q\n' "$(swift --version 2>&1 | head -1)"
    printf 'libraries=%q\n' "$(pkg-config --modversion cairo), $(pkg-config --modversion pixman-1)"
  } >"$out/measured-info.sh"
fi

say "the answer on one page: bench report (results/report.html, and the article's spiral in device-model/report.html)"
# The pages name their study by the path it has once results.new replaces results/: made through a link
# of that name in the staging folder, not as results.new/..., which the page would print as its study.
ln -sfn "../$out" "$stage/results"
(cd "$stage" && "$BENCH" report results/modelled --output report.html) && mv "$stage/report.html" "$out/report.html"
(cd "$stage" && "$BENCH" report results/device-model/sweep --output device-report.html) \
  && mv "$stage/device-report.html" "$out/device-model/report.html"
rm "$stage/results"
"$BENCH" report "$out/modelled" --format markdown >"$out/verdict.md"

say "results/README.md"
runs=$(($(wc -l <"$out/summary.csv") - 1))
modelled_runs=$(($(wc -l <"$out/modelled/summary.csv") - 1))
modelled_commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- Sources Package.swift scripts 2>/dev/null || modelled_commit="$modelled_commit (with uncommitted changes to the sources)"
{
  echo "# Results"
  echo
  echo "Measured by \`scripts/reproduce.sh\` on $measured_on, modelled on $(date -u +%Y-%m-%d). Regenerate them with that"
  echo "one script (\`--modelled\` redoes the modelled part alone); on another machine the measured figures"
  echo "differ, the shape of them should not, and the modelled ones are the same."
  echo
  echo "## The answer, modelled for each device"
  echo
  echo "Which way to draw on each device: the verdict of every strategy, modelled by the device cost model"
  echo "([docs/device-model.md](../docs/device-model.md)) for the default trace, with each band's share of the"
  echo "model's 64 draws; then a ranking per device. The whole page, with charts and every configuration:"
  echo "[report.html](report.html) (\`bench report results/modelled --output report.html\`, moved here: bench writes nothing inside a study folder)."
  echo
  cat "$out/verdict.md"
  echo
  echo "## The article's benchmark, modelled"
  echo
  echo "Every strategy draws the companion app's spiral, one point per display-link callback, with modelled"
  echo "costs and their 5-95% ranges; \`naive\` on the iPad Pro 11 is the figure the model was fitted to,"
  echo "everything else is a prediction ([device-model/report.html](device-model/report.html))."
  echo
  cat "$out/device-model/table.md"
  echo
  echo "## The default trace, modelled for each device"
  echo
  echo "\`--costs model\`: each phase charged the work it counted times the device's sourced unit costs."
  echo "Predictions for the device, identical on every machine."
  echo
  cat "$out/modelled/table.md"
  echo
  echo "![hitch grid, modelled](modelled/hitch-grid.png)"
  echo
  echo "## Capacity, modelled: how much drawing before it stops keeping up"
  echo
  echo "\`bench ${ramp_cmd[*]/$out/results}\` ($ramp_seconds s): each strategy's capacity in retained points of"
  echo "handwriting on each device, with the model's 5-95% range over its draws ([docs/capacity.md](../docs/capacity.md))."
  echo "\`capacity/ramp.txt\` is the table bench prints, with the crossings; \`capacity/steps.csv\` every step."
  echo
  cat "$out/capacity/table.md"
  echo
  echo "![frame cost against retained points, modelled](capacity/ramp.png)"
  echo
  echo "## How these figures were made"
  echo
  echo "| | |"
  echo "|---|---|"
  echo "| machine | $machine; ${cpu:-unknown CPU}; $system |"
  echo "| toolchain | $toolchain |"
  echo "| cairo, pixman | $libraries |"
  echo "| commit, measured | \`$commit\` |"
  echo "| sweep, measured | \`$sweep_line\`: $runs runs in ${sweep_seconds} s |"
  echo "| load average | $load_before before the measured sweep, $load_after after (1, 5, 15 min; the machine has $(nproc) cores) |"
  echo "| whole script, measured run | ${total_seconds} s, build and charts included |"
  echo "| commit, modelled | \`$modelled_commit\` |"
  echo "| modelled part, dry | \`bench ${modelled_cmd[*]/$out/results}\`: $modelled_runs runs in ${modelled_sweep_seconds} s; with the article's spiral table, ${modelled_seconds} s |"
  echo
  echo "## Measured on this host: this machine's time for the device's work"
  echo
  echo "The virtual clock never sleeps and charges each phase the wall-clock time it took here, so the"
  echo "times below are this machine's for the work an iOS device would do, not an iPad's: \`naive\` is cheap"
  echo "here and critical on the iPad. Other work on the machine shows in them: see the load average."
  echo 'Counters (`pixels_rasterized`, ...) do not depend on the machine.'
  echo
  cat "$out/table.md"
  echo
  echo "## Charts, measured on this host"
  echo
  echo "Main-thread time of every frame, per strategy, with the frame budget and the frames that missed it:"
  echo
  echo "![timeline](timeline.png)"
  echo
  echo "The same frames as a distribution, out to the 99.9th percentile (log scales):"
  echo
  echo "![percentiles](percentiles.png)"
  echo
  echo "The cost of a frame against the size of the drawing: a strategy that redraws every stored point"
  echo "grows with the picture; one that keeps a bitmap does not."
  echo
  echo "![scaling](scaling.png)"
  echo
  echo "Hitch-time ratio for every strategy, device and refresh rate, in Apple's WWDC20 bands, measured on this host:"
  echo
  echo "![hitch grid](hitch-grid.png)"
  echo
  echo "## A real human session, measured on this host"
  echo
  if [ -f "$out/human/table.md" ]; then
    echo "Omniglot drawings (MIT licence, see \`human/LICENSE\`): $human_note"
    echo
    cat "$out/human/table.md"
    echo
    echo "![human session timeline](human/timeline.png)"
  else
    echo "Omniglot drawings with real pen-up pauses: $human_note"
  fi
  echo
  echo "## Files"
  echo
  echo "- \`summary.csv\`: one row per run, the configuration then every summary figure (\`main_ms_p99\`,"
  echo "  \`hitch_ratio_ms_per_s\`, \`pixels_rasterized\`, ...); \`sweep.json\`: the plan; \`sweep.txt\`: bench's table."
  echo "- \`frames/\`: one per-frame CSV per run. Not committed (tens of MB); the script writes them."
  echo "- Compare a sweep of your own with this one: \`bench compare results my-sweep\` (timings only"
  echo "  on the same machine; counters anywhere)."
} >"$out/README.md"

rm -rf results "$stage"
mv "$out" results
say "done in $(($(date +%s) - started)) s: results/README.md"
