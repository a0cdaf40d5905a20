#!/usr/bin/env bash
# binary_garbage.sh — nucc on bytes that are not C: with NUL bytes (refused
# before parsing, saying why) and without (clang's errors, with locations).
# Either way exit status 1, no crash, no output.
# Usage: binary_garbage.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"

# Fixed bytes, so a failure reproduces: every byte value, then a pragma line.
{
  for i in $(seq 0 255); do printf "\\$(printf '%03o' "$i")"; done
  printf '\n#pragma nu work(8)\nfor (;;)\n'
} >"$work/nul.c"
run_nucc "$work/nul.c" -o "$work/out.c"
expect_rc 1
expect_stderr "cannot read '.*nul\\.c': it holds NUL bytes"
expect_no_output "$work/out.c"

# No NUL: the bytes 1..255 with the control characters, repeated.
for r in 1 2 3; do
  for i in $(seq 1 255); do printf "\\$(printf '%03o' "$i")"; done
done >"$work/bytes.c"
run_nucc "$work/bytes.c" -o "$work/out.c"
expect_rc 1
expect_stderr "bytes\\.c:[0-9]+:[0-9]+: error: "
expect_no_output "$work/out.c"
finish
