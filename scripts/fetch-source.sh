#!/usr/bin/env bash
# fetch-source.sh PACKAGE DIR: downloads Debian's source package PACKAGE
# (its tarballs, not extracted) into DIR, once. Callers extract only what
# they need from the upstream tarball, which is much faster than unpacking
# all of it (llvm-toolchain-19's is 164 MB of xz).
#
# Most packages come from the machine's own release: a deb-src entry
# mirroring the machine's deb entries is added when there is none.
# A package in PINNED comes at a fixed version from another release,
# through an apt configuration of our own in DIR/apt-SUITE (the machine's
# sources and package lists stay as they are). The mirror has lost the
# .dsc files of these, so the tarballs are checked against the sha256 sums
# of the release's signed Sources index instead.
set -euo pipefail
package=$1
dir=$(realpath -m "$2")

# Bookworm's picolibc (1.8-1) has lost its tarballs on the mirror.
declare -A PINNED=([picolibc]="trixie 1.8.10-2")
read -r suite version <<<"${PINNED[$package]:-}" || true
mkdir -p "$dir"
if compgen -G "$dir/${package}_${version%-*}*.orig.tar.*" >/dev/null; then
  exit 0
fi

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# The Debian mirror the machine installs from.
mirror() {
  { grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null \
      | awk '{print $2}'
    grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null \
      | sed -E 's/^deb (\[[^]]*\] )?([^ ]+).*/\2/'
  } | grep -v security | head -n 1
}

if [ -n "$suite" ]; then
  apt_dir=$dir/apt-$suite
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
    "$(mirror) $suite main" >"$apt_dir/sources.list"
  apt_options=(-o "Dir::Etc::SourceList=$apt_dir/sources.list"
               -o "Dir::Etc::SourceParts=/dev/null"
               -o "Dir::State::Lists=$apt_dir/lists"
               -o "Dir::Cache=$apt_dir/cache")
  # apt downloads as _apt, which cannot write into root's own directories.
  if [ "$(id -u)" = 0 ]; then apt_options+=(-o APT::Sandbox::User=root); fi
  apt-get "${apt_options[@]}" update -qq
  cd "$dir"
  # Fails on the missing .dsc after downloading the tarballs; the checksums
  # below decide.
  apt-get "${apt_options[@]}" source --download-only -qq \
    "$package=$version" 2>/dev/null || true
  sums=$(apt-cache "${apt_options[@]}" showsrc "$package" \
    | awk -v v="$version" '
        /^Version:/ { keep = ($2 == v) }
        /^Checksums-Sha256:/ { inside = keep; next }
        /^[^ ]/ { inside = 0 }
        inside && $3 ~ /\.tar\./ { print $1 "  " $3 }')
  if [ -z "$sums" ] || ! sha256sum --quiet -c <<<"$sums"; then
    rm -f "${package}_${version%-*}"*.tar.* "${package}_${version}".*
    echo "fetch-source.sh: could not fetch $package $version from $suite" >&2
    exit 1
  fi
  exit 0
fi

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
