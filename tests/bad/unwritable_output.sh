#!/usr/bin/env bash
# unwritable_output.sh — outputs nucc cannot write: into a directory that
# does not exist, onto a directory, and onto the input itself.  Exit status 1
# (2 for the input, a usage error), a clear message, nothing left behind and
# nothing else touched.
# Usage: unwritable_output.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
src=$(cd "$(dirname "$0")/../../examples" && pwd)/saxpy.c

run_nucc "$src" -o "$work/no/such/dir/out.c"
expect_rc 1
expect_stderr "nucc: error: cannot write '.*/no/such/dir/out\\.c': No such file or directory"
[ -e "$work/no" ] && fail "a directory was created"

mkdir "$work/out.c"
run_nucc "$src" -o "$work/out.c"
expect_rc 1
expect_stderr "nucc: error: cannot write '.*out\\.c': Is a directory"
[ -d "$work/out.c" ] || fail "the directory is gone"
[ -z "$(ls -A "$work/out.c")" ] || fail "something was written into the directory"
expect_no_output "$work/out.c/x" # (no temporary file beside it either)
compgen -G "$work/out.c.nucc-*" >/dev/null && fail "a temporary file was left behind"

cp "$src" "$work/in.c"
run_nucc "$work/in.c" -o "$work/./in.c"
expect_rc 2
expect_stderr "nucc: error: the output '.*in\\.c' is the input file"
cmp -s "$src" "$work/in.c" || fail "the input was changed"
finish
