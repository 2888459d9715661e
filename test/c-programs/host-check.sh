#!/bin/bash
# Host sanity check for the suite (not the Accel run): compile every program
# with the host clang at -O0 and -O2 (-Wall -Werror), run it and require exit
# status 0, then once more at -O1 under UBSan+ASan.  Usage:
#   bash host-check.sh [scratch-dir] [files...]
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/tmp/c-programs-host}; shift || true
mkdir -p "$out"
CC=${CC:-clang-19}
files=("$@")
[ ${#files[@]} -eq 0 ] && files=("$here"/*.c "$here"/*.cpp)
fail=0
for f in "${files[@]}"; do
  b=$(basename "$f"); n=${b%.*}
  case $b in
    *.c)   flags="-std=c11";        libs="-lm -latomic" ;;
    # libstdc++ 12's stable_sort calls its own deprecated
    # get_temporary_buffer, which clang-19 reports even in a system header.
    *.cpp) flags="-std=c++17 -fno-exceptions -fno-rtti -Wno-deprecated-declarations"
           libs="-lstdc++ -lm" ;;
  esac
  for cfg in O0 O2 san; do
    case $cfg in
      san) opt="-O1 -g -fsanitize=undefined,address -fno-sanitize-recover=all" ;;
      *)   opt="-$cfg" ;;
    esac
    exe="$out/$n.$cfg"
    if ! $CC $opt -Wall -Werror $flags -I"$here" "$f" $libs -o "$exe" 2>"$exe.log"; then
      echo "COMPILE-FAIL $b [$cfg]"; cat "$exe.log"; fail=1; continue
    fi
    if ! "$exe" >"$exe.out" 2>&1; then
      echo "RUN-FAIL $b [$cfg]"; tail -5 "$exe.out"; fail=1
    fi
  done
done
[ $fail -eq 0 ] && echo "all ${#files[@]} programs pass on the host"
exit $fail
