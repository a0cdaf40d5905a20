#!/usr/bin/env bash
# prepare.sh — a bare `work` on matrix products (issue 29, auto.c's
# block_try), here: the bench's sgemm_base.c and dgemm_base.c with their
# pragma turned into a bare `work` (blocked: cache + dmine) and into
# `work(16,16)` (the chain a bare `work` chose before), and PolyBench 4.2.1's
# gemm.c as shipped with a bare `work` under its `#pragma scop` and the
# chain it chose before (`work(16,16) permut(1,3,2) fission`), translated
# into .carry/product/ with nurt's sources and the OpenCL headers.
# Usage: bench/product/prepare.sh [NUCC] [POLYBENCH_DIR]
#   POLYBENCH_DIR: a checkout of PolyBench/C 4.2.1 (MatthiasJReisinger/PolyBenchC-4.2.1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nucc=$(realpath "${1:-$root/build/nucc}")
pb=${2:?the PolyBench/C 4.2.1 directory}
dest=$root/.carry/product
rm -rf "$dest"
mkdir -p "$dest/gen" "$dest/runtime" "$dest/include"
cp "$root"/runtime/*.c "$root"/runtime/*.h "$dest/runtime/"
cp -r "${OPENCL_HEADERS:-/usr/include/CL}" "$dest/include/CL"
cd "$dest/gen"
for g in sgemm dgemm; do
  sed 's/#pragma nu work.*/#pragma nu work/' "$root/bench/kernels/${g}_base.c" >${g}_bare.c
  sed 's/#pragma nu work.*/#pragma nu work(16,16)/' "$root/bench/kernels/${g}_base.c" >${g}_plain.c
done
cp "$pb"/utilities/polybench.[ch] "$pb"/linear-algebra/blas/gemm/gemm.h .
sed 's|#pragma scop|#pragma scop\n#pragma nu work|' "$pb/linear-algebra/blas/gemm/gemm.c" >pbgemm_bare.c
sed 's|#pragma scop|#pragma scop\n#pragma nu work(16,16) permut(1,3,2) fission|' \
  "$pb/linear-algebra/blas/gemm/gemm.c" >pbgemm_plain.c
for f in sgemm_bare sgemm_plain dgemm_bare dgemm_plain; do
  "$nucc" --report "$f.c" -o "$f.nu.c" | { grep "chose" || true; } | sed "s/ from isl.*//" | sort -u
done
for f in pbgemm_bare pbgemm_plain; do
  "$nucc" --report -I. -DLARGE_DATASET "$f.c" -o "$f.nu.c" | { grep "chose" || true; } | sed "s/ from isl.*//" | sort -u
done
