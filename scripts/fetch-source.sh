#!/usr/bin/env bash
# fetch-source.sh PACKAGE DIR: downloads Debian's source package PACKAGE
# (its .dsc and tarballs, not extracted) into DIR, once. Adds a deb-src entry
# mirroring the machine's deb entries when there is none. Callers extract
# only what they need from the upstream tarball, which is much faster than
# unpacking all of it (llvm-toolchain-19's is 164 MB of xz).
set -euo pipefail
package=$1
dir=$2
mkdir -p "$dir"
if compgen -G "$dir/${package}_*.orig.tar.*" >/dev/null; then
  exit 0
fi

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

has_deb_src() {
  grep -rqsE '^(deb-src |Types:.*deb-src)' /etc/apt/sources.list \
    /etc/apt/sources.list.d/
}
if ! has_deb_src; then
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
      | as_root tee /etc/apt/sources.list.d/accel-deb-src.sources >/dev/null
  else
    grep -hE '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' \
      | as_root tee /etc/apt/sources.list.d/accel-deb-src.list >/dev/null
  fi
  as_root apt-get update -qq
fi
if ! apt-cache showsrc "$package" >/dev/null 2>&1 ||
   [ -z "$(apt-cache showsrc "$package" 2>/dev/null)" ]; then
  as_root apt-get update -qq
fi
cd "$dir"
apt-get source --download-only -qq "$package"
