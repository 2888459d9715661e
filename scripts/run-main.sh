#!/usr/bin/env bash
# The main job: installs what is missing, builds everything, compiles the
# bundled sample kernels (C with accel.h, and hand-written assembly), runs
# each on the simulator, and prints its output and the simulator's
# statistics (cycles, unit utilization, stalls, DMA and matrix figures);
# then the kernel library's kernels (GEMM, convolution, attention) with
# their ratio to the roofline; then ONNX models compiled by accel-graphc,
# run on the simulator and checked against their references by accel-run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh

BIN=build/bin
RT=build/lib/accel
OUT=build/samples
mkdir -p "$OUT"
status=0

run() { # name elf
  if ! "$BIN/accel-sim" --stats --timeline="$OUT/$1.timeline.json" "$2" 2>&1; then
    echo "=== $1 FAILED"
    status=1
  fi
  echo "(timeline for Perfetto: $OUT/$1.timeline.json)"
}

for src in kernels-c/samples/*.c; do
  name=$(basename "$src" .c)
  echo
  echo "=== $name ($src, clang --target=accel -O2)"
  "$BIN/clang" --target=accel -O2 "$src" -o "$OUT/$name.elf" \
    -Wl,-Map="$OUT/$name.map"
  run "$name" "$OUT/$name.elf"
done

for src in kernels-c/asm/*.s; do
  name=$(basename "$src" .s)
  echo
  echo "=== $name ($src, accel-as)"
  "$BIN/accel-as" "$src" -o "$OUT/$name.o"
  "$BIN/accel-ld" "$RT/crt0.o" "$OUT/$name.o" -L"$RT" -laccelrt \
    -o "$OUT/$name.elf" -Map="$OUT/$name.map"
  run "$name" "$OUT/$name.elf"
done
echo
echo "=== the kernel library against the roofline (bench/kernels/kernels.py):"
echo "=== a GEMM, a ResNet-50 3x3 convolution and attention in detail, then"
echo "=== every kernel and shape"
python3 bench/kernels/kernels.py --build build \
  --stats "gemm 1024x1024x256,conv2d resnet 3x3 56x56 64->64,attention 8x512 d=64 causal" \
  || status=1

echo
echo "=== ONNX models: accel-graphc compiles each, accel-run runs it on the"
echo "=== simulator and compares its outputs with PyTorch's"
MODELS=build/models
/usr/bin/python3 graph/models/make_torch_models.py "$MODELS" 2>/dev/null
for name in mlp lenet cnn-batchnorm resnet18 transformer-opset17 \
            text-encoder transformer-d256 llama-decoder vit unet-slice \
            whisper-encoder mobilenetv2 efficientnet-b0 convnext-tiny moe \
            lstm; do
  echo
  echo "=== model $name (PyTorch, torch.onnx.export; $MODELS/$name)"
  # accel-run's criterion for whole models: a float32-honest error against
  # the output's scale (docs/graph.md).
  "$BIN/accel-run" --cache "$MODELS/cache" --profile --top 5 \
    --tolerance model "$MODELS/$name" || status=1
done
exit $status
