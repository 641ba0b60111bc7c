#!/usr/bin/env bash
# Installs what StrokeBench needs on a fresh Debian machine with Swift: cairo, pixman and libxml2
# (with pkg-config) from Debian, headless Chromium for the report's browser test, and the pinned Python
# packages for the charts. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
# chromium: headless, for the test that loads `bench report`'s page in a real browser (ReportCommandTests).
# libsqlite3-dev: the results history (`bench history`, GRDB). libxml2-utils: xmllint, which validates
# `bench check --format junit` against the JUnit schema in the tests (CIFormatsTests).
for pkg in libcairo2-dev libpixman-1-dev libxml2-dev pkg-config chromium libsqlite3-dev libxml2-utils; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if ((${#need[@]})); then
  echo "installing ${need[*]}" >&2
  sudo_cmd=""; [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need[@]}" >/dev/null
fi

if [ -f scripts/requirements.txt ] && ! python3 -c "import matplotlib" >/dev/null 2>&1; then
  echo "installing the Python chart dependencies (scripts/requirements.txt)" >&2
  python3 -m pip install -q -r scripts/requirements.txt 2>/dev/null \
    || python3 -m pip install -q --break-system-packages -r scripts/requirements.txt
fi
