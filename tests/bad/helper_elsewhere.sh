#!/usr/bin/env bash
# helper_elsewhere.sh — a kernel's helper defined outside the input follows
# the input's rules, and its errors point into its own file: a header's
# helper that reads the header's static gets it as a parameter (the header
# is part of the input's unit), one that updates it is refused at the write,
# in the header (`#pragma nu work`: an error; --openmp: the loop stays on
# the host, the note in the header); a --with file's helper that reads that
# file's static is refused: the input cannot name another unit's static.  A helper whose body no file gives is an error that says
# where nucc looked and names --with; under --openmp its loop stays on the
# host with a warning naming it.  --with of a missing file is an error.
# Usage: helper_elsewhere.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
mkdir -p "$work/inc"
cat >"$work/inc/scale.h" <<'C'
static double factor = 2.0;
static inline double scaled(double x) {
  return x * factor;
}
C
cat >"$work/m.c" <<'C'
#include "scale.h"
void f(double *a, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    a[i] = scaled(a[i]);
}
C
sed 's/nu work(64)/omp parallel for/' "$work/m.c" >"$work/o.c"

# the header's static is the input's file-scope data (the header is part of
# its unit): it travels to the helper as an argument
run_nucc -I "$work/inc" "$work/m.c" -o "$work/out.c"
expect_rc 0
grep -q 'nu_scaled(double x, double factor)' "$work/out.c" ||
  fail "the header's helper does not take its static as a parameter"

# a header's helper that writes its static is refused at the write, in the header
cat >"$work/inc/count.h" <<'C'
static int calls;
static inline double counted(double x) {
  calls++;
  return x;
}
C
sed 's/scale.h/count.h/; s/scaled(/counted(/' "$work/m.c" >"$work/mc.c"
rm -f "$work/out.c"
run_nucc -I "$work/inc" "$work/mc.c" -o "$work/out.c"
expect_rc 1
expect_stderr "inc/count.h:3:3: error: function 'counted' called from a kernel updates 'calls', declared at file scope: every work-item would write it$"
expect_no_output "$work/out.c"
sed 's/nu work(64)/omp parallel for/' "$work/mc.c" >"$work/oc.c"
run_nucc --openmp -I "$work/inc" "$work/oc.c" -o "$work/out.c"
expect_rc 0
expect_stderr "oc.c:3:13: warning: this loop stays on the host: function 'counted' called from a kernel updates 'calls', declared at file scope: every work-item would write it \[-Wnucc-omp-host\]$"
expect_stderr "inc/count.h:3:3: note: the first thing nucc cannot offload$"

# the body in no file nucc reads
cat >"$work/u.c" <<'C'
double mix(double x);
void f(double *a, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    a[i] = mix(a[i]);
}
C
sed 's/nu work(64)/omp parallel for/' "$work/u.c" >"$work/uo.c"
cat >"$work/other.c" <<'C'
double other(double x) { return x; }
C
run_nucc "$work/u.c" -o "$work/out.c"
expect_rc 1
expect_stderr "u.c:5:12: error: call to 'mix' cannot run in a kernel: nucc finds no body for it in this file or the headers it includes; name the file that defines it with --with FILE.c$"
expect_no_output "$work/out.c"
run_nucc --with "$work/other.c" "$work/u.c" -o "$work/out.c"
expect_rc 1
expect_stderr "u.c:5:12: error: call to 'mix' cannot run in a kernel: nucc finds no body for it in this file, the headers it includes or the program's other files \\($work/other.c\\); name the file"
run_nucc --openmp "$work/uo.c" -o "$work/out.c"
expect_rc 0
expect_stderr "uo.c:3:13: warning: this loop stays on the host: call to 'mix' cannot run in a kernel: nucc finds no body for it .*--with FILE.c \[-Wnucc-omp-host\]$"

# a --with file's helper that reads the file's own static
cat >"$work/mix.c" <<'C'
static double weight = 0.5;
double mix(double x) {
  return weight * x;
}
C
run_nucc --with "$work/mix.c" "$work/u.c" -o "$work/out.c"
expect_rc 1
expect_stderr "mix.c:2:8: error: function 'mix' called from a kernel uses variables declared outside it, in its own file$"
expect_stderr "^double mix\(double x\) \{$"
expect_no_output "$work/out.c"
run_nucc --openmp --with "$work/mix.c" "$work/uo.c" -o "$work/out.c"
expect_rc 0
expect_stderr "uo.c:3:13: warning: this loop stays on the host: function 'mix' called from a kernel uses variables declared outside it, in its own file \[-Wnucc-omp-host\]$"
expect_stderr "mix.c:2:8: note: the first thing nucc cannot offload$"

# the same file with its state passed in: the kernel gets the body
printf 'double mix(double x) { return 0.5 * x; }\n' >"$work/mix.c"
run_nucc --with "$work/mix.c" "$work/u.c" -o "$work/out.c"
expect_rc 0
grep -q 'return 0.5 \* x;' "$work/out.c" || fail "the kernel program has no copy of mix's body"

rm -f "$work/out.c"
run_nucc --with "$work/none.c" "$work/u.c" -o "$work/out.c"
expect_rc 1
expect_stderr "^nucc: error: --with: cannot read '$work/none.c': No such file or directory$"
expect_no_output "$work/out.c"
finish
