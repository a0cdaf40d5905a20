#!/usr/bin/env bash
# deep_nesting.sh — deep kernels: a body 50 levels deep of alternating for
# loops and ifs, and 70 perfectly nested loops under work(8) (the nest takes
# the first 64 as its loops; the rest stay in the body).  Both translate and
# compile; no crash from deep recursion, no hang.
# Usage: deep_nesting.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
runtime=$(cd "$(dirname "$0")/../../runtime" && pwd)

awk 'BEGIN {
  print "void f(int n, float *a) {"
  print "#pragma nu work(8)"
  print "  for (int i = 0; i < n; i++) {"
  for (d = 0; d < 50; d++)
    if (d % 2 == 0) printf "for (int j%d = 0; j%d < 2; j%d++)\n", d, d, d
    else printf "if (j%d < i) {\n", d - 1
  print "a[i] += 1.0f;"
  for (d = 1; d < 50; d += 2) print "}"
  print "  }"
  print "}"
}' >"$work/deep_body.c"
run_nucc "$work/deep_body.c" -o "$work/body.out.c"
expect_rc 0
${CC:-cc} -fsyntax-only -I"$runtime" "$work/body.out.c" 2>"$work/cc.err" ||
  fail "the output does not compile: $(head -5 "$work/cc.err")"

awk 'BEGIN {
  print "void f(int n, float *a) {"
  print "#pragma nu work(8)"
  for (d = 0; d < 70; d++) printf "for (int i%d = 0; i%d < n; i%d++)\n", d, d, d
  print "a[i0] += (float)i69;"
  print "}"
}' >"$work/deep_nest.c"
run_nucc "$work/deep_nest.c" -o "$work/nest.out.c"
expect_rc 0
${CC:-cc} -fsyntax-only -I"$runtime" "$work/nest.out.c" 2>"$work/cc.err" ||
  fail "the output does not compile: $(head -5 "$work/cc.err")"
finish
