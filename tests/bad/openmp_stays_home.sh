#!/usr/bin/env bash
# openmp_stays_home.sh — under --openmp, an OpenMP loop nucc cannot offload
# (here a call to qsort, a function of another file) stays on the host as
# written: a warning gives the reason with a note at it, the output keeps
# the loop's `#pragma omp parallel for` and the other loop is a kernel.
# -Werror=nucc-omp-host makes it an error (no output), -Wno-nucc-omp-host
# mutes it, and an explicit `#pragma nu work` with the same call stays an
# error (SPEC §6) while the OpenMP loop beside it still goes home.
# Usage: openmp_stays_home.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"

cat >"$work/sort.c" <<'C'
#include <stdlib.h>
static int cmp(const void *p, const void *q) { return *(const int *)p - *(const int *)q; }
void step(int *rows, float *a, int n, int w) {
#pragma omp parallel for
  for (int r = 0; r < n; r++)
    qsort(&rows[r * w], (size_t)w, sizeof(int), cmp);
#pragma omp parallel for
  for (int r = 0; r < n; r++)
    a[r] = rows[r * w] * 0.5f;
}
C
run_nucc --openmp "$work/sort.c" -o "$work/out.c"
expect_rc 0
expect_stderr "sort.c:4:13: warning: this loop stays on the host: call to 'qsort' cannot run in a kernel.*\[-Wnucc-omp-host\]$"
expect_stderr "sort.c:6:5: note: the first thing nucc cannot offload"
grep -q "error" "$work/stderr" && fail "an error for a loop that stays on the host"
[ "$(grep -c '^#pragma omp parallel for$' "$work/out.c")" -eq 1 ] ||
  fail "the output does not keep the qsort loop's '#pragma omp parallel for' (alone)"
[ "$(grep -c '__kernel void' "$work/out.c")" -eq 1 ] || fail "the output has not one kernel"

run_nucc --openmp -Werror=nucc-omp-host "$work/sort.c" -o "$work/out2.c"
expect_rc 1
expect_stderr "sort.c:4:13: error: this loop stays on the host: call to 'qsort'.*\[-Werror=nucc-omp-host\]$"
expect_no_output "$work/out2.c"

run_nucc --openmp -Wno-nucc-omp-host "$work/sort.c" -o "$work/out3.c"
expect_rc 0
[ -s "$work/stderr" ] && fail "-Wno-nucc-omp-host: something on stderr"

# the same call under an explicit `#pragma nu work`
sed 's/^#pragma omp parallel for$/#pragma nu work(64)/' "$work/sort.c" | head -n 6 >"$work/nu.c"
cat >>"$work/nu.c" <<'C'
}
void step_omp(int *rows, int n, int w) {
#pragma omp parallel for
  for (int r = 0; r < n; r++)
    qsort(&rows[r * w], (size_t)w, sizeof(int), cmp);
}
C
run_nucc --openmp "$work/nu.c" -o "$work/out4.c"
expect_rc 1
expect_stderr "nu.c:6:5: error: call to 'qsort' cannot run in a kernel"
expect_stderr "nu.c:9:13: warning: this loop stays on the host: call to 'qsort'"
grep -q "nu.c:4:.*stays on the host" "$work/stderr" && fail "the '#pragma nu work' loop went home"
grep -q "nu.c:11:5: error" "$work/stderr" && fail "the OpenMP loop's call is an error"
expect_no_output "$work/out4.c"
finish
