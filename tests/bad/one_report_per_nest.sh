#!/usr/bin/env bash
# one_report_per_nest.sh — a nest with problems of two kinds (a scalar
# from outside read before it is written, a write through an index array)
# gets both in one run, not one kind per run as a user porting OpenMP code
# used to see them.  (Its unbounded subscript was a third; nurt now finds
# that extent at the launch, from the heap block.)
# Usage: one_report_per_nest.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"

cat >"$work/three.c" <<'C'
void f(float *a, const float *b, const int *idx, int n) {
  int i;
  float t = 0;
#pragma nu work(16)
  for (i = 0; i < n; i++) {
    a[idx[i]] = b[i] + t;
    t = a[i];
  }
}
C
run_nucc "$work/three.c" -o "$work/out.c"
expect_rc 1
expect_stderr "three.c:7:5: error: write to 't', declared outside the nest"
expect_stderr "three.c:6:5: error: possible dependence on 'a' between work-items"
expect_no_output "$work/out.c"
finish
