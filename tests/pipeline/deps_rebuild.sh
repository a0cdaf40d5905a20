#!/usr/bin/env bash
# deps_rebuild.sh — nucc's dependency files drive a rebuild: the project in
# proj/ (prog.c, prog.h, cfg/size.h) is built with TOOL (make: Makefile with
# -MMD -MP; ninja: build.ninja with -MD and deps = gcc); a second build does
# nothing; touching either header, two levels deep included, runs nucc
# again; and (make, -MP) a header that is removed does not break the build.
# Exits 77 (skipped) when TOOL is not installed.
# Usage: deps_rebuild.sh NUCC WORKDIR make|ninja
set -u
nucc=$1 work=$2 tool=$3
source "$(dirname "$0")/../tools/expect.sh"
proj=$(cd "$(dirname "$0")/proj" && pwd)

if ! command -v "$tool" >/dev/null; then
  echo "SKIPPED: $tool is not installed (scripts/setup.sh installs it)"
  exit 77
fi

# nucc on PATH is a wrapper that counts its runs.
mkdir -p "$work/bin"
printf '#!/bin/sh\necho run >>"%s"\nexec "%s" "$@"\n' "$work/runs" "$nucc" >"$work/bin/nucc"
chmod +x "$work/bin/nucc"
export PATH="$work/bin:$PATH"
cp -r "$proj" "$work/p"
cd "$work/p" || exit 1

runs() { if [ -f "$work/runs" ]; then wc -l <"$work/runs"; else echo 0; fi; }
build() { # build STEP EXPECTED-RUNS
  "$tool" >"$work/build.log" 2>&1 || fail "$1: $tool failed: $(tail -5 "$work/build.log")"
  [ "$(runs)" -eq "$2" ] || fail "$1: nucc ran $(runs) times in all, expected $2"
}

build "first build" 1
[ -s prog.nu.c ] || fail "no prog.nu.c"
build "second build, nothing changed" 1
touch cfg/size.h
build "after touching cfg/size.h" 2
touch prog.h
build "after touching prog.h" 3
build "third build, nothing changed" 3

if [ "$tool" = make ]; then
  grep -q '^cfg/size.h:$' prog.nu.d || fail "-MP: no empty rule for cfg/size.h in prog.nu.d"
  grep -q '/usr/include' prog.nu.d && fail "-MMD: system headers in prog.nu.d"
  # prog.h no longer includes cfg/size.h, which is deleted: -MP keeps make going.
  printf '#define PROG_N 10\n#define PROG_SCALE 2.0f\n' >prog.h
  rm cfg/size.h
  build "after removing cfg/size.h" 4
  grep -q 'size.h' prog.nu.d && fail "prog.nu.d still lists cfg/size.h"
else
  ninja -t deps prog.nu.c >"$work/deps.txt"
  grep -q 'cfg/size.h' "$work/deps.txt" || fail "ninja's deps log has no cfg/size.h"
  grep -q '/usr/include/stdio.h' "$work/deps.txt" || fail "-MD: no system headers in the deps log"
fi
finish "deps_rebuild $tool"
