#!/usr/bin/env bash
# directory_input.sh — an input that cannot be read (a directory: the tests
# run as root, where file permissions do not stop a read): exit status 1,
# a message naming it and the reason, and no output.
# Usage: directory_input.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"

mkdir "$work/dir.c"
run_nucc "$work/dir.c" -o "$work/out.c"
expect_rc 1
expect_stderr "nucc: error: cannot read '.*dir\\.c': Is a directory"
expect_no_output "$work/out.c"
finish
