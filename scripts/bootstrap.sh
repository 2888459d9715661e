#!/usr/bin/env bash
# Installs, idempotently, the Debian packages the build and the tests need,
# and fetches the source packages the build compiles for accel (LLVM's, for
# compiler-rt's builtins and libc++; picolibc) into the cache. A fast no-op when all is present.
# Arguments name more packages, for the commands that need them
# (test/fuzz/libfuzzer/run.sh).
set -euo pipefail

PACKAGES=(
  cmake ninja-build g++ python3
  llvm-19-dev llvm-19-tools clang-19 libclang-cpp19-dev libclang-19-dev
  libclang-rt-19-dev  # ASan and UBSan for the host runs (c-programs-host)
  libgtest-dev googletest
  meson patch xz-utils python3-psutil
  python3-numpy  # the kernel tests' double-precision references (test/kernels)
  libonnx-dev libprotobuf-dev  # the graph compiler's ONNX loader (graph/)
  libmlir-19-dev mlir-19-tools  # its IR: libMLIR.so and mlir-tblgen
  python3-onnx  # the graph tests' models (test/graph/Inputs/make_models.py)
  libonnx-testdata  # ONNX's node tests (test/graph/conformance.py)
  python3-torch  # models exported as users do (graph/models/make_torch_models.py)
  python3-torchvision  # its torchvision ResNet-18
  "$@"
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "bootstrap: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# compiler-rt's builtins and libc++ are built from the llvm-toolchain-19
# source package (kernels-c/compiler-rt/build.py, kernels-c/libcxx/build.py),
# the C library from picolibc's (kernels-c/libc/build.py).
for package in llvm-toolchain-19 picolibc; do
  bash "$(dirname "$0")/fetch-source.sh" "$package" \
    "${ACCEL_SOURCE_CACHE:-$HOME/.cache/accel-toolchain/src}"
done
