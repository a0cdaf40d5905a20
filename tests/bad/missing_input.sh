#!/usr/bin/env bash
# missing_input.sh — nucc on an input file that does not exist: exit status 1,
# a message naming the file, and no output file.
# Usage: missing_input.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"

run_nucc "$work/no_such_input.c" -o "$work/out.c"
expect_rc 1
expect_stderr "nucc: error: cannot read '.*no_such_input\\.c': No such file or directory"
expect_no_output "$work/out.c"
finish
