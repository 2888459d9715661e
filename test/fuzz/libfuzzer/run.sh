#!/usr/bin/env bash
# Coverage-guided fuzzing, in process, of the assembler's parser and the
# simulator's ELF loader with libFuzzer and AddressSanitizer. Builds the
# harnesses in build-libfuzzer/ with clang-19 (our code instrumented, LLVM's
# shared library not), seeds the corpora from the repository (assembly
# tests; executables compiled by build/bin/clang, so run scripts/build.sh
# first) and runs each harness for the given time. Findings (crashing
# inputs) land in build-libfuzzer/findings/; the exit status is 1 if any.
#
# Usage: bash test/fuzz/libfuzzer/run.sh [seconds per harness (300)]
set -euo pipefail
cd "$(dirname "$0")/../../.."
seconds=${1:-300}
bash scripts/bootstrap.sh libclang-rt-19-dev
out=build-libfuzzer
if [ ! -f $out/build.ninja ]; then
  cmake -S . -B $out -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address -fno-omit-frame-pointer" \
    -DACCEL_LIBFUZZER=ON
fi
ninja -C $out accel-fuzz-asm-parser accel-fuzz-elf-loader

mkdir -p $out/corpus/asm $out/corpus/elf $out/findings
cp test/MC/Accel/*.s test/sim/*.s $out/corpus/asm/
for c in $(ls test/c-programs/*.c | head -12); do
  build/bin/clang --target=accel -O1 -g "$c" \
    -o $out/corpus/elf/"$(basename "$c" .c)".elf 2>/dev/null || true
done

# LLVM's allocators poison their free space when compiled under ASan: our
# instrumented code would poison slabs that libLLVM's uninstrumented inline
# copies then hand out, a false "use-after-poison". Manual poisoning off;
# leaks are not findings (the assembler harness abandons a parser at its
# error limit), at exit either.
export ASAN_OPTIONS=allow_user_poisoning=0:detect_leaks=0
rm -f $out/findings/*
status=0
for harness in asm-parser:asm elf-loader:elf; do
  name=${harness%%:*}
  corpus=${harness##*:}
  echo "== accel-fuzz-$name, $seconds s"
  if ! $out/bin/accel-fuzz-$name -max_total_time="$seconds" -timeout=10 \
      -rss_limit_mb=4096 -detect_leaks=0 -print_final_stats=1 \
      -artifact_prefix=$out/findings/$name- $out/corpus/$corpus \
      > $out/$name.log 2>&1; then
    status=1
  fi
  grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss)|ERROR|SUMMARY|Test unit written" \
    $out/$name.log || true
done
ls $out/findings
exit $status
