#!/usr/bin/env bash
# special_output.sh — an output that is not a regular file (here a FIFO, as
# /dev/stdout in a pipeline would be) is written in place, not replaced by a
# renamed temporary file, and not removed after an error.
# Usage: special_output.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
here=$(cd "$(dirname "$0")" && pwd)

mkfifo "$work/pipe"
timeout 60 cat "$work/pipe" >"$work/got.c" &
run_nucc "$here/../../examples/saxpy.c" -o "$work/pipe"
wait
expect_rc 0
[ -p "$work/pipe" ] || fail "the FIFO was replaced"
grep -q '^#include <nurt.h>' "$work/got.c" || fail "the output did not come through the FIFO"

run_nucc "$here/unknown_call.c" -o "$work/pipe" # opening it would block: no reader
expect_rc 1
[ -p "$work/pipe" ] || fail "the FIFO was removed after an error"
finish
