#!/usr/bin/env bash
# output_mode.sh — the output file gets the permissions any new file gets
# (0666 less the umask), not the 0600 of the temporary file it is written
# through; and a rerun replaces an earlier output completely.
# Usage: output_mode.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
src=$(cd "$(dirname "$0")/../../examples" && pwd)/saxpy.c

umask 022
run_nucc "$src" -o "$work/out.c"
expect_rc 0
mode=$(stat -c %a "$work/out.c")
[ "$mode" = 644 ] || fail "mode $mode under umask 022, expected 644"

umask 077
printf 'stale text that is longer than nothing\n%.0s' $(seq 1 2000) >"$work/out.c"
run_nucc "$src" -o "$work/out.c"
expect_rc 0
mode=$(stat -c %a "$work/out.c")
[ "$mode" = 600 ] || fail "mode $mode under umask 077, expected 600"
grep -q stale "$work/out.c" && fail "the earlier output was not replaced"
compgen -G "$work/out.c.nucc-*" >/dev/null && fail "a temporary file was left behind"
finish
