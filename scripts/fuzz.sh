#!/usr/bin/env bash
# Runs every libFuzzer target in Fuzz/ for SECONDS (default 60) each, starting from its committed
# corpus in Fuzz/Corpus/<target>/ (read, never written: new units go to a temporary folder). A
# finding (a crash, a sanitizer or leak report, a timeout, memory past the limit) fails the script
# and keeps the input that caused it in FINDINGS (default fuzz-findings/), to be added to the corpus
# as a regression case once fixed. CI runs it (.ci/run); docs/robustness.md ("Fuzzing") says more.
#
#   scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
findings=${FINDINGS:-fuzz-findings}
swift build --package-path Fuzz -c debug --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >&2
mkdir -p "$findings"
scratch=$(mktemp -d /tmp/strokebench-fuzz.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
failed=()
for source in Fuzz/Sources/*/; do
    target=$(basename "$source")
    [ "$target" = FuzzDriver ] && continue  # the driver all targets share, not a target
    mkdir -p "$scratch/$target"
    echo "== $target: ${seconds} s from Fuzz/Corpus/$target ($(ls "Fuzz/Corpus/$target" | wc -l) inputs)" >&2
    if ! LSAN_OPTIONS=suppressions=Fuzz/lsan-suppressions.txt \
        ".build-fuzz/debug/$target" "$scratch/$target" "Fuzz/Corpus/$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$findings/$target-" 2>"$scratch/$target.log"; then
        failed+=("$target")
        tail -40 "$scratch/$target.log" >&2
    fi
    grep -E '^stat::number_of_executed_units|^Done [0-9]+ runs' "$scratch/$target.log" >&2 || true
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found a problem in: ${failed[*]}; the inputs are in $findings/" >&2
    exit 1
fi
rmdir "$findings" 2>/dev/null || true
echo "fuzzing: ${seconds} s per target, no finding" >&2
