#!/usr/bin/env bash
# Configures (once) and builds everything into build/, and installs npm's
# onnxruntime-node there (scripts/install-onnxruntime.sh). Incremental.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
ninja -C build
# accel-run --compare-layers onnxruntime's reference (test/graph runs it).
bash scripts/install-onnxruntime.sh
