#!/usr/bin/env bash
# deps_cmake.sh — nucc_add_sources() passes nucc's dependency file to CMake
# (DEPFILE): a project translating proj/prog.c is configured with GENERATOR,
# built, built again (nothing to do), and rebuilt after each of its two
# headers is touched, nucc running each time.  Exits 77 (skipped) when the
# generator's tool is not installed.
# Usage: deps_cmake.sh NUCC WORKDIR BUILD_DIR "Unix Makefiles"|Ninja
set -u
nucc=$1 work=$2 builddir=$3 generator=$4
source "$(dirname "$0")/../tools/expect.sh"
here=$(cd "$(dirname "$0")" && pwd)

if [ "$generator" = Ninja ] && ! command -v ninja >/dev/null; then
  echo "SKIPPED: ninja is not installed (scripts/setup.sh installs it)"
  exit 77
fi

printf '#!/bin/sh\necho run >>"%s"\nexec "%s" "$@"\n' "$work/runs" "$nucc" >"$work/nucc"
chmod +x "$work/nucc"
cp -r "$here/proj" "$work/p"

runs() { if [ -f "$work/runs" ]; then wc -l <"$work/runs"; else echo 0; fi; }
build() { # build STEP EXPECTED-RUNS
  cmake --build "$work/b" >"$work/build.log" 2>&1 ||
    fail "$1: the build failed: $(tail -5 "$work/build.log")"
  [ "$(runs)" -eq "$2" ] || fail "$1: nucc ran $(runs) times in all, expected $2"
}

cmake -S "$here/cmake" -B "$work/b" -G "$generator" -Dnucc_DIR="$builddir" \
  -DNUCC_EXE="$work/nucc" -DPROG="$work/p/prog.c" >"$work/configure.log" 2>&1 ||
  fail "configuring failed: $(tail -5 "$work/configure.log")"
build "first build" 1
[ -s "$work/b/prog.nu.c" ] || fail "no prog.nu.c"
build "second build, nothing changed" 1
touch "$work/p/cfg/size.h"
build "after touching cfg/size.h" 2
touch "$work/p/prog.h"
build "after touching prog.h" 3
build "third build, nothing changed" 3
finish "deps_cmake $generator"
