#!/usr/bin/env bash
# Every strategy on every device profile, in both clocks, on a short generated session: each run must
# succeed and end with the reference picture. Prints one line per run and a closing count.
#   scripts/smoke-all.sh [SECONDS]      (the session's length, default 3)
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-3}
swift build -c release --product bench >/dev/null || exit 1
BENCH="$(swift build -c release --show-bin-path)/bench"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$BENCH" trace generate --seed 11 --duration "$seconds" --output "$tmp/session.trace" >/dev/null || exit 1
strategies=$("$BENCH" list | awk '$1 == "strategy" { print $2 }')
devices=$("$BENCH" list | awk '$1 == "device" { print $2 }')
passed=0; failed=0
for s in $strategies; do
  for d in $devices; do
    for clock in virtual realtime; do
      if "$BENCH" run --strategy "$s" --device "$d" --clock "$clock" --trace "$tmp/session.trace" --format json \
           >"$tmp/out.json" 2>"$tmp/err"; then
        verdict=$(python3 -c "import json,sys; p=json.load(open(sys.argv[1]))['picture']; print('matches' if p['matches_reference'] else 'DIFFERS', round(p['differing_pct'], 3))" "$tmp/out.json")
      else
        verdict="FAILED: $(tail -1 "$tmp/err")"
      fi
      case $verdict in
        matches*) passed=$((passed + 1)) ;;
        DIFFERS*) [ "$s" = null ] && passed=$((passed + 1)) || failed=$((failed + 1)) ;;  # null draws nothing
        *) failed=$((failed + 1)) ;;
      esac
      printf '%-13s %-14s %-8s %s\n' "$s" "$d" "$clock" "$verdict"
    done
  done
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
