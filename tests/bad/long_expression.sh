#!/usr/bin/env bash
# long_expression.sh — expressions of more than 10,000 characters: a kernel
# statement of 2,000 terms (a left-deep tree 2,000 levels high), the same
# inside a work() argument, and one whose error is at its far end (the caret
# must land there).  No crash, no hang; the good ones compile.
# Usage: long_expression.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
runtime=$(cd "$(dirname "$0")/../../runtime" && pwd)

terms() { # terms N TEXT: TEXT + TEXT + ... (N times)
  awk -v n="$1" -v t="$2" 'BEGIN { s = t; for (i = 1; i < n; i++) s = s " + " t; printf "%s", s }'
}
sum=$(terms 2000 'a[i]')
wg=$(terms 2000 '0*n')
{
  echo 'void f(int n, const float *a, float *b) {'
  echo "#pragma nu work(64 + $wg)"
  echo '  for (int i = 0; i < n; i++)'
  echo "    b[i] = $sum;"
  echo '}'
} >"$work/long.c"
((${#sum} > 10000 && ${#wg} > 10000)) || fail "the expressions are too short"
run_nucc "$work/long.c" -o "$work/out.c"
expect_rc 0
${CC:-cc} -fsyntax-only -I"$runtime" "$work/out.c" 2>"$work/cc.err" ||
  fail "the output does not compile: $(head -5 "$work/cc.err")"

{
  echo 'int g(int);'
  echo 'void f(int n, const float *a, float *b) {'
  echo '#pragma nu work(64)'
  echo '  for (int i = 0; i < n; i++)'
  echo "    b[i] = $sum + g(i);"
  echo '}'
} >"$work/long_bad.c"
col=$((4 + ${#sum} + 3 + 1 + 7)) # "    b[i] = " is 11 columns, then the sum and " + "
run_nucc "$work/long_bad.c" -o "$work/out_bad.c"
expect_rc 1
expect_stderr "long_bad\\.c:5:$col: error: call to 'g' cannot run in a kernel"
expect_no_output "$work/out_bad.c"
finish
