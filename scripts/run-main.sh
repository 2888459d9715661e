#!/usr/bin/env bash
# The main job: installs what is missing, builds everything, assembles and
# links the bundled sample kernels, runs each on the simulator, and prints
# its output and the simulator's statistics (cycles, utilization, stalls).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh

BIN=build/bin
RT=build/lib/accel
OUT=build/samples
mkdir -p "$OUT"
status=0
for src in kernels-c/asm/*.s; do
  name=$(basename "$src" .s)
  echo
  echo "=== $name ($src)"
  "$BIN/accel-as" "$src" -o "$OUT/$name.o"
  "$BIN/accel-ld" "$RT/crt0.o" "$OUT/$name.o" -L"$RT" -laccelrt \
    -o "$OUT/$name.elf" -Map="$OUT/$name.map"
  if ! "$BIN/accel-sim" --stats --timeline="$OUT/$name.timeline.json" \
      "$OUT/$name.elf" 2>&1; then
    echo "=== $name FAILED"
    status=1
  fi
  echo "(timeline for Perfetto: $OUT/$name.timeline.json)"
done
exit $status
