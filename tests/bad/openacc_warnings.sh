#!/usr/bin/env bash
# openacc_warnings.sh — under --openacc nothing is skipped silently: async
# and wait clauses are named in a warning at the clause (-Wnucc-acc-ignored),
# present(a) where no data clause before copied a is named too
# (-Wnucc-acc-present), a `loop seq` outside every offloaded loop stays on
# the host with -Wnucc-acc-host; -Werror=NAME makes each an error (exit 1, no
# output); update host becomes a sync in the output.
# Usage: openacc_warnings.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
cat >"$work/in.c" <<'C'
#include <stdio.h>
float a[100], b[100], c[100];
int main(void) {
#pragma acc parallel loop async(1) present(a)
  for (int i = 0; i < 100; i++)
    b[i] = a[i] + 1;
#pragma acc wait
#pragma acc data copyin(b)
  {
#pragma acc parallel loop present(b) wait(1)
    for (int i = 0; i < 100; i++)
      c[i] = b[i] * 2;
  }
#pragma acc loop seq
  for (int i = 1; i < 100; i++)
    c[i] += c[i - 1];
#pragma acc update host(c[0:50])
  printf("%g\n", c[1] + b[1]);
  return 0;
}
C
in="$work/in.c"
run_nucc --openacc "$in" -o "$work/out.c"
expect_rc 0
expect_stderr "in.c:4:27: warning: 'async' is not translated: nurt launches every kernel without waiting.*\[-Wnucc-acc-ignored\]$"
expect_stderr "in.c:4:36: warning: 'present\\(a\\)': no data clause before it copies 'a' to the device.*\[-Wnucc-acc-present\]$"
expect_stderr "in.c:10:38: warning: 'wait' is not translated.*\[-Wnucc-acc-ignored\]$"
expect_stderr "in.c:14:13: warning: this loop stays on the host: 'seq' asks for its iterations in order \[-Wnucc-acc-host\]$"
grep -q "'present(b)'" "$work/stderr" && fail "a warning for present(b), which the data region copies"
grep -q 'nurt_host_range_at(&(c)\[0\], (size_t)(50) \* sizeof (c)\[0\], 0, "c"' "$work/out.c" ||
  fail "update host(c[0:50]) is not a sync of c's first 50 elements in the output"
grep -q '^nurt_wait();' "$work/out.c" || fail "the wait directive is not nurt_wait() in the output"
grep '^#pragma acc' "$work/out.c" | grep -qv 'loop seq' && fail "a #pragma acc line nucc read is left in the output"

run_nucc --openacc -Werror=nucc-acc-present "$in" -o "$work/out2.c"
expect_rc 1
expect_stderr "in.c:4:36: error: 'present\\(a\\)'.*\[-Werror=nucc-acc-present\]$"
expect_no_output "$work/out2.c"
finish
