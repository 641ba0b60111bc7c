#!/usr/bin/env bash
# Builds Tests/MisbehavingStrategies (a user's package whose strategies each make one mistake on
# purpose) and runs each one: every mistake must end in one line naming the strategy, the phase and
# the value, with exit 70 (64 for a declaration registration refuses), and never a trap or a file
# half-written. Run from the project root; CI runs it (issue 38). About 2 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/../Tests/MisbehavingStrategies"
swift build -c release --product misbehaving-bench >&2
bench="$(swift build -c release --show-bin-path)/misbehaving-bench"
out=$(mktemp -d /tmp/misbehaving.XXXXXX)
trap 'rm -rf "$out"' EXIT
failures=0
fail() { echo "misbehaving: $*" >&2; failures=$((failures + 1)); }
"$bench" trace generate --seed 1 --duration 1 --output "$out/short.trace" >/dev/null

# expect STATUS WORDS COMMAND...: the command exits STATUS with one line on stderr holding WORDS.
expect() {
  local status=$1 words=$2; shift 2
  local rc=0
  "$@" >"$out/stdout" 2>"$out/stderr" || rc=$?
  local lines; lines=$(grep -c . "$out/stderr" || true)
  if [ "$rc" != "$status" ] || [ "$lines" != 1 ] || ! grep -qF -- "$words" "$out/stderr"; then
    fail "$* exits $rc with $lines lines, want $status and one line with \"$words\": $(head -c 300 "$out/stderr")"
  fi
}

# Run-time mistakes, replayed with pixels (--raster) so that every check on a picture is reached.
while read -r name phase words; do
  expect 70 "strategy '$name' failed in $phase: $words" \
    "$bench" run --strategy "$name" --trace "$out/short.trace" --device iphone-6s --clock virtual --costs zero --raster
done <<'CASES'
throws-in-handle handle it threw CocoaError (NSCocoaErrorDomain code 512)
huge-surface init it threw CanvasError
point-at-infinity handle it stroked a point at (inf, 0.0)
far-point handle it stroked a point at (1e+300, 5.0)
nan-width handle it stroked with a line width of nan
huge-fill handle it gave a fill of 10x10
damage-near-int-max commit it returned damage of 100x100
shows-through-beyond commit it returned showsThrough 100000000
fade-in-nan commit it returned fadeIn nan
render-seconds-infinite commit it returned backgroundRenderSeconds inf
overlay-at-infinity commit it returned an overlay through (-inf, 2.0)
CASES

# A strategy `run` accepts (its own bitmap has pixels, and so does a measured replay's layer) but a
# dry sweep does not: the sweep names it, writes no run of it, and keeps the run before it.
"$bench" run --strategy own-pixels-dry-image --trace "$out/short.trace" --device iphone-6s --clock virtual \
  >/dev/null 2>&1 || fail "own-pixels-dry-image fails a measured run"
expect 70 "strategy 'own-pixels-dry-image' failed in handle: it drew a dry image" \
  "$bench" sweep --strategies null,own-pixels-dry-image --devices iphone-6s --traces "$out/short.trace" --costs zero \
  --jobs 1 --output "$out/sweep"
[ "$(ls "$out/sweep/runs")" = "null_iphone-6s_devicehz_short_zero-costs_r1.json" ] \
  || fail "the failed sweep holds $(ls "$out/sweep/runs" | tr '\n' ' '), want the null run alone"
[ -z "$(find "$out/sweep" -name '*.partial-*')" ] || fail "the failed sweep left a partial file"

# Declarations the command line could not offer are refused before anything runs.
while read -r declaration words; do
  expect 64 "$words" env MISBEHAVING_REGISTER="$declaration" "$bench" list
done <<'CASES'
named-all strategy name 'all' means every strategy
two-line-summary its summary must be one line
option-twice '--option-twice-x' is declared twice
endless-seconds must lie within 0...3600.0 seconds
default-outside its default 20 is outside its range
CASES

# A capacity guarded (docs/capacity.md): a baseline recorded with the strategy as it was, then checked
# as it is and after a change that strokes its history three times a redraw, more work per retained
# point: the modelled capacity falls under the budget and under the recorded one, and check exits 2.
"$bench" ramp --strategy slowed-dirty-rect --device ipad-pro-11 --costs model --limit 60000 \
  --baseline "$out/capacity.json" --at-least 50000 >/dev/null 2>&1 || fail "recording a capacity baseline fails"
rc=0; SLOWED_PASSES=1 "$bench" check --baseline "$out/capacity.json" >"$out/check-same" 2>&1 || rc=$?
[ "$rc" = 0 ] || fail "the unchanged strategy's capacity check exits $rc: $(tail -3 "$out/check-same")"
rc=0; SLOWED_PASSES=3 "$bench" check --baseline "$out/capacity.json" >"$out/check-slowed" 2>&1 || rc=$?
[ "$rc" = 2 ] || fail "the slowed strategy's capacity check exits $rc, want 2: $(tail -3 "$out/check-slowed")"
grep -qi "budget capacity_points.*regression" "$out/check-slowed" || fail "the slowed strategy's check names no capacity budget regression"

[ "$failures" = 0 ] || { echo "misbehaving: $failures cases failed" >&2; exit 1; }
echo "Tests/MisbehavingStrategies: 12 run-time mistakes named (exit 70), 5 declarations refused (exit 64), a slowed strategy's capacity caught (exit 2)"
