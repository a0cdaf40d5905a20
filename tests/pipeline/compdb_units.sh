#!/usr/bin/env bash
# compdb_units.sh — `nucc -p BUILD_DIR`: the other C files the database
# lists are the program's other files.  A kernel's call to a function the
# input only declares takes its body from the file that defines it, parsed
# with that file's own flags (here a -D and an -I only its entry has); the
# kernel program holds a copy, and the host output still calls the function.
# A unit that does not define it gives nothing; one that does not compile
# (broken.c, listed first) gives nothing and stops nothing: its own build
# reports its errors.
# Usage: compdb_units.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"

mkdir -p "$work/src/rng" "$work/build"
cat >"$work/src/main.c" <<'C'
double lcg_unit(unsigned *seed);
int pick(double r);
void fill(double *a, int *m, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    unsigned seed = 17u + (unsigned)i;
    double r = lcg_unit(&seed);
    a[i] = r;
    m[i] = pick(r);
  }
}
C
cat >"$work/src/rng/rng.h" <<'C'
#define LCG_MUL 1103515245u
C
cat >"$work/src/rng.c" <<'C'
#include "rng.h"
double lcg_unit(unsigned *seed) {
  *seed = LCG_MUL * *seed + LCG_ADD;
  return (double)(*seed >> 8) / 16777216.0;
}
C
cat >"$work/src/pick.c" <<'C'
int pick(double r) { return r < 0.5 ? 0 : 1; }
C
cat >"$work/src/broken.c" <<'C'
int broken(void) { return no_such_thing; }
C
cat >"$work/build/compile_commands.json" <<JSON
[{"directory": "$work/build", "file": "../src/main.c",
  "command": "cc -O2 -c ../src/main.c -o main.o"},
 {"directory": "$work/build", "file": "../src/broken.c",
  "command": "cc -O2 -c ../src/broken.c -o broken.o"},
 {"directory": "$work/build", "file": "../src/rng.c",
  "command": "cc -O2 -I../src/rng -DLCG_ADD=12345u -c ../src/rng.c -o rng.o"},
 {"directory": "$work/build", "file": "$work/src/pick.c",
  "arguments": ["cc", "-c", "$work/src/pick.c", "-o", "pick.o"]}]
JSON
cd "$work" || exit 1

run_nucc -p build src/main.c -o main.nu.c
expect_rc 0
grep -q 'nu_lcg_unit' main.nu.c || fail "the kernel program has no copy of lcg_unit"
grep -q '1103515245u \* \*seed + 12345u' main.nu.c ||
  fail "lcg_unit's body was not read with rng.c's own -I and -D"
grep -q 'return r < 0.5 ? 0 : 1;' main.nu.c || fail "the kernel program has no copy of pick"
grep -q '^double lcg_unit(unsigned \*seed);' main.nu.c || fail "the host's declaration is gone"

run_nucc src/main.c -o main.nu.c # the check of the check: without -p no body
expect_rc 1
expect_stderr "call to 'lcg_unit' cannot run in a kernel: nucc finds no body for it"
finish
