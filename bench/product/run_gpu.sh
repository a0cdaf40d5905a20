#!/usr/bin/env bash
# run_gpu.sh — there, with .carry/product carried: builds libnurt and the
# programs prepare.sh translated, runs each GEMM at 2048 and 4096 and
# PolyBench gemm (LARGE) with NU_PROFILE=1, twice, alternating.
# Usage: bash bench/product/run_gpu.sh
set -u
c=$(cd "$(dirname "$0")/../.." && pwd)/.carry/product; bin=/tmp/nuproduct; mkdir -p $bin
export NU_DEVICE=gpu
gcc -O2 -std=gnu11 -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 -I$c/include $c/runtime/*.c -o $bin/libnurt.so -l:libOpenCL.so.1 -lm || echo LIBFAIL
for s in $c/gen/[sd]gemm_*.nu.c; do n=$(basename $s .nu.c); gcc -O2 -std=gnu11 -I$c/runtime -I$c/include $s -o $bin/$n -L$bin -Wl,-rpath,$bin -lnurt -lm || echo BUILDFAIL $n; done
for v in bare plain; do gcc -O2 -std=gnu11 -I$c/runtime -I$c/include -I$c/gen -DLARGE_DATASET -DPOLYBENCH_TIME $c/gen/pbgemm_$v.nu.c $c/gen/polybench.c -o $bin/pbgemm_$v -L$bin -Wl,-rpath,$bin -lnurt -lm || echo BUILDFAIL pb$v; done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for r in 1 2; do
  for g in sgemm dgemm; do for v in bare plain; do for n in 2048 4096; do
    printf '%-12s n=%-5s ' ${g}_$v $n; timeout 60 $bin/${g}_$v $n 1 2>&1 | tr '\n' ' '; echo
  done; done; done
  for v in bare plain; do
    printf 'pbgemm_%s LARGE: ' $v; NU_PROFILE=1 timeout 60 $bin/pbgemm_$v 2>&1 | grep -E "^nu_kernel|^[0-9.]+$"; echo
    for i in 1 2 3; do /usr/bin/time -f "wall %e s" $bin/pbgemm_$v 2>&1 | tr '\n' ' '; done; echo
  done
done
