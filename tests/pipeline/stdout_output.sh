#!/usr/bin/env bash
# stdout_output.sh — `-o -` writes the translation to standard output, as a
# C compiler's `-E -o -` does, and creates no file named `-`; an input with
# errors writes nothing there and exits 1.
# Usage: stdout_output.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
here=$(cd "$(dirname "$0")/.." && pwd)

cd "$work" || exit 1
run_nucc "$here/../examples/saxpy.c" -o -
expect_rc 0
grep -q '^#include <nurt.h>' "$work/stdout" || fail "the translation is not on standard output"
[ -e "$work/-" ] && fail "a file named '-' was written"
"$nucc" "$here/../examples/saxpy.c" -o "$work/file.c"
cmp -s "$work/stdout" "$work/file.c" || fail "-o - and -o FILE differ"

run_nucc "$here/bad/unknown_call.c" -o -
expect_rc 1
[ -s "$work/stdout" ] && fail "an input with errors wrote to standard output"
finish
