#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test suite (lit and
# GoogleTest) through ctest, which ends with its summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
cd build
ctest --output-on-failure
