#!/usr/bin/env bash
# prepare.sh — issue 30's two-GPU measurement, step 1, here (nucc needs
# libclang, which the GPU machine lacks): translates Himeno (examples/), the
# Jacobi-2D and the SGEMM of this folder with this tree's nucc, and gathers
# what run_gpu.sh needs into .carry/multi/ (ignored by git; carry `.carry`):
#   gen/*.nu.c  nucc's output       src/*.c  the inputs (the sequential legs)
#   runtime/    nurt's sources      include/CL/  OpenCL headers   outcmp.c
# Usage: bench/multi/prepare.sh [NUCC]   (default build/nucc)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nucc=${1:-$root/build/nucc}
dest=$root/.carry/multi
headers=${OPENCL_HEADERS:-/usr/include/CL}
[ -x "$nucc" ] || { echo "prepare.sh: no nucc at $nucc" >&2; exit 2; }
rm -rf "$dest"
mkdir -p "$dest/gen" "$dest/src" "$dest/runtime" "$dest/include"
cp "$root"/runtime/*.c "$root"/runtime/*.h "$dest/runtime/"
cp -r "$headers" "$dest/include/CL"
cp "$root/tests/tools/outcmp.c" "$dest/"
cp "$root/examples/himeno.c" "$here/jacobi2d.c" "$here/sgemm.c" "$dest/src/"
for src in "$dest"/src/*.c; do
  (cd "$dest/src" && "$nucc" "$(basename "$src")" -o "$dest/gen/$(basename "$src" .c).nu.c")
done
git -C "$root" log -1 --format='%h %s' >"$dest/commit.txt"
echo "prepare.sh: .carry/multi/ ready; on the 2-GPU machine: bash bench/multi/run_gpu.sh"
