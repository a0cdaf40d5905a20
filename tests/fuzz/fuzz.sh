#!/usr/bin/env bash
# fuzz.sh — builds and runs the libFuzzer targets (tests/fuzz/CMakeLists.txt).
# Usage:
#   fuzz.sh build BUILD_DIR CLANG VERSION     configure and build the targets with CLANG
#   fuzz.sh run BUILD_DIR TARGET SECONDS WORK [EXTRA...]
#       runs fuzz_TARGET for SECONDS, new inputs in WORK/corpus, crashes in
#       WORK/ (the seeds in corpus/TARGET, regressions/TARGET and, for the
#       front end, tests/run, tests/bad and examples are read, not written).
#       Exit 1 if it found a crash, a leak or a hang.
# ctest runs both as fuzz.build and fuzz.<target>; `make fuzz` runs them longer.
set -u
here=$(cd "$(dirname "$0")" && pwd)

case ${1:-} in
build)
  [ $# -eq 4 ] || { echo "usage: $0 build BUILD_DIR CLANG VERSION" >&2; exit 2; }
  mkdir -p "$2" && cmake -S "$here" -B "$2" -DCMAKE_C_COMPILER="$3" -DNUCC_VERSION="$4" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$2/configure.log" 2>&1 ||
    { cat "$2/configure.log"; exit 1; }
  cmake --build "$2" -j"${JOBS:-2}"
  ;;
run)
  [ $# -ge 5 ] || { echo "usage: $0 run BUILD_DIR TARGET SECONDS WORK [EXTRA...]" >&2; exit 2; }
  bin=$2/fuzz_$3 target=$3 secs=$4 work=$5
  shift 5
  mkdir -p "$work/corpus" || exit 1
  rm -f "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* # from an earlier run
  seeds=("$here/corpus/$target")
  [ -d "$here/regressions/$target" ] && seeds+=("$here/regressions/$target")
  # the whole front end also starts from every test program and example
  [ "$target" = frontend ] && seeds+=("$here/../run" "$here/../bad" "$here/../../examples")
  dict=()
  [ -f "$here/$target.dict" ] && dict=(-dict="$here/$target.dict")
  # Diagnostics of the inputs go to a closed stderr (-close_fd_mask=3);
  # libFuzzer's and the sanitizers' own reports still come through.
  # -timeout is wall time per input: tests/run/cache_slot_pad.c, a seed
  # (four products under dmine(8, 8): 64 statements a body, whose pairs
  # the dependence check tests), takes 4 s in nucc's own build and 22 s of
  # CPU under the sanitizers, which ran past 20 s beside the rest of ctest
  # on 2 cores; 60 s still catches a hang.
  "$bin" -max_total_time="$secs" -timeout=60 -rss_limit_mb=4096 -close_fd_mask=3 \
    -print_final_stats=1 -artifact_prefix="$work/" "${dict[@]}" "$@" \
    "$work/corpus" "${seeds[@]}"
  rc=$?
  found=$(find "$work" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' \
    -o -name 'timeout-*' -o -name 'oom-*' \) -print)
  if [ $rc -ne 0 ] || [ -n "$found" ]; then
    echo "fuzz_$target found a problem (exit status $rc):"
    echo "${found:-  (no artifact written)}"
    echo "Reproduce with: $bin ARTIFACT; fix it, then copy the artifact into"
    echo "tests/fuzz/regressions/$target/ with a name that says what it was."
    exit 1
  fi
  echo "fuzz_$target: no crash in $secs s"
  ;;
*)
  sed -n '2,10p' "$0" >&2
  exit 2
  ;;
esac
