#!/usr/bin/env bash
# Installs, idempotently, npm's onnxruntime-node (onnxruntime's CPU library
# ships in the package; --ignore-scripts skips its optional GPU download)
# into build/node/node_modules, where accel-run --compare-layers onnxruntime
# finds it (docs/graph.md, "Comparing layers"). A fast no-op when present.
# ACCEL_NODE_DIR installs it elsewhere (accel-run then needs
# ACCEL_NODE_MODULES=$ACCEL_NODE_DIR/node_modules).
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=1.30.0
dir=${ACCEL_NODE_DIR:-build/node}

if [ -f "$dir/node_modules/onnxruntime-node/package.json" ] &&
   grep -q "\"version\": \"$VERSION\"" \
     "$dir/node_modules/onnxruntime-node/package.json"; then
  exit 0
fi
# Node.js and npm: Debian's packages where the machine has neither.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  bash scripts/bootstrap.sh nodejs npm
fi
echo "install-onnxruntime: onnxruntime-node@$VERSION into $dir"
mkdir -p "$dir"
npm install --prefix "$dir" --ignore-scripts --no-audit --no-fund \
  "onnxruntime-node@$VERSION"
