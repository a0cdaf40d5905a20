#!/usr/bin/env bash
# compdb.sh — `nucc -p BUILD_DIR` takes the input's -I, -D, -std, ... from
# BUILD_DIR/compile_commands.json (relative -I resolved against the entry's
# directory; compiler, -c, -o, -M*, -O, -W dropped) and nucc's own flags win.
# A file the database does not list takes the flags of its nearest entry
# (libclang's inference, as clang-tidy); an empty database gives a warning and
# no flags; no database at all is an error.
# Usage: compdb.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"

mkdir -p "$work/src/inc" "$work/own" "$work/build" "$work/other"
cat >"$work/src/a.c" <<'C'
#include "cfg.h"
#if EXTRA != WANT_EXTRA || __STDC_VERSION__ != 199901L || FROM_OWN != WANT_OWN
#error wrong flags
#endif
void f(int n, float *x) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    x[i] = N * x[i];
}
C
printf '#define N 4\n#define FROM_OWN 0\n' >"$work/src/inc/cfg.h"
printf '#define N 4\n#define FROM_OWN 1\n' >"$work/own/cfg.h"
cp "$work/src/a.c" "$work/other/b.c"
cat >"$work/build/compile_commands.json" <<JSON
[{"directory": "$work/build",
  "command": "/usr/bin/cc -O2 -Wall -Werror -fstack-protector-strong -I../src/inc -DEXTRA=1 -D WANT_EXTRA=1 -DWANT_OWN=0 -std=gnu99 -MD -MF a.d -c ../src/a.c -o a.o",
  "file": "../src/a.c"}]
JSON
cd "$work" || exit 1

run_nucc -p build src/a.c -o a.nu.c
expect_rc 0
[ -s a.nu.c ] || fail "no output with the database's flags"

run_nucc src/a.c -o a.nu.c # the check of the check: without -p it cannot parse
expect_rc 1
expect_stderr "'cfg.h' file not found"

run_nucc -p=build -DEXTRA=2 -DWANT_EXTRA=2 src/a.c -o a.nu.c # -D on the command line wins
expect_rc 0
run_nucc -p build -Iown -DWANT_OWN=1 src/a.c -o a.nu.c # so does -I
expect_rc 0

run_nucc -p build -MD src/a.c -o a.nu.c # the header the database's -I finds is a dependency
expect_rc 0
grep -q 'src/inc/cfg.h' a.nu.d || fail "a.nu.d does not list src/inc/cfg.h"

run_nucc -p build other/b.c -o b.nu.c # not listed: the nearest entry's flags
expect_rc 0

echo '[]' >"$work/build/compile_commands.json"
run_nucc -p build src/a.c -o a.nu.c
expect_rc 1
expect_stderr "nucc: warning: no compile command for 'src/a.c' in build/compile_commands.json"

run_nucc -p nowhere src/a.c -o a.nu.c
expect_rc 1
expect_stderr "nucc: error: -p: cannot read 'nowhere/compile_commands.json'"
run_nucc src/a.c -o a.nu.c -p
expect_rc 2
finish
