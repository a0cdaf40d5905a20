#!/usr/bin/env bash
# Regenerates the golden OpenCL programs of the examples with a built nucc.
#   tests/golden/update.sh [path/to/nucc]      (default: build/nucc)
# Review the diff before committing: a golden file changes only on purpose.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nucc=${1:-$root/build/nucc}
for src in "$root"/examples/*.c; do
  name=$(basename "$src" .c)
  (cd "$root/examples" && "$nucc" --emit=cl "$name.c" -o "$here/$name.cl")
  echo "wrote tests/golden/$name.cl"
done
# the written ranges of the stubs (golden.write_ranges in golden.cmake)
(cd "$here" && "$nucc" write_ranges.c -o - | grep -E \
  '^/\* Launches |^  long long nu_[A-Za-z0-9_]+_w(lo|hi) = |^  nurt_arg_writes|^ +\(size_t\)\(nu_[A-Za-z0-9_]+_whi' \
  >write_ranges.writes)
echo "wrote tests/golden/write_ranges.writes"
