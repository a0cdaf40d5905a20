#!/usr/bin/env bash
# prepare.sh — legacy-code runs on the GPU machine, step 1 (here: nucc needs
# libclang).  Translates the legacy bench rows (gemm_legacy in float and
# double, as written and with dmine and cache added; jacobi2d_legacy) and every kernel of tests/corpus that EXPECT says
# must pass, and gathers into .carry/legacy/ (carried, never committed):
#   gen/*.nu.c       nucc's output; src/*.c the plain sources, for the cc leg
#   runtime/, include/CL/, outcmp.c   what run_gpu.sh builds there with gcc
# Usage: bench/legacy/prepare.sh [NUCC]   (default build/nucc)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nucc=${1:-$root/build/nucc}
dest=$root/.carry/legacy
rm -rf "$dest"
mkdir -p "$dest/gen" "$dest/src" "$dest/runtime" "$dest/include"
cp "$root"/runtime/*.c "$root"/runtime/*.h "$dest/runtime/"
cp -r "${OPENCL_HEADERS:-/usr/include/CL}" "$dest/include/CL"
cp "$root/tests/tools/outcmp.c" "$dest/"
"$nucc" "$here/gemm_legacy.c" -o "$dest/gen/gemm_legacy_f.nu.c"
"$nucc" -DDATA_TYPE=double "$here/gemm_legacy.c" -o "$dest/gen/gemm_legacy_d.nu.c"
"$nucc" -DTILED "$here/gemm_legacy.c" -o "$dest/gen/gemm_tiled_f.nu.c"
"$nucc" -DDATA_TYPE=double -DTILED=42 "$here/gemm_legacy.c" -o "$dest/gen/gemm_tiled_d.nu.c"
"$nucc" "$here/jacobi2d_legacy.c" -o "$dest/gen/jacobi2d_legacy.nu.c"
n=0
while read -r name verdict _; do
  case $name in '' | '#'*) continue ;; esac
  [ "$verdict" = pass ] || continue
  src=$root/tests/corpus/$name.c
  if "$nucc" "$src" -o "$dest/gen/corpus_$name.nu.c" 2>"$dest/gen/corpus_$name.err"; then
    cp "$src" "$dest/src/corpus_$name.c"
    n=$((n + 1))
  else
    echo "prepare.sh: nucc refused $name (see $dest/gen/corpus_$name.err)"
  fi
done <"$root/tests/corpus/EXPECT"
echo "prepare.sh: 5 bench rows and $n corpus kernels in ${dest#"$root"/}/"
