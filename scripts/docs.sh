#!/usr/bin/env bash
# Builds the DocC documentation of the public API (the strategy API, the drawing context, the spec and
# the command-line entry point) with the swift-docc-plugin, and fails on any warning: a broken link or
# a half-documented parameter. Writes the archives to ${1:-out/docs}. About 30 s.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out/docs}
mkdir -p "$out"
swift package --allow-writing-to-directory "$out" generate-documentation --warnings-as-errors --output-path "$out" \
  --target StrokeBench --target StrokeBenchCanvas --target StrokeBenchSpec --target StrokeBenchCLI
