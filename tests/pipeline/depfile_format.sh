#!/usr/bin/env bash
# depfile_format.sh — what -MD and its companions write, byte for byte where
# GCC's format fixes it: the default name (out.nu.c -> out.nu.d) and target
# (the output), -MF, -MT as given and -MQ quoted, file names with blanks, $
# and # quoted for make, -MMD without system headers, -MP's empty rules; no
# dependency file after a failed run (and an earlier one removed); -MD with
# `-o -` needs -MT; -MF without -MD warns.
# Usage: depfile_format.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"

mkdir -p "$work/my dir"
printf '#define N 8\n' >"$work/my dir/a\$b#c.h"
printf '#include <stdio.h>\n#include "my dir/a$b#c.h"\nint v[N];\n' >"$work/in.c"
cd "$work" || exit 1

run_nucc -MD in.c -o out.nu.c
expect_rc 0
[ -f out.nu.d ] || fail "-MD did not write out.nu.d"
tr -d '\\\n' <out.nu.d | tr -s ' ' >flat.txt
grep -q '^out.nu.c: in.c ' flat.txt || fail "the rule does not start 'out.nu.c: in.c': $(head -c 200 flat.txt)"
grep -q '/usr/include/stdio.h' flat.txt || fail "-MD left out the system header stdio.h"
grep -qF 'my\ dir/a$$b\#c.h' out.nu.d || fail "the header's name is not quoted for make: $(cat out.nu.d)"

printf '%s\n' 'lit$ tgt q$$\ tgt: in.c my\ dir/a$$b\#c.h' '' 'my\ dir/a$$b\#c.h:' >want.d
mkdir -p deps
run_nucc -MMD -MP -MF deps/../x.d -MT 'lit$ tgt' -MQ 'q$ tgt' in.c -o out.nu.c
cmp -s want.d x.d || fail "-MMD -MP -MF -MT -MQ wrote: $(cat x.d)"

printf 'int main(void) { return undeclared; }\n' >bad.c
touch bad.nu.d
run_nucc -MD bad.c -o bad.nu.c
expect_rc 1
expect_no_output bad.nu.d

run_nucc -MD in.c -o -
expect_rc 2
expect_stderr "nucc: error: -MD and -MMD need -MT TARGET"
run_nucc -MD -MT out.c -MF out.d in.c -o -
expect_rc 0
grep -q '^out.c: in.c' out.d || fail "-o - with -MT: $(head -1 out.d)"
run_nucc -MF y.d in.c -o out.nu.c
expect_rc 0
expect_stderr "nucc: warning: -MF, -MT, -MQ and -MP do nothing without -MD or -MMD"
[ -e y.d ] && fail "-MF without -MD wrote a dependency file"
finish
