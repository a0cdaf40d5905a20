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
