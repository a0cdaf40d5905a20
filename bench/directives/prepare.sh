#!/usr/bin/env bash
# prepare.sh — issue 31's measurement, step 1 (here: nucc needs libclang):
# Himeno written with OpenACC (himeno_acc.c) through nucc --openacc, with
# OpenMP offload (himeno_omp.c) through nucc --openmp, and nucc's own
# examples/himeno.c, into .carry/directives/ with the directive sources (for
# the OpenACC and OpenMP compilers on the GPU machine) and nurt's sources.
# Usage: bench/directives/prepare.sh [NUCC]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nucc=${1:-$root/build/nucc}
dest=$root/.carry/directives
rm -rf "$dest"
mkdir -p "$dest/runtime"
cp "$root"/runtime/*.c "$root"/runtime/*.h "$dest/runtime/"
cp "$here/himeno_acc.c" "$here/himeno_omp.c" "$dest/"
"$nucc" --openacc "$here/himeno_acc.c" -o "$dest/himeno_acc.nu.c"
"$nucc" --openmp "$here/himeno_omp.c" -o "$dest/himeno_omp.nu.c"
"$nucc" "$root/examples/himeno.c" -o "$dest/himeno_nu.nu.c"
git -C "$root" log -1 --format='nucc: %h %s' >"$dest/version.txt"
echo "prepare.sh: 3 translations in ${dest#"$root"/}/"
