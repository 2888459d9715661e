#!/usr/bin/env bash
# Installs, idempotently, the Debian packages the build and the tests need.
# A fast no-op when everything is present.
set -euo pipefail

PACKAGES=(
  cmake ninja-build g++ python3
  llvm-19-dev llvm-19-tools clang-19 libclang-cpp19-dev libclang-19-dev
  libgtest-dev googletest
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
