#!/usr/bin/env bash
# pragma_header.sh — pragmas nucc cannot translate where they are are named,
# never skipped: an OpenMP (--openmp) or `nu` loop in a function a header
# defines stays on the host with a warning at the #include naming the
# header's line [-Wnucc-omp-header], one a macro there produces too; a `_Pragma` whose operand other macros
# build is a warning [-Wnucc-pragma-operator].  A macro from the header that
# produces `_Pragma("omp parallel for")` is read: its loop is a kernel.
# Usage: pragma_header.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
mkdir -p "$work/inc"
cat >"$work/inc/kern.h" <<'C'
#ifndef KERN_H
#define KERN_H
#define PFOR _Pragma("omp parallel for")
static inline void scale(float *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}
static inline void shift(float *a, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
static inline void twice(float *a, int n) {
  PFOR
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}
#ifdef NEVER
#pragma omp parallel for
#endif
#endif
C
cat >"$work/m.c" <<'C'
#include <stdio.h>
#include "kern.h"
#include "kern.h"
#define STR(x) #x
#define LATER(x) _Pragma(STR(x))
int main(void) {
  float a[100];
  PFOR
  for (int i = 0; i < 100; i++)
    a[i] = i;
  LATER(omp parallel for)
  for (int i = 0; i < 100; i++)
    a[i] += 1;
  scale(a, 100);
  shift(a, 100);
  printf("%g\n", a[5]);
  return 0;
}
C
run_nucc --openmp -I "$work/inc" "$work/m.c" -o "$work/out.c"
expect_rc 0
expect_stderr "m.c:2:10: warning: '#pragma omp parallel for' at kern.h:5 is not translated: nucc rewrites only the input file, not a header it includes; the loop stays on the host \[-Wnucc-omp-header\]$"
expect_stderr "m.c:2:10: warning: '#pragma nu work\(64\)' at kern.h:10 is not translated: .* \[-Wnucc-omp-header\]$"
expect_stderr "m.c:2:10: warning: '#pragma omp parallel for' \(from 'PFOR'\) at kern.h:15 is not translated: .* the loop stays on the host \[-Wnucc-omp-header\]$"
expect_stderr "m.c:11:3: warning: the '_Pragma' that 'LATER' expands to is not read: .* \[-Wnucc-pragma-operator\]$"
n=$(grep -c 'warning:' "$work/stderr")
[ "$n" -eq 4 ] || fail "$n warnings, expected 4 (one per pragma: a header included twice counts once)"
k=$(grep -o '__kernel void ' "$work/out.c" | wc -l)
[ "$k" -eq 1 ] || fail "$k kernels, expected 1 (the loop under the header's PFOR)"

run_nucc -I "$work/inc" "$work/m.c" -o "$work/out.c"
expect_rc 0
expect_stderr "kern.h:10 is not translated"
grep -q "omp parallel for' at kern.h" "$work/stderr" && fail "without --openmp, an omp line is no concern"

rm -f "$work/out.c"
run_nucc --openmp -Werror=nucc-omp-header -I "$work/inc" "$work/m.c" -o "$work/out.c"
expect_rc 1
expect_stderr "error: .* \[-Werror=nucc-omp-header\]$"
expect_no_output "$work/out.c"
finish
