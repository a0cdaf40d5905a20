#!/usr/bin/env bash
# helper_elsewhere.sh — a kernel's helper defined outside the input follows
# the input's rules, and its errors point into its own file: a header's
# helper that reads the header's global is refused at the helper, in the
# header (`#pragma nu work`: an error; --openmp: the loop stays on the host,
# the note in the header).
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

run_nucc -I "$work/inc" "$work/m.c" -o "$work/out.c"
expect_rc 1
expect_stderr "inc/scale.h:2:22: error: function 'scaled' called from a kernel uses variables declared outside it$"
expect_stderr "^static inline double scaled\(double x\) \{$"
expect_no_output "$work/out.c"

run_nucc --openmp -I "$work/inc" "$work/o.c" -o "$work/out.c"
expect_rc 0
expect_stderr "o.c:3:13: warning: this loop stays on the host: function 'scaled' called from a kernel uses variables declared outside it \[-Wnucc-omp-host\]$"
expect_stderr "inc/scale.h:2:22: note: the first thing nucc cannot offload$"
finish
