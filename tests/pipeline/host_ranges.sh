#!/usr/bin/env bash
# host_ranges.sh — a host statement between kernels that touches an array
# only through elements at addresses known before it names those elements
# (nurt_host_range_at), and every other one the whole array
# (nurt_host_access_at): --explain=data of run/host_range_fallbacks.c
# against host_ranges.data, and the calls in the output.
# Usage: host_ranges.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
here=$(cd "$(dirname "$0")/.." && pwd)

cd "$here/run" || exit 1
run_nucc --explain=data host_range_fallbacks.c -o "$work/out.c"
expect_rc 0
diff -u "$here/pipeline/host_ranges.data" "$work/stdout" || fail "--explain=data differs"
# before STATEMENT CALLS: the line above the statement's holds CALLS
before() {
  grep -B1 -F -- "$1" "$work/out.c" | head -n 1 | grep -qF -- "$2" ||
    fail "the output lacks '$2' before '$1'"
}
before 'A[k][k] = sqrt(A[k][k]);' \
  'nurt_host_range_at(&(A[k][k]), sizeof(A[k][k]), 1, "A", __FILE__, __LINE__); '
before 'p->data[k] = p->data[k + 1] - g.cells[k];' \
  'nurt_host_range_at(&(p->data[k]), sizeof(p->data[k]), 1, "p->data", __FILE__, __LINE__); nurt_host_range_at(&(p->data[k + 1]), sizeof(p->data[k + 1]), 0, "p->data", __FILE__, __LINE__); nurt_host_access_at(g.cells, 0, "g.cells", __FILE__, __LINE__); '
before 'x[j++] = x[k] + 1;' 'nurt_host_access_at(x, 1, "x", __FILE__, __LINE__); '
# the Cholesky step of the corpus: its diagonal element alone
cd "$here/corpus" || exit 1
run_nucc cholesky.c -o "$work/cholesky.c"
expect_rc 0
grep -qF 'nurt_host_range_at(&(A[k][k]), sizeof(A[k][k]), 1, "A", __FILE__, __LINE__)' \
  "$work/cholesky.c" || fail "cholesky.c: no range of A[k][k]"
grep -q 'nurt_host_access_at(A,' "$work/cholesky.c" && fail "cholesky.c: a whole-array check of A"
finish
